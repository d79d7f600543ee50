package dev.kernelkit.mi;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.svm.SquaredHingeProblem;
import java.util.Arrays;

/**
 * The optimal-value function g(Z) = sum_c min_{beta_c, rho_c} Q_c(beta_c, rho_c, Z) of SparseMI
 * (TNNLS 2013, eq. 13 and 17; with one-vs-rest problems sharing Z, eq. 19-20) and its gradient
 * (eq. 18), evaluated at the inner optimum as if beta and rho were constants:
 *
 * <pre>
 *   dg/dz_j = sum_c [ sum_a beta_ca beta_cj dk(z_a, z_j)/dz_j
 *                     + C sum_i l'_ci beta_cj (1/n_i) sum_p dk(x_ip, z_j)/dz_j ],
 *   l'_ci = 2 (f_ci - y_ci) if y_ci f_ci &lt; 1, else 0.
 * </pre>
 *
 * Cost of one evaluation: N * N_XV kernel values plus the inner solves; of one gradient:
 * O(N * N_XV * d) (O(N * N_XV * Q) in basis mode).
 *
 * <p>Two paths. The fast path ({@link DotProductKernel}: Gaussian, polynomial, linear) reads every kernel value
 * and derivative from x·z, ||x||² and ||z||², in the input space or in the basis-vector space. The general path
 * (any other {@link DifferentiableKernel}, e.g. a learned combination of kernels on feature subsets) works in the
 * input space on the kernel itself: k(x_t, z_j) by {@link DifferentiableKernel#apply} and dk(x, z_j)/dz_j by
 * {@link DifferentiableKernel#addGradient}, with the same g(Z) and the same eq.-18 coefficients.
 */
final class SparseMiObjective {
    /** The fast path's kernel, or null on the general path. */
    private final DotProductKernel kernel;
    /** The general path's kernel, or null on the fast path. */
    private final DifferentiableKernel general;
    /** The instances of the general path (null on the fast path). */
    private final InputSpace inputs;
    private final PointSpace space;
    private final int[] bagOf;
    private final double[] bagSize;
    private final double[] inverseBagSize;
    private final double[] instanceNorms;
    private final double[][] targets;
    private final double c;
    private final double ridge;
    private final int bags;
    /** The inner solver and L-BFGS's relative gradient tolerance ({@link SparseMiOptions#innerSolver}). */
    private SparseMiOptions.InnerSolver innerSolver = SparseMiOptions.InnerSolver.NEWTON;
    private double innerTolerance = SparseMiOptions.DEFAULT_INNER_TOLERANCE;
    /** The cost C_i of every bag (class weights), or null when every bag costs {@link #c}. */
    private double[] bagCosts;
    /** Multiply-adds one kernel value (an exp) is counted as when deciding to run in parallel ({@link XvBlocks}). */
    private static final long KERNEL_COST = 20;
    /** Scratch of {@link #gradient}: the weights of the instance directions, N_XV x N. */
    private double[][] weights;

    /**
     * @param bagOf the bag index of every instance (instances of a bag need not be contiguous)
     * @param bagCount the number of bags m
     * @param targets one row of labels y in {-1, +1} per binary problem
     */
    SparseMiObjective(DotProductKernel kernel, PointSpace space, int[] bagOf, int bagCount, double[][] targets,
                      double c, double ridge) {
        this(kernel, null, null, space, bagOf, bagCount, targets, c, ridge);
    }

    /** The general path: any differentiable kernel, expansion vectors in the input space. */
    SparseMiObjective(DifferentiableKernel kernel, InputSpace space, int[] bagOf, int bagCount, double[][] targets,
                      double c, double ridge) {
        this(null, kernel, space, space, bagOf, bagCount, targets, c, ridge);
    }

