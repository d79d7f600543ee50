package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.List;

/**
 * A fitted MILES classifier: f_c(X) = sum_j w_cj max_p k(x_p, z_j) + b_c over the kept training
 * instances z_j (those with a non-zero weight in some machine). Two classes: class 1 when f &gt; 0;
 * more: the largest f_c. Immutable; made by {@link Miles}.
 */
public final class MilesModel implements BagClassifier {
    private final List<String> classNames;
    private final int dim;
    private final Kernel<Vec> kernel;
    private final List<Vec> kept;
    private final int[] keptIndex;
    private final double[][] weights;
    private final double[] bias;

    MilesModel(List<String> classNames, int dim, Kernel<Vec> kernel, List<Vec> kept, int[] keptIndex,
               double[][] weights, double[] bias) {
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.kernel = kernel;
        this.kept = List.copyOf(kept);
        this.keptIndex = keptIndex.clone();
        this.weights = new double[weights.length][];
        for (int c = 0; c < weights.length; c++) {
            this.weights[c] = weights[c].clone();
        }
        this.bias = bias.clone();
    }

    /** Class names, index = predicted class. */
    public List<String> classNames() {
        return classNames;
    }

    /** The kept instances (non-zero weight in some machine). */
    public List<Vec> keptInstances() {
        return kept;
    }

    /** Positions of the kept instances among the training instances (bags in order, instances in order). */
    public int[] keptInstanceIndices() {
        return keptIndex.clone();
    }

    /**
     * f_c(X) for every machine.
     *
     * @throws IllegalArgumentException when the bag's dimension differs from the training data's
     */
    public double[] decisions(Bag bag) {
        if (bag.dim() != dim) {
            throw new IllegalArgumentException("bag '" + bag.id() + "' has dimension " + bag.dim()
                    + ", expected " + dim + " as in training");
        }
        double[] s = Miles.embed(bag, kept, kernel);
        double[] f = new double[weights.length];
        for (int c = 0; c < f.length; c++) {
            double v = bias[c];
            for (int j = 0; j < s.length; j++) {
                v += weights[c][j] * s[j];
            }
            f[c] = v;
        }
        return f;
    }

    @Override
    public int predict(Bag bag) {
        return BagClassifier.classOf(decisions(bag));
    }

    /** The number of kept instances: kernel evaluations per test instance. */
    @Override
    public int kernelEvaluationsPerInstance() {
        return kept.size();
    }

    @Override
    public String toString() {
        return "MilesModel(classes=" + classNames + ", kept instances=" + kept.size() + ")";
    }
}
