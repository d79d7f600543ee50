package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.ArrayList;
import java.util.List;

/**
 * A fitted MI-CCCP classifier: instance functions f_c(x) = sum_t c_ct k(x, x_t) + b_c over the
 * training instances with a non-zero coefficient in some machine, bag output
 * f_c(B) = (1/|B|) sum_p f_c(x_p). Two classes: class 1 when f &gt; 0; more: the largest f_c.
 * Immutable; made by {@link MiCccp}.
 */
public final class MiCccpModel implements BagClassifier {
    private final List<String> classNames;
    private final int dim;
    private final Kernel<Vec> kernel;
    private final List<Vec> vectors;
    private final double[][] coef;
    private final double[] bias;
    private final List<double[]> traces;
    private final boolean[] converged;

    MiCccpModel(List<String> classNames, int dim, Kernel<Vec> kernel, List<Vec> instances, List<double[]> coefs,
                double[] bias, List<double[]> traces, boolean[] converged) {
        if (converged.length != coefs.size()) {
            throw new IllegalArgumentException(coefs.size() + " machines but " + converged.length + " convergence flags");
        }
        this.converged = converged.clone();
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.kernel = kernel;
        List<Integer> used = new ArrayList<>();
        for (int t = 0; t < instances.size(); t++) {
            for (double[] c : coefs) {
                if (c[t] != 0) {
                    used.add(t);
                    break;
                }
            }
        }
        List<Vec> v = new ArrayList<>(used.size());
        this.coef = new double[coefs.size()][used.size()];
        for (int j = 0; j < used.size(); j++) {
            v.add(instances.get(used.get(j)));
            for (int c = 0; c < coefs.size(); c++) {
                coef[c][j] = coefs.get(c)[used.get(j)];
            }
        }
        this.vectors = List.copyOf(v);
        this.bias = bias.clone();
        List<double[]> tr = new ArrayList<>();
        traces.forEach(t -> tr.add(t.clone()));
        this.traces = List.copyOf(tr);
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
    public List<String> classNames() {
        return classNames;
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

    @Override
    public int predict(Bag bag) {
        return BagClassifier.classOf(decisions(bag));
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