    private SparseMiObjective(DotProductKernel kernel, DifferentiableKernel general, InputSpace inputs,
                              PointSpace space, int[] bagOf, int bagCount, double[][] targets, double c, double ridge) {
        this.kernel = kernel;
        this.general = general;
        this.inputs = inputs;
        this.space = space;
        this.bagOf = bagOf;
        this.bags = bagCount;
        this.bagSize = new double[bagCount];
        for (int b : bagOf) {
            bagSize[b]++;
        }
        this.inverseBagSize = new double[bagCount];
        for (int b = 0; b < bagCount; b++) {
            inverseBagSize[b] = 1.0 / bagSize[b];
        }
        this.instanceNorms = new double[bagOf.length];
        for (int t = 0; t < bagOf.length; t++) {
            instanceNorms[t] = space.instanceSquaredNorm(t);
        }
        this.targets = targets;
        this.c = c;
        this.ridge = ridge;
    }

    /**
     * As the other constructor, with the inner problems solved by {@code solver} (L-BFGS stopped at
     * ||grad Q|| &le; {@code tolerance} ||grad Q(0)||).
     */
    SparseMiObjective(DotProductKernel kernel, PointSpace space, int[] bagOf, int bagCount, double[][] targets,
                      double c, double ridge, SparseMiOptions.InnerSolver solver, double tolerance) {
        this(kernel, space, bagOf, bagCount, targets, c, ridge);
        this.innerSolver = solver;
        this.innerTolerance = tolerance;
    }

    /** The general path with the inner problems solved by {@code solver} (as the fast path's constructor). */
    SparseMiObjective(DifferentiableKernel kernel, InputSpace space, int[] bagOf, int bagCount, double[][] targets,
                      double c, double ridge, SparseMiOptions.InnerSolver solver, double tolerance) {
        this(kernel, space, bagOf, bagCount, targets, c, ridge);
        this.innerSolver = solver;
        this.innerTolerance = tolerance;
    }

    /**
     * Every bag i costs C_i instead of C, in g(Z) (the inner problems' loss) and in its gradient: class weights,
     * C_i = C w_{c(i)} ({@link dev.kernelkit.svm.ClassWeights#costs}); null for C everywhere. Returns this.
     *
     * @throws IllegalArgumentException for other than one cost per bag
     */
    SparseMiObjective withBagCosts(double[] costs) {
        if (costs != null && costs.length != bags) {
            throw new IllegalArgumentException("expected one cost per bag (" + bags + "), found " + costs.length);
        }
        this.bagCosts = costs == null ? null : costs.clone();
        return this;
    }

    int problems() {
        return targets.length;
    }

    PointSpace space() {
        return space;
    }

    /**
     * Everything computed at one Z: the inner products z_a · z_b ({@code zin}, its diagonal
     * {@code zz}), x_t · z_j and k(x_t, z_j) (N_XV x N, one row per XV), K_Z, the mean kernel
     * rows A, the inner optima and g(Z).
     */
    static final class Evaluation {
        final double[][] z;
        final double[] zz;
        final double[][] zin;
        final double[][] dots;
        final double[][] kx;
        final double[][] kz;
        final double[][] a;
        final double[][] w;
        final double value;

        Evaluation(double[][] z, double[] zz, double[][] zin, double[][] dots, double[][] kx, double[][] kz,
                   double[][] a, double[][] w, double value) {
            this.z = z;
            this.zz = zz;
            this.zin = zin;
            this.dots = dots;
            this.kx = kx;
            this.kz = kz;
            this.a = a;
            this.w = w;
            this.value = value;
        }
    }

    /** The mean kernel rows A (m x N_XV) and K_Z at Z, without solving. */
    Evaluation kernels(double[][] z) {
        return kernels(z, null);
    }

