package dev.kernelkit.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.LearnsKernel;
import dev.kernelkit.learn.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A fitted IMKPL (or ISKPL) model: prototypes Φ(X)u_j built from a few training samples each,
 * kernel weights β, the test-time coding of spec §6.1 and one of three prediction rules
 * ({@link ImkplOptions.PredictionRule}; never {@code BY_INNER_CV} here, the fit resolves it):
 *
 * <pre>
 *   γ_z = NQP(Q = 2·UᵀKU, c = −2·Uᵀk_z, T)           (eq. 7 with λ = 0; k_z = Σ_m β_m K_m(X, z))
 *   PROTOTYPE_VOTE:        ŷ(z) = argmax_q (H U γ_z)_q                          (spec §6.2, the paper's)
 *   CLASS_RECONSTRUCTION:  γ_q = NQP(2·U_qᵀKU_q, −2·U_qᵀk_z, T) over P_q = {j : c_j = q},
 *                          ŷ(z) = argmin_q ‖Φ(z) − Φ(X)U_qγ_q‖² = argmin_q K(z,z) − 2k_zᵀU_qγ_q + γ_qᵀU_qᵀKU_qγ_q
 *   NEAREST_PROTOTYPE:     ŷ(z) = c_j*,  j* = argmin_j ‖Φ(z) − Φ(X)u_j‖² = K(z,z) − 2k_zᵀu_j + u_jᵀKu_j
 * </pre>
 *
 * Ties go to the smallest class (or prototype) index. Under the vote, a code's weight on a prototype that is one
 * point in feature space with prototypes of other classes (a learned kernel that cannot tell their samples apart) is
 * shared equally among them, since any split reconstructs z equally well. K(z,z) = Σ_m β_m because every base
 * kernel has unit diagonal (spec §2). For the vote, if γ_z = 0 the class of the prototype with the largest k_zᵀu_j is
 * predicted. The model keeps only the training samples that occur in some prototype. As a {@link Model}:
 * {@link #predict} is the class index of ŷ(z); {@link #decisions} are, per rule, the class scores
 * (HUγ_z)_q ({@link #classScores}; when γ_z = 0 the indicator of the fallback class), the negated class
 * residuals −‖Φ(z) − Φ(X)U_qγ_q‖², or the negated distance to the class's nearest prototype (a class without
 * prototypes gets the largest distance plus 1); for two classes the single value score 1 − score 0.
 * {@link #predictLabel} gives the label. As a {@link LearnsKernel}: one machine whose learned kernel is
 * K(β) = Σ_m β_m K_m. Immutable; made by {@link Imkpl#fit} and {@link ImkplCodec}.
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
    private final ImkplOptions.PredictionRule rule;

    private final MultipleKernel.Combined learned;
    /** Rows of K(β) between a new point and the stored points. */
    private final MultipleKernel.Rows rows;
    /** The combined kernel between the stored points (row-major), for the prototype forms and IP. */
    private final double[] kp;
    private final double[][] q2;           // 2·UᵀKU
    private final NonNegativeQuadraticPursuit.Columns q2Columns;   // q2 for the codes' NQPs (wrapped once per model)
    private final double selfKernel;       // K(z,z) = Σ_m β_m (unit-diagonal base kernels)
    private final int[][] classPrototypes; // P_q = {j : c_j = q}, ascending
    /** Per prototype, the prototypes of several classes that coincide with it in feature space ({@link #coincidentGroups}). */
    private final int[][] coincident;
    /** The projections of the last point list scored (labels, codes), shared by rule copies (null: not kept). */
    private final ScoredProjections scored;

    /**
     * @param options the options of the fit with every inner-CV choice resolved: the prediction rule is
     *        {@code options.predictionRule()}, which must not be {@code BY_INNER_CV}
     * @throws IllegalArgumentException for inconsistent parts (sizes, indices, weights) or an unresolved rule
     */
    ImkplModel(MultipleKernel kernels, double[] beta, double[] classValues, List<Vec> points, int[] trainIndex,
               int[] pointClass, int[][] protoIdx, double[][] protoVal, int[] protoClass, int t,
               ImkplOptions options, FitReport report) {
        this(kernels, beta, classValues, points, trainIndex, pointClass, protoIdx, protoVal, protoClass, t, options,
                report, null);
    }

    /**
     * As above, with K(β) between the stored points given ({@code storedKernel}, p × p row-major, owned by the model
     * from now on; null: computed from β). Inner CV's fits pass their state's K(β), which equals K(β) computed afresh
     * to rounding; a model that is saved or returned computes its own, which a model file reproduces bit for bit.
     */
    ImkplModel(MultipleKernel kernels, double[] beta, double[] classValues, List<Vec> points, int[] trainIndex,
               int[] pointClass, int[][] protoIdx, double[][] protoVal, int[] protoClass, int t,
               ImkplOptions options, FitReport report, double[] storedKernel) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.options = Objects.requireNonNull(options, "options");
        this.report = Objects.requireNonNull(report, "report");
        this.rule = checkRule(options.predictionRule());
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
        int k = protoIdx.length;
        int p = this.points.size();
        if (storedKernel != null) {
            if (storedKernel.length != p * p) {
                throw new IllegalArgumentException("expected K between the " + p + " stored points, " + (p * p)
                        + " entries, found " + storedKernel.length);
            }
            this.kp = storedKernel;
        } else {
            this.kp = new double[p * p];
            kernels.gram(this.points, 0L).combinedInto(beta, kp);
        }
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
        double sb = 0;
        for (double b : beta) {
            sb += b;
        }
        this.selfKernel = sb;
        this.classPrototypes = classPrototypes(protoClass, classValues.length);
        this.coincident = coincidentGroups(q2, protoClass);
        this.scored = null;
        this.q2Columns = NonNegativeQuadraticPursuit.dense(q2);
    }

    /** The same model with another rule, report and projection store (shares every other part). */
    private ImkplModel(ImkplModel m, ImkplOptions.PredictionRule rule, FitReport report, ScoredProjections scored) {
        this.kernels = m.kernels;
        this.beta = m.beta;
        this.classValues = m.classValues;
        this.classNames = m.classNames;
        this.points = m.points;
        this.trainIndex = m.trainIndex;
        this.pointClass = m.pointClass;
        this.protoIdx = m.protoIdx;
        this.protoVal = m.protoVal;
        this.protoClass = m.protoClass;
        this.t = m.t;
        this.options = m.options.withPredictionRule(checkRule(rule));
        this.report = Objects.requireNonNull(report, "report");
        this.rule = rule;
        this.learned = m.learned;
        this.rows = m.rows;
        this.kp = m.kp;
        this.q2 = m.q2;
        this.q2Columns = m.q2Columns;
        this.selfKernel = m.selfKernel;
        this.classPrototypes = m.classPrototypes;
        this.coincident = m.coincident;
        this.scored = scored;
    }

    private static ImkplOptions.PredictionRule checkRule(ImkplOptions.PredictionRule rule) {
        Objects.requireNonNull(rule, "rule");
        if (rule == ImkplOptions.PredictionRule.BY_INNER_CV) {
            throw new IllegalArgumentException("a fitted model needs a concrete prediction rule, got " + rule);
        }
        return rule;
    }

    private static int[][] classPrototypes(int[] protoClass, int classes) {
        int[] count = new int[classes];
        for (int c : protoClass) {
            if (c < 0 || c >= classes) {
                throw new IllegalArgumentException("prototype class " + c + " outside [0, " + classes + ")");
            }
            count[c]++;
        }
        int[][] out = new int[classes][];
        for (int q = 0; q < classes; q++) {
            out[q] = new int[count[q]];
        }
        int[] fill = new int[classes];
        for (int j = 0; j < protoClass.length; j++) {
            out[protoClass[j]][fill[protoClass[j]]++] = j;
        }
        return out;
    }

    /** Squared feature-space distance, relative to the prototypes' squared norms, up to which two prototypes coincide. */
    static final double COINCIDENT = 1e-12;

    /**
     * Prototypes that are one point in feature space,
     * ‖Φ(X)u_j − Φ(X)u_l‖² ≤ {@value #COINCIDENT}·(u_jᵀKu_j + u_lᵀKu_l)/2, and belong to different classes: for each such j, the ascending list of the prototypes that coincide with it (j
     * included); null for every other prototype, and null altogether when there are none. They arise where the learned
     * kernel cannot tell training samples of different classes apart (a single kernel on a binary feature makes every
     * sample one of two points); a code may then put its weight on any of them at the same reconstruction, and the NQP
     * takes the first, so {@link #voteCode} shares it among them.
     */
    private static int[][] coincidentGroups(double[][] q2, int[] protoClass) {
        int k = q2.length;
        int[][] out = null;
        for (int j = 0; j < k; j++) {
            int[] members = new int[k];
            int size = 0;
            boolean mixed = false;
            for (int l = 0; l < k; l++) {
                double dist = 0.5 * (q2[j][j] + q2[l][l]) - q2[j][l]; // ‖Φu_j − Φu_l‖² = (q2_jj + q2_ll)/2 − q2_jl
                if (l == j || dist <= COINCIDENT * 0.25 * (q2[j][j] + q2[l][l])) {
                    members[size++] = l;
                    mixed |= protoClass[l] != protoClass[j];
                }
            }
            if (mixed) {
                if (out == null) {
                    out = new int[k][];
                }
                out[j] = Arrays.copyOf(members, size);
            }
        }
        return out;
    }

    /**
     * The code the vote reads from γ: γ itself, except that the weight γ_j of a prototype that coincides in feature
     * space with prototypes of other classes ({@link #coincidentGroups}) is shared equally among all of them. The code
     * is then not unique: any split of γ_j among them reconstructs z equally well, and the even split is the one that
     * does not depend on the prototypes' order. γ itself (the same array) when no prototypes of different classes
     * coincide, so the vote is then (HUγ)_q bit for bit.
     */
    double[] voteCode(double[] codes) {
        if (coincident == null) {
            return codes;
        }
        double[] spread = null;
        for (int j = 0; j < codes.length; j++) {
            if (codes[j] != 0 && coincident[j] != null) {
                if (spread == null) {
                    spread = codes.clone();
                }
                spread[j] -= codes[j];
                double share = codes[j] / coincident[j].length;
                for (int l : coincident[j]) {
                    spread[l] += share;
                }
            }
        }
        return spread == null ? codes : spread;
    }

    /** The prediction rule of {@link #predict} and {@link #decisions}. */
    public ImkplOptions.PredictionRule predictionRule() {
        return rule;
    }

    /**
     * The same prototypes and kernel weights with another prediction rule (its {@link #options()} say so; the
     * fit report stays the one of the fit).
     *
     * @throws IllegalArgumentException for {@code BY_INNER_CV}
     */
    public ImkplModel withPredictionRule(ImkplOptions.PredictionRule newRule) {
        return newRule == rule ? this : new ImkplModel(this, newRule, report, scored);
    }

    /** The same model with another fit report (shares every part; the tuned fit's report carries the tuning time). */
    ImkplModel withReport(FitReport newReport) {
        return new ImkplModel(this, rule, newReport, scored);
    }

    /**
     * The same model, and its {@link #withPredictionRule} copies, keeping the projections Uᵀk_z of the last point list
     * given to {@link #predictLabels}, {@link #codes(List)} or {@link #ruleCodes(List)}: inner CV scores one held-out
     * part under every rule of one fit, and {@code prototypes cv} reads the accuracy, codes and DR of every rule on one
     * test part; the kernel rows, the costly part, are the same for all of them. Every result is that of the model
     * without the store, bit for bit. For scoring one list after another: the store holds the last list's
     * projections (k values per point) as long as the model lives.
     */
    public ImkplModel sharingScoredProjections() {
        return new ImkplModel(this, rule, report, new ScoredProjections(null));
    }

    /**
     * As {@link #sharingScoredProjections()}, a scored point of {@code start}'s part getting its kernel row from
     * K(β⁰) there when that is cheaper ({@link StartRows}; inner CV's models, whose held-out points are the part's).
     * The rows equal the model's own to rounding, not bit for bit.
     */
    ImkplModel sharingScoredProjections(UniformStart start) {
        return new ImkplModel(this, rule, report, new ScoredProjections(Objects.requireNonNull(start, "start")));
    }

    /**
     * Kernel rows of the points of a {@link UniformStart}'s part from its K(β⁰) = Σ_q K_q / M, for a β with one
     * weight w on its active set S that holds more than half of the M base kernels (the capped β-step at r &gt; M/2):
     * K(β)(z, x) = wM·K(β⁰)(z, x) − Σ_{q ∉ S} w·K_q(z, x), M − |S| base kernels per entry instead of |S|. Equal to the
     * model's own rows up to rounding.
     */
    static final class StartRows {
        private final UniformStart start;
        private final double[] k0;
        private final int parts;
        private final int[] outer;          // the stored points' indices in the part
        private final double scale;         // w·M
        private final MultipleKernel.Rows complement;   // null: β weighs every base kernel

        private StartRows(UniformStart start, double[] k0, int[] outer, double scale, MultipleKernel.Rows complement) {
            this.start = start;
            this.k0 = k0;
            this.parts = start.size();
            this.outer = outer;
            this.scale = scale;
            this.complement = complement;
        }

        /** The rows for {@code model} from {@code start}, or null when they would not be cheaper or cannot be read. */
        static StartRows of(ImkplModel model, UniformStart start) {
            double[] b = model.beta;
            double w = 0;
            int active = 0;
            for (double v : b) {
                if (v != 0) {
                    if (active > 0 && v != w) {
                        return null;                // not one weight on its active set
                    }
                    w = v;
                    active++;
                }
            }
            if (b.length - active >= active || !start.isFor(model.kernels)) {
                return null;
            }
            double[] k0 = start.held();
            if (k0 == null) {
                return null;
            }
            int[] outer = new int[model.points.size()];
            for (int s = 0; s < outer.length; s++) {
                outer[s] = start.indexOf(model.points.get(s));
                if (outer[s] < 0) {
                    return null;
                }
            }
            double[] comp = new double[b.length];
            for (int q = 0; q < b.length; q++) {
                comp[q] = b[q] == 0 ? w : 0.0;
            }
            MultipleKernel.Rows complement = active == b.length ? null : model.kernels.combined(comp).rows(model.points);
            return new StartRows(start, k0, outer, w * b.length, complement);
        }

        /** k_z, or null when z is not one of the part's points. */
        double[] row(Vec z) {
            int oz = start.indexOf(z);
            if (oz < 0) {
                return null;
            }
            double[] kz = new double[outer.length];
            if (complement != null) {
                complement.row(z, kz);
            }
            int base = oz * parts;
            for (int s = 0; s < kz.length; s++) {
                kz[s] = scale * k0[base + outer[s]] - kz[s];
            }
            return kz;
        }
    }

    /** Uᵀk_z of every point (in parallel; from the store when there is one). */
    private double[][] projectionsOf(List<? extends Vec> zs) {
        if (scored != null) {
            return scored.of(zs, this);
        }
        double[][] p = new double[zs.size()][];
        java.util.stream.IntStream.range(0, zs.size()).parallel().forEach(i -> p[i] = projections(kernelRow(zs.get(i))));
        return p;
    }

    /** The code γ_z ({@link #codes(Vec)}) of every point, in parallel. */
    public double[][] codes(List<? extends Vec> zs) {
        double[][] p = projectionsOf(zs);
        double[][] out = new double[p.length][];
        java.util.stream.IntStream.range(0, p.length).parallel().forEach(i -> out[i] = codesFromProjections(p[i]));
        return out;
    }

    /** The code the rule predicts from ({@link #ruleCode}) of every point, in parallel. */
    public double[][] ruleCodes(List<? extends Vec> zs) {
        double[][] p = projectionsOf(zs);
        double[][] out = new double[p.length][];
        java.util.stream.IntStream.range(0, p.length).parallel().forEach(i -> out[i] = outcome(p[i]).code());
        return out;
    }

    /**
     * The projections of the last point list scored (compared element by element, by identity); with a start, the
     * kernel rows of its part's points read through {@link StartRows} when that is cheaper.
     */
    private static final class ScoredProjections {
        private final UniformStart start;
        private Vec[] points;
        private double[][] projections;

        ScoredProjections(UniformStart start) {
            this.start = start;
        }

        synchronized double[][] of(List<? extends Vec> zs, ImkplModel model) {
            if (!sameAsLast(zs)) {
                double[][] p = new double[zs.size()][];
                StartRows fromStart = start == null ? null : StartRows.of(model, start);
                java.util.stream.IntStream.range(0, zs.size()).parallel().forEach(i -> {
                    double[] kz = fromStart == null ? null : fromStart.row(model.checkedDimension(zs.get(i)));
                    p[i] = model.projections(kz != null ? kz : model.kernelRow(zs.get(i)));
                });
                points = zs.toArray(new Vec[0]);
                projections = p;
            }
            return projections;
        }

        private boolean sameAsLast(List<? extends Vec> zs) {
            if (points == null || points.length != zs.size()) {
                return false;
            }
            for (int i = 0; i < points.length; i++) {
                if (points[i] != zs.get(i)) {
                    return false;
                }
            }
            return true;
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

    /**
     * The input dimension (that of the stored training samples); for variable-length series kernels
     * ({@link MultipleKernel#acceptsAnyDimension}) the padded dimension of the training set, and points of any
     * dimension are accepted.
     */
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

    /** z, when the base kernels accept its dimension. */
    private Vec checkedDimension(Vec z) {
        if (!kernels.acceptsAnyDimension() && z.dim() != dim()) {
            throw new IllegalArgumentException("point has dimension " + z.dim() + ", expected " + dim());
        }
        return z;
    }

    /** k_z over the stored points. */
    private double[] kernelRow(Vec z) {
        checkedDimension(z);
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
        return outcome(projections(kz)).decisions();
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
        return NonNegativeQuadraticPursuit.solve(q2Columns, cv, NonNegativeQuadraticPursuit.Options.defaults(t), null).x();
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

    /** The predicted class index (0-based, into {@link #classValues()}) under the model's rule. */
    @Override
    public int predict(Vec z) {
        return outcome(projections(kernelRow(z))).cls();
    }

    /** The decision values of z under the model's rule (see the class comment); {@link Model#classOf} of them is {@link #predict}. */
    @Override
    public double[] decisions(Vec z) {
        return outcome(projections(kernelRow(z))).decisions();
    }

    /**
     * The code the model's rule predicts from, as a k-vector over the prototypes: γ_z for
     * {@code PROTOTYPE_VOTE} (its weight on a prototype that coincides in feature space with prototypes of other
     * classes shared equally among them, see the class comment); γ_q of the predicted class q in the slots of P_q for
     * {@code CLASS_RECONSTRUCTION};
     * 1 at the nearest prototype for {@code NEAREST_PROTOTYPE}. DR of these codes is the rule's DR.
     */
    public double[] ruleCode(Vec z) {
        return outcome(projections(kernelRow(z))).code();
    }

    /**
     * The class residuals ‖Φ(z) − Φ(X)U_qγ_q‖² of {@code CLASS_RECONSTRUCTION}, one per class (K(z,z) for a
     * class without prototypes), whatever the model's rule.
     */
    public double[] classResiduals(Vec z) {
        double[] proj = projections(kernelRow(z));
        double[] res = new double[classValues.length];
        for (int q = 0; q < res.length; q++) {
            res[q] = classResidual(q, proj, null);
        }
        return res;
    }

    /** The squared feature-space distances ‖Φ(z) − Φ(X)u_j‖² to every prototype, whatever the model's rule. */
    public double[] prototypeDistances(Vec z) {
        return distances(projections(kernelRow(z)));
    }

    /** The class, decision values and code of the model's rule, from the projections Uᵀk_z. */
    private record Outcome(int cls, double[] decisions, double[] code) {
    }

    private Outcome outcome(double[] proj) {
        int c = classValues.length;
        int k = protoIdx.length;
        switch (rule) {
            case PROTOTYPE_VOTE: {
                double[] g = voteCode(codesFromProjections(proj));
                return new Outcome(decide(g, proj), decisionsOf(g, proj), g);
            }
            case CLASS_RECONSTRUCTION: {
                double[] res = new double[c];
                double[][] gq = new double[c][];
                for (int q = 0; q < c; q++) {
                    gq[q] = new double[classPrototypes[q].length];
                    res[q] = classResidual(q, proj, gq[q]);
                }
                double[] scores = new double[c];
                for (int q = 0; q < c; q++) {
                    scores[q] = -res[q];
                }
                int cls = argmax(scores);
                double[] code = new double[k];
                for (int a = 0; a < classPrototypes[cls].length; a++) {
                    code[classPrototypes[cls][a]] = gq[cls][a];
                }
                return new Outcome(cls, twoOrMany(scores), code);
            }
            case NEAREST_PROTOTYPE: {
                double[] d = distances(proj);
                double max = 0;
                for (double v : d) {
                    max = Math.max(max, v);
                }
                double[] scores = new double[c];
                for (int q = 0; q < c; q++) {
                    double best = max + 1;
                    for (int j : classPrototypes[q]) {
                        best = Math.min(best, d[j]);
                    }
                    scores[q] = -best;
                }
                int cls = argmax(scores);
                double[] code = new double[k];
                for (int j : classPrototypes[cls]) {
                    if (-d[j] == scores[cls]) {
                        code[j] = 1.0;
                        break;
                    }
                }
                return new Outcome(cls, twoOrMany(scores), code);
            }
            default:
                throw new IllegalStateException("unresolved prediction rule " + rule);
        }
    }

    /**
     * ‖Φ(z) − Φ(X)U_qγ_q‖² for the NQP code γ_q of z over the prototypes of class q (same T, no final pruning,
     * so with |P_q| ≤ T it is the non-negative least-squares optimum); writes γ_q into {@code codeOut} when
     * not null.
     */
    private double classResidual(int q, double[] proj, double[] codeOut) {
        int[] pq = classPrototypes[q];
        if (pq.length == 0) {
            return selfKernel;
        }
        double[][] qq = new double[pq.length][pq.length];
        double[] cv = new double[pq.length];
        for (int a = 0; a < pq.length; a++) {
            cv[a] = -2 * proj[pq[a]];
            for (int b = 0; b < pq.length; b++) {
                qq[a][b] = q2[pq[a]][pq[b]];
            }
        }
        double[] g = NonNegativeQuadraticPursuit.solve(NonNegativeQuadraticPursuit.dense(qq), cv,
                NonNegativeQuadraticPursuit.Options.defaults(t).withPrune(false), null).x();
        double r = selfKernel;
        for (int a = 0; a < pq.length; a++) {
            if (g[a] == 0) {
                continue;
            }
            r -= 2 * g[a] * proj[pq[a]];
            for (int b = 0; b < pq.length; b++) {
                r += 0.5 * g[a] * g[b] * qq[a][b];
            }
        }
        if (codeOut != null) {
            System.arraycopy(g, 0, codeOut, 0, pq.length);
        }
        return Math.max(0.0, r);
    }

    /** ‖Φ(z) − Φ(X)u_j‖² = K(z,z) − 2k_zᵀu_j + u_jᵀKu_j for every prototype j (clamped at 0 against rounding). */
    private double[] distances(double[] proj) {
        double[] d = new double[proj.length];
        for (int j = 0; j < proj.length; j++) {
            d[j] = Math.max(0.0, selfKernel - 2 * proj[j] + 0.5 * q2[j][j]);
        }
        return d;
    }

    private static int argmax(double[] v) {
        int best = 0;
        for (int q = 1; q < v.length; q++) {
            if (v[q] > v[best]) {
                best = q;
            }
        }
        return best;
    }

    private static double[] twoOrMany(double[] scores) {
        return scores.length == 2 ? new double[] {scores[1] - scores[0]} : scores;
    }

    /** The decision values of a code and its projections (the vote; see {@link #decisions}). */
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
        return argmax(classScores(g));
    }

    /** The predicted label (a value of {@link #classValues()}). */
    public double predictLabel(Vec z) {
        return classValues[predict(z)];
    }

    /** Predicted labels for many points (parallel). */
    public double[] predictLabels(List<? extends Vec> zs) {
        double[] out = new double[zs.size()];
        if (scored != null) {
            double[][] p = projectionsOf(zs);
            java.util.stream.IntStream.range(0, zs.size()).parallel()
                    .forEach(i -> out[i] = classValues[outcome(p[i]).cls()]);
            return out;
        }
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

    /** Explains the prediction for z: the prototypes of the rule's code ({@link #ruleCode}), heaviest first. */
    public Explanation explain(Vec z) {
        Outcome o = outcome(projections(kernelRow(z)));
        double[] g = o.code();
        int cls = o.cls();
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
        return "ImkplModel(" + report.learner() + ", rule=" + rule + ", classes=" + Arrays.toString(classValues) + ", prototypes="
                + protoIdx.length + ", kernels " + selectedKernels(0) + "/" + beta.length + ")";
    }
}
