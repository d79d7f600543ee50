package dev.kernelkit.cvm;

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
import java.util.List;

/**
 * The model file of a {@link CvmModel} (type {@value #TYPE}, version 2; core and ball vector machines
 * alike, the fit report says which), registered for {@link dev.kernelkit.io.Models}; the class names are
 * {@link dev.kernelkit.io.Models}' {@code classes.*}:
 *
 * <pre>
 * dim = 2
 * kernel = gaussian:gamma=0.378          one kernel for all machines
 * multiclass = ONE_VS_REST
 * machines = 1
 * machine.0.bias, .coefficients, .vectors (the expansion), .core_indices, .alpha, .core_labels,
 *   .rho, .radius2, .eta, .c, .iterations, .converged, .seconds
 * </pre>
 *
 * Version 1 (the keys {@code cvm train} wrote since the module began) had {@code classes} as numbers,
 * {@code machines.count}, and in its oldest files no {@code dim}; {@link #upgrade} moves them (the
 * dimension is then that of the stored vectors, else of the stored scaler).
 * Doubles are written exactly, so a loaded model gives bit-identical decision values.
 */
public final class CvmCodec implements ModelCodec<CvmModel> {
    /** The type string. */
    public static final String TYPE = "cvm";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Class<CvmModel> modelClass() {
        return CvmModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        ModelFile.Rewrite r = ModelParts.fromVersion1(v1, true);
        ModelParts.numericClassesToNames(r, "classes");
        putDim(r, "machine.0.vectors");
        return r.rename("machines.count", ModelParts.MACHINES).build();
    }

    @Override
    public void write(CvmModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        out.putString("kernel", Kernels.format(model.machines().get(0).kernel()));
        out.putString("multiclass", model.multiClass().name());
        ModelParts.writeMachines(out, model.machines().size());
        for (int k = 0; k < model.machines().size(); k++) {
            CvmMachine<Vec> m = model.machines().get(k);
            String p = "machine." + k + ".";
            out.putDouble(p + "bias", m.bias());
            out.putDoubles(p + "coefficients", m.expansion().coefficients());
            out.putVecs(p + "vectors", m.expansion().supportVectors());
            writeCore(out, p, m);
        }
    }

    /** The keys of a machine beyond its expansion: core set, weights, rho, R^2, eta, C, iterations, convergence, time. */
    static void writeCore(ModelFileWriter out, String p, CvmMachine<?> m) {
        out.putInts(p + "core_indices", m.coreIndices());
        out.putDoubles(p + "alpha", m.alpha());
        out.putDoubles(p + "core_labels", m.coreLabels());
        out.putDouble(p + "rho", m.rho());
        out.putDouble(p + "radius2", m.radius2());
        out.putDouble(p + "eta", m.eta());
        out.putDouble(p + "c", m.c());
        out.putLong(p + "iterations", m.iterations());
        out.putBoolean(p + "converged", m.converged());
        out.putDouble(p + "seconds", m.seconds());
    }

    /** The machine of an expansion and the keys {@link #writeCore} wrote under {@code p}. */
    static <X> CvmMachine<X> readCore(ModelFile in, String p, KernelExpansionModel<X> e, KernelSpace<X> space)
            throws ModelFormatException {
        int[] core = in.getInts(p + "core_indices");
        double[] alpha = in.getDoubles(p + "alpha", core.length);
        double[] labels = in.getDoubles(p + "core_labels", core.length);
        return new CvmMachine<>(e, space, core, alpha, labels, in.getDouble(p + "rho"), in.getDouble(p + "radius2"),
                in.getDouble(p + "eta"), in.getDouble(p + "c"), in.getLong(p + "iterations"),
                in.getBoolean(p + "converged"), in.getDouble(p + "seconds"));
    }

    /** The multi-class reduction under key {@code multiclass}. */
    static CvmOptions.MultiClass multiClass(ModelFile in) throws ModelFormatException {
        try {
            return CvmOptions.MultiClass.valueOf(in.getString("multiclass"));
        } catch (IllegalArgumentException e) {
            throw in.formatError("multiclass", "expected ONE_VS_REST or ONE_VS_ONE for 'multiclass', found '"
                    + in.getString("multiclass") + "'");
        }
    }

    @Override
    public CvmModel read(ModelFile in, FitReport report) throws ModelFormatException {
        Kernel<Vec> kernel = kernel(in);
        double[] classes = ModelParts.numericClasses(in);
        CvmOptions.MultiClass mc = multiClass(in);
        int count = ModelParts.readMachines(in, 1, 2);  // each machine: its vectors, coefficients and bias
        int dim = dim(in);
        List<CvmMachine<Vec>> machines = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            String p = "machine." + k + ".";
            List<Vec> sv = vectors(in, p + "vectors", dim);
            double[] coef = in.getDoubles(p + "coefficients", sv.size());
            KernelExpansionModel<Vec> e = KernelExpansionModel.of(kernel, sv, coef, in.getDouble(p + "bias"));
            machines.add(readCore(in, p, e, KernelSpace.VECTORS));
        }
        try {
            return new CvmModel(classes, mc, machines, dim, report);
        } catch (IllegalArgumentException e) {
            throw in.formatError("cvm model: " + e.getMessage());
        }
    }

    /** The kernel of key {@code kernel}. */
    static Kernel<Vec> kernel(ModelFile in) throws ModelFormatException {
        String spec = in.getString("kernel");
        try {
            return Kernels.parse(spec);
        } catch (IllegalArgumentException e) {
            throw in.formatError("kernel", "bad kernel '" + spec + "': " + e.getMessage());
        }
    }

    /** The input dimension, key {@code dim}. */
    static int dim(ModelFile in) throws ModelFormatException {
        int dim = in.getInt("dim");
        if (dim < 0) {
            throw in.formatError("dim", "expected a dimension >= 0 for 'dim', found " + dim);
        }
        return dim;
    }

    /**
     * The version-1 step for {@code dim}: files written before it existed get the dimension of the first
     * vector under {@code vectorsKey}, else of the stored scaler, else 0.
     */
    static void putDim(ModelFile.Rewrite r, String vectorsKey) throws ModelFormatException {
        if (r.has("dim")) {
            return;
        }
        ModelFile in = r.original();
        int dim = 0;
        if (in.has(vectorsKey + ".count") && in.getInt(vectorsKey + ".count") > 0) {
            dim = in.getVec(vectorsKey + ".0").dim();
        } else if (in.has("scaling.offsets")) {
            dim = in.getDoubles("scaling.offsets").length;
        }
        r.put("dim", Integer.toString(dim));
    }

    /** The vectors under {@code key}, each of dimension {@code dim}. */
    static List<Vec> vectors(ModelFile in, String key, int dim) throws ModelFormatException {
        List<Vec> sv = in.getVecs(key);
        for (int i = 0; i < sv.size(); i++) {
            if (sv.get(i).dim() != dim) {
                throw in.formatError(key + "." + i, "expected dimension " + dim + " for '" + key + "." + i + "', found "
                        + sv.get(i).dim());
            }
        }
        return sv;
    }
}
