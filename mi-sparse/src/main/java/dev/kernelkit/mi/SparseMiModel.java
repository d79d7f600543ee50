package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.learn.FitReport;
import java.util.List;
import java.util.Objects;

/**
 * A fitted sparse label-mean bag classifier (SparseMI, RSVM or RS): for each binary problem c,
 * f_c(X) = (1/n) sum_p sum_j beta_cj k(x_p, z_j) + rho_c over N_XV expansion vectors z_j shared
 * by all problems (TNNLS 2013, eq. 9-12, 19). Two classes: one problem, class 1 when f &gt; 0.
 * More: one-vs-rest, the class of the largest f_c. Prediction costs n * N_XV kernel
 * evaluations per bag. Immutable; made by its trainers, saved and loaded by
 * {@link dev.kernelkit.io.Models} (type {@value #TYPE}, {@link SparseMiCodec}).
 */
public final class SparseMiModel implements BagClassifier {
    /** The model-file type. */
    public static final String TYPE = "sparse-mi";

    private final DifferentiableKernel kernel;
    private final List<String> classNames;
    private final int dim;
    private final List<Vec> xvs;
    private final double[][] weights;
    private final double[] trace;
    private final SparseMi.StopReason stopReason;
    private final FitReport report;

    /** The last value of the objective trace: g(Z) at the returned XVs. */
    public double finalObjective() {
        return trace[trace.length - 1];
    }

    /** This model with another fit report (a fit made of several starts, or RS's own report). */
    SparseMiModel withReport(FitReport value) {
        return new SparseMiModel(kernel, classNames, dim, xvs, weights, trace, stopReason, value);
    }

    /**
     * @param weights per binary problem, (beta_1 .. beta_NXV, rho)
     * @param trace g(Z) at the start and after every accepted step
     * @throws IllegalArgumentException when the weights do not fit the XVs, the problems do not fit
     *         the classes, or an XV has another dimension
     * @throws IllegalStateException when the objective trace increases anywhere (checked on every fit)
     */
    SparseMiModel(DifferentiableKernel kernel, List<String> classNames, int dim, List<Vec> xvs, double[][] weights,
                  double[] trace, SparseMi.StopReason stopReason, FitReport report) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.xvs = List.copyOf(xvs);
        this.stopReason = Objects.requireNonNull(stopReason, "stopReason");
        this.report = Objects.requireNonNull(report, "report");
        int expected = classNames.size() == 2 ? 1 : classNames.size();
        if (classNames.size() < 2 || weights.length != expected) {
            throw new IllegalArgumentException("expected " + expected + " problems for " + classNames.size()
                    + " classes, found " + weights.length);
        }
        for (int j = 0; j < xvs.size(); j++) {
            if (xvs.get(j).dim() != dim) {
                throw new IllegalArgumentException("expansion vector " + j + " has dimension " + xvs.get(j).dim()
                        + ", expected " + dim);
            }
        }
        this.weights = new double[weights.length][];
        for (int p = 0; p < weights.length; p++) {
            if (weights[p].length != xvs.size() + 1) {
                throw new IllegalArgumentException("expected " + (xvs.size() + 1) + " weights for problem " + p
                        + ", found " + weights[p].length);
            }
            this.weights[p] = weights[p].clone();
        }
        if (trace.length == 0) {
            throw new IllegalArgumentException("the objective trace must hold at least the starting value");
        }
        for (int t = 1; t < trace.length; t++) {
            if (!(trace[t] <= trace[t - 1])) {
                throw new IllegalStateException("objective increased at iteration " + t + ": " + trace[t - 1]
                        + " -> " + trace[t]);
            }
        }
        this.trace = trace.clone();
    }

    /** The instance kernel. */
    public DifferentiableKernel kernel() {
        return kernel;
    }

    /** Class names, index = predicted class. */
    @Override
    public List<String> classNames() {
        return classNames;
    }

    /** Instance dimension. */
    @Override
    public int dim() {
        return dim;
    }

    @Override
    public FitReport report() {
        return report;
    }

    /** The expansion vectors z_1 .. z_NXV. */
    public List<Vec> expansionVectors() {
        return xvs;
    }

    /** Number of binary problems: 1 for two classes, else the class count. */
    public int problems() {
        return weights.length;
    }

    /** A copy of beta of binary problem p. */
    public double[] beta(int p) {
        return java.util.Arrays.copyOf(weights[p], xvs.size());
    }

    /** The bias rho of binary problem p. */
    public double rho(int p) {
        return weights[p][xvs.size()];
    }

    /** g(Z) at the start and after every accepted outer iteration; strictly decreasing. */
    public double[] objectiveTrace() {
        return trace.clone();
    }

    /** Outer iterations done (trace length - 1). */
    public int iterations() {
        return trace.length - 1;
    }

    /** Why training stopped. */
    public SparseMi.StopReason stopReason() {
        return stopReason;
    }

    /** Kernel evaluations per instance at prediction: N_XV. */
    @Override
    public int kernelEvaluationsPerInstance() {
        return xvs.size();
    }

    /**
     * f_c(X) for every binary problem c.
     *
     * @throws IllegalArgumentException when the bag's dimension differs from the training data's
     */
    @Override
    public double[] decisions(Bag bag) {
        if (bag.dim() != dim) {
            throw new IllegalArgumentException("bag '" + bag.id() + "' has dimension " + bag.dim()
                    + ", expected " + dim + " as in training");
        }
        int nxv = xvs.size();
        double[] mean = new double[nxv];
        for (Vec x : bag.instances()) {
            for (int j = 0; j < nxv; j++) {
                mean[j] += kernel.apply(x, xvs.get(j));
            }
        }
        double inv = 1.0 / bag.size();
        double[] out = new double[weights.length];
        for (int p = 0; p < weights.length; p++) {
            double[] w = weights[p];
            double s = 0;
            for (int j = 0; j < nxv; j++) {
                s += w[j] * mean[j];
            }
            out[p] = s * inv + w[nxv];
        }
        return out;
    }

    /**
     * f(X) of a two-class model.
     *
     * @throws IllegalStateException for a one-vs-rest model
     */
    public double decision(Bag bag) {
        if (weights.length != 1) {
            throw new IllegalStateException("decision(bag) needs a two-class model; this one has "
                    + classNames.size() + " classes, use decisions(bag)");
        }
        return decisions(bag)[0];
    }

    @Override
    public String toString() {
        return "SparseMiModel(classes=" + classNames + ", xv=" + xvs.size() + ", kernel=" + kernel
                + ", iterations=" + iterations() + ", stop=" + stopReason + ")";
    }
}
