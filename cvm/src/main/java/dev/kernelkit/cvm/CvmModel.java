package dev.kernelkit.cvm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A fitted core vector machine (or ball vector machine) classifier. Two classes c_0 &lt; c_1: one
 * {@link CvmMachine} with c_1 positive, predicting c_1 when f(x) &gt; 0. More classes: one-vs-rest
 * (one machine per class, in increasing class order, predict the largest f) or one-vs-one (one
 * machine per pair k &lt; l with c_l positive, in the order (0,1), (0,2), ..., (1,2), ...; majority
 * vote, ties to the smaller class).
 *
 * <p>As a {@link Model}: the class names are {@link LabeledDataset#className} of the labels,
 * {@link #predict} is the class index and {@link #decisions} are {f} for two classes, f_c per class
 * for one-vs-rest and the vote count per class for one-vs-one (the first largest wins in both);
 * {@link #predictLabel} gives the label itself and {@link #machineDecisions} every machine's f.
 * Immutable.
 */
public final class CvmModel implements Model<Vec> {
    private final double[] classes;
    private final List<String> classNames;
    private final CvmOptions.MultiClass multiClass;
    private final List<CvmMachine> machines;
    private final int dim;
    private final FitReport report;

    CvmModel(double[] classes, CvmOptions.MultiClass multiClass, List<CvmMachine> machines, int dim, FitReport report) {
        Objects.requireNonNull(multiClass, "multiClass");
        Objects.requireNonNull(report, "report");
        int k = classes.length;
        if (k < 2) {
            throw new IllegalArgumentException("a classifier needs at least 2 classes, got " + k);
        }
        for (int c = 0; c < k; c++) {
            if (!Double.isFinite(classes[c]) || (c > 0 && !(classes[c] > classes[c - 1]))) {
                throw new IllegalArgumentException("classes must be finite and strictly increasing, got "
                        + Arrays.toString(classes));
            }
        }
        int expected = k == 2 ? 1 : multiClass == CvmOptions.MultiClass.ONE_VS_REST ? k : k * (k - 1) / 2;
        if (machines.size() != expected) {
            throw new IllegalArgumentException("expected " + expected + " machines for " + k + " classes ("
                    + multiClass + "), found " + machines.size());
        }
        if (dim < 0) {
            throw new IllegalArgumentException("dim must be >= 0, got " + dim);
        }
        for (CvmMachine m : machines) {
            for (Vec v : m.supportVectors()) {
                if (v.dim() != dim) {
                    throw new IllegalArgumentException("an expansion vector has dimension " + v.dim() + ", expected " + dim);
                }
            }
        }
        this.classes = classes.clone();
        List<String> names = new ArrayList<>(k);
        for (double c : classes) {
            names.add(LabeledDataset.className(c));
        }
        this.classNames = List.copyOf(names);
        this.multiClass = multiClass;
        this.machines = List.copyOf(machines);
        this.dim = dim;
        this.report = report;
    }

    /** The class labels, increasing. */
    public double[] classes() {
        return classes.clone();
    }

    /** The multi-class reduction (irrelevant for two classes). */
    public CvmOptions.MultiClass multiClass() {
        return multiClass;
    }

    /** The binary machines (see the class comment for their order). */
    public List<CvmMachine> machines() {
        return machines;
    }

    /** True for two classes. */
    public boolean isBinary() {
        return classes.length == 2;
    }

    /**
     * f(x) of the single machine of a binary model.
     *
     * @throws IllegalStateException for a multi-class model
     */
    public double decision(Vec x) {
        if (!isBinary()) {
            throw new IllegalStateException("decision(x) needs a binary model; this one has "
                    + classes.length + " classes: use decisions(x)");
        }
        return machines.get(0).decision(x);
    }

    /** The decision values f of all machines, in the order of {@link #machines()}. */
    public double[] machineDecisions(Vec x) {
        double[] f = new double[machines.size()];
        for (int m = 0; m < f.length; m++) {
            f[m] = machines.get(m).decision(x);
        }
        return f;
    }

    /** {f} for two classes; f_c per class (one-vs-rest) or votes per class (one-vs-one) for more. */
    @Override
    public double[] decisions(Vec x) {
        return classDecisions(machineDecisions(x));
    }

    /** The predicted class index into {@link #classes()}. */
    @Override
    public int predict(Vec x) {
        return Model.classOf(decisions(x));
    }

    /** The predicted class label. */
    public double predictLabel(Vec x) {
        return classes[predict(x)];
    }

    /**
     * The predicted labels of many points, by the same rule as {@link #predictLabel(Vec)} with each
     * machine's decisions computed in one batch ({@link CvmMachine#decisions(List)}).
     */
    public double[] predictLabels(List<? extends Vec> points) {
        double[][] byMachine = new double[machines.size()][];
        for (int m = 0; m < byMachine.length; m++) {
            byMachine[m] = machines.get(m).decisions(points);
        }
        double[] out = new double[points.size()];
        double[] f = new double[machines.size()];
        for (int p = 0; p < out.length; p++) {
            for (int m = 0; m < f.length; m++) {
                f[m] = byMachine[m][p];
            }
            out[p] = classes[Model.classOf(classDecisions(f))];
        }
        return out;
    }

    /** The contract's decision values from the machines' f. */
    private double[] classDecisions(double[] f) {
        if (isBinary() || multiClass == CvmOptions.MultiClass.ONE_VS_REST) {
            return f;
        }
        double[] votes = new double[classes.length];
        int m = 0;
        for (int k = 0; k < classes.length; k++) {
            for (int l = k + 1; l < classes.length; l++) {
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
    public InputKind input() {
        return InputKind.VECTORS;
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

    /** Total count of expansion vectors (core vectors with a &gt; 0) over all machines. */
    public int expansionVectorCount() {
        return machines.stream().mapToInt(m -> m.expansion().supportVectorCount()).sum();
    }

    /** Total training seconds over all machines. */
    public double trainSeconds() {
        return machines.stream().mapToDouble(CvmMachine::seconds).sum();
    }

    @Override
    public String toString() {
        return "CvmModel(classes=" + Arrays.toString(classes) + ", " + multiClass + ", machines=" + machines + ")";
    }
}
