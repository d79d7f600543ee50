package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A fitted mi-SVM or MI-SVM classifier: instance functions f_c(x) = sum_s alpha_s y_s k(x_s, x) + b_c,
 * bag scores F_c(X) = max_p f_c(x_p) (the label-max rule). Two classes: one machine, class 1 when
 * F &gt; 0; more: one-vs-rest, the largest F_c. Immutable; made by {@link MiSvm}, saved and
 * loaded by {@link dev.kernelkit.io.Models} (type {@value #TYPE}, {@link MiSvmCodec}).
 */
public final class MiSvmModel implements BagClassifier {
    /** The model-file type (both variants). */
    public static final String TYPE = "misvm";

    private final MiSvmOptions.Variant variant;
    private final List<String> classNames;
    private final int dim;
    private final List<KernelExpansionModel<Vec>> machines;
    private final int[] rounds;
    private final boolean[] converged;
    private final int supportVectors;
    private final FitReport report;

    /**
     * @throws IllegalArgumentException when the machines do not fit the classes, the per-machine
     *         rounds or flags do not fit the machines, or a support vector has another dimension
     */
    MiSvmModel(MiSvmOptions.Variant variant, List<String> classNames, int dim,
               List<KernelExpansionModel<Vec>> machines, int[] rounds, boolean[] converged, FitReport report) {
        int expected = classNames.size() == 2 ? 1 : classNames.size();
        if (classNames.size() < 2 || machines.size() != expected) {
            throw new IllegalArgumentException("expected " + expected + " machines for " + classNames.size()
                    + " classes, found " + machines.size());
        }
        if (rounds.length != machines.size() || converged.length != machines.size()) {
            throw new IllegalArgumentException(machines.size() + " machines but " + rounds.length + " round counts and "
                    + converged.length + " convergence flags");
        }
        for (KernelExpansionModel<Vec> m : machines) {
            for (Vec v : m.supportVectors()) {
                if (v.dim() != dim) {
                    throw new IllegalArgumentException("a support vector has dimension " + v.dim() + ", expected " + dim);
                }
            }
        }
        this.variant = Objects.requireNonNull(variant, "variant");
        this.report = Objects.requireNonNull(report, "report");
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.machines = List.copyOf(machines);
        this.rounds = rounds.clone();
        this.converged = converged.clone();
        Set<Vec> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        for (KernelExpansionModel<Vec> m : machines) {
            distinct.addAll(m.supportVectors());
        }
        this.supportVectors = distinct.size();
    }

    /** mi-SVM or MI-SVM. */
    public MiSvmOptions.Variant variant() {
        return variant;
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

    /** The binary instance-level machines (one for two classes). */
    public List<KernelExpansionModel<Vec>> machines() {
        return machines;
    }

    /** SVM fits made for each machine (1 + the number of label / witness updates). */
    public int[] rounds() {
        return rounds.clone();
    }

    /**
     * Whether each machine stopped because its labels / witnesses no longer changed (not by the round cap)
     * with its last SVM solve within the SMO tolerance (not at the SMO iteration cap).
     */
    public boolean[] converged() {
        return converged.clone();
    }

    @Override
    public int unconvergedMachines() {
        return BagClassifier.countFalse(converged);
    }

    /**
     * F_c(X) = max_p f_c(x_p) for every machine.
     *
     * @throws IllegalArgumentException when the bag's dimension differs from the training data's
     */
    @Override
    public double[] decisions(Bag bag) {
        if (bag.dim() != dim) {
            throw new IllegalArgumentException("bag '" + bag.id() + "' has dimension " + bag.dim()
                    + ", expected " + dim + " as in training");
        }
        double[] f = new double[machines.size()];
        for (int c = 0; c < f.length; c++) {
            double best = Double.NEGATIVE_INFINITY;
            for (Vec x : bag.instances()) {
                best = Math.max(best, machines.get(c).decision(x));
            }
            f[c] = best;
        }
        return f;
    }

    /** Distinct support vectors over all machines: the kernel evaluations per test instance. */
    @Override
    public int kernelEvaluationsPerInstance() {
        return supportVectors;
    }

    @Override
    public String toString() {
        return variant.literatureName() + "Model(classes=" + classNames + ", support vectors=" + supportVectors
                + ", rounds=" + java.util.Arrays.toString(rounds) + ")";
    }
}
