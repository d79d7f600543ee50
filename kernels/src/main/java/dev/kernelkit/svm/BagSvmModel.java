package dev.kernelkit.svm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Model;
import java.util.List;
import java.util.Objects;

/**
 * A fitted SVM classifier over bags ({@link BagSvm}). Two classes: one expansion f with class index
 * 1 positive, predicting class 1 when f(B) &gt; 0. More classes: one-vs-rest, one expansion f_c per
 * class, predicting the largest f_c(B) (the first on ties). Immutable.
 */
public final class BagSvmModel implements Model<Bag> {
    private final List<String> classNames;
    private final List<KernelExpansionModel<Bag>> models;
    private final int dim;
    private final FitReport report;

    /**
     * @throws IllegalArgumentException when there are fewer than two classes, the number of expansions
     *         does not fit them, or a support bag has another dimension
     */
    BagSvmModel(List<String> classNames, List<KernelExpansionModel<Bag>> models, int dim, FitReport report) {
        Objects.requireNonNull(report, "report");
        if (classNames.size() < 2) {
            throw new IllegalArgumentException("an SVM needs at least 2 classes, got " + classNames);
        }
        int expected = classNames.size() == 2 ? 1 : classNames.size();
        if (models.size() != expected) {
            throw new IllegalArgumentException("expected " + expected + " expansion models for " + classNames.size()
                    + " classes, found " + models.size());
        }
        if (dim < 0) {
            throw new IllegalArgumentException("dim must be >= 0, got " + dim);
        }
        for (KernelExpansionModel<Bag> m : models) {
            for (Bag b : m.supportVectors()) {
                if (b.dim() != dim) {
                    throw new IllegalArgumentException("support bag '" + b.id() + "' has dimension " + b.dim()
                            + ", expected " + dim);
                }
            }
        }
        this.classNames = List.copyOf(classNames);
        this.models = List.copyOf(models);
        this.dim = dim;
        this.report = report;
    }

    /** The expansion models: one for a binary model, else one per class (one-vs-rest). */
    public List<KernelExpansionModel<Bag>> expansionModels() {
        return models;
    }

    /** True for a two-class model. */
    public boolean isBinary() {
        return classNames.size() == 2;
    }

    /** Decision values: {f(B)} for a binary model, else f_c(B) per class in class order. */
    @Override
    public double[] decisions(Bag bag) {
        double[] out = new double[models.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = models.get(k).decision(bag);
        }
        return out;
    }

    /**
     * {@link #decisions} of many bags at once, row k the decisions of bag k: the kernel values against
     * the support bags come from one {@link dev.kernelkit.gram.BagKernelMatrix} (for the set kernel, instance rows on
     * primitive arrays), the same doubles as {@code kernel.apply}, summed in the same order.
     */
    public double[][] decisions(List<? extends Bag> bags) {
        double[][] out = new double[bags.size()][models.size()];
        for (int k = 0; k < models.size(); k++) {
            double[] f = ExpansionBatch.decisions(models.get(k), bags);
            for (int p = 0; p < f.length; p++) {
                out[p][k] = f[p];
            }
        }
        return out;
    }

    @Override
    public int predict(Bag bag) {
        return Model.classOf(decisions(bag));
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
        return InputKind.BAGS;
    }

    @Override
    public int dim() {
        return dim;
    }

    /** Total number of support bags over the expansion models (a bag may count once per model). */
    public int supportVectorCount() {
        int s = 0;
        for (KernelExpansionModel<Bag> m : models) {
            s += m.supportVectorCount();
        }
        return s;
    }

    @Override
    public String toString() {
        return "BagSvmModel(classes=" + classNames + ", sv=" + supportVectorCount() + ")";
    }
}
