package dev.kernelkit.io;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.SvmModel;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes and reads the shared building blocks of model files under a key prefix, so every model
 * type (an SVM, an MKL or SparseMI model, a CLI model with its scaler) stores them the same way:
 *
 * <pre>
 * PREFIX.kind = standard            fitted feature scaler (FeatureScaling CLI name)
 * PREFIX.offsets = ...              d numbers
 * PREFIX.scales = ...               d numbers
 *
 * PREFIX.kernel = gaussian:gamma=0.5   kernel expansion f(x) = sum_i c_i k(sv_i, x) + b
 * PREFIX.bias = -0.12
 * PREFIX.coefficients = ...
 * PREFIX.sv.count = 95, PREFIX.sv.0 = sparse 13 0:0.7 ...
 *
 * PREFIX.classes = -1.0 1.0         SVM: classes, then one expansion per machine
 * PREFIX.machines = 1
 * PREFIX.machine.0.(expansion keys)
 *
 * PREFIX.kernel = set(gaussian:gamma=0.5)   expansions over bags, sharing their support bags:
 * PREFIX.bags = 35                          the support bags once each, in the order first met
 * PREFIX.bag.0.count = 4, PREFIX.bag.0.0 = dense 166 ...
 * PREFIX.machines = 1
 * PREFIX.machine.0.bags = 0 1 2 ...         indices into the support bags
 * PREFIX.machine.0.coefficients = ..., PREFIX.machine.0.bias = -0.12
 * </pre>
 *
 * Doubles round-trip exactly (see {@link ModelFileWriter}), so a loaded model makes bit-identical
 * decisions.
 */
public final class ModelParts {

    private ModelParts() {
    }

    /** Writes a fitted scaler under {@code prefix}. */
    public static void writeScaler(ModelFileWriter w, String prefix, FittedScaler scaler) {
        w.putString(prefix + ".kind", scaler.kind().cliName())
                .putDoubles(prefix + ".offsets", scaler.offsets())
                .putDoubles(prefix + ".scales", scaler.scales());
    }

    /**
     * Reads a scaler written by {@link #writeScaler}.
     *
     * @throws ModelFormatException naming the key when it is missing or inconsistent
     */
    public static FittedScaler readScaler(ModelFile f, String prefix) throws ModelFormatException {
        double[] offsets = f.getDoubles(prefix + ".offsets");
        double[] scales = f.getDoubles(prefix + ".scales", offsets.length);
        String kind = f.getString(prefix + ".kind");
        try {
            return FittedScaler.of(FeatureScaling.parse(kind), offsets, scales);
        } catch (IllegalArgumentException e) {
            throw new ModelFormatException(f.fileName() + ": scaler '" + prefix + "': " + e.getMessage());
        }
    }

    /**
     * Writes a kernel expansion over vectors under {@code prefix}.
     *
     * @throws IllegalArgumentException when the kernel has no specification ({@link Kernels#format})
     */
    public static void writeExpansion(ModelFileWriter w, String prefix, KernelExpansionModel<Vec> model) {
        w.putString(prefix + ".kernel", Kernels.format(model.kernel()))
                .putDouble(prefix + ".bias", model.bias())
                .putDoubles(prefix + ".coefficients", model.coefficients())
                .putVecs(prefix + ".sv", model.supportVectors());
    }

    /**
     * Reads a kernel expansion written by {@link #writeExpansion}.
     *
     * @param dim the dimension every support vector must have, or -1 for any (but equal) dimension
     * @throws ModelFormatException naming the key when it is missing or inconsistent
     */
    public static KernelExpansionModel<Vec> readExpansion(ModelFile f, String prefix, int dim)
            throws ModelFormatException {
        String spec = f.getString(prefix + ".kernel");
        Kernel<Vec> kernel;
        try {
            kernel = Kernels.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new ModelFormatException(f.fileName() + ": key '" + prefix + ".kernel': " + e.getMessage());
        }
        List<Vec> sv = f.getVecs(prefix + ".sv");
        int d = dim >= 0 ? dim : (sv.isEmpty() ? -1 : sv.get(0).dim());
        for (int i = 0; i < sv.size(); i++) {
            if (sv.get(i).dim() != d) {
                throw new ModelFormatException(f.fileName() + ": key '" + prefix + ".sv." + i + "': expected dimension "
                        + d + ", found " + sv.get(i).dim());
            }
        }
        double[] coef = f.getDoubles(prefix + ".coefficients", sv.size());
        double bias = f.getDouble(prefix + ".bias");
        try {
            return KernelExpansionModel.of(kernel, sv, coef, bias);
        } catch (IllegalArgumentException e) {
            throw new ModelFormatException(f.fileName() + ": expansion '" + prefix + "': " + e.getMessage());
        }
    }

    /** Writes an SVM (binary or one-vs-rest) under {@code prefix}. */
    public static void writeSvm(ModelFileWriter w, String prefix, SvmModel model) {
        List<KernelExpansionModel<Vec>> machines = model.expansionModels();
        w.putDoubles(prefix + ".classes", model.classes()).putInt(prefix + ".machines", machines.size());
        for (int m = 0; m < machines.size(); m++) {
            writeExpansion(w, prefix + ".machine." + m, machines.get(m));
        }
    }

