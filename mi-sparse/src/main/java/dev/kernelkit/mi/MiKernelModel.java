package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.List;
import java.util.Set;

/**
 * A fitted MI-Kernel classifier: f_c(X) = sum_i alpha_ci y_ci k_set(X_i, X) + b_c over support
 * bags. Two classes: one machine, class 1 when f &gt; 0; more: one-vs-rest, the largest f_c.
 * Immutable; made by {@link MiKernel}.
 */
public final class MiKernelModel implements BagClassifier {
    private final List<String> classNames;
    private final int dim;
    private final List<KernelExpansionModel<Bag>> machines;
    private final int supportInstances;

    MiKernelModel(List<String> classNames, int dim, List<KernelExpansionModel<Bag>> machines) {
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.machines = List.copyOf(machines);
        Set<Bag> distinct = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (KernelExpansionModel<Bag> m : machines) {
            distinct.addAll(m.supportVectors());
        }
        int n = 0;
        for (Bag b : distinct) {
            n += b.size();
        }
        this.supportInstances = n;
    }

    /** Class names, index = predicted class. */
    public List<String> classNames() {
        return classNames;
    }

    /** The binary machines (one for two classes). */
    public List<KernelExpansionModel<Bag>> machines() {
        return machines;
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
        double[] f = new double[machines.size()];
        for (int p = 0; p < f.length; p++) {
            f[p] = machines.get(p).decision(bag);
        }
        return f;
    }

    /** f(X) of a two-class model. @throws IllegalStateException for a one-vs-rest model */
    public double decision(Bag bag) {
        if (machines.size() != 1) {
            throw new IllegalStateException("decision(bag) needs a two-class model; this one has "
                    + classNames.size() + " classes, use decisions(bag)");
        }
        return decisions(bag)[0];
    }

    @Override
    public int predict(Bag bag) {
        return BagClassifier.classOf(decisions(bag));
    }

    /** Instances in the support bags (of all machines): the kernel evaluations per test instance. */
    @Override
    public int kernelEvaluationsPerInstance() {
        return supportInstances;
    }

    @Override
    public String toString() {
        return "MiKernelModel(classes=" + classNames + ", support instances=" + supportInstances + ")";
    }
}
