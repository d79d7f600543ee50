package dev.kernelkit.cli;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.SvmModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The model file of {@code kernelkit svm train} / {@code predict}: an {@link SvmModel} together
 * with the {@link FittedScaler} fitted on the training data (so predict scales new points exactly
 * as training did) and a few provenance lines. Stored in the io package's versioned text format
 * (type {@value #TYPE}):
 *
 * <pre>
 * kernel = gaussian:gamma=0.5          (Kernels.format; parsed back with Kernels.parse)
 * classes = -1.0 1.0                   (increasing; one machine for 2 classes, else one per class)
 * dim = 13
 * scaling = standard
 * scaling.offsets = ...                (dim numbers)
 * scaling.scales = ...
 * machines = 1
 * machine.0.bias = -0.12
 * machine.0.coefficients = ...         (alpha_i y_i per support vector)
 * machine.0.sv.count = 95, machine.0.sv.0 = sparse 13 0:0.7 ...
 * trained.KEY = VALUE                  (provenance: data file, C, loss, seconds, ...)
 * </pre>
 */
public final class ModelFiles {
    /** The model type written in the file. */
    public static final String TYPE = "svm";

    private ModelFiles() {
    }

    /**
     * A loaded SVM model file.
     *
     * @param model the classifier, over scaled points
     * @param scaler the training scaler; apply it to raw points before the model
     * @param provenance the {@code trained.*} lines without the prefix, in file order
     */
    public record SvmModelFile(SvmModel model, FittedScaler scaler, Map<String, String> provenance) {
        /** Copies the provenance. */
        public SvmModelFile {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(scaler, "scaler");
            provenance = Map.copyOf(provenance);
        }

        /** The feature dimension the model was trained on. */
        public int dim() {
            return scaler.dim();
        }

        /** The predicted class label of a raw (unscaled) point. */
        public double predict(Vec raw) {
            return model.predict(scaler.apply(raw));
        }
    }

    /**
     * Writes the model atomically, creating missing parent folders.
     *
     * @param provenance extra {@code trained.KEY = VALUE} lines (keys: letters, digits, _ . -)
     * @throws IllegalArgumentException when the kernel cannot be written as a specification
     */
    public static void saveSvm(Path file, SvmModel model, FittedScaler scaler, Map<String, String> provenance)
            throws IOException {
        List<KernelExpansionModel<Vec>> machines = model.expansionModels();
        Kernel<Vec> kernel = machines.get(0).kernel();
        ModelFileWriter w = new ModelFileWriter(TYPE)
                .putString("kernel", Kernels.format(kernel))
                .putDoubles("classes", model.classes())
                .putInt("dim", scaler.dim())
                .putString("scaling", scaler.kind().cliName())
                .putDoubles("scaling.offsets", scaler.offsets())
                .putDoubles("scaling.scales", scaler.scales())
                .putInt("machines", machines.size());
        for (int m = 0; m < machines.size(); m++) {
            KernelExpansionModel<Vec> e = machines.get(m);
            if (!e.kernel().equals(kernel)) {
                throw new IllegalArgumentException("all machines of a model file must share one kernel, machine " + m
                        + " has " + e.kernel() + " but machine 0 has " + kernel);
            }
            w.putDouble("machine." + m + ".bias", e.bias())
                    .putDoubles("machine." + m + ".coefficients", e.coefficients())
                    .putVecs("machine." + m + ".sv", e.supportVectors());
        }
        for (Map.Entry<String, String> p : provenance.entrySet()) {
            w.putString("trained." + p.getKey(), p.getValue());
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        w.write(file);
    }

    /**
     * Reads a model written by {@link #saveSvm}.
     *
     * @throws IOException naming the file (and line) when it is missing, not a kernelkit svm model,
     *         from a newer version, or inconsistent (e.g. a support vector of another dimension)
     */
    public static SvmModelFile loadSvm(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file).requireType(TYPE);
        try {
            Kernel<Vec> kernel = Kernels.parse(f.getString("kernel"));
            double[] classes = f.getDoubles("classes");
            int dim = f.getInt("dim");
            FeatureScaling kind = FeatureScaling.parse(f.getString("scaling"));
            FittedScaler scaler = FittedScaler.of(kind, f.getDoubles("scaling.offsets", dim), f.getDoubles("scaling.scales", dim));
            int count = f.getInt("machines");
            List<KernelExpansionModel<Vec>> machines = new ArrayList<>(count);
            for (int m = 0; m < count; m++) {
                List<Vec> sv = f.getVecs("machine." + m + ".sv");
                for (int i = 0; i < sv.size(); i++) {
                    if (sv.get(i).dim() != dim) {
                        throw new IllegalArgumentException("support vector machine." + m + ".sv." + i + " has dimension "
                                + sv.get(i).dim() + ", expected " + dim);
                    }
                }
                double[] coef = f.getDoubles("machine." + m + ".coefficients", sv.size());
                machines.add(KernelExpansionModel.of(kernel, sv, coef, f.getDouble("machine." + m + ".bias")));
            }
            Map<String, String> provenance = new LinkedHashMap<>();
            for (String key : f.keys()) {
                if (key.startsWith("trained.")) {
                    provenance.put(key.substring("trained.".length()), f.getString(key));
                }
            }
            return new SvmModelFile(SvmModel.of(classes, machines), scaler, provenance);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }
}