    /**
     * Reads an SVM written by {@link #writeSvm}.
     *
     * @param dim the input dimension (every support vector must have it)
     * @param report the fit report the model keeps
     * @throws ModelFormatException naming the key when it is missing or inconsistent
     */
    public static SvmModel readSvm(ModelFile f, String prefix, int dim, FitReport report) throws ModelFormatException {
        double[] classes = f.getDoubles(prefix + ".classes");
        int count = f.getCount(prefix + ".machines", 0, 1);
        List<KernelExpansionModel<Vec>> machines = new ArrayList<>(count);
        for (int m = 0; m < count; m++) {
            machines.add(readExpansion(f, prefix + ".machine." + m, dim));
        }
        try {
            return SvmModel.of(classes, machines, dim, report);
        } catch (IllegalArgumentException e) {
            throw new ModelFormatException(f.fileName() + ": svm '" + prefix + "': " + e.getMessage());
        }
    }

    /**
     * Writes kernel expansions over bags that share one bag kernel (the machines of one model) under
     * {@code prefix}, each support bag once.
     *
     * @throws IllegalArgumentException for no expansions, expansions of different kernels, or a kernel
     *         without a specification ({@link Kernels#format})
     */
    public static void writeBagExpansions(ModelFileWriter w, String prefix, List<KernelExpansionModel<Bag>> machines) {
        if (machines.isEmpty()) {
            throw new IllegalArgumentException("need at least one expansion");
        }
        Kernel<Bag> kernel = machines.get(0).kernel();
        List<Bag> bags = new ArrayList<>();
        Map<Bag, Integer> index = new IdentityHashMap<>();
        for (KernelExpansionModel<Bag> m : machines) {
            if (!m.kernel().equals(kernel)) {
                throw new IllegalArgumentException("the expansions must share one kernel, got " + kernel + " and "
                        + m.kernel());
            }
            for (Bag b : m.supportVectors()) {
                if (!index.containsKey(b)) {
                    index.put(b, bags.size());
                    bags.add(b);
                }
            }
        }
        w.putString(prefix + ".kernel", Kernels.format(kernel));
        w.putInt(prefix + ".bags", bags.size());
        for (int i = 0; i < bags.size(); i++) {
            w.putVecs(prefix + ".bag." + i, bags.get(i).instances());
        }
        w.putInt(prefix + ".machines", machines.size());
        for (int c = 0; c < machines.size(); c++) {
            KernelExpansionModel<Bag> m = machines.get(c);
            int[] at = new int[m.supportVectorCount()];
            for (int i = 0; i < at.length; i++) {
                at[i] = index.get(m.supportVectors().get(i));
            }
            String p = prefix + ".machine." + c;
            w.putInts(p + ".bags", at).putDoubles(p + ".coefficients", m.coefficients()).putDouble(p + ".bias", m.bias());
        }
    }

    /**
     * Reads the expansions written by {@link #writeBagExpansions}; the support bags are rebuilt once
     * each and shared, as written.
     *
     * @param dim the dimension every instance must have
     * @throws ModelFormatException naming the key when it is missing or inconsistent (an empty bag, an
     *         instance of another dimension, a bag index out of range)
     */
    public static List<KernelExpansionModel<Bag>> readBagExpansions(ModelFile f, String prefix, int dim)
            throws ModelFormatException {
        String spec = f.getString(prefix + ".kernel");
        Kernel<Bag> kernel;
        try {
            kernel = Kernels.parseBagKernel(spec);
        } catch (IllegalArgumentException e) {
            throw f.formatError(prefix + ".kernel", "bad bag kernel '" + spec + "': " + e.getMessage());
        }
        int count = f.getCount(prefix + ".bags", 0, 1);
        List<Bag> bags = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String key = prefix + ".bag." + i;
            List<Vec> instances = f.getVecs(key);
            if (instances.isEmpty()) {
                throw f.formatError(key + ".count", "support bag " + i + " has no instances");
            }
            for (int p = 0; p < instances.size(); p++) {
                if (instances.get(p).dim() != dim) {
                    throw f.formatError(key + "." + p, "expected dimension " + dim + " for '" + key + "." + p
                            + "', found " + instances.get(p).dim());
                }
            }
            bags.add(new Bag("support-" + i, instances));
        }
        int machines = f.getCount(prefix + ".machines", 1, 1);
        List<KernelExpansionModel<Bag>> out = new ArrayList<>();
        for (int c = 0; c < machines; c++) {
            String p = prefix + ".machine." + c;
            int[] at = f.getInts(p + ".bags");
            List<Bag> sv = new ArrayList<>(at.length);
            for (int i : at) {
                if (i < 0 || i >= count) {
                    throw f.formatError(p + ".bags", "support bag index " + i + " out of range [0, " + count + ")");
                }
                sv.add(bags.get(i));
            }
            double[] coef = f.getDoubles(p + ".coefficients", at.length);
            double bias = f.getDouble(p + ".bias");
            try {
                out.add(KernelExpansionModel.of(kernel, sv, coef, bias));
            } catch (IllegalArgumentException e) {
                throw f.formatError("expansion '" + p + "': " + e.getMessage());
            }
        }
        return out;
    }
}
