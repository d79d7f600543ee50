package dev.kernelkit.mi;

import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The model file of a {@link MiSvmModel} (type {@value MiSvmModel#TYPE}, mi-SVM and MI-SVM): the
 * support vectors once each (a training instance, or an MI-SVM centroid, may serve several
 * one-vs-rest machines), and per machine the indices of its support vectors, their coefficients
 * alpha_s y_s, the bias, its rounds and convergence flag:
 *
 * <pre>
 * variant = INSTANCE                 {@link MiSvmOptions.Variant}
 * kernel = gaussian:gamma=0.006
 * dim = 166
 * sv.count = 230, sv.0 = dense 166 ...
 * machines = 1
 * machine.0.sv = 0 1 2 ...           indices into sv
 * machine.0.coefficients = ...
 * machine.0.bias = -0.3
 * machine.0.rounds = 4
 * machine.0.converged = true
 * </pre>
 *
 * This is version 2 of the layout; the class names are {@link dev.kernelkit.io.Models}' {@code classes.*},
 * as they were in version 1, whose other shared keys {@link ModelParts#fromVersion1} moves.
 */
public final class MiSvmCodec implements ModelCodec<MiSvmModel> {

    @Override
    public String type() {
        return MiSvmModel.TYPE;
    }

    @Override
    public Class<MiSvmModel> modelClass() {
        return MiSvmModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        return ModelParts.fromVersion1(v1, true).build();
    }

    @Override
    public void write(MiSvmModel model, ModelFileWriter w) {
        List<KernelExpansionModel<Vec>> machines = model.machines();
        w.putString("variant", model.variant().name());
        w.putString("kernel", Kernels.format(machines.get(0).kernel()));
        w.putInt("dim", model.dim());
        List<Vec> sv = new ArrayList<>();
        Map<Vec, Integer> index = new IdentityHashMap<>();
        for (KernelExpansionModel<Vec> m : machines) {
            for (Vec v : m.supportVectors()) {
                if (!index.containsKey(v)) {
                    index.put(v, sv.size());
                    sv.add(v);
                }
            }
        }
        w.putVecs("sv", sv);
        w.putInt("machines", machines.size());
        int[] rounds = model.rounds();
        boolean[] converged = model.converged();
        for (int c = 0; c < machines.size(); c++) {
            KernelExpansionModel<Vec> m = machines.get(c);
            int[] at = new int[m.supportVectorCount()];
            for (int i = 0; i < at.length; i++) {
                at[i] = index.get(m.supportVectors().get(i));
            }
            String p = "machine." + c;
            w.putInts(p + ".sv", at);
            w.putDoubles(p + ".coefficients", m.coefficients());
            w.putDouble(p + ".bias", m.bias());
            w.putInt(p + ".rounds", rounds[c]);
            w.putBoolean(p + ".converged", converged[c]);
        }
    }

    @Override
    public MiSvmModel read(ModelFile f, FitReport report) throws ModelFormatException {
        MiSvmOptions.Variant variant = MiCodecs.enumValue(f, "variant", MiSvmOptions.Variant.class);
        Kernel<Vec> kernel = MiCodecs.kernel(f, "kernel");
        List<String> classes = ModelParts.classes(f);
        int dim = MiCodecs.dim(f);
        List<Vec> sv = MiCodecs.vecs(f, "sv", dim);
        int count = MiCodecs.count(f, "machines");
        List<KernelExpansionModel<Vec>> machines = new ArrayList<>(count);
        int[] rounds = new int[count];
        boolean[] converged = new boolean[count];
        for (int c = 0; c < count; c++) {
            String p = "machine." + c;
            int[] at = f.getInts(p + ".sv");
            List<Vec> vs = new ArrayList<>(at.length);
            for (int i : at) {
                if (i < 0 || i >= sv.size()) {
                    throw f.formatError(p + ".sv", "support vector index " + i + " out of range [0, " + sv.size() + ")");
                }
                vs.add(sv.get(i));
            }
            double[] coef = f.getDoubles(p + ".coefficients", at.length);
            double bias = f.getDouble(p + ".bias");
            try {
                machines.add(KernelExpansionModel.of(kernel, vs, coef, bias));
            } catch (IllegalArgumentException e) {
                throw f.formatError("machine " + c + ": " + e.getMessage());
            }
            rounds[c] = f.getInt(p + ".rounds");
            converged[c] = f.getBoolean(p + ".converged");
        }
        try {
            return new MiSvmModel(variant, classes, dim, machines, rounds, converged, report);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
    }
}
