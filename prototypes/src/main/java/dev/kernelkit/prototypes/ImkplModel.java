package dev.kernelkit.prototypes;

import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelFileWriter;
import java.io.IOException;
import java.nio.file.Path;
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
 * only the training samples that occur in some prototype. Immutable; made by {@link Imkpl#fit}
 * or {@link #load}.
 */
public final class ImkplModel {
    static final String TYPE = "imkpl";

    private final BaseKernels kernels;
    private final double[] beta;
    private final double[] classValues;
    private final List<Vec> points;        // training samples used by some prototype
    private final int[] trainIndex;        // their index in the training set
    private final int[] pointClass;        // their class index
    private final int[][] protoIdx;        // prototype j: indices into points
    private final double[][] protoVal;     // prototype j: weights u_sj
    private final int[] protoClass;        // c_j
    private final int t;
    private final double[] objectiveHistory;
    private final boolean converged;
    private final ImkplOptions options;

    private final BaseKernels.Evaluator ev;
    private final int[] active;
    /** The combined kernel between the stored points (row-major), for the prototype forms and IP. */
    private final double[] kp;
    private final double[][] q2;           // 2·UᵀKU

    ImkplModel(BaseKernels kernels, double[] beta, double[] classValues, List<Vec> points, int[] trainIndex,
               int[] pointClass, int[][] protoIdx, double[][] protoVal, int[] protoClass, int t,
               double[] objectiveHistory, boolean converged, ImkplOptions options) {
        this.kernels = kernels;
        this.beta = beta;
        this.classValues = classValues;
        this.points = List.copyOf(points);
        this.trainIndex = trainIndex;
        this.pointClass = pointClass;
        this.protoIdx = protoIdx;
        this.protoVal = protoVal;
        this.protoClass = protoClass;
        this.t = t;
        this.objectiveHistory = objectiveHistory;
        this.converged = converged;
        this.options = options;
        this.ev = kernels.on(this.points);
        this.active = java.util.stream.IntStream.range(0, beta.length).filter(q -> beta[q] > 0).toArray();
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
    public BaseKernels baseKernels() {
        return kernels;
    }

    /** J after initialisation and after each outer iteration (empty for a loaded model). */
    public double[] objectiveHistory() {
        return objectiveHistory.clone();
    }

    /** Whether training stopped on the relative-change test rather than the iteration cap. */
    public boolean converged() {
        return converged;
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
        if (z.dim() != kernels.dim()) {
            throw new IllegalArgumentException("point has dimension " + z.dim() + ", expected " + kernels.dim());
        }
        int p = points.size();
        double[] kz = new double[p];
        double[] buf = new double[p];
        for (int q : active) {
            ev.crossRow(q, z, buf);
            for (int a = 0; a < p; a++) {
                kz[a] += beta[q] * buf[a];
            }
        }
        return kz;
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
    public int predictIndex(Vec z) {
        double[] proj = projections(kernelRow(z));
        double[] g = codesFromProjections(proj);
        return decide(g, proj);
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
    public double predict(Vec z) {
        return classValues[predictIndex(z)];
    }

    /** Predicted labels for many points (parallel). */
    public double[] predict(List<? extends Vec> zs) {
        double[] out = new double[zs.size()];
        java.util.stream.IntStream.range(0, zs.size()).parallel().forEach(i -> out[i] = predict(zs.get(i)));
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

    // ---------------------------------------------------------------- persistence

    /** Writes the model file (type {@code imkpl}). */
    public void save(Path file) throws IOException {
        ModelFileWriter w = new ModelFileWriter(TYPE);
        w.putInt("t", t);
        w.putDouble("options.lambda", options.lambda());
        w.putDouble("options.mu", options.mu());
        w.putDouble("options.tau", options.tau());
        w.putString("options.beta_step", options.betaStep().name());
        w.putString("options.ls_form", options.lsForm().name());
        w.putInt("options.max_iterations", options.maxIterations());
        w.putDouble("options.tolerance", options.tolerance());
        w.putBoolean("options.recompute_neighbourhoods", options.recomputeNeighbourhoods());
        w.putString("options.self_coding", options.selfCoding().name());
        w.putInt("options.kernel_cap", options.kernelCap());
        w.putLong("options.seed", options.seed());
        w.putString("options.dis_form", options.disForm().name());
        w.putDoubles("classes", classValues);
        w.putDoubles("beta", beta);
        kernels.write(w, "kernels.");
        w.putVecs("points", points);
        w.putInts("points.train_index", trainIndex);
        w.putInts("points.class", pointClass);
        w.putInt("prototypes.count", protoIdx.length);
        w.putInts("prototypes.class", protoClass);
        for (int j = 0; j < protoIdx.length; j++) {
            w.putInts("prototypes." + j + ".points", protoIdx[j]);
            w.putDoubles("prototypes." + j + ".weights", protoVal[j]);
        }
        w.putBoolean("converged", converged);
        w.putDoubles("objective_history", objectiveHistory);
        w.write(file);
    }

    /**
     * Reads a model written by {@link #save}.
     *
     * @throws IOException (a {@code ModelFormatException} or plain I/O error) naming the file and key when the file is not a valid IMKPL model
     */
    public static ImkplModel load(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file).requireType(TYPE);
        int t = f.getInt("t");
        double[] classes = f.getDoubles("classes");
        BaseKernels kernels = BaseKernels.read(f, "kernels.");
        double[] beta = f.getDoubles("beta", kernels.count());
        List<Vec> points = f.getVecs("points");
        int[] trainIndex = f.getInts("points.train_index");
        int[] pointClass = f.getInts("points.class");
        int k = f.getInt("prototypes.count");
        int[] protoClass = f.getInts("prototypes.class");
        if (t < 1 || classes.length < 1 || k < 1 || trainIndex.length != points.size()
                || pointClass.length != points.size() || protoClass.length != k) {
            throw new IOException(f.fileName() + ": inconsistent sizes (t=" + t + ", classes=" + classes.length
                    + ", points=" + points.size() + ", prototypes=" + k + ")");
        }
        for (Vec p : points) {
            if (p.dim() != kernels.dim()) {
                throw new IOException(f.fileName() + ": a stored point has dimension " + p.dim()
                        + ", expected " + kernels.dim());
            }
        }
        for (int pc : pointClass) {
            checkIndex(f, "points.class", pc, classes.length);
        }
        for (int pc : protoClass) {
            checkIndex(f, "prototypes.class", pc, classes.length);
        }
        int[][] idx = new int[k][];
        double[][] val = new double[k][];
        for (int j = 0; j < k; j++) {
            idx[j] = f.getInts("prototypes." + j + ".points");
            val[j] = f.getDoubles("prototypes." + j + ".weights", idx[j].length);
            for (int a : idx[j]) {
                checkIndex(f, "prototypes." + j + ".points", a, points.size());
            }
        }
        ImkplOptions opts;
        try {
            opts = new ImkplOptions(t, f.getDouble("options.lambda"), f.getDouble("options.mu"), f.getDouble("options.tau"),
                    ImkplOptions.BetaStep.valueOf(f.getString("options.beta_step")),
                    ImkplOptions.LsForm.valueOf(f.getString("options.ls_form")), f.getInt("options.max_iterations"),
                    f.getDouble("options.tolerance"), f.getBoolean("options.recompute_neighbourhoods"),
                    f.has("options.self_coding")
                            ? ImkplOptions.SelfCoding.valueOf(f.getString("options.self_coding"))
                            : ImkplOptions.SelfCoding.HIDE_SELF_PROTOTYPE,
                    f.has("options.kernel_cap") ? f.getInt("options.kernel_cap") : 0,
                    f.getLong("options.seed"),
                    f.has("options.dis_form") ? ImkplOptions.DisForm.valueOf(f.getString("options.dis_form"))
                            : ImkplOptions.DisForm.DISTANCE);
        } catch (IllegalArgumentException e) {
            throw new IOException(f.fileName() + ": invalid options: " + e.getMessage());
        }
        return new ImkplModel(kernels, beta, classes, points, trainIndex, pointClass, idx, val, protoClass, t,
                f.getDoubles("objective_history"), f.getBoolean("converged"), Objects.requireNonNull(opts));
    }

    private static void checkIndex(ModelFile f, String key, int v, int bound) throws IOException {
        if (v < 0 || v >= bound) {
            throw new IOException(f.fileName() + ": index " + v + " in '" + key + "' outside [0, " + bound + ")");
        }
    }
}
