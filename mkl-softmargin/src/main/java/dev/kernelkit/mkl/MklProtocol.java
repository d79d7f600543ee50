package dev.kernelkit.mkl;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.ScaledModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * The experimental protocol of Xu, Tsang and Xu (TNNLS 2013, Section V-B) for one training part:
 * standardise with training statistics, build the SimpleMKL base kernels
 * ({@link MultipleKernel#simpleMklProtocol}; or a user's list, {@link KernelChoice}) normalised to unit trace on
 * the training part, and fit;
 * hyper-parameters missing from the options are chosen by stratified k-fold cross-validation on
 * the training part only (the scaler and the unit-trace scales refitted inside every inner fold;
 * ties go to the earlier grid point). Test data never enter the choice.
 */
public final class MklProtocol {
    /** The paper's C grid. */
    public static final List<Double> PAPER_C = List.of(0.01, 0.1, 1.0, 10.0, 100.0);
    /** The paper's SM1 ratio grid nu (theta = 1/(nu M)); 0 stands for nu = 1/M (theta = 1). */
    public static final List<Double> PAPER_NU = List.of(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0);
    /** The paper's SM2 theta grid 1e-5..1e5. */
    public static final List<Double> PAPER_SM2_THETA = List.of(1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0, 100.0, 1e3, 1e4, 1e5);
    /** The paper's Lp grid. */
    public static final List<Double> PAPER_P = List.of(1.0, 32.0 / 31, 16.0 / 15, 8.0 / 7, 4.0 / 3, 2.0, 3.0,
            Double.POSITIVE_INFINITY);

    /**
     * The grids searched: C, the SM1 ratio nu (theta = 1/(nu M), nu = 0 meaning 1/M), the SM2 theta and Lp's p.
     * Only the grids the method uses are read.
     */
    public record Grid(List<Double> c, List<Double> nu, List<Double> sm2Theta, List<Double> p) {
        /** Copies the lists. */
        public Grid {
            c = List.copyOf(c);
            nu = List.copyOf(nu);
            sm2Theta = List.copyOf(sm2Theta);
            p = List.copyOf(p);
        }

        /** The paper's grids. */
        public static Grid paper() {
            return new Grid(PAPER_C, PAPER_NU, PAPER_SM2_THETA, PAPER_P);
        }
    }

    /**
     * The result of fitting one training part and testing on its test part; averagePrecision is
     * {@link MklModel#averagePrecision} on the test part (AP for two classes, MAP otherwise). The model reads
     * standardised points; {@link #scaledModel} is it behind the training scaler (reads raw points).
     */
    public record Outcome(MklOptions chosen, double accuracy, double averagePrecision, double selectedKernels, double trainSeconds,
                          double tuneSeconds, int svmSolves, MklModel model, FittedScaler scaler) {
        /** The model behind its training scaler: reads raw points, saved with the scaler by {@link dev.kernelkit.io.Models}. */
        public ScaledModel<Vec> scaledModel() {
            return new ScaledModel<>(scaler, model);
        }
    }

    private MklProtocol() {
    }

    /** theta = 1/(nu M), nu = 0 standing for 1/M. */
    public static double sm1Theta(double nu, int m) {
        return nu == 0 ? 1.0 : 1.0 / (nu * m);
    }

    /**
     * The base kernels a training part gets: the paper's SimpleMKL list ({@link #protocol()}) or the user's
     * own list ({@link #of}), either normalised to unit trace on the standardised training part.
     */
    public record KernelChoice(List<Kernel<Vec>> kernels) {
        /** Copies the list; empty means the protocol list. */
        public KernelChoice {
            kernels = List.copyOf(kernels);
        }

        /** The SimpleMKL protocol list of the paper, 13 (d + 1) kernels. */
        public static KernelChoice protocol() {
            return new KernelChoice(List.of());
        }

        /**
         * The user's kernels.
         *
         * @throws IllegalArgumentException for an empty list or a null kernel
         */
        public static KernelChoice of(List<? extends Kernel<Vec>> kernels) {
            return new KernelChoice(MultipleKernel.of(kernels).kernels());
        }

        /** Whether this is the protocol list. */
        public boolean isProtocol() {
            return kernels.isEmpty();
        }

        /** M for points of dimension dim. */
        public int count(int dim) {
            return isProtocol() ? 13 * (dim + 1) : kernels.size();
        }

        /** The kernels of the standardised training points, unit trace on them. */
        MultipleKernel forTraining(LabeledDataset scaledTrain) {
            MultipleKernel k = isProtocol() ? MultipleKernel.simpleMklProtocol(scaledTrain.dim()) : MultipleKernel.of(kernels);
            return k.withUnitTrace(scaledTrain.points());
        }
    }

    /**
     * Standardises, builds the unit-trace protocol kernels, fits with the options, and scores the
     * test part (accuracy and AP/MAP); the outcome carries the scaler with the model ({@link Outcome#scaledModel} reads
     * raw points). Training time covers the scaler, the kernel set-up and the fit. A null test part gives accuracy and
     * AP NaN.
     */
    public static Outcome trainAndTest(LabeledDataset train, LabeledDataset test, MklOptions options) {
        return trainAndTest(train, test, options, 0);
    }

    /** As {@link #trainAndTest(LabeledDataset, LabeledDataset, MklOptions)}, recording the tuning time. */
    public static Outcome trainAndTest(LabeledDataset train, LabeledDataset test, MklOptions options, double tuneSeconds) {
        return trainAndTest(train, test, options, tuneSeconds, KernelChoice.protocol());
    }

    /** As {@link #trainAndTest(LabeledDataset, LabeledDataset, MklOptions, double)} on the chosen base kernels. */
    public static Outcome trainAndTest(LabeledDataset train, LabeledDataset test, MklOptions options, double tuneSeconds,
                                       KernelChoice kernels) {
        Objects.requireNonNull(kernels, "kernels");
        long t0 = System.nanoTime();
        FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
        LabeledDataset st = scaler.apply(train);
        MklModel model = SoftMarginMkl.fit(st, kernels.forTraining(st), options);
        double seconds = (System.nanoTime() - t0) * 1e-9;
        double acc = Double.NaN, ap = Double.NaN;
        if (test != null) {
            double[][] f = model.decisionValues(scaler.apply(test));
            acc = Metrics.accuracy(test.labels(), model.predictLabels(f));
            ap = model.averagePrecision(test.labels(), f);
        }
        return new Outcome(options, acc, ap, model.selectedKernelsMean(), seconds,
                tuneSeconds, model.svmSolves(), model, scaler);
    }

    /** The grid points of a method around the base options. */
    static List<MklOptions> candidates(MklOptions base, Grid grid, boolean tuneC, boolean tuneSecond, int m) {
        List<Double> cs = tuneC ? grid.c() : List.of(base.c());
        List<MklOptions> out = new ArrayList<>();
        for (double c : cs) {
            MklOptions withC = base.withC(c);
            if (!tuneSecond) {
                out.add(withC);
                continue;
            }
            switch (base.method()) {
                case SM1 -> grid.nu().forEach(nu -> out.add(withC.withTheta(sm1Theta(nu, m))));
                case SM2 -> grid.sm2Theta().forEach(t -> out.add(withC.withTheta(t)));
                case LP -> grid.p().forEach(p -> out.add(withC.withP(p)));
                default -> out.add(withC);
            }
        }
        return out;
    }

    /**
     * Chooses C (when tuneC) and the method's second parameter (theta, or p; when tuneSecond) by
     * stratified k-fold cross-validation accuracy on the raw training part. The grid points of a fold
     * are fitted in parallel, on as many threads as the common fork-join pool's parallelism plus one
     * (they share the fold's immutable base-kernel matrices; fewer at once when their SVM row caches
     * would fill half the heap, see {@link #concurrentFits}); the choice is the sequential one, the
     * first point of the highest accuracy.
     *
     * @throws IllegalArgumentException when the training part cannot be split into k stratified folds
     */
    public static MklOptions tune(LabeledDataset train, MklOptions base, Grid grid, boolean tuneC, boolean tuneSecond,
                                  int folds, long seed) {
        return tuneReport(train, base, grid, tuneC, tuneSecond, folds, seed).chosen();
    }

    /**
     * The outcome of a cross-validated choice: the chosen options, the number of fits (grid points x
     * folds x machines) and how many of them ended without meeting their stopping rule
     * ({@link MklResult#converged()} false: iteration cap, or SM2's line search out of verifiable steps).
     */
    public record Tuning(MklOptions chosen, int fits, int unconverged) {
    }

    /**
     * How many grid points to fit at once: the available threads, fewer when their SVM row caches
     * (each at most {@code cacheMb} and at most n^2 floats) would take more than half the heap.
     */
    static int concurrentFits(int n, double cacheMb, int threads, long maxHeapBytes) {
        long perFit = Math.max(1L, Math.min((long) (cacheMb * (1 << 20)), 4L * n * n));
        return (int) Math.max(1, Math.min(threads, maxHeapBytes / 2 / perFit));
    }

    /**
     * Runs body(0..count-1) on at most {@code threads} threads: sequentially on the caller for 1, else
     * on a fork-join pool of that many threads, shut down afterwards.
     */
    static void forEach(int count, int threads, IntConsumer body) {
        if (threads <= 1) {
            IntStream.range(0, count).forEach(body);
        } else {
            ForkJoinPool pool = new ForkJoinPool(threads);
            try {
                pool.submit(() -> IntStream.range(0, count).parallel().forEach(body)).join();
            } finally {
                pool.shutdown();
            }
        }
    }

    /** As {@link #tune}, also counting the fits and the unconverged ones. */
    public static Tuning tuneReport(LabeledDataset train, MklOptions base, Grid grid, boolean tuneC, boolean tuneSecond,
                                    int folds, long seed) {
        return tuneReport(train, base, grid, tuneC, tuneSecond, folds, seed, KernelChoice.protocol());
    }

    /** As {@link #tuneReport(LabeledDataset, MklOptions, Grid, boolean, boolean, int, long)} on the chosen base kernels. */
    public static Tuning tuneReport(LabeledDataset train, MklOptions base, Grid grid, boolean tuneC, boolean tuneSecond,
                                    int folds, long seed, KernelChoice kernelChoice) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(kernelChoice, "kernelChoice");
        // before the folds, whose error would ask for more examples of the one class
        SoftMarginMkl.requireTwoClasses(train);
        List<MklOptions> points = candidates(base, grid, tuneC, tuneSecond, kernelChoice.count(train.dim()));
        if (points.size() == 1) {
            return new Tuning(points.get(0), 0, 0);
        }
        int[] fitsAt = new int[points.size()];
        int[] unconvergedAt = new int[points.size()];
        double[] correct = new double[points.size()];
        for (Splits.Split s : Splits.stratifiedKFold(train.labels(), folds, seed)) {
            LabeledDataset part = train.subset(s.train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(part);
            LabeledDataset st = scaler.apply(part);
            LabeledDataset held = scaler.apply(train.subset(s.test()));
            MultipleKernel kernels = kernelChoice.forTraining(st);
            SharedKernelMatrices gram = kernels.gram(st.points());
            // the fits of one C start with the same SVM at uniform weights: solved once per fold
            SharedStarts starts = new SharedStarts(gram);
            // grid points are independent fits on the same immutable matrices, each writing only its
            // own slot, so the choice is the sequential one
            IntConsumer fitPoint = k -> {
                MklModel model = SoftMarginMkl.fit(st, kernels, gram, points.get(k), FitListener.SILENT, starts);
                fitsAt[k] += model.machines().size();
                unconvergedAt[k] += model.unconvergedMachines();
                double[] pred = model.predictLabels(held);
                for (int i = 0; i < pred.length; i++) {
                    correct[k] += pred[i] == held.y(i) ? 1 : 0;
                }
            };
            forEach(points.size(), concurrentFits(st.size(), base.solver().cacheMb(),
                    dev.kernelkit.util.Threads.available(), Runtime.getRuntime().maxMemory()), fitPoint);
        }
        int fits = IntStream.of(fitsAt).sum();
        int unconverged = IntStream.of(unconvergedAt).sum();
        int best = 0;
        for (int k = 1; k < points.size(); k++) {
            if (correct[k] > correct[best]) {
                best = k;
            }
        }
        return new Tuning(points.get(best), fits, unconverged);
    }
}