    /**
     * As {@link #kernels(double[][])}; with a {@code step} (Z = Z0 - s G) x · z_j is read as x · z0_j - s x · g_j
     * from the step's products instead of a new product Z X'.
     */
    private Evaluation kernels(double[][] z, Step step) {
        if (general != null) {
            return generalKernels(z);
        }
        int nxv = z.length;
        int n = space.instanceCount();
        double[][] zin = new double[nxv][nxv];
        space.inners(z, zin);
        double[] zz = new double[nxv];
        for (int j = 0; j < nxv; j++) {
            zz[j] = zin[j][j];
        }
        double[][] dots = new double[nxv][n];
        if (step == null) {
            space.instanceDots(z, dots);
        }
        double[][] kx = new double[nxv][n];
        double[][] a = new double[bags][nxv];
        // column j of A and row j of k(x, z) are written by one thread only
        XvBlocks.run(nxv, (long) nxv * n * KERNEL_COST, (from, to) -> {
            for (int j = from; j < to; j++) {
                double[] dj = dots[j];
                if (step != null) {
                    double[] d0 = step.from.dots[j];
                    double[] dg = step.directionDots[j];
                    double s = step.scale;
                    for (int t = 0; t < n; t++) {
                        dj[t] = d0[t] - s * dg[t];
                    }
                }
                double[] kj = kx[j];
                double zj = zz[j];
                for (int t = 0; t < n; t++) {
                    double k = kernel.value(dj[t], instanceNorms[t], zj);
                    kj[t] = k;
                    int b = bagOf[t];
                    a[b][j] += inverseBagSize[b] * k;
                }
            }
        });
        double[][] kz = new double[nxv][nxv];
        for (int i = 0; i < nxv; i++) {
            for (int j = i; j < nxv; j++) {
                double s = i == j ? zz[i] : zin[i][j];
                double k = kernel.value(s, zz[i], zz[j]);
                kz[i][j] = k;
                kz[j][i] = k;
            }
        }
        return new Evaluation(z, zz, zin, dots, kx, kz, a, null, Double.NaN);
    }

    /**
     * The general path's kernels: k(x_t, z_j) and K_Z from the kernel itself (the inner products of the fast
     * path are not formed: {@code zz}, {@code zin} and {@code dots} stay null).
     */
    private Evaluation generalKernels(double[][] z) {
        int nxv = z.length;
        int n = space.instanceCount();
        Vec[] points = points(z);
        double[][] kx = new double[nxv][n];
        double[][] a = new double[bags][nxv];
        XvBlocks.run(nxv, (long) nxv * n * space.parameterDim(), (from, to) -> {
            for (int j = from; j < to; j++) {
                double[] kj = kx[j];
                Vec zj = points[j];
                for (int t = 0; t < n; t++) {
                    double k = general.apply(inputs.instance(t), zj);
                    kj[t] = k;
                    int b = bagOf[t];
                    a[b][j] += inverseBagSize[b] * k;
                }
            }
        });
        double[][] kz = new double[nxv][nxv];
        for (int i = 0; i < nxv; i++) {
            for (int j = i; j < nxv; j++) {
                double k = general.apply(points[i], points[j]);
                kz[i][j] = k;
                kz[j][i] = k;
            }
        }
        return new Evaluation(z, null, null, null, kx, kz, a, null, Double.NaN);
    }

    /** The points z_j as vectors over the rows of {@code z} (not copied). */
    private static Vec[] points(double[][] z) {
        Vec[] out = new Vec[z.length];
        for (int j = 0; j < z.length; j++) {
            out[j] = DenseVec.wrap(z[j]);
        }
        return out;
    }

    /** The inner problem of binary problem {@code p} at the kernels of {@code e}. */
    SquaredHingeProblem problem(Evaluation e, int p) {
        int nxv = e.z.length;
        double[][] r = new double[nxv][];
        for (int i = 0; i < nxv; i++) {
            r[i] = e.kz[i].clone();
            r[i][i] += ridge;
        }
        return bagCosts == null ? new SquaredHingeProblem(e.a, targets[p], c, r)
                : new SquaredHingeProblem(e.a, targets[p], bagCosts, r);
    }

    /**
     * g(Z) with every inner problem solved by Newton from the warm start (null: from zero).
     */
    Evaluation evaluate(double[][] z, double[][] warm) {
        return solved(kernels(z, null), warm);
    }

