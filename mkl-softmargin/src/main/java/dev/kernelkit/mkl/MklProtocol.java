package dev.kernelkit.mkl;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Dimension;
import dev.kernelkit.eval.FitCounter;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.Measure;
import dev.kernelkit.eval.Metric;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.eval.Selection;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The experimental protocol of Xu, Tsang and Xu (TNNLS 2013, Section V-B) on the model-selection harness
 * ({@link ModelSelection}): for every training part, standardise with its statistics, build the SimpleMKL base
 * kernels ({@link MultipleKernel#simpleMklProtocol}; or a user's list, {@link KernelChoice}) normalised to unit
 * trace on it, and fit ({@link #trainer}); hyper-parameters missing from the options are chosen by stratified
 * k-fold cross-validation on the training part only ({@link Tuning}: the scaler and the unit-trace scales refitted
 * inside every inner fold, the correct predictions summed over the folds, ties to the earlier grid point). Test
 * data never enter the choice.
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

    /** Measure of every final model: AP on the test part for two classes, MAP otherwise ({@link MklModel#averagePrecision}). */
    public static final String AVERAGE_PRECISION = "average_precision";
    /** Measure: kernels kept, mean over the machines ({@link MklModel#selectedKernelsMean}). */
    public static final String KERNELS_SELECTED = "kernels_selected";
    /** Measure: SVM solves of the final fit. */
    public static final String SVM_SOLVES = "svm_solves";
    /** Measure: machines of the final fit (1 for two classes, one per class otherwise). */
    public static final String MACHINES = "machines";
    /** Measure: machines of the final fit that ended without meeting their stopping rule. */
    public static final String UNCONVERGED_MACHINES = "unconverged_machines";

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
     * The protocol's trainer: fits the standard scaler on the training data, builds the chosen base kernels with
     * unit trace on the scaled data and fits {@link SoftMarginMkl} with the options. The model reads raw points
     * (saved with its scaler by {@link dev.kernelkit.io.Models}); the fit report's seconds cover the MKL fit, the
     * caller's clock the scaler and kernel set-up too.
     */
    public static Trainer<Vec, ScaledModel<Vec>> trainer(MklOptions options, KernelChoice kernels) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(kernels, "kernels");
        return ScaledModel.trainer(FeatureScaling.STANDARD, kernels.isProtocol() ? SoftMarginMkl.trainer(options)
                : SoftMarginMkl.trainer(options, kernels.kernels()));
    }

    /** The MKL model behind a protocol model's scaler. */
    public static MklModel mklModel(FittedModel<Vec> model) {
        return (MklModel) ((ScaledModel<Vec>) model).inner();
    }

    /**
     * What the cross-validation on a training part searches: the base options (values given by the user; the
     * others are placeholders), the grids, whether C and the method's second parameter (SM1/SM2 theta, Lp p)
     * are tuned, the base kernels, the inner folds (the paper's 5) and, when positive, the size of the
     * stratified random subset of the training part the CV runs on ({@code --tune-max}; the final fit uses the
     * whole part).
     */
    public record Tuning(MklOptions base, Grid grid, boolean tuneC, boolean tuneSecond, KernelChoice kernels,
                         int innerFolds, int tuneMax) {
        /** @throws IllegalArgumentException when innerFolds &lt; 2 or tuneMax &lt; 0 */
        public Tuning {
            Objects.requireNonNull(base, "base");
            Objects.requireNonNull(grid, "grid");
            Objects.requireNonNull(kernels, "kernels");
            if (innerFolds < 2) {
                throw new IllegalArgumentException("inner folds must be >= 2, got " + innerFolds);
            }
            if (tuneMax < 0) {
                throw new IllegalArgumentException("tuneMax must be >= 0, got " + tuneMax);
            }
        }

        /** The name of the method's second grid dimension: nu (SM1), theta (SM2), p (Lp); null for the others. */
        String secondName() {
            return switch (base.method()) {
                case SM1 -> "nu";
                case SM2 -> "theta";
                case LP -> "p";
                default -> null;
            };
        }

        /**
         * The harness grid for training data of dimension dim: C (when tuned) times the second parameter (when
         * tuned and the method has one), C slowest, each in the order of its list; a single point otherwise. The
         * inner fits of one inner split share its scaler, unit-trace kernels, Gram matrices and first SVM solves
         * ({@link FoldWork}).
         */
        public dev.kernelkit.eval.Grid<Vec> grid(int dim) {
            List<Dimension> dims = new ArrayList<>();
            if (tuneC) {
                dims.add(Dimension.of("C", grid.c()));
            }
            String second = tuneSecond ? secondName() : null;
            if (second != null) {
                dims.add(Dimension.of(second, switch (base.method()) {
                    case SM1 -> grid.nu();
                    case SM2 -> grid.sm2Theta();
                    default -> grid.p();
                }));
            }
            int m = kernels.count(dim);
            return dev.kernelkit.eval.Grid.<Vec>of(dims, p -> trainer(options(p, m), kernels))
                    .withSharedWork(part -> FoldWork.prepare(part, kernels),
                            (p, part, work) -> work.fit(options(p, m)));
        }

        /** The options of a grid point for M base kernels (C, then theta = 1/(nu M), theta or p). */
        public MklOptions options(Point point, int m) {
            MklOptions o = point.has("C") ? base.withC(point.number("C")) : base;
            return switch (base.method()) {
                case SM1 -> point.has("nu") ? o.withTheta(sm1Theta(point.number("nu"), m)) : o;
                case SM2 -> point.has("theta") ? o.withTheta(point.number("theta")) : o;
                case LP -> point.has("p") ? o.withP(point.number("p")) : o;
                default -> o;
            };
        }

        /** The options a selection on training data of dimension dim chose. */
        public MklOptions chosen(Selection selection, int dim) {
            return options(selection.chosen(), kernels.count(dim));
        }

        /**
         * The inner splits: stratified {@link #innerFolds}-fold, seeded by {@code seeds}, on the whole training
         * part or (tuneMax &gt; 0 and a larger part) on its stratified random subset of tuneMax examples drawn
         * with the same seed.
         */
        public InnerSplits innerSplits(SeedRule seeds) {
            InnerSplits folds = InnerSplits.stratifiedKFold(innerFolds, seeds);
            return tuneMax == 0 ? folds : folds.onSubset((part, s) -> tuningSubset(part, tuneMax, seeds.seed(s)));
        }

        /**
         * The protocol on the harness: outer splits {@code outer}, the grid of {@link #grid} on each training part
         * (which must hold two classes), inner splits {@link #innerSplits}, the correct inner predictions summed
         * (ties to the earlier point), a fit counted per machine, the final fit by {@link #trainer} with the
         * measures {@link #AVERAGE_PRECISION}, {@link #KERNELS_SELECTED}, {@link #SVM_SOLVES}, {@link #MACHINES}
         * and {@link #UNCONVERGED_MACHINES}. The grid points run in parallel on as many threads as the common
         * fork-join pool's parallelism plus one, fewer when their SVM row caches would fill half the heap
         * ({@link #concurrentFits}, for inner fits of at most {@code largestPart} examples, e.g. the data size).
         */
        public ModelSelection<Vec> selection(Resampling outer, SeedRule seeds, int largestPart) {
            Objects.requireNonNull(seeds, "seeds");
            return ModelSelection.<Vec>of(outer, (part, s) -> {
                        // before the inner folds, whose error would ask for more examples of the one class
                        SoftMarginMkl.requireTwoClasses(LabeledDataset.of(part));
                        return grid(part.dim());
                    }, innerSplits(seeds))
                    .withInnerMetric(Metric.correctCount())
                    .withFitCounter(new FitCounter<>() {
                        @Override
                        public int fits(FittedModel<Vec> model) {
                            return mklModel(model).machines().size();
                        }

                        @Override
                        public int unconverged(FittedModel<Vec> model) {
                            return mklModel(model).unconvergedMachines();
                        }
                    })
                    .withMeasures(MEASURES)
                    .withThreads(concurrentFits(largestPart, base.solver().cacheMb(),
                            dev.kernelkit.util.Threads.available(), Runtime.getRuntime().maxMemory()));
        }

        /** The choice on all of {@code data} with inner splits seeded {@code seed} (to train a final model on it). */
        public Selection select(LabeledDataset data, long seed) {
            // select() draws no outer split: the resampling only completes the definition
            return selection(Resampling.stratifiedHoldOut(0.5, 1, seed), SeedRule.constant(seed), data.size())
                    .select(data, 0);
        }
    }

    private static final List<Measure<Vec>> MEASURES = List.of(
            new Measure<>(AVERAGE_PRECISION, (model, test) -> {
                FittedScaler scaler = ((ScaledModel<Vec>) model).scaler();
                return mklModel(model).averagePrecision(scaler.apply(LabeledDataset.of(test)));
            }),
            new Measure<>(KERNELS_SELECTED, (model, test) -> mklModel(model).selectedKernelsMean()),
            new Measure<>(SVM_SOLVES, (model, test) -> mklModel(model).svmSolves()),
            new Measure<>(MACHINES, (model, test) -> mklModel(model).machines().size()),
            new Measure<>(UNCONVERGED_MACHINES, (model, test) -> mklModel(model).unconvergedMachines()));

    /**
     * The work the grid points of one inner split share: the scaler fitted on the split's training side, the
     * scaled points, their unit-trace base kernels, the Gram matrices and the first SVM solves
     * ({@link SharedStarts}: the fits of one C start with the same SVM at uniform weights). {@link #fit} gives
     * the model {@link #trainer} gives on the same training side: the same scaler, kernels and matrices, and a
     * shared start is the solve the fit would make itself.
     */
    record FoldWork(FittedScaler scaler, LabeledDataset scaled, MultipleKernel kernels,
                            SharedKernelMatrices gram, SharedStarts starts) {
        static FoldWork prepare(Dataset<Vec> part, KernelChoice choice) {
            FittedScaler scaler = FeatureScaling.STANDARD.fit(part);
            LabeledDataset st = scaler.apply(LabeledDataset.of(part));
            MultipleKernel kernels = choice.forTraining(st);
            SharedKernelMatrices gram = kernels.gram(st.points());
            return new FoldWork(scaler, st, kernels, gram, new SharedStarts(gram));
        }

        ScaledModel<Vec> fit(MklOptions options) {
            return new ScaledModel<>(scaler, SoftMarginMkl.fit(scaled, kernels, gram, options, FitListener.SILENT, starts));
        }
    }

    /**
     * The indices of a stratified random subset of at most {@code max} examples of a training part (all of them
     * when it is not larger), seeded {@code seed}: the training side of one stratified hold-out split with
     * fraction max / n.
     */
    static int[] tuningSubset(Dataset<?> part, int max, long seed) {
        int n = part.size();
        if (n <= max) {
            return IntStream.range(0, n).toArray();
        }
        return Splits.repeatedStratifiedHoldOut(part.classIndices(), (double) max / n, 1, seed).get(0).train();
    }

    /**
     * How many grid points to fit at once: the available threads, fewer when their SVM row caches
     * (each at most {@code cacheMb} and at most n^2 floats) would take more than half the heap.
     */
    static int concurrentFits(int n, double cacheMb, int threads, long maxHeapBytes) {
        long perFit = Math.max(1L, Math.min((long) (cacheMb * (1 << 20)), 4L * n * n));
        return (int) Math.max(1, Math.min(threads, maxHeapBytes / 2 / perFit));
    }
}
