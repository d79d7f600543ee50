package dev.kernelkit.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.LearnsKernel;
import dev.kernelkit.learn.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A fitted IMKPL (or ISKPL) model: prototypes Φ(X)u_j built from a few training samples each,
 * kernel weights β, and the test-time coding of spec §6.1–6.2:
 *
 * <pre>
 *   γ_z = NQP(Q = 2·UᵀKU, c = −2·Uᵀk_z, T)       (eq. 7 with λ = 0; k_z = Σ_m β_m K_m(X, z))
 *   ŷ(z) = argmax_q (H U γ_z)_q                    (ties: smallest class index)
 * </pre>
 *
 * If γ_z = 0 the class of the prototype with the largest k_zᵀu_j is predicted. The model keeps
 * only the training samples that occur in some prototype. As a {@link Model}: {@link #predict} is the
 * class index of ŷ(z), {@link #decisions} the class scores (H U γ_z)_q ({@link #classScores}; for two
 * classes the single value (HUγ_z)_1 − (HUγ_z)_0), and when γ_z = 0 the indicator of the fallback class
 * (1 for it, 0 for the others; ±1 for two classes); {@link #predictLabel} gives the label. As a
 * {@link LearnsKernel}: one machine whose learned kernel is K(β) = Σ_m β_m K_m. Immutable; made by
 * {@link Imkpl#fit} and {@link ImkplCodec}.
 */
public final class ImkplModel implements Model<Vec>, LearnsKernel<Vec> {
    static final String TYPE = "imkpl";

    private final MultipleKernel kernels;
    private final double[] beta;
    private final double[] classValues;
    private final List<String> classNames;
    private final List<Vec> points;        // training samples used by some prototype
    private final int[] trainIndex;        // their index in the training set
    private final int[] pointClass;        // their class index
    private final int[][] protoIdx;        // prototype j: indices into points
    private final double[][] protoVal;     // prototype j: weights u_sj
    private final int[] protoClass;        // c_j
    private final int t;
    private final ImkplOptions options;
    private final FitReport report;

    private final MultipleKernel.Combined learned;
    /** Rows of K(β) between a new point and the stored points. */
    private final MultipleKernel.Rows rows;
    /** The combined kernel between the stored points (row-major), for the prototype forms and IP. */
    private final double[] kp;
    private final double[][] q2;           // 2·UᵀKU

    /**
     * @throws IllegalArgumentException for inconsistent parts (sizes, indices, weights)
     */
    ImkplModel(MultipleKernel kernels, double[] beta, double[] classValues, List<Vec> points, int[] trainIndex,
               int[] pointClass, int[][] protoIdx, double[][] protoVal, int[] protoClass, int t,
               ImkplOptions options, FitReport report) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.options = Objects.requireNonNull(options, "options");
        this.report = Objects.requireNonNull(report, "report");
        this.beta = beta;
        this.classValues = classValues;
        List<String> names = new ArrayList<>(classValues.length);
        for (double c : classValues) {
            names.add(LabeledDataset.className(c));
        }
        this.classNames = List.copyOf(names);
        this.points = List.copyOf(points);
        this.trainIndex = trainIndex;
        this.pointClass = pointClass;
        this.protoIdx = protoIdx;
        this.protoVal = protoVal;
        this.protoClass = protoClass;
        this.t = t;
        this.learned = kernels.combined(beta);
        this.rows = learned.rows(this.points);
        SharedKernelMatrices ev = kernels.gram(this.points, 0L);
        int k = protoIdx.length;
        int p = this.points.size();
        this.kp = new double[p * p];
        ev.combinedInto(beta, kp);
        this.q2 = new double[k][k];
        for (int j = 0; j < k; j++) {
            for (int l = 0; l <= j; l++) {
                double v = 0;
                for (int x = 0; x < protoIdx[j].length; x++) {
                    for (int z = 0; z < protoIdx[l].length; z++) {
                        v += protoVal[j][x] * protoVal[l][z] * kp[protoIdx[j][x] * p + protoIdx[l][z]];
                    }
                }
                q2[j][l] = 2 * v;
                q2[l][j] = 2 * v;
            }
        }
    }

    /** The number of prototypes k. */
    public int prototypeCount() {
        return protoIdx.length;
    }

    /** The number of classes c. */
    public int classCount() {
        return classValues.length;
    }

    /** The class labels (as in the training data), in class-index order. */
    public double[] classValues() {
        return classValues.clone();
    }

    /** The kernel weights β (one per base kernel; a copy). */
    public double[] kernelWeights() {
        return beta.clone();
    }

    /** The number of base kernels with β_m &gt; threshold (the paper's "selected features" with 1e-6). */
    public int selectedKernels(double threshold) {
        int cnt = 0;
        for (double b : beta) {
            if (b > threshold) {
                cnt++;
            }
        }
        return cnt;
    }

    /** The base kernels. */
    @Override
    public MultipleKernel baseKernels() {
        return kernels;
    }

    /** One machine: the prototypes share one kernel. */
    @Override
    public int machineCount() {
        return 1;
    }

    /** β (machine 0 only). */
    @Override
    public double[] kernelWeights(int machine) {
        Objects.checkIndex(machine, 1);
        return kernelWeights();
    }

    /** K(β) = Σ_m β_m K_m (machine 0 only), the kernel of the prototypes and codes. */
    @Override
    public MultipleKernel.Combined learnedKernel(int machine) {
        Objects.checkIndex(machine, 1);
        return learned;
    }

    /** J after initialisation and after each outer iteration (the fit report's objective trace). */
    public double[] objectiveHistory() {
        return report.objective();
    }

    /** Whether training stopped on the relative-change test rather than the iteration cap. */
    public boolean converged() {
        return report.converged();
    }

    @Override
    public FitReport report() {
        return report;
    }

    @Override
    public List<String> classNames() {
        return classNames;
    }

    @Override
    public InputKind input() {
        return InputKind.VECTORS;
    }

    /** The input dimension (that of the stored training samples). */
    @Override
    public int dim() {
        return points.get(0).dim();
    }

    /** The options the model was trained with. */
    public ImkplOptions options() {
        return options;
    }

    /** The class index c_j of prototype j (argmax of its class mass). */
    public int prototypeClass(int j) {
        return protoClass[j];
    }

    /** The constituents of prototype j: training-set index, label and weight u_sj. */
    public List<Constituent> prototype(int j) {
        List<Constituent> out = new ArrayList<>();
        for (int x = 0; x < protoIdx[j].length; x++) {
            int a = protoIdx[j][x];
            out.add(new Constituent(trainIndex[a], classValues[pointClass[a]], protoVal[j][x], protoVal[j][x]));
        }
        return out;
    }

    /** Class mass (H u_j)_q of prototype j. */
    double[] classMass(int j) {
        double[] mass = new double[classValues.length];
        for (int x = 0; x < protoIdx[j].length; x++) {
            mass[pointClass[protoIdx[j][x]]] += protoVal[j][x];
        }
        return mass;
    }

    /** Combined K between two constituents of prototypes (local point indices). */
    double kernelBetweenPoints(int a, int b) {
        return kp[a * points.size() + b];
    }

    int[] prototypePoints(int j) {
        return protoIdx[j].clone();
    }

    double[] prototypeWeights(int j) {
        return protoVal[j].clone();
    }

    /** k_z over the stored points. */
    private double[] kernelRow(Vec z) {
        if (z.dim() != dim()) {
            throw new IllegalArgumentException("point has dimension " + z.dim() + ", expected " + dim());
        }
        double[] kz = new double[points.size()];
        rows.row(z, kz);
        return kz;
    }

    /** k_z = (K(β)(z, x_s)) over the stored training samples x_s ({@link #storedPoints}). */
    double[] kernelRowOf(Vec z) {
        return kernelRow(z);
    }

    /** The decision values of a point from its kernel row k_z over the stored samples (see {@link #decisions}). */
    double[] decisionsFromKernelRow(double[] kz) {
        if (kz.length != points.size()) {
            throw new IllegalArgumentException("expected a kernel row of " + points.size() + " values, found " + kz.length);
        }
        double[] proj = projections(kz);
        return decisionsOf(codesFromProjections(proj), proj);
    }

    /** The training samples the prototypes are built from (the points of {@link #kernelRowOf}). */
    List<Vec> storedPoints() {
        return points;
    }

    /** Uᵀk_z. */
    private double[] projections(double[] kz) {
        double[] r = new double[protoIdx.length];
        for (int j = 0; j < protoIdx.length; j++) {
            double v = 0;
            for (int x = 0; x < protoIdx[j].length; x++) {
                v += protoVal[j][x] * kz[protoIdx[j][x]];
            }
            r[j] = v;
        }
        return r;
    }

    /** The code γ_z (length k, ≥ 0, at most T non-zeros): eq. 7 with λ = 0. */
    public double[] codes(Vec z) {
        return codesFromProjections(projections(kernelRow(z)));
    }

    private double[] codesFromProjections(double[] proj) {
        double[] cv = new double[proj.length];
        for (int j = 0; j < proj.length; j++) {
            cv[j] = -2 * proj[j];
        }
        return NonNegativeQuadraticPursuit.solve(NonNegativeQuadraticPursuit.dense(q2), cv,
                NonNegativeQuadraticPursuit.Options.defaults(t), null).x();
    }

    /** (H U γ)_q for every class q. */
    public double[] classScores(double[] codes) {
        double[] sc = new double[classValues.length];
        for (int j = 0; j < protoIdx.length; j++) {
            if (codes[j] == 0) {
                continue;
            }
            for (int x = 0; x < protoIdx[j].length; x++) {
                sc[pointClass[protoIdx[j][x]]] += codes[j] * protoVal[j][x];
            }
        }
        return sc;
    }

    /** The predicted class index (0-based, into {@link #classValues()}). */
    @Override
    public int predict(Vec z) {
        double[] proj = projections(kernelRow(z));
        double[] g = codesFromProjections(proj);
        return decide(g, proj);
    }

    /**
     * The decision values of z: the class scores (H U γ_z)_q (two classes: score 1 − score 0), or, when γ_z = 0,
     * the indicator of the fallback class of {@link #predict} (1 there, 0 elsewhere; two classes: +1 for class 1,
     * −1 for class 0). {@link Model#classOf} of them is {@link #predict}.
     */
    @Override
    public double[] decisions(Vec z) {
        double[] proj = projections(kernelRow(z));
        double[] g = codesFromProjections(proj);
        return decisionsOf(g, proj);
    }

    /** The decision values of a code and its projections (see {@link #decisions}). */
    double[] decisionsOf(double[] g, double[] proj) {
        boolean any = false;
        for (double v : g) {
            any |= v > 0;
        }
        double[] sc;
        if (any) {
            sc = classScores(g);
        } else {
            sc = new double[classValues.length];
            sc[decide(g, proj)] = 1.0;
        }
        if (sc.length == 2) {
            return new double[] {any ? sc[1] - sc[0] : (sc[1] > 0 ? 1.0 : -1.0)};
        }
        return sc;
    }

    private int decide(double[] g, double[] proj) {
        boolean any = false;
        for (double v : g) {
            any |= v > 0;
        }
        if (!any) {
            int best = 0;
            for (int j = 1; j < proj.length; j++) {
                if (proj[j] > proj[best]) {
                    best = j;
                }
            }
            return protoClass[best];
        }
        double[] sc = classScores(g);
        int best = 0;
        for (int q = 1; q < sc.length; q++) {
            if (sc[q] > sc[best]) {
                best = q;
            }
        }
        return best;
    }

    /** The predicted label (a value of {@link #classValues()}). */
    public double predictLabel(Vec z) {
        return classValues[predict(z)];
    }

    /** Predicted labels for many points (parallel). */
    public double[] predictLabels(List<? extends Vec> zs) {
        double[] out = new double[zs.size()];
        java.util.stream.IntStream.range(0, zs.size()).parallel().forEach(i -> out[i] = predictLabel(zs.get(i)));
        return out;
    }

    /** One training sample inside a prototype: its index, label, weight u_sj and contribution. */
    public record Constituent(int trainingIndex, double label, double weight, double contribution) {
    }

    /** One prototype used by a prediction: its code weight γ_j, class, and constituents (contribution = γ_j·u_sj). */
    public record PrototypeUse(int prototype, double codeWeight, double prototypeLabel, List<Constituent> constituents) {
        /** Copies the list. */
        public PrototypeUse {
            constituents = List.copyOf(constituents);
        }
    }

    /** Why z got its label: the prototypes it is reconstructed from, heaviest first. */
    public record Explanation(double predicted, double[] classScores, List<PrototypeUse> prototypes) {
        /** Copies the arrays and list. */
        public Explanation {
            classScores = classScores.clone();
            prototypes = List.copyOf(prototypes);
        }

        @Override
        public double[] classScores() {
            return classScores.clone();
        }
    }

    /** Explains the prediction for z. */
    public Explanation explain(Vec z) {
        double[] proj = projections(kernelRow(z));
        double[] g = codesFromProjections(proj);
        int cls = decide(g, proj);
        List<PrototypeUse> uses = new ArrayList<>();
        Integer[] order = new Integer[g.length];
        for (int j = 0; j < g.length; j++) {
            order[j] = j;
        }
        Arrays.sort(order, (a, b) -> Double.compare(g[b], g[a]));
        for (int j : order) {
            if (g[j] <= 0) {
                break;
            }
            List<Constituent> cs = new ArrayList<>();
            for (int x = 0; x < protoIdx[j].length; x++) {
                int a = protoIdx[j][x];
                cs.add(new Constituent(trainIndex[a], classValues[pointClass[a]], protoVal[j][x], g[j] * protoVal[j][x]));
            }
            cs.sort((a, b) -> Double.compare(b.contribution(), a.contribution()));
            uses.add(new PrototypeUse(j, g[j], classValues[protoClass[j]], cs));
        }
        return new Explanation(classValues[cls], classScores(g), uses);
    }

    // ---------------------------------------------------------------- parts for the model file

    int t() {
        return t;
    }

    double[] betaInternal() {
        return beta;
    }

    int[] trainIndex() {
        return trainIndex.clone();
    }

    int[] pointClasses() {
        return pointClass.clone();
    }

    int[] prototypeClasses() {
        return protoClass.clone();
    }

    @Override
    public String toString() {
        return "ImkplModel(" + report.learner() + ", classes=" + Arrays.toString(classValues) + ", prototypes="
                + protoIdx.length + ", kernels " + selectedKernels(0) + "/" + beta.length + ")";
    }
}