    /**
     * A point Z0 - s G on the line from an evaluated point along G, with the products x · g_j of {@link
     * #directionDots}: x · z_j comes from x · z0_j - s x · g_j (the same value up to rounding) instead of a new
     * product Z X' per trial step.
     */
    static final class Step {
        final Evaluation from;
        final double[][] directionDots;
        final double scale;

        Step(Evaluation from, double[][] directionDots, double scale) {
            this.from = from;
            this.directionDots = directionDots;
            this.scale = scale;
        }
    }

    /**
     * x_t · g_j for every row g_j of a direction G (N_XV x N), for {@link #evaluate(double[][], Step, double[][])};
     * null on the general path, which forms no inner products.
     */
    double[][] directionDots(double[][] g) {
        if (general != null) {
            return null;
        }
        double[][] out = new double[g.length][space.instanceCount()];
        space.instanceDots(g, out);
        return out;
    }

    /**
     * {@link #evaluate(double[][], double[][])} at z = {@code step.from.z - step.scale G}, reading x · z from the
     * step (the caller forms z itself); a step without direction products (the general path) evaluates z as given.
     */
    Evaluation evaluate(double[][] z, Step step, double[][] warm) {
        return solved(kernels(z, step.directionDots == null ? null : step), warm);
    }

    /** The inner optima and g(Z) at the kernels of {@code k}. */
    private Evaluation solved(Evaluation k, double[][] warm) {
        double[][] w = new double[targets.length][];
        double g = 0;
        for (int p = 0; p < targets.length; p++) {
            SquaredHingeProblem prob = problem(k, p);
            w[p] = solve(prob, warm != null ? warm[p] : null);
            g += prob.value(w[p]);
        }
        return new Evaluation(k.z, k.zz, k.zin, k.dots, k.kx, k.kz, k.a, w, g);
    }

    /** The inner optimum of one problem by the configured solver, from {@code warm} (null: zero). */
    private double[] solve(SquaredHingeProblem prob, double[] warm) {
        if (innerSolver == SparseMiOptions.InnerSolver.NEWTON) {
            return prob.solveNewton(warm);
        }
        double[] g0 = new double[prob.variables()];
        prob.valueAndGradient(new double[prob.variables()], g0);
        double norm = 0;
        for (double v : g0) {
            norm += v * v;
        }
        return prob.solveLbfgs(warm, Math.max(innerTolerance * Math.sqrt(norm), Double.MIN_NORMAL));
    }

