package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.eval.Chooser;
import dev.kernelkit.eval.Choosers;
import dev.kernelkit.eval.Dimension;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.Measure;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Preprocessing;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.Search;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.eval.Selection;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.eval.Point;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The evaluation protocols of TNNLS 2013 Sec. V-B as definitions on the {@link ModelSelection}
 * harness: repeated stratified k-fold CV over bags (repeat r seeded seed + r), the features
 * standardised on each training part (applied to its test part), and the hyper-parameters chosen on
 * the training part only by a stratified 3-fold CV seeded {@code seed + 7919 (s + 1)} for outer
 * split s, optionally repeated on {@code innerRepeats} partitions (partition r seeded
 * {@code + 104729 r}); the accuracy summed over the inner test parts, ties to the first point in
 * grid order. Each final model's kernel evaluations per instance ({@value #VECTORS}) and machines
 * stopped at an iteration cap ({@value #UNCONVERGED}) are recorded per outer fold.
 *
 * <ul>
 *   <li>{@link #tuned}: the grid gamma x C (one point: fixed, no inner fits);</li>
 *   <li>{@link #tunedVariants}: variant x gamma x C (e.g. the set-kernel form), list the default
 *       variant first;</li>
 *   <li>{@link #tunedSize}: N_XV x gamma x C, searched {@link SizeSearch#STAGED staged} (gamma and C
 *       at the smallest N_XV, then N_XV, the smaller on ties) or {@link SizeSearch#JOINT jointly};
 *       N_XV above the instances of the smallest inner training part is never fitted
 *       ({@link #feasibleSizes()}).</li>
 * </ul>
 * Learners are contract trainers made from the grid point ({@link Factory}, {@link SizedFactory});
 * inner fits run in parallel unless the caller sets {@link ModelSelection#withThreads withThreads(1)}
 * (needed for a learner that is not safe to call concurrently), with the sequential choices.
 */
public final class MiProtocol {
    /** The grid dimension of the Gaussian gamma. */
    public static final String GAMMA = "gamma";
    /** The grid dimension of C. */
    public static final String C = "C";
    /** The grid dimension of N_XV. */
    public static final String XV = "xv";
    /** The grid dimension of SparseMI's t_max ({@link #tunedIterations}). */
    public static final String ITERATIONS = "iterations";
    /** The grid dimension of the learner variant. */
    public static final String VARIANT = "variant";
    /** The measure of the final model's kernel evaluations per instance ({@link BagClassifier#kernelEvaluationsPerInstance}). */
    public static final String VECTORS = "vectors";
    /** The measure of the final model's machines stopped at an iteration cap ({@link BagClassifier#unconvergedMachines}). */
    public static final String UNCONVERGED = "unconverged_machines";
    /** Folds of the inner CV. */
    public static final int INNER_FOLDS = 3;
    /** The inner CV of outer split s is seeded {@code seed + INNER_SEED_STEP (s + 1)}. */
    public static final long INNER_SEED_STEP = 7919;
    /** Partition r of a repeated inner CV adds {@code PARTITION_STRIDE r} to its seed. */
    public static final long PARTITION_STRIDE = 104729;

    /** The trainer of a (gamma, C) grid point. */
    @FunctionalInterface
    public interface Factory {
        /** A trainer with the given Gaussian gamma and C. */
        Trainer<Bag, ? extends BagClassifier> trainer(double gamma, double c);
    }

    /** The trainer of a (gamma, C, N_XV) grid point. */
    @FunctionalInterface
    public interface SizedFactory {
        /** A trainer with the given Gaussian gamma, C and number of expansion vectors. */
        Trainer<Bag, ? extends BagClassifier> trainer(double gamma, double c, int expansionVectors);
    }

    /** The SparseMI options of a (gamma, C) grid point ({@link #tunedIterations}); its t_max is replaced by the grid's. */
    @FunctionalInterface
    public interface OptionsFactory {
        /** SparseMI's options with the given Gaussian gamma and C. */
        SparseMiOptions options(double gamma, double c);
    }

    /** A fit from a training part and (gamma, C), for learners without a trainer of their own ({@link #factory}). */
    @FunctionalInterface
    public interface Fit {
        /** Fits on {@code train} with the given Gaussian gamma and C. */
        BagClassifier fit(BagDataset train, double gamma, double c);
    }

    /** The options a {@link #factory} trainer reports: its gamma and C. */
    public record GammaC(double gamma, double c) {
    }

    /**
     * How {@link #tunedSize} searches (gamma, C, N_XV): {@link #STAGED} tunes (gamma, C) at the
     * smallest N_XV and then N_XV at that (gamma, C) (about |sizes| times cheaper); {@link #JOINT}
     * tunes all three over the full grid (the literal reading of TNNLS 2013 Sec. V-B).
     */
    public enum SizeSearch {
        /** (gamma, C) at the smallest N_XV, then N_XV. */
        STAGED,
        /** The full N_XV x gamma x C grid. */
        JOINT
    }

    /**
     * Which of two N_XV candidates with equal inner scores {@link #tunedSize} keeps: the
     * {@link #SMALLER} (the cheaper model) or the {@link #LARGER}.
     */
    public enum SizeTies {
        /** The smaller N_XV on ties. */
        SMALLER,
        /** The larger N_XV on ties. */
        LARGER
    }

    /**
     * What {@link #tunedSize} does with a candidate N_XV above the instances of a training part:
     * {@link #SKIP} never fits it (the smallest candidate is always fitted), {@link #CLAMP} fits the
     * first such candidate with every instance of the part as an XV (min(N_XV, instances); the later
     * ones would be the same fit and are skipped). The final fit clamps to the outer training part.
     */
    public enum LargeSizes {
        /** Sizes above the instances of the smallest inner training part are not fitted. */
        SKIP,
        /** The first size at or above them is fitted with all instances; larger ones are not fitted. */
        CLAMP
    }

    /**
     * How {@link #tunedSizeWarm} and the CLI's {@code --xv-start} fit the sizes of an N_XV grid: {@link #COLD},
     * every size from its own random XVs with the full t_max (each fit independent, the recorded tables' search);
     * {@link #WARM}, each size after the first started from the previous size's XVs and coefficients and run for
     * {@link #WARM_ITERATIONS} outer iterations ({@link WarmSizes}).
     */
    public enum SizeStart {
        /** Every size from its own random XVs, t_max iterations. */
        COLD,
        /** Each size after the first from the previous size's model, {@link #WARM_ITERATIONS} iterations. */
        WARM
    }

    /** t_max of every warm-started size of {@link SizeStart#WARM} (the first size keeps the options' t_max). */
    public static final int WARM_ITERATIONS = 10;

    /**
     * A named learner variant for {@link #tunedVariants}, e.g. the averaged and the normalised set
     * kernel, or instance- and bag-weighted C.
     *
     * @param name label of the folds that chose it
     * @param factory its trainers
     */
    public record Variant(String name, Factory factory) {
        /** @throws IllegalArgumentException for a null or blank name or a null factory */
        public Variant {
            if (name == null || name.isBlank() || factory == null) {
                throw new IllegalArgumentException("a variant needs a name and a learner, got '" + name + "'");
            }
        }
    }

    private MiProtocol() {
    }

    /**
     * The protocol over any grid of bag trainers: outer {@code folds}-fold CV x {@code repeats}
     * seeded {@code seed}, standardised per training part, inner 3-fold CV on {@code innerRepeats}
     * partitions, the best summed accuracy (first on ties), the measures {@value #VECTORS} and
     * {@value #UNCONVERGED}.
     *
     * @throws IllegalArgumentException for folds &lt; 2, repeats &lt; 1 or innerRepeats &lt; 1
     */
    public static ModelSelection<Bag> of(Grid<Bag> grid, int folds, int repeats, long seed, int innerRepeats) {
        return ModelSelection.of(Resampling.stratifiedKFold(folds, repeats, seed), grid,
                        innerSplits(SeedRule.affine(seed + INNER_SEED_STEP, INNER_SEED_STEP), innerRepeats))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD))
                .withMeasures(List.of(new Measure<>(VECTORS, (m, test) -> bagClassifier(m).kernelEvaluationsPerInstance()),
                        new Measure<>(UNCONVERGED, (m, test) -> bagClassifier(m).unconvergedMachines())));
    }

    /**
     * (gamma, C) tuned over {@code gammas} x {@code cs} (fixed when both hold one value).
     *
     * @throws IllegalArgumentException for an empty grid and as {@link #of}
     */
    public static ModelSelection<Bag> tuned(Factory learner, int folds, int repeats, long seed, double[] gammas,
                                            double[] cs, int innerRepeats) {
        return of(grid(learner, gammas, cs), folds, repeats, seed, innerRepeats);
    }

    /**
     * (variant, gamma, C) tuned together; ties go to the first in (variant, gamma, C) order. With one
     * variant the choices are {@link #tuned}'s.
     *
     * @throws IllegalArgumentException for an empty variant list or grid and as {@link #of}
     */
    public static ModelSelection<Bag> tunedVariants(List<Variant> variants, int folds, int repeats, long seed,
                                                    double[] gammas, double[] cs, int innerRepeats) {
        return of(grid(variants, gammas, cs), folds, repeats, seed, innerRepeats);
    }

    /**
     * (gamma, C, N_XV) tuned by {@code search} over the candidate sizes (ascending), infeasible sizes
     * skipped ({@link #feasibleSizes()}).
     *
     * @throws IllegalArgumentException for an empty grid, sizes not strictly ascending or &lt; 1 and as {@link #of}
     */
    public static ModelSelection<Bag> tunedSize(SizedFactory learner, int folds, int repeats, long seed,
                                                double[] gammas, double[] cs, int[] sizes, int innerRepeats,
                                                SizeSearch search) {
        return of(grid(learner, sizes, gammas, cs), folds, repeats, seed, innerRepeats).withChooser(chooser(search));
    }

    /**
     * As {@link #tunedSize(SizedFactory, int, int, long, double[], double[], int[], int, SizeSearch)},
     * with ties between sizes broken by {@code ties} and sizes above a part's instances handled by
     * {@code large} ({@link SizeTies#SMALLER} and {@link LargeSizes#SKIP} are that method's).
     *
     * @throws IllegalArgumentException as that method
     */
    public static ModelSelection<Bag> tunedSize(SizedFactory learner, int folds, int repeats, long seed,
                                                double[] gammas, double[] cs, int[] sizes, int innerRepeats,
                                                SizeSearch search, SizeTies ties, LargeSizes large) {
        Objects.requireNonNull(large, "large");
        SizedFactory fitted = large == LargeSizes.CLAMP ? clamped(learner) : learner;
        return of(grid(fitted, sizes, gammas, cs), folds, repeats, seed, innerRepeats)
                .withChooser(chooser(search, ties, large));
    }

    /**
     * As {@link #tunedSize(SizedFactory, int, int, long, double[], double[], int[], int, SizeSearch, SizeTies,
     * LargeSizes)} for SparseMI with the sizes warm-started ({@link SizeStart#WARM}, {@link #warmGrid}): the model
     * of (N_XV_i, gamma, C) is the chain of fits over N_XV_0 .. N_XV_i at (gamma, C), each size after the first
     * started from the one before and run for {@code warmIterations}; inner fits share one chain per (gamma, C)
     * and training part, and the final fit runs the chain up to the chosen size on the outer training part. Sizes
     * above a part's instances are clamped to them (with {@link LargeSizes#SKIP} the chooser never asks for them).
     *
     * @param learner SparseMI's options at (gamma, C) (random initial XVs, input space, one start); their N_XV is
     *        replaced by each size, their t_max is the first size's
     * @throws IllegalArgumentException as that method, for warmIterations &lt; 0, and (at fit time) for options a
     *         warm start cannot follow
     */
    public static ModelSelection<Bag> tunedSizeWarm(OptionsFactory learner, int folds, int repeats, long seed,
                                                    double[] gammas, double[] cs, int[] sizes, int innerRepeats,
                                                    SizeSearch search, SizeTies ties, LargeSizes large,
                                                    int warmIterations) {
        Objects.requireNonNull(large, "large");
        return of(warmGrid(learner, sizes, gammas, cs, warmIterations), folds, repeats, seed, innerRepeats)
                .withChooser(chooser(search, ties, large));
    }

    /**
     * The grid N_XV x gamma x C (N_XV slowest) of warm-started SparseMI chains ({@link #tunedSizeWarm}): the trainer
     * of a point fits the chain up to its size; the inner fits of one training part share one lazily grown chain
     * per (gamma, C), so the search fits every (size, gamma, C) it scores once, and each chain once per size.
     *
     * @throws IllegalArgumentException for an empty gamma or C list, sizes not strictly ascending or &lt; 1, or
     *         warmIterations &lt; 0
     */
    public static Grid<Bag> warmGrid(OptionsFactory learner, int[] sizes, double[] gammas, double[] cs,
                                     int warmIterations) {
        Objects.requireNonNull(learner, "learner");
        checkGrid(gammas, cs);
        checkSizes(sizes);
        if (warmIterations < 0) {
            throw new IllegalArgumentException("warmIterations must be >= 0, got " + warmIterations);
        }
        int[] xvs = sizes.clone();
        List<Integer> xv = Arrays.stream(xvs).boxed().toList();
        Grid<Bag> grid = Grid.of(p -> {
            double gamma = p.number(GAMMA);
            double c = p.number(C);
            int i = p.index(XV);
            SparseMiOptions o = learner.options(gamma, c).withExpansionVectors(xvs[i]);
            return Trainers.of(SparseMi.NAME, InputKind.BAGS, Task.CLASSIFICATION, o, (data, listener) ->
                    new WarmSizes.Chain(BagDataset.of(data), learner.options(gamma, c), xvs, warmIterations).model(i));
        }, Dimension.of(XV, xv), Dimension.of(GAMMA, gammas), Dimension.of(C, cs));
        return grid.withSharedWork(part -> new ChainCache(learner, xvs, warmIterations, BagDataset.of(part)),
                (point, part, cache) -> cache.model(point.number(GAMMA), point.number(C), point.index(XV)));
    }

    /** The warm chains of one training part, one per (gamma, C), made by the first fit that needs one. */
    private static final class ChainCache {
        private final OptionsFactory learner;
        private final int[] sizes;
        private final int warmIterations;
        private final BagDataset part;
        private final Map<List<Double>, WarmSizes.Chain> chains = new ConcurrentHashMap<>();

        ChainCache(OptionsFactory learner, int[] sizes, int warmIterations, BagDataset part) {
            this.learner = learner;
            this.sizes = sizes;
            this.warmIterations = warmIterations;
            this.part = part;
        }

        SparseMiModel model(double gamma, double c, int sizeIndex) {
            return chains.computeIfAbsent(List.of(gamma, c),
                    k -> new WarmSizes.Chain(part, learner.options(gamma, c), sizes, warmIterations)).model(sizeIndex);
        }
    }

    /**
     * SparseMI with t_max (the outer iterations of Algorithm 1) tuned with (gamma, C) by the inner CV:
     * the grid t x gamma x C with the candidates t listed largest first, so that ties go to the larger
     * t (the paper's t_max = 50 unless a smaller t is strictly better on the inner test parts), then to
     * the first (gamma, C). Inner fits share one run per (gamma, C) and inner split: the model at every
     * t is the snapshot of that run ({@link SparseMi#path}), which equals the fit with t_max = t, so the
     * search costs what the (gamma, C) search at the largest t costs. The final fit is SparseMI with
     * t_max = the chosen t. (A tolerance stop in the options ends a run early; a candidate t past that
     * stop then is the stopped model, as a fit with that t_max would be.)
     *
     * @param iterations the candidate t, at least one, distinct, &ge; 0, in any order
     * @throws IllegalArgumentException for an empty, negative or repeated candidate, an options factory
     *         with restarts &gt; 1 (at fit time) and as {@link #of}
     */
    public static ModelSelection<Bag> tunedIterations(OptionsFactory learner, int folds, int repeats, long seed,
                                                      double[] gammas, double[] cs, int[] iterations, int innerRepeats) {
        return of(iterationGrid(learner, iterations, gammas, cs), folds, repeats, seed, innerRepeats);
    }

    /**
     * The grid t x gamma x C of {@link #tunedIterations} (t largest first, slowest), its inner fits
     * read from one {@link SparseMi#path} per (gamma, C) and training part.
     *
     * @throws IllegalArgumentException as {@link #tunedIterations}
     */
    public static Grid<Bag> iterationGrid(OptionsFactory learner, int[] iterations, double[] gammas, double[] cs) {
        Objects.requireNonNull(learner, "learner");
        checkGrid(gammas, cs);
        if (iterations == null || iterations.length == 0) {
            throw new IllegalArgumentException("the t_max grid must not be empty");
        }
        int[] ascending = iterations.clone();
        Arrays.sort(ascending);
        for (int i = 0; i < ascending.length; i++) {
            if (ascending[i] < 0 || (i > 0 && ascending[i] == ascending[i - 1])) {
                throw new IllegalArgumentException("t_max candidates must be >= 0 and distinct, got "
                        + Arrays.toString(iterations));
            }
        }
        List<Integer> descending = new ArrayList<>();
        for (int i = ascending.length - 1; i >= 0; i--) {
            descending.add(ascending[i]);
        }
        Grid<Bag> grid = Grid.of(p -> SparseMi.trainer(learner.options(p.number(GAMMA), p.number(C))
                        .withMaxIterations(p.value(ITERATIONS, Integer.class))),
                Dimension.of(ITERATIONS, descending), Dimension.of(GAMMA, gammas), Dimension.of(C, cs));
        return grid.withSharedWork(part -> new PathCache(learner, ascending, BagDataset.of(part)),
                (point, part, cache) -> cache.model(point.number(GAMMA), point.number(C),
                        point.value(ITERATIONS, Integer.class)));
    }

    /** The runs of one training part, one per (gamma, C), made by the first fit that needs one. */
    private static final class PathCache {
        private final OptionsFactory learner;
        private final int[] at;
        private final BagDataset part;
        private final Map<List<Double>, FutureTask<List<SparseMi.Snapshot>>> runs = new ConcurrentHashMap<>();

        PathCache(OptionsFactory learner, int[] at, BagDataset part) {
            this.learner = learner;
            this.at = at;
            this.part = part;
        }

        SparseMiModel model(double gamma, double c, int t) {
            int max = at[at.length - 1];
            FutureTask<List<SparseMi.Snapshot>> created = new FutureTask<>(
                    () -> SparseMi.path(part, learner.options(gamma, c).withMaxIterations(max), at));
            FutureTask<List<SparseMi.Snapshot>> run = runs.putIfAbsent(List.of(gamma, c), created);
            if (run == null) {
                run = created;
                run.run();
            }
            try {
                return run.get().get(Arrays.binarySearch(at, t)).model();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a SparseMI run", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /**
     * The learner with N_XV above the instances of the data it fits replaced by that instance count
     * (all instances as XVs); its trainer reports the N_XV asked for, its model the XVs it has.
     */
    public static SizedFactory clamped(SizedFactory learner) {
        Objects.requireNonNull(learner, "learner");
        return (gamma, c, k) -> {
            Trainer<Bag, ? extends BagClassifier> asked = learner.trainer(gamma, c, k);
            return Trainers.of(asked.name(), asked.input(), asked.task(), asked.options(), (data, listener) -> {
                int n = BagDataset.of(data).instanceCount();
                Trainer<Bag, ? extends BagClassifier> t = k <= n ? asked : learner.trainer(gamma, c, n);
                return (BagClassifier) t.fit(data, listener);
            });
        };
    }

    /**
     * The inner selection alone on all of {@code data}, as given (no standardisation), its inner CV
     * seeded {@code seed} (the {@code train} command: tune, then fit on everything).
     *
     * @throws IllegalArgumentException for innerRepeats &lt; 1 or data the inner CV cannot split
     */
    public static Selection select(BagDataset data, Grid<Bag> grid, Chooser<Bag> chooser, long seed,
                                   int innerRepeats) {
        // select() reads only the grid, the inner splits and the chooser; the outer resampling is unused
        return ModelSelection.of(Resampling.stratifiedKFold(INNER_FOLDS, 1, seed), grid,
                        innerSplits(SeedRule.constant(seed), innerRepeats))
                .withChooser(chooser).select(data, 0);
    }

    /**
     * The inner CV: {@code innerRepeats} stratified 3-fold partitions, partition r seeded
     * {@code seeds.seed(s) + 104729 r}, concatenated.
     *
     * @throws IllegalArgumentException for innerRepeats &lt; 1
     */
    public static InnerSplits innerSplits(SeedRule seeds, int innerRepeats) {
        if (innerRepeats < 1) {
            throw new IllegalArgumentException("innerRepeats must be >= 1, got " + innerRepeats);
        }
        return InnerSplits.stratifiedKFold(INNER_FOLDS, innerRepeats, seeds, PARTITION_STRIDE);
    }

    /**
     * The grid gamma x C, gamma-major.
     *
     * @throws IllegalArgumentException for an empty gamma or C list
     */
    public static Grid<Bag> grid(Factory learner, double[] gammas, double[] cs) {
        Objects.requireNonNull(learner, "learner");
        checkGrid(gammas, cs);
        return Grid.of(p -> learner.trainer(p.number(GAMMA), p.number(C)), Dimension.of(GAMMA, gammas),
                Dimension.of(C, cs));
    }

    /**
     * The grid variant x gamma x C (the variant dimension unordered, in the order given).
     *
     * @throws IllegalArgumentException for an empty variant, gamma or C list
     */
    public static Grid<Bag> grid(List<Variant> variants, double[] gammas, double[] cs) {
        if (variants == null || variants.isEmpty()) {
            throw new IllegalArgumentException("the variant list must not be empty");
        }
        checkGrid(gammas, cs);
        List<Variant> vs = List.copyOf(variants);
        return Grid.of(p -> vs.get(p.index(VARIANT)).factory().trainer(p.number(GAMMA), p.number(C)),
                Dimension.unordered(VARIANT, vs.stream().map(Variant::name).toList()), Dimension.of(GAMMA, gammas),
                Dimension.of(C, cs));
    }

    /**
     * The grid N_XV x gamma x C, N_XV slowest.
     *
     * @throws IllegalArgumentException for an empty list, or sizes not strictly ascending or &lt; 1
     */
    public static Grid<Bag> grid(SizedFactory learner, int[] sizes, double[] gammas, double[] cs) {
        Objects.requireNonNull(learner, "learner");
        checkGrid(gammas, cs);
        checkSizes(sizes);
        List<Integer> xv = Arrays.stream(sizes).boxed().toList();
        return Grid.of(p -> learner.trainer(p.number(GAMMA), p.number(C), p.value(XV, Integer.class)),
                Dimension.of(XV, xv), Dimension.of(GAMMA, gammas), Dimension.of(C, cs));
    }

    /**
     * The chooser of an N_XV grid: staged ((gamma, C) at the smallest N_XV, then N_XV, a larger size
     * only when strictly better) or the best of the whole grid; both score only
     * {@link #feasibleSizes() feasible} sizes.
     */
    public static Chooser<Bag> chooser(SizeSearch search) {
        Objects.requireNonNull(search, "search");
        return search == SizeSearch.STAGED ? Choosers.staged(List.of(List.of(GAMMA, C), List.of(XV)), feasibleSizes())
                : Choosers.best(feasibleSizes());
    }

    /**
     * The chooser of an N_XV grid with a tie rule and a rule for sizes above the instances. With
     * {@link SizeTies#SMALLER} and {@link LargeSizes#SKIP} it is {@link #chooser(SizeSearch)}. With
     * {@link SizeTies#LARGER}: staged, stage 1 as there ((gamma, C) at the smallest N_XV, first in
     * grid order on ties), then the largest admitted N_XV whose score is at least the best; joint, the
     * best score of the whole admitted grid, among equal scores the largest N_XV and at that N_XV the
     * first (gamma, C) in grid order.
     */
    public static Chooser<Bag> chooser(SizeSearch search, SizeTies ties, LargeSizes large) {
        Objects.requireNonNull(search, "search");
        Objects.requireNonNull(ties, "ties");
        Objects.requireNonNull(large, "large");
        Choosers.Filter<Bag> filter = large == LargeSizes.SKIP ? feasibleSizes() : clampedSizes();
        if (ties == SizeTies.SMALLER) {
            return search == SizeSearch.STAGED ? Choosers.staged(List.of(List.of(GAMMA, C), List.of(XV)), filter)
                    : Choosers.best(filter);
        }
        return s -> {
            List<Point> points = new ArrayList<>();
            Grid<Bag> grid = s.grid();
            if (search == SizeSearch.STAGED) {
                List<Point> first = new ArrayList<>();
                for (Point p : grid.vary(grid.first(), List.of(GAMMA, C))) {
                    if (filter.admits(p, s)) {
                        first.add(p);
                    }
                }
                if (first.isEmpty()) {
                    throw new IllegalArgumentException("the filter admits no point of stage 1 [gamma, C] on outer split "
                            + s.outerIndex());
                }
                if (grid.size() == 1) {
                    return new Chooser.Choice(first.get(0), Double.NaN);
                }
                Chooser.Choice stage1 = s.best(first);
                for (Point p : grid.vary(stage1.point(), List.of(XV))) {
                    if (filter.admits(p, s)) {
                        points.add(p);
                    }
                }
            } else {
                for (Point p : grid.points()) {
                    if (filter.admits(p, s)) {
                        points.add(p);
                    }
                }
            }
            if (points.size() == 1) {
                return new Chooser.Choice(points.get(0), Double.NaN);
            }
            double[] scores = s.scores(points);
            int best = 0;
            for (int i = 1; i < scores.length; i++) {
                boolean tied = !s.better(scores[best], scores[i]) && !s.better(scores[i], scores[best]);
                if (s.better(scores[i], scores[best])
                        || (tied && points.get(i).index(XV) > points.get(best).index(XV))) {
                    best = i;
                }
            }
            return new Chooser.Choice(points.get(best), scores[best]);
        };
    }

    /**
     * Admits the first N_XV always, and a larger one when the size before it is below the instances
     * of the smallest inner training part: the sizes that fit fewer XVs than instances, and the first
     * that {@link #clamped} turns into all instances.
     */
    public static Choosers.Filter<Bag> clampedSizes() {
        return (p, search) -> {
            int i = p.index(XV);
            if (i == 0) {
                return true;
            }
            Object before = search.grid().dimension(XV).value(i - 1);
            return (Integer) before < smallestInnerInstances(search);
        };
    }

    /**
     * Admits the first N_XV always and a larger one only up to the instances of the smallest inner
     * training part (an instance initialisation cannot draw more).
     */
    public static Choosers.Filter<Bag> feasibleSizes() {
        return (p, search) -> p.index(XV) == 0 || p.value(XV, Integer.class) <= smallestInnerInstances(search);
    }

    private static int smallestInnerInstances(Search<Bag> search) {
        int min = Integer.MAX_VALUE;
        for (int k = 0; k < search.innerSplits().size(); k++) {
            min = Math.min(min, BagDataset.of(search.innerTrainingPart(k)).instanceCount());
        }
        return min;
    }

    /**
     * A contract trainer (name {@code name}, options {@link GammaC}) around a fit function, for
     * learners outside this module (e.g. Weka's) and test doubles.
     */
    public static Factory factory(String name, Fit fit) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fit, "fit");
        return (gamma, c) -> Trainers.of(name, InputKind.BAGS, Task.CLASSIFICATION, new GammaC(gamma, c),
                (data, listener) -> fit.fit(BagDataset.of(data), gamma, c));
    }

    /** The chosen value of a numeric grid dimension ({@link #GAMMA}, {@link #C}, {@link #XV}) in every outer fold. */
    public static double[] chosen(Evaluation e, String dimension) {
        return e.chosen().stream().mapToDouble(p -> p.number(dimension)).toArray();
    }

    /** The variant chosen in every outer fold ({@link #tunedVariants}). */
    public static String[] variants(Evaluation e) {
        return e.chosen().stream().map(p -> (String) p.value(VARIANT)).toArray(String[]::new);
    }

    /** The final model's kernel evaluations per instance in every outer fold. */
    public static double[] vectors(Evaluation e) {
        return e.measure(VECTORS);
    }

    /** Outer folds whose final model has at least one machine stopped at an iteration cap. */
    public static int unconvergedFolds(Evaluation e) {
        int count = 0;
        for (double u : e.measure(UNCONVERGED)) {
            count += u > 0 ? 1 : 0;
        }
        return count;
    }

    /** The mean of the values, summed in order. */
    public static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The default gamma grid for standardised d-dimensional data: {1/8, 1/4, 1/2, 1, 2} / d. */
    public static double[] defaultGammas(int dim) {
        double[] out = new double[MiCatalog.GAMMA_FACTORS.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = MiCatalog.GAMMA_FACTORS.get(i) / dim;
        }
        return out;
    }

    /** The default C grid: {1, 10, 100}. */
    public static double[] defaultCs() {
        return MiCatalog.C_GRID.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static BagClassifier bagClassifier(FittedModel<Bag> model) {
        if (model instanceof BagClassifier b) {
            return b;
        }
        throw new IllegalArgumentException("the multi-instance measures need a BagClassifier, got "
                + model.getClass().getSimpleName());
    }

    private static void checkGrid(double[] gammas, double[] cs) {
        if (gammas.length == 0 || cs.length == 0) {
            throw new IllegalArgumentException("the gamma and C grids must not be empty, got "
                    + gammas.length + " gammas and " + cs.length + " Cs");
        }
    }

    private static void checkSizes(int[] sizes) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("the N_XV grid must not be empty");
        }
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 1) {
                throw new IllegalArgumentException("N_XV candidates must be >= 1, got " + sizes[i]);
            }
            if (i > 0 && sizes[i] <= sizes[i - 1]) {
                throw new IllegalArgumentException("N_XV candidates must be strictly ascending, got "
                        + Arrays.toString(sizes));
            }
        }
    }
}
