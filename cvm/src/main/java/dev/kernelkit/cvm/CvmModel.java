package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import java.util.Arrays;
import java.util.List;

/**
 * A fitted core vector machine classifier. Two classes c_0 &lt; c_1: one {@link CvmMachine} with
 * c_1 positive, predicting c_1 when f(x) &gt; 0. More classes: one-vs-rest (one machine per class,
 * in increasing class order, predict the largest f) or one-vs-one (one machine per pair k &lt; l
 * with c_l positive, in the order (0,1), (0,2), ..., (1,2), ...; majority vote, ties to the smaller
 * class). Immutable.
 */
public final class CvmModel {
    private final double[] classes;
    private final CvmOptions.MultiClass multiClass;
    private final List<CvmMachine> machines;

    CvmModel(double[] classes, CvmOptions.MultiClass multiClass, List<CvmMachine> machines) {
        int k = classes.length;
        int expected = k == 2 ? 1 : multiClass == CvmOptions.MultiClass.ONE_VS_REST ? k : k * (k - 1) / 2;
        if (machines.size() != expected) {
            throw new IllegalArgumentException("expected " + expected + " machines for " + k + " classes ("
                    + multiClass + "), found " + machines.size());
        }
        this.classes = classes.clone();
        this.multiClass = multiClass;
        this.machines = List.copyOf(machines);
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

    /** The decision values of all machines. */
    public double[] decisions(Vec x) {
        double[] f = new double[machines.size()];
        for (int m = 0; m < f.length; m++) {
            f[m] = machines.get(m).decision(x);
        }
        return f;
    }

    /** The predicted class label. */
    public double predict(Vec x) {
        return classOf(decisions(x));
    }

    /**
     * The predicted labels of many points, by the same rule as {@link #predict(Vec)} with each
     * machine's decisions computed in one batch ({@link CvmMachine#decisions(List)}).
     */
    public double[] predict(List<? extends Vec> points) {
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
            out[p] = classOf(f);
        }
        return out;
    }

    private double classOf(double[] f) {
        if (isBinary()) {
            return f[0] > 0 ? classes[1] : classes[0];
        }
        if (multiClass == CvmOptions.MultiClass.ONE_VS_REST) {
            int best = 0;
            for (int k = 1; k < f.length; k++) {
                if (f[k] > f[best]) {
                    best = k;
                }
            }
            return classes[best];
        }
        int[] votes = new int[classes.length];
        int m = 0;
        for (int k = 0; k < classes.length; k++) {
            for (int l = k + 1; l < classes.length; l++) {
                votes[f[m++] > 0 ? l : k]++;
            }
        }
        int best = 0;
        for (int k = 1; k < votes.length; k++) {
            if (votes[k] > votes[best]) {
                best = k;
            }
        }
        return classes[best];
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
