package dev.kernelkit.cvm;

import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.svm.KernelExpansionModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Saves and loads the cvm module's models as kernelkit model files (types {@code cvm},
 * {@code cvr}, {@code one-class-cvm}; see {@link ModelFileWriter} for the format). Doubles are
 * written exactly, so a loaded model gives bit-identical decision values. The kernel must be one
 * {@link Kernels#format} can write. A model may carry the {@link FittedScaler} fitted on its raw
 * training data (keys {@code scaling.*}, {@link ModelParts#writeScaler}); {@link #loadScaler} returns
 * it, and predictions on raw points must apply it first.
 */
public final class CvmModelFiles {
    /** Model type of {@link CvmModel}. */
    public static final String CVM = "cvm";
    /** Model type of {@link CvrModel}. */
    public static final String CVR = "cvr";
    /** Model type of {@link OneClassCvmModel}. */
    public static final String ONE_CLASS = "one-class-cvm";

    private CvmModelFiles() {
    }

    /** Key prefix of the stored training scaler. */
    public static final String SCALING = "scaling";

    /** Writes a classifier. */
    public static void save(CvmModel model, Path file) throws IOException {
        save(model, null, file);
    }

    /**
     * Writes a classifier with the scaler fitted on its raw training data.
     *
     * @param scaler the scaler, or null when the model works on raw points
     */
    public static void save(CvmModel model, FittedScaler scaler, Path file) throws IOException {
        ModelFileWriter w = new ModelFileWriter(CVM);
        putScaler(w, scaler);
        w.putString("kernel", Kernels.format(model.machines().get(0).kernel()));
        w.putDoubles("classes", model.classes());
        w.putString("multiclass", model.multiClass().name());
        w.putInt("machines.count", model.machines().size());
        for (int k = 0; k < model.machines().size(); k++) {
            CvmMachine m = model.machines().get(k);
            String p = "machine." + k + ".";
            w.putDouble(p + "bias", m.bias());
            w.putDoubles(p + "coefficients", m.expansion().coefficients());
            w.putVecs(p + "vectors", m.expansion().supportVectors());
            w.putInts(p + "core_indices", m.coreIndices());
            w.putDoubles(p + "alpha", m.alpha());
            w.putDoubles(p + "core_labels", m.coreLabels());
            w.putDouble(p + "rho", m.rho());
            w.putDouble(p + "radius2", m.radius2());
            w.putDouble(p + "eta", m.eta());
            w.putDouble(p + "c", m.c());
            w.putLong(p + "iterations", m.iterations());
            w.putBoolean(p + "converged", m.converged());
            w.putDouble(p + "seconds", m.seconds());
        }
        w.write(file);
    }

    /**
     * Reads a classifier.
     *
     * @throws IOException when the file is unreadable, of another type or version, or malformed
     */
    public static CvmModel loadCvm(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file).requireType(CVM);
        Kernel<Vec> kernel = kernel(f, file);
        double[] classes = f.getDoubles("classes");
        CvmOptions.MultiClass mc;
        try {
            mc = CvmOptions.MultiClass.valueOf(f.getString("multiclass"));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": unknown multiclass '" + f.getString("multiclass") + "'", e);
        }
        int count = f.getInt("machines.count");
        List<CvmMachine> machines = new ArrayList<>();
        try {
            for (int k = 0; k < count; k++) {
                String p = "machine." + k + ".";
                KernelExpansionModel<Vec> e = KernelExpansionModel.of(kernel, f.getVecs(p + "vectors"),
                        f.getDoubles(p + "coefficients"), f.getDouble(p + "bias"));
                machines.add(new CvmMachine(e, f.getInts(p + "core_indices"), f.getDoubles(p + "alpha"),
                        f.getDoubles(p + "core_labels"), f.getDouble(p + "rho"), f.getDouble(p + "radius2"),
                        f.getDouble(p + "eta"), f.getDouble(p + "c"), f.getLong(p + "iterations"),
                        f.getBoolean(p + "converged"), f.getDouble(p + "seconds")));
            }
            return new CvmModel(classes, mc, machines);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes a regression model. */
    public static void save(CvrModel model, Path file) throws IOException {
        save(model, null, file);
    }

    /** Writes a regression model with its training scaler (null: none). */
    public static void save(CvrModel model, FittedScaler scaler, Path file) throws IOException {
        ModelFileWriter w = new ModelFileWriter(CVR);
        putScaler(w, scaler);
        w.putString("kernel", Kernels.format(model.expansion().kernel()));
        w.putDouble("bias", model.expansion().bias());
        w.putDoubles("coefficients", model.expansion().coefficients());
        w.putVecs("vectors", model.expansion().supportVectors());
        w.putDouble("epsilon_bar", model.epsilonBar());
        w.putInt("core_size", model.coreSize());
        w.write(file);
    }

    /** Reads a regression model. */
    public static CvrModel loadCvr(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file).requireType(CVR);
        try {
            KernelExpansionModel<Vec> e = KernelExpansionModel.of(kernel(f, file), f.getVecs("vectors"),
                    f.getDoubles("coefficients"), f.getDouble("bias"));
            return new CvrModel(e, f.getDouble("epsilon_bar"), f.getInt("core_size"), null);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes a one-class model. */
    public static void save(OneClassCvmModel model, Path file) throws IOException {
        save(model, null, file);
    }

    /** Writes a one-class model with its training scaler (null: none). */
    public static void save(OneClassCvmModel model, FittedScaler scaler, Path file) throws IOException {
        ModelFileWriter w = new ModelFileWriter(ONE_CLASS);
        putScaler(w, scaler);
        w.putString("kernel", Kernels.format(model.kernel()));
        w.putDouble("c", model.c());
        w.putDoubles("alpha", model.alpha());
        w.putVecs("vectors", model.supportVectors());
        w.putDouble("centre_norm2", model.centreNorm2());
        w.putDouble("radius2", model.radius2());
        w.write(file);
    }

    /** Reads a one-class model. */
    public static OneClassCvmModel loadOneClass(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file).requireType(ONE_CLASS);
        try {
            return new OneClassCvmModel(kernel(f, file), f.getDouble("c"), f.getVecs("vectors"), f.getDoubles("alpha"),
                    f.getDouble("centre_norm2"), f.getDouble("radius2"), null);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The training scaler stored with a model of any of the three types, empty when the model was
     * saved without one.
     *
     * @throws IOException when the file is unreadable or the scaler keys are malformed
     */
    public static Optional<FittedScaler> loadScaler(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file);
        if (!f.has(SCALING + ".kind")) {
            return Optional.empty();
        }
        return Optional.of(ModelParts.readScaler(f, SCALING));
    }

    private static void putScaler(ModelFileWriter w, FittedScaler scaler) {
        if (scaler != null) {
            ModelParts.writeScaler(w, SCALING, scaler);
        }
    }

    private static Kernel<Vec> kernel(ModelFile f, Path file) throws IOException {
        String spec = f.getString("kernel");
        try {
            return Kernels.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": bad kernel '" + spec + "': " + e.getMessage(), e);
        }
    }
}
