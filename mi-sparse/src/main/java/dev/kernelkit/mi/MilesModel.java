package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitReport;
import java.util.List;
import java.util.Objects;

/**
 * A fitted MILES classifier: f_c(X) = sum_j w_cj max_p k(x_p, z_j) + b_c over the kept training
 * instances z_j (those with a non-zero weight in some machine). Two classes: class 1 when f &gt; 0;
 * more: the largest f_c. Immutable; made by {@link Miles}, saved and loaded by
 * {@link dev.kernelkit.io.Models} (type {@value #TYPE}, {@link MilesCodec}).
 */
public final class MilesModel implements BagClassifier {
    /** The model-file type. */
    public static final String TYPE = "miles";

    private final List<String> classNames;
    private final int dim;
    private final Kernel<Vec> kernel;
    private final List<Vec> kept;
    private final int[] keptIndex;
    private final double[][] weights;
    private final double[] bias;
    private final FitReport report;

    /**
     * @throws IllegalArgumentException when the machines do not fit the classes, the weights or
     *         indices do not fit the kept instances, or a kept instance has another dimension
     */
    MilesModel(List<String> classNames, int dim, Kernel<Vec> kernel, List<Vec> kept, int[] keptIndex,
               double[][] weights, double[] bias, FitReport report) {
        int expected = classNames.size() == 2 ? 1 : classNames.size();
        if (classNames.size() < 2 || weights.length != expected || bias.length != expected) {
            throw new IllegalArgumentException("expected " + expected + " machines for " + classNames.size()
                    + " classes, found " + weights.length + " weight rows and " + bias.length + " biases");
        }
        if (keptIndex.length != kept.size()) {
            throw new IllegalArgumentException(kept.size() + " kept instances but " + keptIndex.length + " indices");
        }
        for (int c = 0; c < weights.length; c++) {
            if (weights[c].length != kept.size()) {
                throw new IllegalArgumentException("machine " + c + " has " + weights[c].length + " weights, expected "
                        + kept.size());
            }
        }
        for (Vec v : kept) {
            if (v.dim() != dim) {
                throw new IllegalArgumentException("a kept instance has dimension " + v.dim() + ", expected " + dim);
            }
        }
        this.report = Objects.requireNonNull(report, "report");
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.kept = List.copyOf(kept);
        this.keptIndex = keptIndex.clone();
        this.weights = new double[weights.length][];
        for (int c = 0; c < weights.length; c++) {
            this.weights[c] = weights[c].clone();
        }
        this.bias = bias.clone();
    }

    /** Class names, index = predicted class. */
    @Override
    public List<String> classNames() {
        return classNames;
    }

    @Override
    public int dim() {
        return dim;
    }

    @Override
    public FitReport report() {
        return report;
    }

    /** The instance kernel of the embedding. */
    public Kernel<Vec> kernel() {
        return kernel;
    }

    /** The number of machines: 1 for two classes, else one per class. */
    public int machines() {
        return bias.length;
    }

    /** A copy of machine c's weights w_cj over the kept instances. */
    public double[] weights(int machine) {
        return weights[machine].clone();
    }

    /** Machine c's bias b_c. */
    public double bias(int machine) {
        return bias[machine];
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
    @Override
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
