package dev.kernelkit.cvm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A fitted core vector machine (or ball vector machine) classifier over vectors
 * ({@link CoreVectorClassifier} with real class labels c_0 &lt; c_1 &lt; ...): two classes give one
 * {@link CvmMachine} with c_1 positive, predicting c_1 when f(x) &gt; 0; more classes one-vs-rest or
 * one-vs-one. The class names are {@link LabeledDataset#className} of the labels;
 * {@link #predictLabel} gives the label itself. Immutable.
 */
public final class CvmModel extends CoreVectorClassifier<Vec> {
    private final double[] classes;

    CvmModel(double[] classes, CvmOptions.MultiClass multiClass, List<CvmMachine<Vec>> machines, int dim,
             FitReport report) {
        super(names(classes), multiClass, machines, dim, report);
        this.classes = classes.clone();
    }

    private static List<String> names(double[] classes) {
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
        List<String> names = new ArrayList<>(k);
        for (double c : classes) {
            names.add(LabeledDataset.className(c));
        }
        return names;
    }

    /** The class labels, increasing. */
    public double[] classes() {
        return classes.clone();
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
        int[] k = predictIndices(points);
        double[] out = new double[k.length];
        for (int p = 0; p < out.length; p++) {
            out[p] = classes[k[p]];
        }
        return out;
    }

    @Override
    public InputKind input() {
        return InputKind.VECTORS;
    }

    @Override
    public String toString() {
        return "CvmModel(classes=" + Arrays.toString(classes) + ", " + multiClass() + ", machines=" + machines() + ")";
    }
}