    /** dg/dZ at an evaluated point (eq. 18 summed over the binary problems, eq. 20). */
    double[][] gradient(Evaluation e) {
        int nxv = e.z.length;
        int pd = space.parameterDim();
        double[][] bagCoef = new double[bags][nxv];
        double[][] u = new double[nxv][nxv];
        for (int p = 0; p < targets.length; p++) {
            double[] w = e.w[p];
            double[] y = targets[p];
            for (int i = 0; i < bags; i++) {
                double f = w[nxv];
                double[] ai = e.a[i];
                for (int j = 0; j < nxv; j++) {
                    f += ai[j] * w[j];
                }
                if (y[i] * f < 1) {
                    double coef = (bagCosts == null ? c : bagCosts[i]) * 2 * (f - y[i]) / bagSize[i];
                    for (int j = 0; j < nxv; j++) {
                        bagCoef[i][j] += coef * w[j];
                    }
                }
            }
            for (int i = 0; i < nxv; i++) {
                for (int j = 0; j < nxv; j++) {
                    u[i][j] += w[i] * w[j];
                }
            }
        }
        if (general != null) {
            return generalGradient(e, bagCoef, u);
        }
        double[][] grad = new double[nxv][pd];
        double[] metricSum = new double[nxv];
        int n = space.instanceCount();
        if (weights == null || weights.length != nxv || weights[0].length != n) {
            weights = new double[nxv][n];
        }
        double[][] wts = weights;
        XvBlocks.run(nxv, (long) nxv * n * KERNEL_COST, (from, to) -> {
            for (int j = from; j < to; j++) {
                double[] wj = wts[j];
                double[] kj = e.kx[j];
                double[] dj = e.dots[j];
                double m = 0;
                for (int t = 0; t < n; t++) {
                    double cj = bagCoef[bagOf[t]][j];
                    if (cj == 0) {
                        wj[t] = 0;
                        continue;
                    }
                    double k = kj[t];
                    double d1 = kernel.dDot(k, dj[t]);
                    wj[t] = d1 != 0 ? cj * d1 : 0;
                    m += cj * kernel.dNormZ(k);
                }
                metricSum[j] = m;
            }
        });
        space.addInstanceDirections(weights, weightedInstances(bagCoef), grad);
        // the metric term: combo_j = sum_a u_aj dk(z_a, z_j)/d(z_a.z_j) z_a, the product M Z, plus 2 self_j z_j
        double[][] m = new double[nxv][nxv];
        double[] self = new double[nxv];
        XvBlocks.run(nxv, (long) nxv * nxv * KERNEL_COST, (from, to) -> {
            for (int j = from; j < to; j++) {
                double[] mj = m[j];
                double sj = metricSum[j];
                for (int a = 0; a < nxv; a++) {
                    double uaj = u[a][j];
                    if (uaj == 0) {
                        continue;
                    }
                    double k = e.kz[a][j];
                    double s = a == j ? e.zz[j] : e.zin[a][j];
                    mj[a] = uaj * kernel.dDot(k, s);
                    sj += uaj * kernel.dNormZ(k);
                }
                self[j] = sj;
            }
        });
        double[][] combo = XvProducts.times(m, e.z);
        XvBlocks.run(nxv, (long) nxv * pd, (from, to) -> {
            for (int j = from; j < to; j++) {
                double[] cj = combo[j];
                double[] zj = e.z[j];
                double twice = 2 * self[j];
                for (int q = 0; q < pd; q++) {
                    cj[q] += twice * zj[q];
                }
                space.addMetricDirection(cj, 1.0, grad[j]);
            }
        });
        return grad;
    }

    /**
     * The instances of the bags with a non-zero coefficient for some expansion vector, in increasing order (every
     * other instance's weight is zero), or null when that is every instance.
     */
    private int[] weightedInstances(double[][] bagCoef) {
        boolean[] weightedBag = new boolean[bags];
        for (int i = 0; i < bags; i++) {
            for (double v : bagCoef[i]) {
                if (v != 0) {
                    weightedBag[i] = true;
                    break;
                }
            }
        }
        int n = bagOf.length;
        int[] used = new int[n];
        int k = 0;
        for (int t = 0; t < n; t++) {
            if (weightedBag[bagOf[t]]) {
                used[k++] = t;
            }
        }
        return k == n ? null : Arrays.copyOf(used, k);
    }

    /**
     * Eq. 18 on the general path: dg/dz_j = sum_t coef_(bag t) j dk(x_t, z_j)/dz_j + sum_a u_aj dk(z_a, z_j)/dz_j,
     * coef_ij = sum_c C l'_ci beta_cj / n_i and u_aj = sum_c beta_ca beta_cj (for a = j the derivative in the second
     * argument only: the ½ of the quadratic form and its two equal arguments cancel).
     */
    private double[][] generalGradient(Evaluation e, double[][] bagCoef, double[][] u) {
        int nxv = e.z.length;
        int n = space.instanceCount();
        int d = space.parameterDim();
        Vec[] points = points(e.z);
        double[][] grad = new double[nxv][d];
        XvBlocks.run(nxv, (long) nxv * (n + nxv) * d, (from, to) -> {
            for (int j = from; j < to; j++) {
                double[] gj = grad[j];
                Vec zj = points[j];
                for (int t = 0; t < n; t++) {
                    double cj = bagCoef[bagOf[t]][j];
                    if (cj != 0) {
                        general.addGradient(inputs.instance(t), zj, cj, gj);
                    }
                }
                for (int a = 0; a < nxv; a++) {
                    double uaj = u[a][j];
                    if (uaj != 0) {
                        general.addGradient(points[a], zj, uaj, gj);
                    }
                }
            }
        });
        return grad;
    }
}
