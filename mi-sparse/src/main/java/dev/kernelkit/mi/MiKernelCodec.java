package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The model file of a {@link MiKernelModel} (type {@value MiKernelModel#TYPE}): the support bags
 * once each, in the order the model first meets them, and per machine the indices of its support
 * bags, their coefficients alpha_i y_i and the bias:
 *
 * <pre>
 * kernel = gaussian:gamma=0.006      the instance kernel of the set kernel
 * form = AVERAGED                    {@link MiKernelOptions.Form}
 * dim = 166
 * bags = 35                          support bags
 * bag.0.count = 4, bag.0.0 = dense 166 ...   the instances of support bag 0
 * bag.self = ...                     k_set(X_i, X_i) of every support bag (normalised form only)
 * machines = 1
 * machine.0.bags = 0 1 2 ...         indices into the support bags
 * machine.0.coefficients = ...
 * machine.0.bias = -0.12
 * unconverged = 0                    machines whose SMO solve stopped at its iteration cap
 * </pre>
 *
 * The loaded model is rebuilt from these exactly as {@link MiKernel} built it, so it makes
 * bit-identical decisions. This is version 2 of the layout; the class names are
 * {@link dev.kernelkit.io.Models}' {@code classes.*}, as they were in version 1, whose other shared keys
 * {@link ModelParts#fromVersion1} moves.
 */
public final class MiKernelCodec implements ModelCodec<MiKernelModel> {

    @Override
    public String type() {
        return MiKernelModel.TYPE;
    }

    @Override
    public Class<MiKernelModel> modelClass() {
        return MiKernelModel.class;
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
    public void write(MiKernelModel model, ModelFileWriter w) {
        w.putString("kernel", Kernels.format(model.setKernel().instance()));
        w.putString("form", model.form().name());
        w.putInt("dim", model.dim());
        List<Bag> bags = new ArrayList<>();
        Map<Bag, Integer> index = new IdentityHashMap<>();
        for (KernelExpansionModel<Bag> m : model.machines()) {
            for (Bag b : m.supportVectors()) {
                if (!index.containsKey(b)) {
                    index.put(b, bags.size());
                    bags.add(b);
                }
            }
        }
        w.putInt("bags", bags.size());
        for (int i = 0; i < bags.size(); i++) {
            w.putVecs("bag." + i, bags.get(i).instances());
        }
        if (model.form() == MiKernelOptions.Form.NORMALIZED) {
            double[] self = new double[bags.size()];
            for (int i = 0; i < self.length; i++) {
                self[i] = model.selfSimilarity(bags.get(i));
            }
            w.putDoubles("bag.self", self);
        }
        w.putInt("machines", model.machines().size());
        for (int c = 0; c < model.machines().size(); c++) {
            KernelExpansionModel<Bag> m = model.machines().get(c);
            int[] at = new int[m.supportVectorCount()];
            for (int i = 0; i < at.length; i++) {
                at[i] = index.get(m.supportVectors().get(i));
            }
            w.putInts("machine." + c + ".bags", at);
            w.putDoubles("machine." + c + ".coefficients", m.coefficients());
            w.putDouble("machine." + c + ".bias", m.bias());
        }
        w.putInt("unconverged", model.unconvergedMachines());
    }

    @Override
    public MiKernelModel read(ModelFile f, FitReport report) throws ModelFormatException {
        Kernel<Vec> instance = MiCodecs.kernel(f, "kernel");
        SetKernel setKernel = new SetKernel(instance);
        MiKernelOptions.Form form = MiCodecs.enumValue(f, "form", MiKernelOptions.Form.class);
        List<String> classes = ModelParts.classes(f);
        int dim = MiCodecs.dim(f);
        int count = MiCodecs.count(f, "bags");
        List<Bag> bags = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            List<Vec> instances = MiCodecs.vecs(f, "bag." + i, dim);
            if (instances.isEmpty()) {
                throw f.formatError("bag." + i + ".count", "support bag " + i + " has no instances");
            }
            bags.add(new Bag("support-" + i, instances));
        }
        Map<Bag, Double> self = new IdentityHashMap<>();
        if (form == MiKernelOptions.Form.NORMALIZED) {
            double[] s = f.getDoubles("bag.self", count);
            for (int i = 0; i < count; i++) {
                self.put(bags.get(i), s[i]);
            }
        }
        Kernel<Bag> bagKernel = MiKernel.bagKernel(form, setKernel);
        int machines = MiCodecs.count(f, "machines");
        List<KernelExpansionModel<Bag>> ms = new ArrayList<>(machines);
        for (int c = 0; c < machines; c++) {
            String key = "machine." + c + ".bags";
            int[] at = f.getInts(key);
            List<Bag> sv = new ArrayList<>(at.length);
            for (int i : at) {
                if (i < 0 || i >= count) {
                    throw f.formatError(key, "support bag index " + i + " out of range [0, " + count + ")");
                }
                sv.add(bags.get(i));
            }
            double[] coef = f.getDoubles("machine." + c + ".coefficients", at.length);
            double bias = f.getDouble("machine." + c + ".bias");
            try {
                ms.add(KernelExpansionModel.of(bagKernel, sv, coef, bias));
            } catch (IllegalArgumentException e) {
                throw f.formatError("machine " + c + ": " + e.getMessage());
            }
        }
        int unconverged = f.getInt("unconverged");
        try {
            return new MiKernelModel(classes, dim, form, setKernel, ms, self, unconverged, report);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
    }
}
