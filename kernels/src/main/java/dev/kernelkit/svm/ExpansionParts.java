package dev.kernelkit.svm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitReport;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes and reads the kernel expansions of model files ({@link KernelExpansionModel} over vectors or bags, an
 * {@link SvmModel} as one expansion per machine) in the key convention of {@link ModelParts}; here, not in io,
 * so that io does not depend on svm.
 */
public final class ExpansionParts {
    private ExpansionParts() {
    }

    private static String key(String prefix, String name) {
        return prefix.isEmpty() ? name : prefix + "." + name;
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

    /**
     * Writes an SVM (binary or one-vs-rest) under {@code prefix} (empty: at the top level): its machine
     * count and one expansion per machine. Its class names are {@link Models}' ({@code classes.*}).
     */
    public static void writeSvm(ModelFileWriter w, String prefix, SvmModel model) {
        List<KernelExpansionModel<Vec>> machines = model.expansionModels();
        w.putInt(key(prefix, ModelParts.MACHINES), machines.size());
        for (int m = 0; m < machines.size(); m++) {
            writeExpansion(w, key(prefix, ModelParts.machine(m)), machines.get(m));
        }
    }

    /**
     * Reads an SVM written by {@link #writeSvm} (its classes from {@code classes.*}).
     *
     * @param dim the input dimension (every support vector must have it)
     * @param report the fit report the model keeps
     * @throws ModelFormatException naming the key when it is missing or inconsistent
     */
    public static SvmModel readSvm(ModelFile f, String prefix, int dim, FitReport report) throws ModelFormatException {
        double[] classes = ModelParts.numericClasses(f);
        int count = f.getCount(key(prefix, ModelParts.MACHINES), 0, 1);
        List<KernelExpansionModel<Vec>> machines = new ArrayList<>(count);
        for (int m = 0; m < count; m++) {
            machines.add(readExpansion(f, key(prefix, ModelParts.machine(m)), dim));
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
        w.putString(key(prefix, "kernel"), Kernels.format(kernel));
        w.putInt(key(prefix, "bags"), bags.size());
        for (int i = 0; i < bags.size(); i++) {
            w.putVecs(key(prefix, "bag." + i), bags.get(i).instances());
        }
        w.putInt(key(prefix, ModelParts.MACHINES), machines.size());
        for (int c = 0; c < machines.size(); c++) {
            KernelExpansionModel<Bag> m = machines.get(c);
            int[] at = new int[m.supportVectorCount()];
            for (int i = 0; i < at.length; i++) {
                at[i] = index.get(m.supportVectors().get(i));
            }
            String p = key(prefix, ModelParts.machine(c));
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
        String spec = f.getString(key(prefix, "kernel"));
        Kernel<Bag> kernel;
        try {
            kernel = Kernels.parseBagKernel(spec);
        } catch (IllegalArgumentException e) {
            throw f.formatError(key(prefix, "kernel"), "bad bag kernel '" + spec + "': " + e.getMessage());
        }
        int count = f.getCount(key(prefix, "bags"), 0, 1);
        List<Bag> bags = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String key = key(prefix, "bag." + i);
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
        int machines = f.getCount(key(prefix, ModelParts.MACHINES), 1, 1);
        List<KernelExpansionModel<Bag>> out = new ArrayList<>();
        for (int c = 0; c < machines; c++) {
            String p = key(prefix, ModelParts.machine(c));
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
