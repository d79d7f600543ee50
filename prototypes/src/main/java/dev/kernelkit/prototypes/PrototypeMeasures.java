package dev.kernelkit.prototypes;

import dev.kernelkit.data.LabeledDataset;
import java.util.Arrays;

/**
 * The prototype-quality measures of IMKPL (spec {@code prototypes.md} §6.3–6.4), as fractions in
 * [0, 1] (multiply by 100 for the paper's %).
 *
 * <pre>
 *   IP = (1/k) Σ_j [ (H u_j)_{c_j} / ‖H u_j‖₁ ] · exp(−S_j),   S_j = ½ Σ_{s,t} ū_s ū_t D_st,  ū = u_j/‖u_j‖₁
 *   DR = mean over prototypes j used by a test point of (g_j)_{c_j} / ‖g_j‖₁,   g_j = H_z (γ_z^j)ᵀ
 * </pre>
 *
 * The purity factor of IP and the DR definition follow the paper; the compactness exponent S_j
 * (the weighted spread of the constituents around their mean in the combined feature space) is a
 * reconstruction (spec label R-low). Prototypes no test point uses are left out of DR.
 */
public final class PrototypeMeasures {
    private PrototypeMeasures() {
    }

    /** Interpretability IP of the model's prototypes. */
    public static double interpretability(ImkplModel model) {
        int k = model.prototypeCount();
        double sum = 0;
        for (int j = 0; j < k; j++) {
            double[] mass = model.classMass(j);
            double total = Arrays.stream(mass).sum();
            if (!(total > 0)) {
                continue;
            }
            double purity = mass[model.prototypeClass(j)] / total;
            int[] pts = model.prototypePoints(j);
            double[] w = model.prototypeWeights(j);
            double l1 = Arrays.stream(w).sum();
            double spread = 0;
            for (int a = 0; a < pts.length; a++) {
                for (int b = 0; b < pts.length; b++) {
                    double d = model.kernelBetweenPoints(pts[a], pts[a]) + model.kernelBetweenPoints(pts[b], pts[b])
                            - 2 * model.kernelBetweenPoints(pts[a], pts[b]);
                    spread += (w[a] / l1) * (w[b] / l1) * d;
                }
            }
            sum += purity * Math.exp(-0.5 * spread);
        }
        return sum / k;
    }

    /** Discriminative representation DR of the codes of a labelled test set. */
    public static double discrimination(ImkplModel model, LabeledDataset test) {
        return discrimination(model, codes(model, test), test.labels());
    }

    /** The test-time codes γ_z (spec §6.1) of every point of {@code test}, computed in parallel. */
    public static double[][] codes(ImkplModel model, LabeledDataset test) {
        return model.codes(test.points());
    }

    /**
     * The codes each test point's prediction is read from under the model's rule ({@link ImkplModel#ruleCode}):
     * γ_z for the vote (its weight on prototypes that coincide in feature space across classes shared among them),
     * the winning class's restricted code for class-wise reconstruction, the nearest
     * prototype's indicator for the nearest-prototype rule. DR of these is the rule's DR. Computed in parallel.
     */
    public static double[][] ruleCodes(ImkplModel model, LabeledDataset test) {
        return model.ruleCodes(test.points());
    }

    /**
     * A diagnostic beside DR, not a measure of the paper: the mean over test points z of the share of
     * z's code mass on prototypes of z's own class, Σ_{j: c_j = y_z} γ_zj / Σ_j γ_zj. DR averages the
     * same class purity per prototype; this one averages it per test point, so it says how much of a
     * typical point's reconstruction comes from its own class (about 1/c for codes blind to the class,
     * 1 when every point is coded by prototypes of its class only). Points whose code is 0 are left out.
     *
     * @throws IllegalArgumentException when a label is not one of the model's classes or sizes differ
     */
    public static double ownClassCodeMass(ImkplModel model, double[][] codes, double[] labels) {
        int[] cls = classIndices(model, codes, labels);
        double sum = 0;
        int counted = 0;
        for (int i = 0; i < codes.length; i++) {
            int q = cls[i];
            double own = 0;
            double total = 0;
            for (int j = 0; j < codes[i].length; j++) {
                total += codes[i][j];
                if (model.prototypeClass(j) == q) {
                    own += codes[i][j];
                }
            }
            if (total > 0) {
                sum += own / total;
                counted++;
            }
        }
        return counted == 0 ? 0.0 : sum / counted;
    }

    /**
     * The model's class index of every label.
     *
     * @throws IllegalArgumentException when the sizes differ or a label is not one of the model's classes
     */
    private static int[] classIndices(ImkplModel model, double[][] codes, double[] labels) {
        if (codes.length != labels.length) {
            throw new IllegalArgumentException("codes and labels must have equal size, got " + codes.length + " and "
                    + labels.length);
        }
        double[] classes = model.classValues();
        int[] out = new int[labels.length];
        for (int i = 0; i < labels.length; i++) {
            int q = Arrays.binarySearch(classes, labels[i]);
            if (q < 0) {
                throw new IllegalArgumentException("label " + labels[i] + " of test point " + i
                        + " is not a class of the model " + Arrays.toString(classes));
            }
            out[i] = q;
        }
        return out;
    }

    /** The mean number of prototypes a test code uses (non-zero entries of γ_z). */
    public static double meanCodeSize(double[][] codes) {
        long nnz = 0;
        for (double[] c : codes) {
            for (double v : c) {
                if (v != 0) {
                    nnz++;
                }
            }
        }
        return codes.length == 0 ? 0.0 : (double) nnz / codes.length;
    }

    /**
     * DR from precomputed codes.
     *
     * @throws IllegalArgumentException when a label is not one of the model's classes or sizes differ
     */
    public static double discrimination(ImkplModel model, double[][] codes, double[] labels) {
        int[] cls = classIndices(model, codes, labels);
        int k = model.prototypeCount();
        double[][] g = new double[k][model.classValues().length];
        for (int i = 0; i < codes.length; i++) {
            for (int j = 0; j < k; j++) {
                g[j][cls[i]] += codes[i][j];
            }
        }
        double sum = 0;
        int used = 0;
        for (int j = 0; j < k; j++) {
            double total = Arrays.stream(g[j]).sum();
            if (total > 0) {
                sum += g[j][model.prototypeClass(j)] / total;
                used++;
            }
        }
        return used == 0 ? 0.0 : sum / used;
    }
}
