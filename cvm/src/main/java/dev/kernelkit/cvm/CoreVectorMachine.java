package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Core Vector Machine training (Tsang, Kwok and Cheung, "Core Vector Machines: Fast SVM Training
 * on Very Large Data Sets", JMLR 6:363–392, 2005; spec §2.3, §3). The two-class L2-SVM
 *
 * <pre>
 *   min_{w,b,rho,xi} ||w||^2 + b^2 - 2 rho + C sum xi_i^2  s.t. y_i (w'phi(x_i) + b) &ge; rho - xi_i
 * </pre>
 *
 * has the dual max -a'K~a over the simplex with k~(z_i, z_j) = y_i y_j (k(x_i, x_j) + 1) + delta_ij / C,
 * an MEB problem when k(x, x) is constant; it is solved by the (1+epsilon) core-set iteration
 * ({@link CoreSetSolver}) and w, b, f are recovered as in {@link CvmMachine}. Symbols: a (alpha)
 * the MEB weights, C the cost, epsilon the approximation, eta = kappa + 1 + 1/C the constant
 * self-similarity kappa~. Cost: O(1/epsilon) outer iterations, each |S| kernel evaluations per
 * sampled candidate (59 / 60 per round) plus an SMO solve of the core-set QP.
 *
 * <p>Over bags ({@link #fitBags}) the examples x_i are bags B_i and k is a kernel between bags: with
 * the set kernel k_set(B, B') = (1 / (|B| |B'|)) sum_p sum_q k(x_p, x'_q) (Gaertner, Flach, Kowalczyk
 * and Smola, ICML 2002) this is the MI-Kernel's L2-SVM, its regularised bias included, found by the
 * same core-set search over bags; only the kernel matrix (the kernels layer's {@code BagKernelMatrix},
 * entries computed when a candidate bag is drawn) differs. The set kernel's k(B, B) varies, so the
 * problem is the center-constrained MEB with eta = max_i k(B_i, B_i) + 1 + 1/C (spec §3.3 item 11).
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}; {@link #bagTrainer},
 * {@value #BAG_NAME}): the fit report counts the outer core-set iterations (summed over machines), is
 * converged when no machine hit the core-vector cap, and traces R^2 of the first machine after each
 * outer iteration; the listener hears R^2 after each outer iteration of every machine.
 */
public final class CoreVectorMachine {
    /** The learner's catalog name. */
    public static final String NAME = "cvm";
    /** The catalog name of the core vector machine over bags ({@code cvm} on bag data). */
    public static final String BAG_NAME = "bag-cvm";

    private CoreVectorMachine() {
    }

    /** The trainer of the learner contract: {@link #fit(LabeledDataset, CvmOptions, FitListener)} with these options. */
    public static Trainer<Vec, CvmModel> trainer(CvmOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(NAME, InputKind.VECTORS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(LabeledDataset.of(data), options, listener));
    }

    /** The trainer of the learner contract over bags: {@link #fitBags(BagDataset, BagCvmOptions, FitListener)}. */
    public static Trainer<Bag, BagCvmModel> bagTrainer(BagCvmOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(BAG_NAME, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fitBags(BagDataset.of(data), options, listener));
    }

    /**
     * Fits a classifier (two classes, or several by one-vs-rest / one-vs-one).
     *
     * @throws IllegalArgumentException for fewer than two classes, a non-finite label or a
     *         non-finite k(x, x)
     */
    public static CvmModel fit(LabeledDataset data, CvmOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /** As {@link #fit(LabeledDataset, CvmOptions)}, reporting R^2 after every outer iteration of every machine. */
    public static CvmModel fit(LabeledDataset data, CvmOptions options, FitListener listener) {
        return fitVectors(data, options, CoreVectorMachine::fitBinary, NAME, listener);
    }

    /**
     * Fits a classifier over bags (two classes, or several by one-vs-rest / one-vs-one).
     *
     * @throws IllegalArgumentException for fewer than two classes or a non-finite k(B, B)
     */
    public static BagCvmModel fitBags(BagDataset data, BagCvmOptions options) {
        return fitBags(data, options, FitListener.SILENT);
    }

    /** As {@link #fitBags(BagDataset, BagCvmOptions)}, reporting R^2 after every outer iteration of every machine. */
    public static BagCvmModel fitBags(BagDataset data, BagCvmOptions options, FitListener listener) {
        return fitBags(data, options, CoreVectorMachine::fitBinary, BAG_NAME, listener);
    }

    /** One trained two-class machine and its objective trace. */
    record Fitted<X>(CvmMachine<X> machine, double[] trace) {
    }

    /**
     * The cost, core-set options and kernel of one machine, whatever the options record.
     *
     * @param <X> the example type
     */
    record Setting<X>(Kernel<X> kernel, double c, CoreSetOptions coreSet, KernelSpace<X> space) {
    }

    /**
     * Trains one two-class machine on examples, their kernel matrix (no row cache), labels +1/-1 and
     * precomputed k(x_i, x_i), reporting its iterations.
     */
    @FunctionalInterface
    interface BinaryTrainer {
        <X> Fitted<X> fit(List<X> x, KernelMatrix k, double[] y, double[] diag, Setting<X> setting,
                          CoreSetSolver.Progress progress);
    }

    /**
     * The kernel matrix of the core-set iteration (no row cache: the solver caches rows itself) and
     * k(x_i, x_i) from it, the same doubles as {@code kernel.apply(x_i, x_i)}, checked finite.
     */
    static <X> KernelMatrix matrix(List<X> x, Kernel<X> kernel, KernelSpace<X> space) {
        KernelMatrix k = space.matrix(x, kernel);
        for (int i = 0; i < x.size(); i++) {
            if (!Double.isFinite(k.diagonal(i))) {
                throw new IllegalArgumentException("k(x, x) of point " + i + " must be finite, got " + k.diagonal(i));
            }
        }
        return k;
    }

    /** k(x_i, x_i) of every point. */
    static double[] diagonal(KernelMatrix k) {
        double[] diag = new double[k.size()];
        for (int i = 0; i < diag.length; i++) {
            diag[i] = k.diagonal(i);
        }
        return diag;
    }

    /** The vector classifier: classes are the sorted labels, checked finite. */
    static CvmModel fitVectors(LabeledDataset data, CvmOptions options, BinaryTrainer trainer, String name,
                               FitListener listener) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        Stopwatch clock = Stopwatch.start();
        double[] classes = data.classes();
        for (double c : classes) {
            if (!Double.isFinite(c)) {
                throw new IllegalArgumentException("labels must be finite, got " + c);
            }
        }
        if (classes.length < 2) {
            throw new IllegalArgumentException("classification needs at least two classes, got only "
                    + (classes.length == 0 ? "no points" : "class " + classes[0]));
        }
        List<CvmMachine<Vec>> machines = new ArrayList<>();
        double[][] trace = new double[1][];
        long[] iterations = new long[1];
        boolean converged = fitMachines(data.points(), data.classIndices(), classes.length,
                new Setting<>(options.kernel(), options.c(), options.coreSet(), KernelSpace.VECTORS),
                options.multiClass(), trainer, name, clock, listener, machines, trace, iterations);
        FitReport report = new FitReport(name, options.toString(), options.coreSet().seed(), iterations[0], converged,
                trace[0], clock.elapsedSeconds());
        return new CvmModel(classes, options.multiClass(), machines, data.dim(), report);
    }

    /** The bag classifier: classes are the data set's class names. */
    static BagCvmModel fitBags(BagDataset data, BagCvmOptions options, BinaryTrainer trainer, String name,
                               FitListener listener) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        Trainers.check(name, InputKind.BAGS, Task.CLASSIFICATION, data);
        Stopwatch clock = Stopwatch.start();
        List<CvmMachine<Bag>> machines = new ArrayList<>();
        double[][] trace = new double[1][];
        long[] iterations = new long[1];
        boolean converged = fitMachines(data.bags(), data.classIndices(), data.classCount(),
                new Setting<>(options.kernel(), options.c(), options.coreSet(), KernelSpace.BAGS),
                options.multiClass(), trainer, name, clock, listener, machines, trace, iterations);
        FitReport report = new FitReport(name, options.toString(), options.coreSet().seed(), iterations[0], converged,
                trace[0], clock.elapsedSeconds());
        return new BagCvmModel(data.classNames(), options.multiClass(), machines, data.dim(), report);
    }

    /**
     * The machines of a classifier of {@code classCount} classes over examples x with class indices
     * in [0, classCount): one machine (class 1 positive), one per class (one-vs-rest) or one per pair
     * k &lt; l (class l positive; one-vs-one), appended to {@code machines}; the first machine's trace
     * goes to trace[0] and the summed iterations to iterations[0].
     *
     * @return whether every machine converged
     */
    static <X> boolean fitMachines(List<X> x, int[] classIndex, int classCount, Setting<X> setting,
                                   CvmOptions.MultiClass multiClass, BinaryTrainer trainer, String name,
                                   Stopwatch clock, FitListener listener, List<CvmMachine<X>> machines,
                                   double[][] trace, long[] iterations) {
        KernelMatrix all = matrix(x, setting.kernel(), setting.space());
        double[] diag = diagonal(all);
        int nc = classCount;
        int count = nc == 2 ? 1 : multiClass == CvmOptions.MultiClass.ONE_VS_REST ? nc : nc * (nc - 1) / 2;
        if (nc == 2) {
            Fitted<X> f = trainer.fit(x, all, signs(classIndex, 1), diag, setting, progress(name, 0, 1, clock, listener));
            machines.add(f.machine());
            trace[0] = f.trace();
        } else if (multiClass == CvmOptions.MultiClass.ONE_VS_REST) {
            for (int c = 0; c < nc; c++) {
                Fitted<X> f = trainer.fit(x, all, signs(classIndex, c), diag, setting,
                        progress(name, machines.size(), count, clock, listener));
                machines.add(f.machine());
                trace[0] = trace[0] == null ? f.trace() : trace[0];
            }
        } else {
            for (int k = 0; k < nc; k++) {
                for (int l = k + 1; l < nc; l++) {
                    List<Integer> idx = new ArrayList<>();
                    for (int i = 0; i < classIndex.length; i++) {
                        if (classIndex[i] == k || classIndex[i] == l) {
                            idx.add(i);
                        }
                    }
                    List<X> px = new ArrayList<>(idx.size());
                    double[] py = new double[idx.size()];
                    double[] pd = new double[idx.size()];
                    for (int t = 0; t < py.length; t++) {
                        int i = idx.get(t);
                        px.add(x.get(i));
                        py[t] = classIndex[i] == l ? 1.0 : -1.0;
                        pd[t] = diag[i];
                    }
                    Fitted<X> f = trainer.fit(px, setting.space().matrix(px, setting.kernel()), py, pd, setting,
                            progress(name, machines.size(), count, clock, listener));
                    machines.add(remapCore(f.machine(), idx));
                    trace[0] = trace[0] == null ? f.trace() : trace[0];
                }
            }
        }
        boolean converged = true;
        long sum = 0;
        for (CvmMachine<X> m : machines) {
            sum += m.iterations();
            converged &= m.converged();
        }
        iterations[0] = sum;
        return converged;
    }

    /** The listener's view of machine {@code machine}'s outer iterations. */
    private static CoreSetSolver.Progress progress(String name, int machine, int machines, Stopwatch clock,
                                                   FitListener listener) {
        if (listener == FitListener.SILENT) {
            return CoreSetSolver.Progress.NONE;
        }
        return (iteration, radius2) -> listener.onProgress(new FitProgress(name, machine, machines, iteration, radius2,
                clock.elapsedSeconds()));
    }

    /**
     * Fits one two-class machine on labels y in {-1, +1}.
     *
     * @throws IllegalArgumentException when a label is not +1 / -1 or only one class is present
     */
    public static CvmMachine<Vec> fitBinary(List<? extends Vec> points, double[] y, CvmOptions options) {
        List<Vec> x = List.copyOf(points);
        if (x.size() != y.length) {
            throw new IllegalArgumentException("expected " + x.size() + " labels, found " + y.length);
        }
        KernelMatrix k = KernelSpace.VECTORS.matrix(x, options.kernel());
        return fitBinary(x, k, y.clone(), diagonal(k), setting(options), CoreSetSolver.Progress.NONE).machine();
    }

    /**
     * Fits one two-class machine over bags on labels y in {-1, +1}.
     *
     * @throws IllegalArgumentException when a label is not +1 / -1 or only one class is present
     */
    public static CvmMachine<Bag> fitBinaryBags(List<? extends Bag> bags, double[] y, BagCvmOptions options) {
        List<Bag> x = List.copyOf(bags);
        if (x.size() != y.length) {
            throw new IllegalArgumentException("expected " + x.size() + " labels, found " + y.length);
        }
        KernelMatrix k = KernelSpace.BAGS.matrix(x, options.kernel());
        return fitBinary(x, k, y.clone(), diagonal(k), setting(options), CoreSetSolver.Progress.NONE).machine();
    }

    static Setting<Vec> setting(CvmOptions o) {
        return new Setting<>(o.kernel(), o.c(), o.coreSet(), KernelSpace.VECTORS);
    }

    static Setting<Bag> setting(BagCvmOptions o) {
        return new Setting<>(o.kernel(), o.c(), o.coreSet(), KernelSpace.BAGS);
    }

    private static <X> Fitted<X> fitBinary(List<X> x, KernelMatrix k, double[] y, double[] diag, Setting<X> setting,
                                           CoreSetSolver.Progress progress) {
        checkSigns(y);
        TwoClassL2Problem problem = new TwoClassL2Problem(k, y, diag, setting.c());
        CoreSetResult r = CoreSetSolver.solve(problem, setting.coreSet(), progress);
        return new Fitted<>(machine(x, y, r.coreIndices(), r.alpha(), r.centreNorm2(), r.radius2(), problem.eta(),
                setting, r.iterations(), r.converged(), r.seconds()), r.radius2Trace());
    }

    /**
     * A classifier found by the core-set search over problems whose points live elsewhere (Spark partitions), one
     * per machine, each with its own offset, points and indices: two classes (one machine over all the points,
     * positive class {@code classes[1]}), one-vs-rest (machine c over all the points, class c positive against the
     * rest) or one-vs-one (one machine per pair k &lt; l in that order, over the points of classes k and l in data
     * order, class l positive; its problem's index i is the pair's i-th point, {@link DistributedMachine#indices}
     * maps them to the data's). The solver, the machines and the model are those of
     * {@link #fit(LabeledDataset, CvmOptions)}, so on the same points, order and options the core sets and
     * coefficients are the one-machine ones.
     *
     * @throws IllegalArgumentException for fewer than two classes or a machine count that does not match the
     *         classes and the multi-class mode
     */
    public static CvmModel fitDistributed(List<DistributedMachine> machines, double[] classes, int dim,
                                          CvmOptions options, FitListener listener) {
        return fitDistributed(machines, classes, dim, options, listener, NAME, (problem, setting, progress) -> {
            CoreSetResult r = CoreSetSolver.solve(problem, setting.coreSet(), progress);
            return new DistributedFit(r.coreIndices(), r.alpha(), r.centreNorm2(), r.radius2(), r.iterations(),
                    r.converged(), r.seconds(), r.radius2Trace());
        });
    }

    /**
     * One machine of a distributed fit: its problem (the two-class L2 MEB of {@link TwoClassL2Problem} over its
     * points, group 0 for its positive class), its offset eta = max k(x, x) + 1 + 1/C over those points, the vector
     * of its point i, and the data indices of its points' indices (the identity when it spans all the points).
     */
    public record DistributedMachine(DistributedMebProblem problem, double eta,
                                     java.util.function.IntFunction<Vec> point,
                                     java.util.function.UnaryOperator<int[]> indices) {
        public DistributedMachine {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(point, "point");
            Objects.requireNonNull(indices, "indices");
        }
    }

    /** One machine's solve over a distributed problem: core (global indices), weights, ball, counts and trace. */
    record DistributedFit(int[] core, double[] alpha, double centreNorm2, double radius2, long iterations,
                          boolean converged, double seconds, double[] trace) {
    }

    /** Solves one machine's distributed problem. */
    @FunctionalInterface
    interface DistributedSolve {
        DistributedFit solve(DistributedMebProblem problem, Setting<Vec> setting, CoreSetSolver.Progress progress);
    }

    /** The machines of {@link #fitDistributed(List, double[], int, CvmOptions, FitListener)} by any solve. */
    static CvmModel fitDistributed(List<DistributedMachine> specs, double[] classes, int dim, CvmOptions options,
                                   FitListener listener, String name, DistributedSolve solve) {
        Objects.requireNonNull(specs, "machines");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        if (classes.length < 2) {
            throw new IllegalArgumentException("classification needs at least two classes, got " + classes.length);
        }
        int nc = classes.length;
        int count = nc == 2 ? 1 : options.multiClass() == CvmOptions.MultiClass.ONE_VS_REST ? nc : nc * (nc - 1) / 2;
        if (specs.size() != count) {
            throw new IllegalArgumentException("expected " + count + " problems (one per machine), got "
                    + specs.size());
        }
        Stopwatch clock = Stopwatch.start();
        Setting<Vec> setting = setting(options);
        List<CvmMachine<Vec>> machines = new ArrayList<>();
        double[] trace = null;
        long iterations = 0;
        boolean converged = true;
        for (int c = 0; c < count; c++) {
            DistributedMachine spec = specs.get(c);
            DistributedMebProblem problem = spec.problem();
            DistributedFit r = solve.solve(problem, setting, progress(name, c, count, clock, listener));
            int[] core = r.core();
            List<Vec> coreX = new ArrayList<>(core.length);
            double[] coreY = new double[core.length];
            int[] position = new int[core.length];
            for (int k = 0; k < core.length; k++) {
                coreX.add(spec.point().apply(core[k]));
                coreY[k] = problem.group(core[k]) == 0 ? 1.0 : -1.0;
                position[k] = k;
            }
            machines.add(machine(coreX, coreY, position, r.alpha(), r.centreNorm2(), r.radius2(), spec.eta(), setting,
                    r.iterations(), r.converged(), r.seconds()).withCoreIndices(spec.indices().apply(core.clone())));
            trace = trace == null ? r.trace() : trace;
            iterations += r.iterations();
            converged &= r.converged();
        }
        FitReport report = new FitReport(name, options.toString(), options.coreSet().seed(), iterations, converged,
                trace, clock.elapsedSeconds());
        return new CvmModel(classes.clone(), options.multiClass(), machines, dim, report);
    }

    /** @throws IllegalArgumentException when a label is not +1 / -1 or only one class is present */
    static void checkSigns(double[] y) {
        boolean pos = false;
        boolean neg = false;
        for (int i = 0; i < y.length; i++) {
            if (y[i] == 1.0) {
                pos = true;
            } else if (y[i] == -1.0) {
                neg = true;
            } else {
                throw new IllegalArgumentException("label " + i + " must be +1 or -1, got " + y[i]);
            }
        }
        if (!pos || !neg) {
            throw new IllegalArgumentException("classification needs both classes, got only " + (pos ? "+1" : "-1"));
        }
    }

    /** The machine of MEB weights a on the core set: coefficients a_i y_i, b = sum a_i y_i (spec §2.3). */
    static <X> CvmMachine<X> machine(List<X> x, double[] y, int[] core, double[] alpha, double rho, double radius2,
                                     double eta, Setting<X> setting, long iterations, boolean converged,
                                     double seconds) {
        double[] coreY = new double[core.length];
        List<X> sv = new ArrayList<>();
        List<Double> coef = new ArrayList<>();
        double b = 0.0;
        for (int k = 0; k < core.length; k++) {
            coreY[k] = y[core[k]];
            b += alpha[k] * coreY[k];
            if (alpha[k] > 0) {
                sv.add(x.get(core[k]));
                coef.add(alpha[k] * coreY[k]);
            }
        }
        KernelExpansionModel<X> expansion = KernelExpansionModel.of(setting.kernel(), sv,
                coef.stream().mapToDouble(Double::doubleValue).toArray(), b);
        return new CvmMachine<>(expansion, setting.space(), core, alpha, coreY, rho, radius2, eta, setting.c(),
                iterations, converged, seconds);
    }

    private static <X> CvmMachine<X> remapCore(CvmMachine<X> m, List<Integer> idx) {
        int[] core = m.coreIndices();
        for (int k = 0; k < core.length; k++) {
            core[k] = idx.get(core[k]);
        }
        return m.withCoreIndices(core);
    }

    /** +1 where the label equals {@code positive}, else -1. */
    static double[] signs(double[] labels, double positive) {
        double[] y = new double[labels.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = labels[i] == positive ? 1.0 : -1.0;
        }
        return y;
    }

    /** +1 where the class index equals {@code positive}, else -1. */
    static double[] signs(int[] classIndex, int positive) {
        double[] y = new double[classIndex.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = classIndex[i] == positive ? 1.0 : -1.0;
        }
        return y;
    }

    /**
     * LibCVM's automatic Gaussian width (spec §3.3 item 13): gamma = 2 / mean squared distance
     * between distinct pairs of the deterministic subsample of every ceil(m/5000)-th point.
     *
     * @throws IllegalArgumentException for fewer than two points or all points equal
     */
    public static double autoGamma(List<? extends Vec> points) {
        int m = points.size();
        if (m < 2) {
            throw new IllegalArgumentException("autoGamma needs at least 2 points, got " + m);
        }
        int step = (m + 4999) / 5000;
        List<Vec> s = new ArrayList<>();
        for (int i = 0; i < m; i += step) {
            s.add(points.get(i));
        }
        if (s.size() < 2) {
            s = List.of(points.get(0), points.get(1));
        }
        // ||x_i - x_j||^2 = ||x_i||^2 + ||x_j||^2 - 2 x_i'x_j: one dot product per pair; dense
        // coordinates in a primitive matrix when that is small (at most 5000 x 4096 doubles), and when
        // at most half of them are non-zero (one-hot blocks, counts: KDD-99) the positions of the
        // non-zeros of x_j too, so that a dot product skips the products with zero: the same sum in
        // the same order (a term x_i[t] * 0 adds nothing), at O(nnz) instead of O(d)
        int k = s.size();
        int d = s.get(0).dim();
        double[] norm2 = new double[k];
        double[][] dense = d <= 4096 ? new double[k][] : null;
        long nonZero = 0;
        for (int i = 0; i < k; i++) {
            if (s.get(i).dim() != d) {
                throw new IllegalArgumentException("autoGamma: point " + i * step + " has dimension " + s.get(i).dim()
                        + ", expected " + d);
            }
            norm2[i] = s.get(i).dot(s.get(i));
            if (dense != null) {
                dense[i] = s.get(i).toArray();
                for (double v : dense[i]) {
                    nonZero += v != 0.0 ? 1 : 0;
                }
            }
        }
        int[][] nonZeros = null;
        if (dense != null && 2 * nonZero <= (long) k * d) {
            nonZeros = new int[k][];
            for (int i = 0; i < k; i++) {
                double[] x = dense[i];
                int[] at = new int[d];
                int count = 0;
                for (int t = 0; t < d; t++) {
                    if (x[t] != 0.0) {
                        at[count++] = t;
                    }
                }
                nonZeros[i] = java.util.Arrays.copyOf(at, count);
            }
        }
        double sum = 0.0;
        long pairs = 0;
        for (int i = 0; i < k; i++) {
            double[] xi = dense == null ? null : dense[i];
            for (int j = i + 1; j < k; j++) {
                double dot;
                if (nonZeros != null) {
                    double[] xj = dense[j];
                    dot = 0.0;
                    for (int t : nonZeros[j]) {
                        dot += xi[t] * xj[t];
                    }
                } else if (xi != null) {
                    double[] xj = dense[j];
                    dot = 0.0;
                    for (int t = 0; t < d; t++) {
                        dot += xi[t] * xj[t];
                    }
                } else {
                    dot = s.get(i).dot(s.get(j));
                }
                sum += Math.max(0.0, norm2[i] + norm2[j] - 2 * dot);
                pairs++;
            }
        }
        double mean = sum / pairs;
        if (!(mean > 0)) {
            throw new IllegalArgumentException("autoGamma needs distinct points, mean squared distance is " + mean);
        }
        return 2.0 / mean;
    }
}
