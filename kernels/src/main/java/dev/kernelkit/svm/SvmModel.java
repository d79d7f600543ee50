package dev.kernelkit.svm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A fitted SVM classifier over vectors. Binary (two classes c_0 &lt; c_1): one expansion f with
 * c_1 as the positive class, predicting c_1 when f(x) &gt; 0. Multi-class (k &ge; 3 classes):
 * one-vs-rest, one expansion f_c per class (class c positive, all others negative), in increasing
 * class order, predicting the class with the largest f_c(x) (the first on ties). As a {@link Model}
 * the class names are {@link LabeledDataset#className} of the labels and {@link #predict} gives the
 * class index; {@link #predictLabel} gives the label itself. Immutable.
 */
public final class SvmModel implements Model<Vec> {
    private final double[] classes;
    private final List<String> classNames;
    private final List<KernelExpansionModel<Vec>> models;
    private final int dim;
    private final FitReport report;

    private SvmModel(double[] classes, List<KernelExpansionModel<Vec>> models, int dim, FitReport report) {
        this.classes = classes;
        List<String> names = new ArrayList<>(classes.length);
        for (double c : classes) {
            names.add(LabeledDataset.className(c));
        }
        this.classNames = List.copyOf(names);
        this.models = models;
        this.dim = dim;
        this.report = report;
    }

    /**
     * Builds a model from its parts (used by {@link Svm} and by model files).
     *
     * @param classes the class labels in strictly increasing order (at least two)
     * @param models one expansion for two classes, else one per class in the order of classes
     * @param dim the input dimension (every support vector has it)
     * @param report what the fit did
     * @throws IllegalArgumentException when the classes are not increasing and finite, the number
     *         of models does not fit or a support vector has another dimension
     */
    public static SvmModel of(double[] classes, List<KernelExpansionModel<Vec>> models, int dim, FitReport report) {
        Objects.requireNonNull(models, "models");
        Objects.requireNonNull(report, "report");
        if (dim < 0) {
            throw new IllegalArgumentException("dim must be >= 0, got " + dim);
        }
        for (KernelExpansionModel<Vec> m : models) {
            for (Vec v : m.supportVectors()) {
                if (v.dim() != dim) {
                    throw new IllegalArgumentException("a support vector has dimension " + v.dim() + ", expected " + dim);
                }
            }
        }
        if (classes.length < 2) {
            throw new IllegalArgumentException("an SVM needs at least 2 classes, got " + classes.length);
        }
        for (int k = 0; k < classes.length; k++) {
            if (!Double.isFinite(classes[k]) || (k > 0 && !(classes[k] > classes[k - 1]))) {
                throw new IllegalArgumentException("classes must be finite and strictly increasing, got "
                        + Arrays.toString(classes));
            }
        }
        int expected = classes.length == 2 ? 1 : classes.length;
        if (models.size() != expected) {
            throw new IllegalArgumentException("expected " + expected + " expansion models for " + classes.length
                    + " classes, found " + models.size());
        }
        return new SvmModel(classes.clone(), List.copyOf(models), dim, report);
    }

    /** True for a two-class model. */
    public boolean isBinary() {
        return classes.length == 2;
    }

    /** A copy of the class labels, increasing. */
    public double[] classes() {
        return classes.clone();
    }

    /** The expansion models: one for a binary model, else one per class (one-vs-rest). */
    public List<KernelExpansionModel<Vec>> expansionModels() {
        return models;
    }

    /**
     * The binary decision value f(x) (positive means the larger class label).
     *
     * @throws IllegalStateException for a multi-class model (use {@link #decisions})
     */
    public double decision(Vec x) {
        if (!isBinary()) {
            throw new IllegalStateException("decision(x) is for binary models; this one has " + classes.length
                    + " classes, use decisions(x)");
        }
        return models.get(0).decision(x);
    }

    /** Decision values: {f(x)} for a binary model, else f_c(x) per class in class order. */
    @Override
    public double[] decisions(Vec x) {
        double[] out = new double[models.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = models.get(k).decision(x);
        }
        return out;
    }

    /** The predicted class index into {@link #classes()}. */
    @Override
    public int predict(Vec x) {
        if (isBinary()) {
            return models.get(0).decision(x) > 0 ? 1 : 0;
        }
        return Model.classOf(decisions(x));
    }

    /** The predicted class label. */
    public double predictLabel(Vec x) {
        return classes[predict(x)];
    }

    @Override
    public List<String> classNames() {
        return classNames;
    }

    @Override
    public FitReport report() {
        return report;
    }

    @Override
    public InputKind input() {
        return InputKind.VECTORS;
    }

    @Override
    public int dim() {
        return dim;
    }

    /** Total number of support vectors over the expansion models (a point may count once per model). */
    public int supportVectorCount() {
        int s = 0;
        for (KernelExpansionModel<Vec> m : models) {
            s += m.supportVectorCount();
        }
        return s;
    }

    @Override
    public String toString() {
        return "SvmModel(classes=" + Arrays.toString(classes) + ", sv=" + supportVectorCount() + ")";
    }
}
