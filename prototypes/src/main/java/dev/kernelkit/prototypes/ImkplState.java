package dev.kernelkit.prototypes;

import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import java.lang.System.Logger.Level;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * The mutable state of one IMKPL fit and its three block steps (spec §4). Package-private: the
 * trainer {@link Imkpl} drives it and the tests inspect each block.
 *
 * <p>Storage: the combined Gram matrix K (n × n) for the current β, the prototypes U as dense
 * columns u[j] (length n, ≤ T non-zeros), the codes as gam[i] (length k, ≤ T non-zeros).
 * W = L ⊙ D is never stored: W_is = [y_i ≠ y_s]·(2 − 2K_is) (unit-diagonal kernels), or [y_i ≠ y_s]
 * for {@link ImkplOptions.DisForm#LABEL_ONLY} (then J_dis does not depend on β). With
 * {@link ImkplOptions.DisForm#LABEL_SQUARED} J_dis is quadratic and β-free: W = 0 and the squared
 * cross-class masses enter the terms, both block matrices and the β-step constant explicitly.
 */
final class ImkplState {
    private static final System.Logger LOG = System.getLogger(ImkplState.class.getName());

    final ImkplOptions o;
    /** J as the last β-step left the state (NaN: not known; cleared by every step). */
    private double left = Double.NaN;
    /** The base kernels' training matrices (on the fly, nothing of size M n^2 stored). */
    final SharedKernelMatrices ev;
    final int n;
    final int m;
    final int c;
    final int k;
    final int[] y;
    final double[] beta;
    final double[] kc;       // combined K, row-major n*n, symmetric bit for bit (a row is read for a column)
    final double[][] u;      // prototypes
    final double[][] gam;    // codes, gam[i][j]
    final int[] protoClass;  // c_j
    int[][] plus;            // N⁺_i
    int[][] minus;           // N⁻_i
    final NonNegativeQuadraticPursuit.Options nqp;
    final SplittableRandom rnd;

    /** The base-kernel values of the β-steps' pairs, shared with the other fits on the same points (or this fit's own). */
    final BaseValueMemo memo;

    ImkplState(MultipleKernel kernels, List<? extends dev.kernelkit.data.Vec> x, int[] y, int classes,
               ImkplOptions o) {
        this(kernels, x, y, classes, o, new BaseValueMemo(kernels, x, BaseValueMemo.defaultBudgetBytes()));
    }

    /**
     * The state at initialisation; the β-steps read base-kernel values through {@code memo} (made for these kernels
     * and this point list), which other fits on the same points may share: the results do not depend on it.
     */
    ImkplState(MultipleKernel kernels, List<? extends dev.kernelkit.data.Vec> x, int[] y, int classes,
               ImkplOptions o, BaseValueMemo memo) {
        this(kernels, x, y, classes, o, memo, null);
    }

    /**
     * As above, K(β) at the uniform start read from {@code start} (K(β⁰) over a training part that holds x's points;
     * null, or a part without them: computed here).
     */
    ImkplState(MultipleKernel kernels, List<? extends dev.kernelkit.data.Vec> x, int[] y, int classes,
               ImkplOptions o, BaseValueMemo memo, UniformStart start) {
        if (!memo.isFor(kernels, x)) {
            throw new IllegalArgumentException("the base-value memo was made for other kernels or points");
        }
        this.memo = memo;
        this.o = o;
        this.ev = kernels.gram(x, 0L);
        this.n = x.size();
        this.m = kernels.count();
        this.c = classes;
        this.y = y.clone();
        this.k = classes * o.t();
        this.beta = new double[m];
        Arrays.fill(beta, 1.0 / m);
        if (start != null && !start.isFor(kernels)) {
            throw new IllegalArgumentException("the uniform start was made for other kernels");
        }
        double[] k0 = start == null ? null : start.over(x);   // K(β) at this uniform β, when the start holds x
        this.kc = k0 != null ? k0 : new double[n * n];
        this.u = new double[k][n];
        this.gam = new double[n][k];
        this.protoClass = new int[k];
        this.nqp = NonNegativeQuadraticPursuit.Options.defaults(o.t());
        this.rnd = new SplittableRandom(o.seed());
        if (k0 == null) {
            computeCombinedKernel();
        }
        initPrototypes();
        computeNeighbourhoods();
    }

    /**
     * A copy of {@code src} (after {@code prototypeSteps} prototype steps) that continues under {@code options}, which
     * may differ from src's only in r of the capped β-step: every array is copied and the random stream is replayed
     * to src's position, so the copy continues exactly as src would have under these options (ImkplSharedWorkTest).
     */
    ImkplState(ImkplState src, ImkplOptions options, int prototypeSteps) {
        if (!options.withKernelCap(src.o.kernelCap()).equals(src.o)) {
            throw new IllegalArgumentException("a state copy may change only the kernel cap: " + src.o + " vs " + options);
        }
        this.o = options;
        this.memo = src.memo;
        this.ev = src.ev;
        this.n = src.n;
        this.m = src.m;
        this.c = src.c;
        this.y = src.y.clone();
        this.k = src.k;
        this.beta = src.beta.clone();
        this.kc = src.kc.clone();
        this.u = new double[k][];
        for (int j = 0; j < k; j++) {
            u[j] = src.u[j].clone();
        }
        this.gam = new double[n][];
        for (int i = 0; i < n; i++) {
            gam[i] = src.gam[i].clone();
        }
        this.protoClass = src.protoClass.clone();
        this.plus = src.plus.clone();
        this.minus = src.minus.clone();
        this.nqp = src.nqp;
        this.rnd = new SplittableRandom(options.seed());
        int[] members = new int[c];
        for (int v : y) {
            members[v]++;
        }
        for (int q = 0; q < c; q++) {
            shuffle(new int[members[q]], rnd);            // the draws of initPrototypes
        }
        for (int step = 0; step < prototypeSteps; step++) {
            shuffle(new int[k], rnd);                     // the draws of each prototypeStep
        }
    }

    /** Fisher–Yates from the end, the draws every shuffle of this class makes. */
    static void shuffle(int[] a, SplittableRandom r) {
        for (int i = a.length - 1; i > 0; i--) {
            int b = r.nextInt(i + 1);
            int tmp = a[i];
            a[i] = a[b];
            a[b] = tmp;
        }
    }

    // ---------------------------------------------------------------- kernel and helpers

    void computeCombinedKernel() {
        ev.combinedInto(beta, kc);
    }

    /**
     * K(β) from kc = K(oldBeta) = Σ_q oldβ_q K_q as c·kc + K(β − c·oldβ), with c = 1 (the capped step swapping a few
     * kernels: only those entering, leaving or reweighted) or c = β_q/oldβ_q of the first kernel active in both whose
     * weight changed (from the uniform start β⁰ = 1/M to 1/r on r kernels: only the M − r that leave); a term with
     * |β_q − c·oldβ_q| within a few ulps of β_q is dropped (c·oldβ_q is β_q up to the rounding of c). The cheaper of
     * the two is taken when its kernels number fewer than half of β's non-zero weights; else K(β) afresh. The update
     * equals K(β) up to rounding (not bit for bit: the sum is taken in another order).
     *
     * @return the number of base kernels evaluated (the non-zero weights of β for K(β) afresh)
     */
    int updateCombinedKernel(double[] oldBeta) {
        int active = 0;
        double c = 1.0;
        for (int q = 0; q < m; q++) {
            if (beta[q] != 0) {
                active++;
                if (c == 1.0 && oldBeta[q] != 0 && beta[q] != oldBeta[q]) {
                    c = beta[q] / oldBeta[q];
                }
            }
        }
        double[][] plain = differences(oldBeta, 1.0);
        double[][] scaled = c == 1.0 ? null : differences(oldBeta, c);
        int nPlain = changed(plain);
        int nScaled = scaled == null ? Integer.MAX_VALUE : changed(scaled);
        if (2 * Math.min(nPlain, nScaled) >= active) {
            computeCombinedKernel();
            return active;
        }
        double[][] d = plain;
        if (nScaled < nPlain) {
            d = scaled;
            double cc = c;
            IntStream.range(0, n).parallel().forEach(i -> {
                for (int e = i * n, end = e + n; e < end; e++) {
                    kc[e] *= cc;
                }
            });
        }
        addCombined(d[0], 1.0);
        addCombined(d[1], -1.0);
        return Math.min(nPlain, nScaled);
    }

    /** {max(β − c·oldβ, 0), max(c·oldβ − β, 0)}, a difference within 4 ulps of β_q (c ≠ 1) taken as 0. */
    private double[][] differences(double[] oldBeta, double c) {
        double[] up = new double[m];
        double[] down = new double[m];
        for (int q = 0; q < m; q++) {
            double d = beta[q] - c * oldBeta[q];   // 0 exactly when c = 1 and the weights are equal
            if (c != 1.0 && Math.abs(d) <= 4 * Math.ulp(beta[q])) {
                continue;
            }
            if (d > 0) {
                up[q] = d;
            } else if (d < 0) {
                down[q] = -d;
            }
        }
        return new double[][] {up, down};
    }

    private static int changed(double[][] d) {
        int count = 0;
        for (int q = 0; q < d[0].length; q++) {
            if (d[0][q] != 0 || d[1][q] != 0) {
                count++;
            }
        }
        return count;
    }

    /** kc += sign · K(w) when w has a non-zero weight. */
    private void addCombined(double[] w, double sign) {
        boolean any = false;
        for (double v : w) {
            any |= v != 0;
        }
        if (!any) {
            return;
        }
        double[] part = new double[kc.length];
        ev.combinedInto(w, part);
        for (int e = 0; e < kc.length; e++) {
            kc[e] += sign * part[e];
        }
    }

    double kk(int i, int s) {
        return kc[i * n + s];
    }

    /**
     * Σ_{i ∈ sg} w(s, i)·g_i for s0 &le; s &lt; s1 (entry s − s0), sample by sample along row i of K: each sum adds the
     * terms w(s, i)·g_i in the order of sg, as a loop over i per s does, and w(s, i) is the same value bit for bit
     * ({@link #disWeight} for both; kc is symmetric to the bit, and a sum of two terms does not depend on their order).
     */
    double[] disWeightSums(int s0, int s1, int[] sg, double[] g) {
        double[] wg = new double[s1 - s0];
        ImkplOptions.DisForm form = o.disForm();
        double[] diag = new double[s1 - s0];
        for (int s = s0; s < s1; s++) {
            diag[s - s0] = kc[s * n + s];
        }
        for (int i : sg) {
            double gi = g[i];
            int bi = i * n;
            int yi = y[i];
            double kii = kc[bi + i];
            for (int s = s0; s < s1; s++) {
                wg[s - s0] += disWeight(form, yi, y[s], kii, diag[s - s0], kc[bi + s]) * gi;
            }
        }
        return wg;
    }

    /**
     * The weight of the linear J_dis: W_is = L_is·D_is with D_is = K_ii + K_ss − 2K_is
     * ({@code LABEL_ONLY}: W_is = L_is; {@code LABEL_SQUARED}: 0, its J_dis has no linear part).
     */
    double w(int i, int s) {
        return y[i] == y[s] ? 0.0 : disWeight(o.disForm(), y[i], y[s], kc[i * n + i], kc[s * n + s], kc[i * n + s]);
    }

    /**
     * W_is of {@link #w} from its parts: 0 within a class, else K_ii + K_ss − 2K_is ({@code DISTANCE}), 1
     * ({@code LABEL_ONLY}) or 0 ({@code LABEL_SQUARED}). One formula for {@link #w} and {@link #disWeightSums}, small
     * enough for the JIT to inline into the latter's inner loop.
     */
    static double disWeight(ImkplOptions.DisForm form, int yi, int ys, double kii, double kss, double kis) {
        return yi == ys ? 0.0
                : form == ImkplOptions.DisForm.DISTANCE ? kii + kss - 2 * kis
                : form == ImkplOptions.DisForm.LABEL_ONLY ? 1.0 : 0.0;
    }

    boolean squaredDis() {
        return o.disForm() == ImkplOptions.DisForm.LABEL_SQUARED;
    }

    /** Hv: the class-mass vector of a length-n vector ((Hv)_q = Σ_{s: y_s = q} v_s). */
    double[] classMass(double[] v) {
        double[] mass = new double[c];
        for (int s = 0; s < n; s++) {
            if (v[s] != 0) {
                mass[y[s]] += v[s];
            }
        }
        return mass;
    }

    /** Σ_{q ≠ own} mass_q²: one sample's {@code LABEL_SQUARED} J_dis, ‖ē_{y_i} ⊙ HUγ_i‖². */
    static double crossMassSquared(double[] mass, int own) {
        double v = 0;
        for (int q = 0; q < mass.length; q++) {
            if (q != own) {
                v += mass[q] * mass[q];
            }
        }
        return v;
    }

    private void initPrototypes() {
        int j = 0;
        for (int q = 0; q < c; q++) {
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (y[i] == q) {
                    members.add(i);
                }
            }
            for (int a = members.size() - 1; a > 0; a--) {
                int b = rnd.nextInt(a + 1);
                Integer tmp = members.get(a);
                members.set(a, members.get(b));
                members.set(b, tmp);
            }
            for (int p = 0; p < o.t(); p++) {
                int s = members.get(p);
                u[j][s] = 1.0 / Math.sqrt(kk(s, s));
                protoClass[j] = q;
                j++;
            }
        }
    }

    static int[] support(double[] v) {
        // one pass into a scratch array, then a copy of its head: the test of each entry is the costly part (its branch
        // mispredicts on a dense-ish support), and one pass makes it once instead of twice (count, then fill)
        int[] s = new int[v.length];
        int p = 0;
        for (int i = 0; i < v.length; i++) {
            if (v[i] != 0) {
                s[p++] = i;
            }
        }
        return p == s.length ? s : Arrays.copyOf(s, p);
    }

    /** argmax_q (H u)_q; ties keep {@code previous}. */
    int classOf(double[] uj, int previous) {
        double[] mass = new double[c];
        for (int s = 0; s < n; s++) {
            if (uj[s] != 0) {
                mass[y[s]] += uj[s];
            }
        }
        int best = previous;
        for (int q = 0; q < c; q++) {
            if (mass[q] > mass[best]) {
                best = q;
            }
        }
        return best;
    }

    /**
     * N_i^+ and N_i^-: the T nearest samples of i's class and of the other classes under the current kernel distance,
     * in the order (distance, index), i excluded. One scan per sample keeps the T best of each kind in insertion
     * buffers: the same lists as sorting all n samples by that total order.
     */
    void computeNeighbourhoods() {
        int kap = o.t();
        plus = new int[n][];
        minus = new int[n][];
        IntStream.range(0, n).parallel().forEach(i -> {
            double[] d = new double[n];
            for (int s = 0; s < n; s++) {
                d[s] = kk(i, i) + kk(s, s) - 2 * kk(i, s);
            }
            int[][] pm = nearest(d, y, i, kap);
            plus[i] = pm[0];
            minus[i] = pm[1];
        });
    }

    /**
     * The at most kap samples s != i of i's class and of the other classes (labels y) first in the order (d[s], s):
     * {plus, minus}, each in that order.
     */
    static int[][] nearest(double[] d, int[] y, int i, int kap) {
        int[] p = new int[kap];
        int[] q = new int[kap];
        int np = 0, nq = 0;
        for (int s = 0; s < d.length; s++) {
            if (s == i) {
                continue;
            }
            if (y[s] == y[i]) {
                np = keepNearest(p, np, s, d);
            } else {
                nq = keepNearest(q, nq, s, d);
            }
        }
        return new int[][] {Arrays.copyOf(p, np), Arrays.copyOf(q, nq)};
    }

    /**
     * Inserts s into buf[0 .. count), kept ascending by (d, index) and at most buf.length long; s exceeds every index
     * in buf (the scan ascends), so it goes after entries of equal distance. Returns the new count.
     */
    private static int keepNearest(int[] buf, int count, int s, double[] d) {
        int cap = buf.length;
        if (cap == 0 || (count == cap && !nearer(s, buf[cap - 1], d))) {
            return count;
        }
        int pos = count == cap ? cap - 1 : count;
        while (pos > 0 && nearer(s, buf[pos - 1], d)) {
            buf[pos] = buf[pos - 1];
            pos--;
        }
        buf[pos] = s;
        return count == cap ? cap : count + 1;
    }

    /** Whether a comes before b in the order (distance, index): the former sort's comparator (equal distances, NaN with NaN, by index). */
    private static boolean nearer(int a, int b, double[] d) {
        return d[a] != d[b] ? Double.compare(d[a], d[b]) < 0 : a < b;
    }

    // ---------------------------------------------------------------- objective

    /** Reconstruction vector v_i = U γ_i (dense length n). */
    double[] reconstruction(int i, double[] codes) {
        return reconstruction(i, codes, null);
    }

    /**
     * As above, each u_j read at {@code uSupport[j]} (every s with u_j(s) != 0, increasing) instead of all n entries
     * (null: scanned); the same sums bit for bit.
     */
    double[] reconstruction(int i, double[] codes, int[][] uSupport) {
        double[] v = new double[n];
        for (int j = 0; j < k; j++) {
            double g = codes[j];
            if (g != 0) {
                double[] uj = u[j];
                if (uSupport != null) {
                    for (int s : uSupport[j]) {
                        if (uj[s] != 0) {
                            v[s] += g * uj[s];
                        }
                    }
                } else {
                    for (int s = 0; s < n; s++) {
                        if (uj[s] != 0) {
                            v[s] += g * uj[s];
                        }
                    }
                }
            }
        }
        return v;
    }

    /** The support of every prototype (the steps and {@link #reconstruction(int, double[], int[][])} read it). */
    int[][] prototypeSupports() {
        int[][] sup = new int[k][];
        for (int j = 0; j < k; j++) {
            sup[j] = support(u[j]);
        }
        return sup;
    }

    /** The four terms [J_rec, J_dis, J_ip, J_ls] with the given prototype classes. */
    double[] terms(int[] classes) {
        double[] rec = new double[n];
        double[] dis = new double[n];
        int[][] uSupport = prototypeSupports();
        IntStream.range(0, n).parallel().forEach(i -> {
            double[] v = reconstruction(i, gam[i], uSupport);
            int[] sv = support(v);
            double r = kk(i, i);
            double d = 0;
            for (int s : sv) {
                r -= 2 * v[s] * kk(s, i);
                d += w(i, s) * v[s];
                for (int t : sv) {
                    r += v[s] * v[t] * kk(s, t);
                }
            }
            rec[i] = r;
            dis[i] = squaredDis() ? crossMassSquared(classMass(v), y[i]) : d;
        });
        double jip = 0;
        for (int j = 0; j < k; j++) {
            jip += ipTerm(u[j], classes[j]);
        }
        return new double[] {Arrays.stream(rec).sum(), Arrays.stream(dis).sum(), jip, lsTerm()};
    }

    /** J_ls with the current neighbourhoods and kernel. */
    double lsTerm() {
        double jls = 0;
        for (int i = 0; i < n; i++) {
            for (int s : plus[i]) {
                jls += kk(i, i) + kk(s, s) - 2 * kk(i, s);
            }
            for (int t : minus[i]) {
                jls += o.lsForm() == ImkplOptions.LsForm.SIMILARITY ? kk(i, t) : -(kk(i, i) + kk(t, t) - 2 * kk(i, t));
            }
        }
        return jls;
    }

    /** Σ_{q ≠ cls} ((H u)_q)² = uᵀ P u. */
    double ipTerm(double[] uj, int cls) {
        double[] mass = new double[c];
        for (int s = 0; s < n; s++) {
            if (uj[s] != 0) {
                mass[y[s]] += uj[s];
            }
        }
        double v = 0;
        for (int q = 0; q < c; q++) {
            if (q != cls) {
                v += mass[q] * mass[q];
            }
        }
        return v;
    }

    double objective(int[] classes) {
        double[] t = terms(classes);
        return t[0] + o.lambda() * t[1] + o.mu() * t[2] + o.tau() * t[3];
    }

    /**
     * J of the state as the last β-step left it, when that step computed it (the capped and simplex steps compare J
     * before and after), else {@link #objective()}: the same value bit for bit, without computing it again.
     */
    double objectiveAfterBetaStep() {
        return Double.isNaN(left) ? objective() : left;
    }

    /** J with every c_j = argmax_q (H u_j)_q (ties keep the stored class). */
    double objective() {
        int[] cls = new int[k];
        for (int j = 0; j < k; j++) {
            cls[j] = classOf(u[j], protoClass[j]);
        }
        return objective(cls);
    }

    // ---------------------------------------------------------------- Γ-step (§4.1)

    /**
     * The code problem shared by all samples: G = UᵀKU (k × k) and KU (n × k); with
     * {@code LABEL_SQUARED} also HU (c × k), from which each class's matrix is built on demand.
     */
    final class CodeProblem {
        final double[][] q2;   // 2·G
        final double[][] ku;   // KU, row s
        final int[][] sup;
        final double[][] hu;   // HU, row q = class-q mass of every prototype (LABEL_SQUARED only)

        CodeProblem() {
            sup = prototypeSupports();
            ku = new double[n][k];
            IntStream.range(0, n).parallel().forEach(s -> {
                for (int j = 0; j < k; j++) {
                    double v = 0;
                    for (int t : sup[j]) {
                        v += kk(s, t) * u[j][t];
                    }
                    ku[s][j] = v;
                }
            });
            q2 = new double[k][k];
            for (int j = 0; j < k; j++) {
                for (int l = 0; l <= j; l++) {
                    double v = 0;
                    for (int s : sup[j]) {
                        v += u[j][s] * ku[s][l];
                    }
                    q2[j][l] = 2 * v;
                    q2[l][j] = 2 * v;
                }
            }
            hu = new double[c][k];
            if (squaredDis()) {
                for (int j = 0; j < k; j++) {
                    for (int s : sup[j]) {
                        hu[y[s]][j] += u[j][s];
                    }
                }
            }
        }

        /**
         * Q for a sample of class q: 2·G, or with {@code LABEL_SQUARED} (spec §4.1)
         * 2·(G + λ·(HU)ᵀdiag(ē_q)(HU)), entry (j, l) = 2·(G_jl + λ·Σ_{p ≠ q} (HU)_pj (HU)_pl).
         */
        double[][] quadraticForClass(int q) {
            if (!squaredDis()) {
                return q2;
            }
            double[][] a = new double[k][k];
            for (int j = 0; j < k; j++) {
                for (int l = 0; l < k; l++) {
                    double v = 0;
                    for (int p = 0; p < c; p++) {
                        if (p != q) {
                            v += hu[p][j] * hu[p][l];
                        }
                    }
                    a[j][l] = q2[j][l] + 2 * o.lambda() * v;
                }
            }
            return a;
        }

        /** Q of sample i's code problem. */
        double[][] quadratic(int i) {
            return quadraticForClass(y[i]);
        }

        /** c_i = λ·Uᵀw_i − 2·UᵀK_{:,i}. */
        double[] linear(int i) {
            double[] cv = new double[k];
            for (int j = 0; j < k; j++) {
                double uw = 0;
                for (int s : sup[j]) {
                    uw += u[j][s] * w(s, i);
                }
                cv[j] = o.lambda() * uw - 2 * ku[i][j];
            }
            return cv;
        }

        /**
         * {@link #linear}(i) of every sample, bit for bit, computed over blocks of {@link #CODE_BLOCK} samples (in
         * parallel): each prototype's support points read a contiguous run of their K rows instead of one entry per
         * sample, each sum still adding its terms in the order of sup[j].
         */
        double[][] linearAll() {
            double[][] out = new double[n][k];
            int blocks = (n + CODE_BLOCK - 1) / CODE_BLOCK;
            IntStream.range(0, blocks).parallel().forEach(b -> {
                int i0 = b * CODE_BLOCK;
                int i1 = Math.min(n, i0 + CODE_BLOCK);
                for (int j = 0; j < k; j++) {
                    // Σ_{s ∈ sup_j} u_j(s)·w(s, i) for the block's i, the terms in the order of sup_j
                    double[] uw = disWeightSums(i0, i1, sup[j], u[j]);
                    for (int i = i0; i < i1; i++) {
                        out[i][j] = o.lambda() * uw[i - i0] - 2 * ku[i][j];
                    }
                }
            });
            return out;
        }

        /** Prototypes hidden when coding x_i: e_i itself, or (EXCLUDE_SELF) every prototype containing x_i. */
        boolean[] selfPrototypes(int i) {
            boolean[] ex = new boolean[k];
            boolean any = o.selfCoding() == ImkplOptions.SelfCoding.EXCLUDE_SELF;
            for (int j = 0; j < k; j++) {
                ex[j] = any ? u[j][i] != 0 : sup[j].length == 1 && sup[j][0] == i;
            }
            return ex;
        }
    }

    /** Samples per block of {@link CodeProblem#linearAll}. */
    private static final int CODE_BLOCK = 64;

    void codeStep() {
        left = Double.NaN;
        CodeProblem p = new CodeProblem();
        double[][] lin = p.linearAll();
        if (!squaredDis()) {
            codeSamples(p, p.q2, lin, IntStream.range(0, n));
            return;
        }
        // LABEL_SQUARED: Q depends on the sample's class; one k × k matrix at a time.
        for (int q = 0; q < c; q++) {
            final int cls = q;
            codeSamples(p, p.quadraticForClass(q), lin, IntStream.range(0, n).filter(i -> y[i] == cls));
        }
    }

    private void codeSamples(CodeProblem p, double[][] q2, double[][] lin, IntStream samples) {
        NonNegativeQuadraticPursuit.Columns cols = NonNegativeQuadraticPursuit.dense(q2);
        samples.parallel().forEach(i -> {
            double[] cv = lin[i];
            boolean[] ex = p.selfPrototypes(i);
            NonNegativeQuadraticPursuit.Result r = NonNegativeQuadraticPursuit.solve(cols, cv, nqp, ex);
            double fOld = NonNegativeQuadraticPursuit.objective(q2, cv, gam[i]);
            if (r.objective() < fOld) {
                gam[i] = r.x();
            }
        });
    }

    // ---------------------------------------------------------------- U-step (§4.2)

    /** Rows per task of the prototype problem's linear term. */
    private static final int LIN_BLOCK = 128;

    /**
     * The prototype problem for j: Q = 2(‖γ^j‖²K + μP_j) through columns, c = λWγ^j − 2K r_j. With
     * {@code LABEL_SQUARED}: Q += 2λ·Hᵀdiag(g)H, g_q = Σ_i γ_ji²[y_i ≠ q], and c += 2λ·Hᵀz, z_q =
     * Σ_i γ_ji[y_i ≠ q]·a_iq with a_i = H(Uγ_i − γ_ji u_j) the class mass of the other prototypes
     * (from J_dis = Σ_i Σ_{q ≠ y_i} (a_iq + γ_ji (Hu_j)_q)²).
     */
    final class PrototypeProblem implements NonNegativeQuadraticPursuit.Columns {
        final int j;
        final int cls;
        final double gg;
        final double[] lin;
        final double[] g2;   // g_q (LABEL_SQUARED; zeros otherwise)
        /** The samples that use prototype j (the support of γ^j). */
        final int[] sg;

        PrototypeProblem(int j, int cls) {
            this(j, cls, null, null, null);
        }

        /**
         * As above, γ^j read from {@code column} (null: from Γ), the prototypes' supports from {@code uSupport}
         * (null: found by scanning; else uSupport[l] holds every s with u_l(s) != 0, in increasing order) and the
         * codes' from {@code gamSupport} (null: every entry of γ_i read; else gamSupport[i] holds every l with
         * Γ_il != 0, increasing, and may hold entries that have since become 0).
         */
        PrototypeProblem(int j, int cls, double[] column, int[][] uSupport, int[][] gamSupport) {
            this.j = j;
            this.cls = cls;
            double[] g = new double[n];
            double s2 = 0;
            for (int i = 0; i < n; i++) {
                g[i] = column != null ? column[i] : gam[i][j];
                s2 += g[i] * g[i];
            }
            this.gg = s2;
            // r = γ^j − Σ_{l≠j} u_l (Σ_i Γ_li γ^j_i); the sums over the samples that use prototype j, row by row
            // (each sum adds the same terms in the same order as a loop over i per l)
            int[] sg = support(g);
            this.sg = sg;
            double[] al = new double[k];
            for (int i : sg) {
                double gi = g[i];
                double[] row = gam[i];
                if (gamSupport != null) {
                    // a zero Γ_il adds ±0 to al_l, which starts at +0 and never becomes −0: the same sums, bit for bit
                    for (int l : gamSupport[i]) {
                        al[l] += row[l] * gi;
                    }
                } else {
                    for (int l = 0; l < k; l++) {
                        al[l] += row[l] * gi;
                    }
                }
            }
            double[] r = g.clone();
            for (int l = 0; l < k; l++) {
                if (l == j) {
                    continue;
                }
                double a = al[l];
                if (a != 0) {
                    double[] ul = u[l];
                    if (uSupport != null) {
                        for (int s : uSupport[l]) {
                            if (ul[s] != 0) {
                                r[s] -= a * ul[s];
                            }
                        }
                    } else {
                        for (int s = 0; s < n; s++) {
                            if (ul[s] != 0) {
                                r[s] -= a * ul[s];
                            }
                        }
                    }
                }
            }
            int[] sr = support(r);
            g2 = new double[c];
            double[] z = new double[c];
            if (squaredDis()) {
                double[] hj = classMass(u[j]);
                for (int i : sg) {
                    double[] a = classMass(reconstruction(i, gam[i], uSupport));
                    for (int q = 0; q < c; q++) {
                        if (q != y[i]) {
                            a[q] -= g[i] * hj[q];
                            g2[q] += g[i] * g[i];
                            z[q] += g[i] * a[q];
                        }
                    }
                }
            }
            lin = new double[n];
            // (K r)_s over blocks of s: row t of the symmetric K times r_t added for t in sr's order, so each (K r)_s
            // is the same sum, term by term, as Σ_t K(s, t) r_t along row s (an axpy the JIT vectorises)
            int blocks = (n + LIN_BLOCK - 1) / LIN_BLOCK;
            IntStream.range(0, blocks).parallel().forEach(b -> {
                int s0 = b * LIN_BLOCK;
                int s1 = Math.min(n, s0 + LIN_BLOCK);
                double[] kr = new double[s1 - s0];
                for (int t : sr) {
                    double rt = r[t];
                    int base = t * n;
                    for (int s = s0; s < s1; s++) {
                        kr[s - s0] += kc[base + s] * rt;
                    }
                }
                double[] wg = disWeightSums(s0, s1, sg, g);
                for (int s = s0; s < s1; s++) {
                    lin[s] = o.lambda() * (wg[s - s0] + 2 * z[y[s]]) - 2 * kr[s - s0];
                }
            });
        }

        @Override
        public int size() {
            return n;
        }

        @Override
        public void column(int t, double[] out) {
            int base = t * n;   // K(s, t) = K(t, s): read row t
            for (int s = 0; s < n; s++) {
                boolean same = y[s] == y[t];
                double p = (same && y[t] != cls) ? 1.0 : 0.0;
                double h = same ? g2[y[t]] : 0.0;
                out[s] = 2 * (gg * kc[base + s] + o.mu() * p + o.lambda() * h);
            }
        }

        /** ½uᵀQu + cᵀu. */
        double value(double[] uj) {
            int[] su = support(uj);
            double quad = 0;
            double lv = 0;
            for (int s : su) {
                lv += lin[s] * uj[s];
                for (int t : su) {
                    double p = (y[s] == y[t] && y[t] != cls) ? 1.0 : 0.0;
                    quad += uj[s] * uj[t] * (gg * kk(s, t) + o.mu() * p);
                }
            }
            double[] mass = classMass(uj);
            for (int q = 0; q < c; q++) {
                quad += o.lambda() * g2[q] * mass[q] * mass[q];
            }
            return quad + lv;
        }
    }

    /** A column supplier scaled by 1/sc (keeps NQP's absolute pivot floor meaningful for small ‖γ^j‖). */
    private static NonNegativeQuadraticPursuit.Columns scaled(NonNegativeQuadraticPursuit.Columns q, double sc) {
        return new NonNegativeQuadraticPursuit.Columns() {
            @Override
            public int size() {
                return q.size();
            }

            @Override
            public void column(int j, double[] out) {
                q.column(j, out);
                for (int i = 0; i < out.length; i++) {
                    out[i] /= sc;
                }
            }
        };
    }

    double uKu(double[] uj) {
        int[] su = support(uj);
        double v = 0;
        for (int s : su) {
            for (int t : su) {
                v += uj[s] * uj[t] * kk(s, t);
            }
        }
        return v;
    }

    void prototypeStep() {
        left = Double.NaN;
        int[] order = IntStream.range(0, k).toArray();
        shuffle(order, rnd);
        // Γ's columns, read once in cache-friendly order (updating prototype j rescales column j only, after it is
        // read), and the prototypes' supports, kept as they change: each prototype problem then reads its γ^j and the
        // other prototypes without scanning Γ's rows or all n entries of every u_l
        double[][] columns = new double[k][n];
        int[][] gamSupport = new int[n][];   // updating u_j rescales column j, which keeps its zeros
        for (int i = 0; i < n; i++) {
            double[] row = gam[i];
            for (int j = 0; j < k; j++) {
                columns[j][i] = row[j];
            }
            gamSupport[i] = support(row);
        }
        int[][] uSupport = prototypeSupports();
        for (int j : order) {
            if (updatePrototype(j, columns[j], uSupport, gamSupport)) {
                uSupport[j] = support(u[j]);
            }
            columns[j] = null;
        }
    }

    void updatePrototype(int j) {
        updatePrototype(j, null, null, null);
    }

    /**
     * Updates prototype j (γ^j read from {@code column}, the supports of the prototypes from {@code uSupport} and of
     * the codes from {@code gamSupport}, as in {@link PrototypeProblem#PrototypeProblem(int, int, double[], int[][],
     * int[][])}); returns whether u_j changed.
     */
    private boolean updatePrototype(int j, double[] column, int[][] uSupport, int[][] gamSupport) {
        protoClass[j] = classOf(u[j], protoClass[j]);
        PrototypeProblem p = new PrototypeProblem(j, protoClass[j], column, uSupport, gamSupport);
        if (p.gg == 0) {
            return false; // nobody uses prototype j
        }
        double sc = 2 * p.gg;
        double[] cs = p.lin.clone();
        for (int s = 0; s < n; s++) {
            cs[s] /= sc;
        }
        boolean[] banned = null;
        if (o.selfCoding() == ImkplOptions.SelfCoding.EXCLUDE_SELF) {
            banned = new boolean[n];   // x_i may not enter a prototype that codes it
            for (int i = 0; i < n; i++) {
                banned[i] = gam[i][j] != 0;
            }
        }
        NonNegativeQuadraticPursuit.Result r = NonNegativeQuadraticPursuit.solve(scaled(p, sc), cs, nqp, banned);
        double[] cand = r.x();
        if (r.support().length == 0) {
            return false;
        }
        double nrm2 = uKu(cand);
        if (!(nrm2 > 0)) {
            return false;
        }
        // Value after normalisation: the reconstruction and J_dis parts are invariant under
        // (u, γ^j) → (u/n, n·γ^j); only μ·uᵀP u scales by 1/n².
        double fNew = p.value(cand) + o.mu() * ipTerm(cand, p.cls) * (1.0 / nrm2 - 1.0);
        double fOld = p.value(u[j]);
        if (!(fNew < fOld)) {
            return false;
        }
        double nj = Math.sqrt(nrm2);
        for (int s = 0; s < n; s++) {
            cand[s] /= nj;
        }
        u[j] = cand;
        for (int i : p.sg) {   // γ^j's zeros stay zeros
            gam[i][j] *= nj;
        }
        return true;
    }

    // ---------------------------------------------------------------- β-step (§4.3)

    /**
     * Per-kernel coefficients: obj[m] = a_m + λb_m + τℓ_m (with {@code LABEL_ONLY} or
     * {@code LABEL_SQUARED}, b_m is the β-free J_dis, the same for every m) and, for the {@code NORMALISED_LP} step that
     * needs them (null otherwise), norm[j][m] = u_jᵀK_m u_j; Σ_m β_m obj[m] = J − μJ_ip on the simplex. obj[m] is
     * constant + Σ_e weight[e]·K_m(first[e], second[e]) summed in the order of e, the values read through the memo.
     */
    final class BetaProblem {
        final double[] obj = new double[m];
        final double[][] norm;
        /** The pairs (first[e] ≤ second[e]) with a non-zero weight, in row-major order, and their weights. */
        final int[] first;
        final int[] second;
        final double[] weight;
        /** The β-free part of every coefficient. */
        final double constant;

        BetaProblem() {
            // Pair weights on the upper triangle (s ≤ t), constant terms separately.
            double[] a = new double[n * n];
            double[] cst = {0};
            int[][] uSupport = prototypeSupports();
            for (int i = 0; i < n; i++) {
                double[] v = reconstruction(i, gam[i], uSupport);
                int[] sv = support(v);
                add(a, i, i, 1.0);                              // K_m(i,i)
                if (squaredDis()) {                             // λ Σ_{q≠y_i} (Hv_i)_q²: the same for every kernel
                    cst[0] += o.lambda() * crossMassSquared(classMass(v), y[i]);
                }
                for (int s : sv) {
                    add(a, s, i, -2 * v[s]);                    // −2 v_s K_m(s,i)
                    for (int t : sv) {
                        add(a, s, t, v[s] * v[t]);              // v_s v_t K_m(s,t)
                    }
                    if (y[s] == y[i] || squaredDis()) {
                        continue;                               // no linear J_dis contribution
                    }
                    if (o.disForm() == ImkplOptions.DisForm.LABEL_ONLY) {
                        cst[0] += o.lambda() * v[s];            // λ L_is v_s: the same for every kernel (Σβ = 1)
                    } else {                                    // λ L_is (K(i,i) + K(s,s) − 2K(i,s)) v_s
                        add(a, i, i, o.lambda() * v[s]);
                        add(a, s, s, o.lambda() * v[s]);
                        add(a, i, s, -2 * o.lambda() * v[s]);
                    }
                }
                for (int s : plus[i]) {                         // τ D_is
                    add(a, i, i, o.tau());
                    add(a, s, s, o.tau());
                    add(a, i, s, -2 * o.tau());
                }
                for (int t : minus[i]) {
                    if (o.lsForm() == ImkplOptions.LsForm.SIMILARITY) { // τ K_it
                        add(a, i, t, o.tau());
                    } else {                                    // −τ D_it
                        add(a, i, i, -o.tau());
                        add(a, t, t, -o.tau());
                        add(a, i, t, 2 * o.tau());
                    }
                }
            }
            int cnt = 0;
            for (double v : a) {
                if (v != 0) {
                    cnt++;
                }
            }
            int[] ps = new int[cnt];
            int[] pt = new int[cnt];
            double[] pw = new double[cnt];
            int p = 0;
            for (int s = 0; s < n; s++) {
                for (int t = s; t < n; t++) {
                    double v = a[s * n + t];
                    if (v != 0) {
                        ps[p] = s;
                        pt[p] = t;
                        pw[p] = v;
                        p++;
                    }
                }
            }
            first = ps;
            second = pt;
            weight = pw;
            constant = cst[0];
            Arrays.fill(obj, constant);
            memo.accumulate(ev, ps, pt, pw, pw.length, obj);
            if (o.betaStep() != ImkplOptions.BetaStep.NORMALISED_LP) {
                norm = null;
                return;
            }
            norm = new double[k][m];
            int[][] sup = uSupport;   // u is unchanged since the reconstructions above
            IntStream.range(0, m).parallel().forEach(q -> {
                for (int j = 0; j < k; j++) {
                    double v = 0;
                    for (int s : sup[j]) {
                        for (int t : sup[j]) {
                            v += u[j][s] * u[j][t] * ev.value(q, s, t);
                        }
                    }
                    norm[j][q] = v;
                }
            });
        }

        private void add(double[] a, int s, int t, double v) {
            if (s <= t) {
                a[s * n + t] += v;
            } else {
                a[t * n + s] += v;
            }
        }

        double value(double[] b) {
            double v = 0;
            for (int q = 0; q < m; q++) {
                v += b[q] * obj[q];
            }
            return v;
        }
    }

    /** Runs the β-step; returns whether β changed. */
    boolean betaStep() {
        left = Double.NaN;
        if (o.betaStep() == ImkplOptions.BetaStep.FIXED) {
            return false;
        }
        return applyBetaStep(prepareBetaStep());
    }

    /**
     * The first half of the β-step (not {@code FIXED}): the neighbourhood refresh and the coefficients. They do not
     * depend on r of the capped step, so the fits of several r from one state share them ({@link #copyWith}).
     */
    BetaProblem prepareBetaStep() {
        left = Double.NaN;
        if (o.recomputeNeighbourhoods()) {
            // Safeguard [D]: new neighbourhoods are kept only when they do not raise J_ls under the
            // current kernel, so that J never increases and the outer loop cannot cycle.
            int[][] oldPlus = plus;
            int[][] oldMinus = minus;
            double before = lsTerm();
            computeNeighbourhoods();
            if (lsTerm() > before) {
                plus = oldPlus;
                minus = oldMinus;
            }
        }
        return new BetaProblem();
    }

    /** The second half of the β-step: the new β from the coefficients {@code bp} of this state's current U and Γ. */
    boolean applyBetaStep(BetaProblem bp) {
        left = Double.NaN;
        double[] nb;
        if (o.betaStep() == ImkplOptions.BetaStep.SIMPLEX_LP) {
            int best = 0;
            for (int q = 1; q < m; q++) {
                if (bp.obj[q] < bp.obj[best]) {
                    best = q;
                }
            }
            nb = new double[m];
            nb[best] = 1.0;
        } else if (o.betaStep() == ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP) {
            nb = cappedSimplexLp(bp.obj, o.kernelCap() > 0 ? o.kernelCap() : k);
        } else {
            nb = solveNormalisedLp(bp);
            if (nb == null) {
                return false;
            }
        }
        if (o.betaStep() == ImkplOptions.BetaStep.NORMALISED_LP && !(bp.value(nb) <= bp.value(beta))) {
            LOG.log(Level.DEBUG, "IMKPL: LP solution does not improve on the current beta; kept");
            return false;
        }
        if (o.betaStep() != ImkplOptions.BetaStep.NORMALISED_LP) {
            // Renormalising U under the new kernel may raise J_ip (spec §4.4): keep the old state then.
            double before = objective();
            boolean same = Arrays.equals(nb, beta);
            double[] oldBeta = beta.clone();
            double[] oldK = same ? null : kc.clone();
            double[][] oldU = new double[k][];
            for (int j = 0; j < k; j++) {
                oldU[j] = u[j].clone();
            }
            double[][] oldGam = new double[n][];
            for (int i = 0; i < n; i++) {
                oldGam[i] = gam[i].clone();
            }
            System.arraycopy(nb, 0, beta, 0, m);
            if (!same) {
                // an unchanged β keeps kc as it is (rebuilding it from the same β would give the same bits)
                updateCombinedKernel(oldBeta);
            }
            renormalisePrototypes();
            double after = objective();
            if (after > before) {
                System.arraycopy(oldBeta, 0, beta, 0, m);
                if (oldK != null) {
                    System.arraycopy(oldK, 0, kc, 0, kc.length);
                }
                for (int j = 0; j < k; j++) {
                    u[j] = oldU[j];
                }
                for (int i = 0; i < n; i++) {
                    gam[i] = oldGam[i];
                }
                left = before;
                return false;
            }
            left = after;
            return true;
        }
        boolean same = Arrays.equals(nb, beta);
        System.arraycopy(nb, 0, beta, 0, m);
        if (!same) {
            computeCombinedKernel();
        }
        renormalisePrototypes();
        return true;
    }

    /**
     * argmin Σ β_m a_m over {β ≥ 0, Σβ = 1, β_m ≤ 1/r}: 1/r on the r smallest coefficients (ties by
     * index); uniform when r ≥ M.
     */
    static double[] cappedSimplexLp(double[] coef, int r) {
        int mm = coef.length;
        double[] nb = new double[mm];
        if (r >= mm) {
            Arrays.fill(nb, 1.0 / mm);
            return nb;
        }
        Integer[] order = new Integer[mm];
        for (int q = 0; q < mm; q++) {
            order[q] = q;
        }
        Arrays.sort(order, (x, z) -> coef[x] != coef[z] ? Double.compare(coef[x], coef[z]) : Integer.compare(x, z));
        for (int a = 0; a < r; a++) {
            nb[order[a]] = 1.0 / r;
        }
        return nb;
    }

    private double[] solveNormalisedLp(BetaProblem bp) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        double scale = 0;
        for (double v : bp.obj) {
            scale = Math.max(scale, Math.abs(v));
        }
        scale = scale > 0 ? scale : 1.0;
        Variable[] v = new Variable[m];
        for (int q = 0; q < m; q++) {
            v[q] = model.addVariable("b" + q).lower(BigDecimal.ZERO).weight(bp.obj[q] / scale);
        }
        Expression sum = model.addExpression("simplex").level(BigDecimal.ONE);
        for (int q = 0; q < m; q++) {
            sum.set(v[q], BigDecimal.ONE);
        }
        for (int j = 0; j < k; j++) {
            if (support(u[j]).length == 1) {
                continue; // one-hot prototype: u_jᵀK_m u_j = u_s² for every m, implied by the simplex row
            }
            Expression e = model.addExpression("norm" + j).level(BigDecimal.ONE);
            for (int q = 0; q < m; q++) {
                e.set(v[q], bp.norm[j][q]);
            }
        }
        Optimisation.Result r = model.minimise();
        if (!r.getState().isFeasible()) {
            LOG.log(Level.DEBUG, "IMKPL: beta LP ended in state {0}; beta kept", r.getState());
            return null;
        }
        double[] nb = new double[m];
        double s = 0;
        for (int q = 0; q < m; q++) {
            nb[q] = Math.max(0.0, r.doubleValue(q));
            if (nb[q] < 1e-12) {
                nb[q] = 0;
            }
            s += nb[q];
        }
        if (!(s > 0)) {
            return null;
        }
        for (int q = 0; q < m; q++) {
            nb[q] /= s;
        }
        return nb;
    }

    /** u_j ← u_j/n_j, γ^j ← n_j γ^j with n_j = √(u_jᵀKu_j) under the current K. */
    void renormalisePrototypes() {
        double[] scale = new double[k];   // n_j, 0 where u_j is left as it is
        for (int j = 0; j < k; j++) {
            double nrm2 = uKu(u[j]);
            if (!(nrm2 > 0)) {
                continue;
            }
            double nj = Math.sqrt(nrm2);
            for (int s = 0; s < n; s++) {
                u[j][s] /= nj;
            }
            scale[j] = nj;
        }
        for (int i = 0; i < n; i++) {   // γ^j ← n_j γ^j, row by row
            double[] row = gam[i];
            for (int j = 0; j < k; j++) {
                if (scale[j] != 0) {
                    row[j] *= scale[j];
                }
            }
        }
    }

    int selectedKernels(double threshold) {
        int cnt = 0;
        for (double b : beta) {
            if (b > threshold) {
                cnt++;
            }
        }
        return cnt;
    }
}
