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
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One-class core vector machine (SVDD / novelty detection; spec §2.4, LibCVM "CVDD" -s 5): the
 * MEB of the points under k~(x_i, x_j) = k(x_i, x_j) + delta_ij / C, i.e. the dual
 * max a'diag(K~) - a'K~a over the simplex, solved by the core-set iteration. This is the one-class
 * L2-SVM min ||w||^2 - 2 rho + C sum xi_i^2 s.t. w'phi(x_i) &ge; rho - xi_i when k(x, x) is constant,
 * and the true SVDD dual otherwise. The model's decision value is LibCVM's
 * R^2 - (||c||^2 - 2 sum a_i k(x_i, x) + k(x, x)): positive inside the ball (an inlier), negative
 * outside (an outlier).
 *
 * <p>Over bags ({@link #fitBags}) the same ball encloses the training bags under a kernel between
 * bags (the set kernel of Gaertner et al., ICML 2002, or its normalised form), its core set found by
 * the same search over bags; a bag outside the ball is flagged as anomalous.
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}; {@link #bagTrainer},
 * {@value #BAG_NAME}; task {@link Task#ONE_CLASS}): the labels of the training data are ignored; the
 * fit report counts the outer core-set iterations and traces R^2 after each; the listener hears the same.
 */
public final class OneClassCvm {
    /** The learner's catalog name. */
    public static final String NAME = "one-class-cvm";
    /** The catalog name of the one-class CVM over bags ({@code one-class-cvm} on bag data). */
    public static final String BAG_NAME = "bag-one-class-cvm";

    private OneClassCvm() {
    }

    /** The trainer of the learner contract: {@link #fit(List, OneClassCvmOptions, FitListener)} on the data's points. */
    public static Trainer<Vec, OneClassCvmModel> trainer(OneClassCvmOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(NAME, InputKind.VECTORS, Task.ONE_CLASS, options,
                (data, listener) -> fit(LabeledDataset.of(data).points(), options, listener));
    }

    /** The trainer of the learner contract over bags: {@link #fitBags(List, BagOneClassCvmOptions, FitListener)}. */
    public static Trainer<Bag, BagOneClassCvmModel> bagTrainer(BagOneClassCvmOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(BAG_NAME, InputKind.BAGS, Task.ONE_CLASS, options,
                (data, listener) -> fitBags(BagDataset.of(data).bags(), options, listener));
    }

    /**
     * Fits the ball.
     *
     * @throws IllegalArgumentException for no points, points of different dimensions or a non-finite k(x, x)
     */
    public static OneClassCvmModel fit(List<? extends Vec> points, OneClassCvmOptions options) {
        return fit(points, options, FitListener.SILENT);
    }

    /** As {@link #fit(List, OneClassCvmOptions)}, reporting R^2 after every outer iteration. */
    public static OneClassCvmModel fit(List<? extends Vec> points, OneClassCvmOptions options, FitListener listener) {
        Objects.requireNonNull(options, "options");
        Ball<Vec> b = fitBall(List.copyOf(points), options.kernel(), options.c(), options.coreSet(), KernelSpace.VECTORS,
                NAME, options, listener);
        return new OneClassCvmModel(options.kernel(), options.c(), b.sv(), b.alpha(), b.result().centreNorm2(),
                b.result().radius2(), b.dim(), b.report(), b.result());
    }

    /**
     * Fits the ball around bags.
     *
     * @throws IllegalArgumentException for no bags, bags of different dimensions or a non-finite k(B, B)
     */
    public static BagOneClassCvmModel fitBags(List<? extends Bag> bags, BagOneClassCvmOptions options) {
        return fitBags(bags, options, FitListener.SILENT);
    }

    /** As {@link #fitBags(List, BagOneClassCvmOptions)}, reporting R^2 after every outer iteration. */
    public static BagOneClassCvmModel fitBags(List<? extends Bag> bags, BagOneClassCvmOptions options,
                                              FitListener listener) {
        Objects.requireNonNull(options, "options");
        Ball<Bag> b = fitBall(List.copyOf(bags), options.kernel(), options.c(), options.coreSet(), KernelSpace.BAGS,
                BAG_NAME, options, listener);
        return new BagOneClassCvmModel(options.kernel(), options.c(), b.sv(), b.alpha(), b.result().centreNorm2(),
                b.result().radius2(), b.dim(), b.report(), b.result());
    }

    /**
     * The ball found by the core-set search over a problem whose points live elsewhere (Spark partitions):
     * {@code problem} is this learner's MEB over the points (entries k(x_i, x_j) + delta_ij / C, offsets
     * k(x_i, x_i) + 1/C, every point in group 0), and {@code point} gives a core point's vector. The solver and
     * the model are those of {@link #fit(List, OneClassCvmOptions, FitListener)}, so on the same points, order and
     * options the core set, weights and ball are the one-machine ones.
     *
     * @param dim the points' dimension
     */
    public static OneClassCvmModel fitDistributed(DistributedMebProblem problem, int dim,
                                                  java.util.function.IntFunction<Vec> point,
                                                  OneClassCvmOptions options, FitListener listener) {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        Stopwatch clock = Stopwatch.start();
        CoreSetSolver.Progress progress = listener == FitListener.SILENT ? CoreSetSolver.Progress.NONE
                : (iteration, radius2) -> listener.onProgress(new FitProgress(NAME, 0, 1, iteration, radius2,
                        clock.elapsedSeconds()));
        CoreSetResult r = CoreSetSolver.solve(problem, options.coreSet(), progress);
        int[] core = r.coreIndices();
        double[] alpha = r.alpha();
        List<Vec> sv = new ArrayList<>();
        List<Double> coef = new ArrayList<>();
        for (int t = 0; t < core.length; t++) {
            if (alpha[t] > 0) {
                sv.add(point.apply(core[t]));
                coef.add(alpha[t]);
            }
        }
        FitReport report = new FitReport(NAME, options.toString(), options.coreSet().seed(), r.iterations(),
                r.converged(), r.radius2Trace(), clock.elapsedSeconds());
        return new OneClassCvmModel(options.kernel(), options.c(), sv, coef.stream().mapToDouble(Double::doubleValue)
                .toArray(), r.centreNorm2(), r.radius2(), dim, report, r);
    }

    /** A fitted ball: support examples and their weights, the core-set run, the dimension and the report. */
    private record Ball<X>(List<X> sv, double[] alpha, CoreSetResult result, int dim, FitReport report) {
    }

    private static <X> Ball<X> fitBall(List<X> x, Kernel<X> kernel, double c, CoreSetOptions coreSet,
                                       KernelSpace<X> space, String name, Object options, FitListener listener) {
        Objects.requireNonNull(listener, "listener");
        if (x.isEmpty()) {
            throw new IllegalArgumentException("one-class training needs at least one point, got 0");
        }
        Stopwatch clock = Stopwatch.start();
        int dim = space.dim(x.get(0));
        for (int i = 0; i < x.size(); i++) {
            if (space.dim(x.get(i)) != dim) {
                throw new IllegalArgumentException("point " + i + " has dimension " + space.dim(x.get(i)) + ", expected "
                        + dim);
            }
        }
        KernelMatrix k = CoreVectorMachine.matrix(x, kernel, space);
        double[] diag = CoreVectorMachine.diagonal(k);
        double invC = 1 / c;
        MebProblem problem = new MebProblem() {
            @Override
            public int size() {
                return diag.length;
            }

            @Override
            public double entry(int i, int j) {
                return i == j ? diag[i] + invC : k.get(i, j);
            }

            @Override
            public double offset(int i) {
                return diag[i] + invC;
            }

            @Override
            public boolean concurrentEntries() {
                return true;
            }

            @Override
            public void entries(int l, int[] cols, int from, int to, double[] out) {
                int count = to - from;
                int[] cs = cols;
                if (from != 0) {
                    cs = java.util.Arrays.copyOfRange(cols, from, to);
                }
                k.row(l, cs, count, out);
                for (int t = 0; t < count; t++) {
                    if (cs[t] == l) {
                        out[t] = diag[l] + invC;
                    }
                }
            }
        };
        CoreSetSolver.Progress progress = listener == FitListener.SILENT ? CoreSetSolver.Progress.NONE
                : (iteration, radius2) -> listener.onProgress(new FitProgress(name, 0, 1, iteration, radius2,
                        clock.elapsedSeconds()));
        CoreSetResult r = CoreSetSolver.solve(problem, coreSet, progress);
        int[] core = r.coreIndices();
        double[] alpha = r.alpha();
        List<X> sv = new ArrayList<>();
        List<Double> coef = new ArrayList<>();
        for (int t = 0; t < core.length; t++) {
            if (alpha[t] > 0) {
                sv.add(x.get(core[t]));
                coef.add(alpha[t]);
            }
        }
        FitReport report = new FitReport(name, options.toString(), coreSet.seed(), r.iterations(), r.converged(),
                r.radius2Trace(), clock.elapsedSeconds());
        return new Ball<>(sv, coef.stream().mapToDouble(Double::doubleValue).toArray(), r, dim, report);
    }
}
