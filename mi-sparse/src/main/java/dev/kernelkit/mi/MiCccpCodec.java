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
import java.util.ArrayList;
import java.util.List;

/**
 * The model file of a {@link MiCccpModel} (type {@value MiCccpModel#TYPE}):
 *
 * <pre>
 * kernel = gaussian:gamma=0.006
 * dim = 166
 * vectors.count = 420, vectors.0 = dense 166 ...   the instances with a non-zero coefficient
 * machines = 1
 * machine.0.coefficients = ...       c_ct over the vectors
 * machine.0.bias = 0.2
 * machine.0.objective = ...          J after every CCCP step
 * machine.0.converged = true
 * </pre>
 *
 * This is version 2 of the layout; the class names are {@link dev.kernelkit.io.Models}' {@code classes.*},
 * as they were in version 1, whose other shared keys {@link ModelParts#fromVersion1} moves.
 */
public final class MiCccpCodec implements ModelCodec<MiCccpModel> {

    @Override
    public String type() {
        return MiCccpModel.TYPE;
    }

    @Override
    public Class<MiCccpModel> modelClass() {
        return MiCccpModel.class;
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
    public void write(MiCccpModel model, ModelFileWriter w) {
        w.putString("kernel", Kernels.format(model.kernel()));
        w.putInt("dim", model.dim());
        w.putVecs("vectors", model.expansionInstances());
        w.putInt("machines", model.machineCount());
        boolean[] converged = model.converged();
        for (int c = 0; c < model.machineCount(); c++) {
            String p = "machine." + c;
            w.putDoubles(p + ".coefficients", model.coefficients(c));
            w.putDouble(p + ".bias", model.bias(c));
            w.putDoubles(p + ".objective", model.objectiveTrace(c));
            w.putBoolean(p + ".converged", converged[c]);
        }
    }

    @Override
    public MiCccpModel read(ModelFile f, FitReport report) throws ModelFormatException {
        Kernel<Vec> kernel = MiCodecs.kernel(f, "kernel");
        List<String> classes = ModelParts.classes(f);
        int dim = MiCodecs.dim(f);
        List<Vec> vectors = MiCodecs.vecs(f, "vectors", dim);
        int machines = MiCodecs.count(f, "machines");
        double[][] coef = new double[machines][];
        double[] bias = new double[machines];
        List<double[]> traces = new ArrayList<>(machines);
        boolean[] converged = new boolean[machines];
        for (int c = 0; c < machines; c++) {
            String p = "machine." + c;
            coef[c] = f.getDoubles(p + ".coefficients", vectors.size());
            bias[c] = f.getDouble(p + ".bias");
            traces.add(f.getDoubles(p + ".objective"));
            converged[c] = f.getBoolean(p + ".converged");
        }
        try {
            return new MiCccpModel(classes, dim, kernel, vectors, coef, bias, traces, converged, report);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
    }
}
