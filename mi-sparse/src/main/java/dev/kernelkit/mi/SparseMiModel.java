package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A fitted sparse label-mean bag classifier (SparseMI, RSVM or RS): for each binary problem c,
 * f_c(X) = (1/n) sum_p sum_j beta_cj k(x_p, z_j) + rho_c over N_XV expansion vectors z_j shared
 * by all problems (TNNLS 2013, eq. 9-12, 19). Two classes: one problem, class 1 when f &gt; 0.
 * More: one-vs-rest, the class of the largest f_c. Prediction costs n * N_XV kernel
 * evaluations per bag. Immutable; made by its trainers or {@link #load}.
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
    private final double trainSeconds;

    /** The last value of the objective trace: g(Z) at the returned XVs. */
    public double finalObjective() {
        return trace[trace.length - 1];
    }

    /** This model with another training time (for a fit made of several starts). */
    SparseMiModel withTrainSeconds(double seconds) {
        return new SparseMiModel(kernel, classNames, dim, xvs, weights, trace, stopReason, seconds);
    }

    /** @throws IllegalStateException when the objective trace increases anywhere (checked on every fit) */
    SparseMiModel(DifferentiableKernel kernel, List<String> classNames, int dim, List<Vec> xvs, double[][] weights,
                  double[] trace, SparseMi.StopReason stopReason, double trainSeconds) {
        this.kernel = kernel;
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.xvs = List.copyOf(xvs);
        this.weights = new double[weights.length][];
        for (int p = 0; p < weights.length; p++) {
            if (weights[p].length != xvs.size() + 1) {
                throw new IllegalArgumentException("expected " + (xvs.size() + 1) + " weights for problem " + p
                        + ", found " + weights[p].length);
            }
            this.weights[p] = weights[p].clone();
        }
        for (int t = 1; t < trace.length; t++) {
            if (!(trace[t] <= trace[t - 1])) {
                throw new IllegalStateException("objective increased at iteration " + t + ": " + trace[t - 1]
                        + " -> " + trace[t]);
            }
        }
        this.trace = trace.clone();
        this.stopReason = stopReason;
        this.trainSeconds = trainSeconds;
    }

    /** The instance kernel. */
    public DifferentiableKernel kernel() {
        return kernel;
    }

    /** Class names, index = predicted class. */
    public List<String> classNames() {
        return classNames;
    }

    /** Instance dimension. */
    public int dim() {
        return dim;
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

    /** Training time in seconds (0 for a loaded model). */
    public double trainSeconds() {
        return trainSeconds;
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

    /** The predicted class index. */
    @Override
    public int predict(Bag bag) {
        return BagClassifier.classOf(decisions(bag));
    }

    /** Writes the model as a kernelkit model file of type {@value #TYPE}. */
    public void save(Path file) throws IOException {
        ModelFileWriter w = new ModelFileWriter(TYPE);
        w.putString("kernel", Kernels.format(kernel));
        w.putStrings("classes", classNames);
        w.putInt("dim", dim);
        w.putVecs("xv", xvs);
        w.putInt("problems", weights.length);
        for (int p = 0; p < weights.length; p++) {
            w.putDoubles("beta." + p, beta(p));
            w.putDouble("rho." + p, rho(p));
        }
        w.putDoubles("objective", trace);
        w.putString("stop", stopReason.name());
        w.write(file);
    }

    /**
     * Reads a model written by {@link #save}.
     *
     * @throws IOException (a ModelFormatException from the reader) naming the file, line and key when it is not a valid
     *         sparse-mi model
     */
    public static SparseMiModel load(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file).requireType(TYPE);
        Kernel<Vec> k;
        try {
            k = Kernels.parse(f.getString("kernel"));
        } catch (IllegalArgumentException e) {
            throw new IOException(f.fileName() + ": invalid kernel: " + e.getMessage());
        }
        if (!(k instanceof DifferentiableKernel dk)) {
            throw new IOException(f.fileName() + ": expected a gaussian, polynomial or linear kernel, found '"
                    + f.getString("kernel") + "'");
        }
        List<String> classes = f.getStrings("classes");
        int dim = f.getInt("dim");
        List<Vec> xvs = f.getVecs("xv");
        for (int j = 0; j < xvs.size(); j++) {
            if (xvs.get(j).dim() != dim) {
                throw new IOException(f.fileName() + ": expansion vector " + j + " has dimension "
                        + xvs.get(j).dim() + ", expected " + dim);
            }
        }
        int problems = f.getInt("problems");
        int expected = classes.size() == 2 ? 1 : classes.size();
        if (problems != expected) {
            throw new IOException(f.fileName() + ": expected " + expected + " problems for "
                    + classes.size() + " classes, found " + problems);
        }
        double[][] w = new double[problems][];
        for (int p = 0; p < problems; p++) {
            double[] beta = f.getDoubles("beta." + p, xvs.size());
            w[p] = java.util.Arrays.copyOf(beta, xvs.size() + 1);
            w[p][xvs.size()] = f.getDouble("rho." + p);
        }
        SparseMi.StopReason stop;
        try {
            stop = SparseMi.StopReason.valueOf(f.getString("stop"));
        } catch (IllegalArgumentException e) {
            throw new IOException(f.fileName() + ": unknown stop reason '" + f.getString("stop") + "'");
        }
        try {
            return new SparseMiModel(dk, classes, dim, xvs, w, f.getDoubles("objective"), stop, 0.0);
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new IOException(f.fileName() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "SparseMiModel(classes=" + classNames + ", xv=" + xvs.size() + ", kernel=" + kernel
                + ", iterations=" + iterations() + ", stop=" + stopReason + ")";
    }
}
