package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A fitted MI-CCCP classifier: instance functions f_c(x) = sum_t c_ct k(x, x_t) + b_c over the
 * training instances with a non-zero coefficient in some machine, bag output
 * f_c(B) = (1/|B|) sum_p f_c(x_p). Two classes: class 1 when f &gt; 0; more: the largest f_c.
 * Immutable; made by {@link MiCccp}, saved and loaded by {@link dev.kernelkit.io.Models} (type
 * {@value #TYPE}, {@link MiCccpCodec}).
 */
public final class MiCccpModel implements BagClassifier {
    /** The model-file type. */
    public static final String TYPE = "micccp";

    private final List<String> classNames;
    private final int dim;
    private final Kernel<Vec> kernel;
    private final List<Vec> vectors;
    private final double[][] coef;
    private final double[] bias;
    private final List<double[]> traces;
    private final boolean[] converged;
    private final FitReport report;

    /**
     * The model over the training instances with a non-zero coefficient in some machine.
     *
     * @param coefs per machine, one coefficient per training instance
     */
    MiCccpModel(List<String> classNames, int dim, Kernel<Vec> kernel, List<Vec> instances, List<double[]> coefs,
                double[] bias, List<double[]> traces, boolean[] converged, FitReport report) {
        this(classNames, dim, kernel, used(instances, coefs), usedCoefficients(instances, coefs), bias, traces,
                converged, report);
    }

    /**
     * A model from its parts (model files).
     *
     * @param vectors the expansion instances
     * @param coef per machine, one coefficient per expansion instance
     * @throws IllegalArgumentException when the parts do not fit together (machines and classes,
     *         coefficients and vectors, traces and flags) or a vector has another dimension
     */
    MiCccpModel(List<String> classNames, int dim, Kernel<Vec> kernel, List<Vec> vectors, double[][] coef,
                double[] bias, List<double[]> traces, boolean[] converged, FitReport report) {
        int expected = classNames.size() == 2 ? 1 : classNames.size();
        if (classNames.size() < 2 || coef.length != expected || bias.length != expected) {
            throw new IllegalArgumentException("expected " + expected + " machines for " + classNames.size()
                    + " classes, found " + coef.length + " coefficient rows and " + bias.length + " biases");
        }
        if (converged.length != coef.length || traces.size() != coef.length) {
            throw new IllegalArgumentException(coef.length + " machines but " + converged.length
                    + " convergence flags and " + traces.size() + " objective traces");
        }
        for (int c = 0; c < coef.length; c++) {
            if (coef[c].length != vectors.size()) {
                throw new IllegalArgumentException("machine " + c + " has " + coef[c].length + " coefficients, expected "
                        + vectors.size());
            }
        }
        for (Vec v : vectors) {
            if (v.dim() != dim) {
                throw new IllegalArgumentException("an expansion instance has dimension " + v.dim() + ", expected "
                        + dim);
            }
        }
        this.converged = converged.clone();
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.vectors = List.copyOf(vectors);
        this.coef = new double[coef.length][];
        for (int c = 0; c < coef.length; c++) {
            this.coef[c] = coef[c].clone();
        }
        this.bias = bias.clone();
        List<double[]> tr = new ArrayList<>();
        traces.forEach(t -> tr.add(t.clone()));
        this.traces = List.copyOf(tr);
        this.report = Objects.requireNonNull(report, "report");
    }

    /** The positions of the instances with a non-zero coefficient in some machine, ascending. */
    private static List<Integer> usedPositions(List<Vec> instances, List<double[]> coefs) {
        List<Integer> used = new ArrayList<>();
        for (int t = 0; t < instances.size(); t++) {
            for (double[] c : coefs) {
                if (c[t] != 0) {
                    used.add(t);
                    break;
                }
            }
        }
        return used;
    }

    private static List<Vec> used(List<Vec> instances, List<double[]> coefs) {
        List<Vec> v = new ArrayList<>();
        for (int t : usedPositions(instances, coefs)) {
            v.add(instances.get(t));
        }
        return v;
    }

    private static double[][] usedCoefficients(List<Vec> instances, List<double[]> coefs) {
        List<Integer> used = usedPositions(instances, coefs);
        double[][] out = new double[coefs.size()][used.size()];
        for (int j = 0; j < used.size(); j++) {
            for (int c = 0; c < coefs.size(); c++) {
                out[c][j] = coefs.get(c)[used.get(j)];
            }
        }
        return out;
    }

    /**
     * Whether each machine's CCCP procedure stopped by its own test (J no longer decreasing) with every step's
     * dual solved to its tolerance, rather than at maxIterations steps or a dual solver's iteration cap.
     */
    public boolean[] converged() {
        return converged.clone();
    }

    @Override
    public int unconvergedMachines() {
        return BagClassifier.countFalse(converged);
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

    /** The instance kernel. */
    public Kernel<Vec> kernel() {
        return kernel;
    }

    /** The training instances with a non-zero coefficient in some machine. */
    public List<Vec> expansionInstances() {
        return vectors;
    }

    /** A copy of machine c's coefficients over {@link #expansionInstances()}. */
    public double[] coefficients(int machine) {
        return coef[machine].clone();
    }

    /** Machine c's bias b_c. */
    public double bias(int machine) {
        return bias[machine];
    }

    /** The objective J after every CCCP step, per machine. */
    public double[] objectiveTrace(int machine) {
        return traces.get(machine).clone();
    }

    /** The number of binary machines. */
    public int machineCount() {
        return bias.length;
    }

    /** f_c(x) = sum_t c_ct k(x, x_t) + b_c. */
    public double instanceDecision(int machine, Vec x) {
        double f = bias[machine];
        for (int j = 0; j < vectors.size(); j++) {
            f += coef[machine][j] * kernel.apply(x, vectors.get(j));
        }
        return f;
    }

    /**
     * f_c(B) = mean_p f_c(x_p) for every machine.
     *
     * @throws IllegalArgumentException when the bag's dimension differs from the training data's
     */
    @Override
    public double[] decisions(Bag bag) {
        if (bag.dim() != dim) {
            throw new IllegalArgumentException("bag '" + bag.id() + "' has dimension " + bag.dim()
                    + ", expected " + dim + " as in training");
        }
        double[] f = new double[bias.length];
        for (Vec x : bag.instances()) {
            for (int j = 0; j < vectors.size(); j++) {
                double kv = kernel.apply(x, vectors.get(j));
                for (int c = 0; c < f.length; c++) {
                    f[c] += coef[c][j] * kv;
                }
            }
        }
        for (int c = 0; c < f.length; c++) {
            f[c] = f[c] / bag.size() + bias[c];
        }
        return f;
    }

    /** Instances with a non-zero coefficient: kernel evaluations per test instance. */
    @Override
    public int kernelEvaluationsPerInstance() {
        return vectors.size();
    }

    @Override
    public String toString() {
        return "MiCccpModel(classes=" + classNames + ", vectors=" + vectors.size() + ")";
    }
}
