package dev.kernelkit.cvm;

import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.Model;
import java.util.List;
import java.util.Objects;

/**
 * A fitted core vector machine (or ball vector machine) classifier over any example type: the
 * vector model {@link CvmModel} and the bag model {@link BagCvmModel} are this class with their input
 * type. Two classes (indices 0 and 1): one {@link CvmMachine} with class 1 positive, predicting class 1
 * when f(x) &gt; 0. More classes: one-vs-rest (one machine per class, in class order, predict the
 * largest f) or one-vs-one (one machine per pair k &lt; l with class l positive, in the order (0,1),
 * (0,2), ..., (1,2), ...; majority vote, ties to the smaller class).
 *
 * <p>As a {@link Model}: {@link #predict} is the class index and {@link #decisions} are {f} for two
 * classes, f_c per class for one-vs-rest and the vote count per class for one-vs-one (the first
 * largest wins in both); {@link #machineDecisions} gives every machine's f. Immutable.
 *
 * @param <X> the example type
 */
public abstract sealed class CoreVectorClassifier<X> implements Model<X> permits CvmModel, BagCvmModel {
    private final List<String> classNames;
    private final CvmOptions.MultiClass multiClass;
    private final List<CvmMachine<X>> machines;
    private final int dim;
    private final FitReport report;

    /**
     * @throws IllegalArgumentException for fewer than two classes, a machine count that does not fit
     *         them, a negative dimension or an expansion example of another dimension
     */
    CoreVectorClassifier(List<String> classNames, CvmOptions.MultiClass multiClass, List<CvmMachine<X>> machines,
                         int dim, FitReport report) {
        Objects.requireNonNull(multiClass, "multiClass");
        Objects.requireNonNull(report, "report");
        int k = classNames.size();
        if (k < 2) {
            throw new IllegalArgumentException("a classifier needs at least 2 classes, got " + k);
        }
        int expected = k == 2 ? 1 : multiClass == CvmOptions.MultiClass.ONE_VS_REST ? k : k * (k - 1) / 2;
        if (machines.size() != expected) {
            throw new IllegalArgumentException("expected " + expected + " machines for " + k + " classes ("
                    + multiClass + "), found " + machines.size());
        }
        if (dim < 0) {
            throw new IllegalArgumentException("dim must be >= 0, got " + dim);
        }
        for (CvmMachine<X> m : machines) {
            for (X v : m.supportVectors()) {
                int d = m.space().dim(v);
                if (d != dim) {
                    throw new IllegalArgumentException("an expansion example has dimension " + d + ", expected " + dim);
                }
            }
        }
        this.classNames = List.copyOf(classNames);
        this.multiClass = multiClass;
        this.machines = List.copyOf(machines);
        this.dim = dim;
        this.report = report;
    }

    /** The multi-class reduction (irrelevant for two classes). */
    public CvmOptions.MultiClass multiClass() {
        return multiClass;
    }

    /** The binary machines (see the class comment for their order). */
    public List<CvmMachine<X>> machines() {
        return machines;
    }

    /** True for two classes. */
    public boolean isBinary() {
        return classNames.size() == 2;
    }

    /**
     * f(x) of the single machine of a binary model.
     *
     * @throws IllegalStateException for a multi-class model
     */
    public double decision(X x) {
        if (!isBinary()) {
            throw new IllegalStateException("decision(x) needs a binary model; this one has "
                    + classNames.size() + " classes: use decisions(x)");
        }
        return machines.get(0).decision(x);
    }

    /** The decision values f of all machines, in the order of {@link #machines()}. */
    public double[] machineDecisions(X x) {
        double[] f = new double[machines.size()];
        for (int m = 0; m < f.length; m++) {
            f[m] = machines.get(m).decision(x);
        }
        return f;
    }

    /** {f} for two classes; f_c per class (one-vs-rest) or votes per class (one-vs-one) for more. */
    @Override
    public double[] decisions(X x) {
        return classDecisions(machineDecisions(x));
    }

    /** The predicted class index. */
    @Override
    public int predict(X x) {
        return Model.classOf(decisions(x));
    }

    /**
     * The predicted class indices of many examples, by the same rule as {@link #predict} with each
     * machine's decisions computed in one batch ({@link CvmMachine#decisions(List)}).
     */
    public int[] predictIndices(List<? extends X> points) {
        double[][] byMachine = new double[machines.size()][];
        for (int m = 0; m < byMachine.length; m++) {
            byMachine[m] = machines.get(m).decisions(points);
        }
        int[] out = new int[points.size()];
        double[] f = new double[machines.size()];
        for (int p = 0; p < out.length; p++) {
            for (int m = 0; m < f.length; m++) {
                f[m] = byMachine[m][p];
            }
            out[p] = Model.classOf(classDecisions(f));
        }
        return out;
    }

    /** The contract's decision values from the machines' f. */
    private double[] classDecisions(double[] f) {
        if (isBinary() || multiClass == CvmOptions.MultiClass.ONE_VS_REST) {
            return f;
        }
        double[] votes = new double[classNames.size()];
        int m = 0;
        for (int k = 0; k < classNames.size(); k++) {
            for (int l = k + 1; l < classNames.size(); l++) {
                votes[f[m++] > 0 ? l : k]++;
            }
        }
        return votes;
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
    public int dim() {
        return dim;
    }

    /** Total core-set size over all machines. */
    public int coreVectorCount() {
        return machines.stream().mapToInt(CvmMachine::coreSize).sum();
    }

    /** Total count of core vectors above LibCVM's output threshold ({@link CvmMachine#coreVectorsAboveLibcvmThreshold}). */
    public int coreVectorsAboveLibcvmThreshold() {
        return machines.stream().mapToInt(CvmMachine::coreVectorsAboveLibcvmThreshold).sum();
    }

    /** Total count of expansion examples (core vectors with a &gt; 0) over all machines. */
    public int expansionVectorCount() {
        return machines.stream().mapToInt(m -> m.expansion().supportVectorCount()).sum();
    }

    /** Total training seconds over all machines. */
    public double trainSeconds() {
        return machines.stream().mapToDouble(CvmMachine::seconds).sum();
    }
}
