package dev.kernelkit.learn;

import dev.kernelkit.data.InputKind;
import java.util.List;
import java.util.Objects;

/**
 * A classifier with probability outputs: the inner model's decision values mapped to class
 * probabilities by Platt sigmoids ({@link PlattScaling}) fitted on cross-validated decision values
 * ({@link Calibrated#trainer} fits one). {@link #predict} and {@link #decisions} are the inner
 * model's, so accuracy is unchanged; {@link #probabilities} adds the calibrated probabilities.
 *
 * <p>Two classes ({@link #PLATT}): one sigmoid on the single decision value f gives
 * p<sub>1</sub> = 1 / (1 + exp(A f + B)) and p<sub>0</sub> = 1 &minus; p<sub>1</sub>.
 *
 * <p>Three or more classes ({@link #PLATT_OVR}): normalised one-vs-rest, one sigmoid per class c on
 * its own decision value f<sub>c</sub>, then p<sub>c</sub> = s<sub>c</sub>(f<sub>c</sub>) /
 * &sum;<sub>d</sub> s<sub>d</sub>(f<sub>d</sub>) (computed from logarithms, so it stays defined where
 * every s<sub>c</sub> underflows; uniform where even every log s<sub>c</sub> overflows to &minus;&infin;). This, not LIBSVM's pairwise coupling, because the multi-class models
 * of kernelkit are one-vs-rest: they have one machine per class, not one per pair, so there are no
 * pairwise probabilities r<sub>ij</sub> to couple ({@link PairwiseCoupling} is there for a pairwise
 * model). A model whose per-class values are one-vs-one vote counts (the one-vs-one CVM) gets
 * sigmoids of its vote counts, a coarse estimate.
 *
 * <p>The fit report is the inner model's with the wall time of the whole calibrated fit. Works over
 * any example type (vectors or bags). Immutable.
 *
 * @param <X> the example type
 */
public final class CalibratedModel<X> implements Model<X> {
    /** The calibration kind of a two-class model: one Platt sigmoid. */
    public static final String PLATT = "platt";
    /** The calibration kind of a k &ge; 3 class model: one Platt sigmoid per class, normalised. */
    public static final String PLATT_OVR = "platt-ovr";

    private final Model<X> inner;
    private final List<PlattScaling> sigmoids;
    private final FitReport report;

    /**
     * A model whose fit report is the inner model's.
     *
     * @param sigmoids one for two classes, one per class (in class order) for three or more
     * @throws IllegalArgumentException when the number of sigmoids does not fit the classes
     */
    public CalibratedModel(Model<X> inner, List<PlattScaling> sigmoids) {
        this(inner, sigmoids, Objects.requireNonNull(inner, "inner").report());
    }

    CalibratedModel(Model<X> inner, List<PlattScaling> sigmoids, FitReport report) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.sigmoids = List.copyOf(Objects.requireNonNull(sigmoids, "sigmoids"));
        this.report = Objects.requireNonNull(report, "report");
        int expected = machines(inner.classNames().size());
        if (this.sigmoids.size() != expected) {
            throw new IllegalArgumentException("sigmoids must hold " + expected + " for " + inner.classNames().size()
                    + " classes, got " + this.sigmoids.size());
        }
    }

    /** The number of sigmoids (decision values) of k classes: 1 for two, k for more. */
    static int machines(int classes) {
        return classes == 2 ? 1 : classes;
    }

    /** The model whose decision values are calibrated. */
    public Model<X> inner() {
        return inner;
    }

    /** The sigmoids: one for two classes, one per class (class order) for three or more. */
    public List<PlattScaling> sigmoids() {
        return sigmoids;
    }

    /** {@link #PLATT} for two classes, {@link #PLATT_OVR} for three or more. */
    public String kind() {
        return sigmoids.size() == 1 ? PLATT : PLATT_OVR;
    }

    /**
     * The class probabilities, in {@link #classNames()} order, each in [0, 1], summing to 1 (to
     * rounding).
     *
     * @throws IllegalStateException when the inner model gives a number of decision values that does
     *         not fit its classes
     */
    @Override
    public double[] probabilities(X x) {
        double[] f = inner.decisions(x);
        if (f.length != sigmoids.size()) {
            throw new IllegalStateException("expected " + sigmoids.size() + " decision values from the "
                    + report.learner() + " model, found " + f.length);
        }
        if (f.length == 1) {
            double p1 = sigmoids.get(0).probability(f[0]);
            return new double[] {1 - p1, p1};
        }
        double[] p = new double[f.length];
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < f.length; c++) {
            p[c] = sigmoids.get(c).logProbability(f[c]);
            max = Math.max(max, p[c]);
        }
        if (max == Double.NEGATIVE_INFINITY) {
            // every A f + B overflowed: no class is preferred
            java.util.Arrays.fill(p, 1.0 / f.length);
            return p;
        }
        double sum = 0;
        for (int c = 0; c < f.length; c++) {
            p[c] = Math.exp(p[c] - max);
            sum += p[c];
        }
        for (int c = 0; c < f.length; c++) {
            p[c] /= sum;
        }
        return p;
    }

    @Override
    public int predict(X x) {
        return inner.predict(x);
    }

    @Override
    public double[] decisions(X x) {
        return inner.decisions(x);
    }

    @Override
    public List<String> classNames() {
        return inner.classNames();
    }

    @Override
    public FitReport report() {
        return report;
    }

    @Override
    public InputKind input() {
        return inner.input();
    }

    @Override
    public int dim() {
        return inner.dim();
    }

    @Override
    public String toString() {
        return "CalibratedModel(" + kind() + ", " + inner + ")";
    }
}
