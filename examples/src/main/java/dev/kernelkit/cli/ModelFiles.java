package dev.kernelkit.cli;

import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.svm.SvmModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The model file of {@code kernelkit svm train} / {@code predict}: an {@link SvmModel} together
 * with the {@link FittedScaler} fitted on the training data (so predict scales new points exactly
 * as training did) and a few provenance lines. Stored in the io package's versioned text format
 * (type {@value #TYPE}):
 *
 * <pre>
dim = 13
scaling.kind = standard, scaling.offsets = ..., scaling.scales = ...   (ModelParts.writeScaler)
svm.classes = -1.0 1.0, svm.machines = 1, svm.machine.0.kernel = gaussian:gamma=0.5,
svm.machine.0.bias = ..., svm.machine.0.coefficients = ..., svm.machine.0.sv.0 = sparse 13 0:0.7 ...
trained.KEY = VALUE                  (provenance: data file, C, loss, seconds, ...)
</pre>
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
            return model.predictLabel(scaler.apply(raw));
        }
    }

    /**
     * Writes the model atomically through the one model-file entry point ({@link Models}), creating
     * missing parent folders.
     *
     * @param provenance extra {@code trained.KEY = VALUE} lines (keys: letters, digits, _ . -)
     * @throws IllegalArgumentException when the kernel cannot be written as a specification
     */
    public static void saveSvm(Path file, SvmModel model, FittedScaler scaler, Map<String, String> provenance)
            throws IOException {
        Models.save(new ScaledModel<>(scaler, model), file, provenance);
    }

    /**
     * Reads a model written by {@link #saveSvm} (or any SVM model file; one without a scaler gets
     * the identity scaler).
     *
     * @throws IOException naming the file (and line or key) when it is missing, not a kernelkit svm
     *         model, from a newer version, or inconsistent (e.g. a support vector of another dimension)
     */
    public static SvmModelFile loadSvm(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file).requireType(TYPE);
        Models.Loaded loaded = Models.loadWithProvenance(f);
        FittedModel<?> m = loaded.model();
        FittedScaler scaler = m instanceof Scaled<?> s ? s.scaler() : null;
        FittedModel<?> inner = Scaled.innermost(m);
        if (!(inner instanceof SvmModel svm)) {
            throw new ModelFormatException(file + ": expected an SVM model, found " + inner.getClass().getSimpleName());
        }
        if (scaler == null) {
            scaler = FittedScaler.of(FeatureScaling.NONE, new double[svm.dim()], ones(svm.dim()));
        }
        return new SvmModelFile(svm, scaler, loaded.provenance());
    }

    private static double[] ones(int d) {
        double[] a = new double[d];
        java.util.Arrays.fill(a, 1.0);
        return a;
    }
}
