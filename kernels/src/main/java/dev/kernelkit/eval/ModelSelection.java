package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.util.Stopwatch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The one model-selection harness: nested cross-validation of any {@link Trainer} of the learner
 * contract over vectors or bags, as the papers' protocols run it (TNNLS 2013 Sec. V-B for SparseMI
 * and soft margin MKL, the prototype paper's inner CV, the core vector machine's k-fold).
 *
 * <p>For every outer split s of the {@link Resampling} (s counted over all repeats):
 * <ol>
 *   <li>the {@link Preprocessing} is fitted on the training part and applied to both parts;</li>
 *   <li>the {@link GridFactory} gives the grid for the (preprocessed) training part;</li>
 *   <li>the {@link Chooser} picks a point by the inner score: the inner {@link Metric} of each
 *       candidate fitted on every inner split of the training part ({@link InnerSplits}, seeded from s
 *       by its {@link SeedRule}) combined by the {@link Aggregate} (sum by default), ties to the
 *       earlier point; a grid of one point is taken without inner fits;</li>
 *   <li>the {@link FinalFit} trainer of the chosen point (by default the grid's own) is fitted on the
 *       whole training part and scored by the test {@link Metric} on the test part; the
 *       {@link Measure}s are recorded. A classifier (a {@link Task#CLASSIFICATION} trainer's
 *       {@link Model}) predicts the test part once (its decision values for two classes): the fold keeps
 *       its confusion matrix, AUC and average precision ({@link FoldClassification}) and a built-in
 *       classification metric scores from the same predictions (a metric of {@link Metric#of}
 *       predicts again).</li>
 * </ol>
 * The test part is never seen before the final scoring. Inner fits run in parallel over
 * (point, inner split) on {@link #withThreads threads} (default: the available processors), outer
 * splits on {@link #withOuterThreads outerThreads} (default 1); every score and choice equals the
 * sequential run's for learners whose fit is a pure function of data and options (the contract's
 * "same seed, same model"). The fits of a run go through a {@link FitEngine} ({@link #withEngine}):
 * this machine by default, or one that performs each {@link FitTask} elsewhere with {@link #perform}
 * while the choices stay here. Immutable: the {@code with...} methods return modified copies.
 *
 * @param <X> the example type
 */
public final class ModelSelection<X> {

    /**
     * The grid of an outer training part (it may depend on the part, e.g. a Gaussian width from its
     * variance, or on the split's index).
     *
     * @param <X> the example type
     */
    @FunctionalInterface
    public interface GridFactory<X> {
        /** The grid for the preprocessed training part of outer split {@code outerIndex}. */
        Grid<X> grid(Dataset<X> trainingPart, int outerIndex);
    }

    /**
     * The trainer of the final fit on an outer training part (e.g. the chosen options with a seed
     * that depends on the split, as the prototypes command does).
     *
     * @param <X> the example type
     */
    @FunctionalInterface
    public interface FinalFit<X> {
        /** The trainer for the chosen point of {@code grid} on outer split {@code outerIndex}. */
        Trainer<X, ?> trainer(Point chosen, Grid<X> grid, int outerIndex);
    }

    /** The settings of a run; copied on every change, never shared mutably. */
    private static final class Settings<X> {
        Resampling outer;
        GridFactory<X> grids;
        InnerSplits inner;
        Preprocessing<X> preprocessing = Preprocessing.none();
        Chooser<X> chooser = Choosers.best();
        Metric<X> metric = Metric.accuracy();
        Metric<X> innerMetric;
        Aggregate aggregate = Aggregate.SUM;
        FinalFit<X> finalFit;
        List<Measure<X>> measures = List.of();
        int threads = OrderedParallel.defaultThreads(Integer.MAX_VALUE);
        int outerThreads = 1;
        Consumer<OuterFold> listener;
        FitCounter<X> counter = FitCounter.byReport();
        FoldJournal journal;
        String section;
        FitEngine engine = FitEngine.local();

        Settings<X> copy() {
            Settings<X> s = new Settings<>();
            s.outer = outer;
            s.grids = grids;
            s.inner = inner;
            s.preprocessing = preprocessing;
            s.chooser = chooser;
            s.metric = metric;
            s.innerMetric = innerMetric;
            s.aggregate = aggregate;
            s.finalFit = finalFit;
            s.measures = measures;
            s.threads = threads;
            s.outerThreads = outerThreads;
            s.listener = listener;
            s.counter = counter;
            s.journal = journal;
            s.section = section;
            s.engine = engine;
            return s;
        }
    }

    private final Settings<X> c;

    private ModelSelection(Settings<X> settings) {
        this.c = settings;
    }

    private ModelSelection<X> with(Consumer<Settings<X>> change) {
        Settings<X> s = c.copy();
        change.accept(s);
        return new ModelSelection<>(s);
    }

    /**
     * Plain cross-validation (or repeated hold-out) of one trainer: no inner search.
     */
    public static <X> ModelSelection<X> crossValidation(Resampling outer, Trainer<X, ?> trainer) {
        Grid<X> grid = Grid.single(trainer);
        return create(outer, (part, s) -> grid, null);
    }

    /** Nested cross-validation over a fixed grid. */
    public static <X> ModelSelection<X> of(Resampling outer, Grid<X> grid, InnerSplits inner) {
        Objects.requireNonNull(grid, "grid");
        return of(outer, (part, s) -> grid, inner);
    }

    /** Nested cross-validation over a grid built per outer training part. */
    public static <X> ModelSelection<X> of(Resampling outer, GridFactory<X> grids, InnerSplits inner) {
        Objects.requireNonNull(inner, "inner");
        return create(outer, grids, inner);
    }

    private static <X> ModelSelection<X> create(Resampling outer, GridFactory<X> grids, InnerSplits inner) {
        Objects.requireNonNull(outer, "outer");
        Objects.requireNonNull(grids, "grids");
        Settings<X> s = new Settings<>();
        s.outer = outer;
        s.grids = grids;
        s.inner = inner;
        return new ModelSelection<>(s);
    }

    /** With a preprocessing fitted on every outer training part. */
    public ModelSelection<X> withPreprocessing(Preprocessing<X> preprocessing) {
        Objects.requireNonNull(preprocessing, "preprocessing");
        return with(x -> x.preprocessing = preprocessing);
    }

    /** With another chooser (default {@link Choosers#best()}). */
    public ModelSelection<X> withChooser(Chooser<X> chooser) {
        Objects.requireNonNull(chooser, "chooser");
        return with(x -> x.chooser = chooser);
    }

    /** With another test metric (default accuracy); also the inner one unless {@link #withInnerMetric} set it. */
    public ModelSelection<X> withMetric(Metric<X> metric) {
        Objects.requireNonNull(metric, "metric");
        return with(x -> x.metric = metric);
    }

    /** With an inner metric other than the test metric (e.g. {@link Metric#correctCount()}). */
    public ModelSelection<X> withInnerMetric(Metric<X> innerMetric) {
        Objects.requireNonNull(innerMetric, "innerMetric");
        return with(x -> x.innerMetric = innerMetric);
    }

    /** With the inner scores combined by {@code aggregate} (default {@link Aggregate#SUM}). */
    public ModelSelection<X> withAggregate(Aggregate aggregate) {
        Objects.requireNonNull(aggregate, "aggregate");
        return with(x -> x.aggregate = aggregate);
    }

    /** With another final trainer for the chosen point (default: the grid's trainer of the point). */
    public ModelSelection<X> withFinalFit(FinalFit<X> finalFit) {
        Objects.requireNonNull(finalFit, "finalFit");
        return with(x -> x.finalFit = finalFit);
    }

    /**
     * With measures of every final model.
     *
     * @throws IllegalArgumentException for two measures of one name
     */
    public ModelSelection<X> withMeasures(List<Measure<X>> measures) {
        Set<String> names = new HashSet<>();
        for (Measure<X> m : measures) {
            if (!names.add(m.name())) {
                throw new IllegalArgumentException("measure '" + m.name() + "' is listed twice");
            }
        }
        return with(x -> x.measures = List.copyOf(measures));
    }

    /**
     * With {@code threads} threads for the inner fits (1 = sequentially in the calling thread).
     *
     * @throws IllegalArgumentException when threads &lt; 1
     */
    public ModelSelection<X> withThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        return with(x -> x.threads = threads);
    }

    /**
     * With {@code outerThreads} threads over the outer splits (1 = one after the other; more nests the
     * inner pools inside).
     *
     * @throws IllegalArgumentException when outerThreads &lt; 1
     */
    public ModelSelection<X> withOuterThreads(int outerThreads) {
        if (outerThreads < 1) {
            throw new IllegalArgumentException("outerThreads must be >= 1, got " + outerThreads);
        }
        return with(x -> x.outerThreads = outerThreads);
    }

    /**
     * With a listener told of every finished outer fold (from the thread that ran it; it must be
     * thread-safe when outer splits run in parallel), e.g. to print a progress line.
     */
    public ModelSelection<X> withListener(Consumer<OuterFold> listener) {
        Objects.requireNonNull(listener, "listener");
        return with(x -> x.listener = listener);
    }

    /**
     * With every finished outer fold recorded in {@code journal} under {@code section} (one name per
     * harness run of a command, e.g. the method of a comparison), and the folds already recorded there
     * taken from it instead of being run again: a resumed run ends with the folds, scores, choices and
     * reports of an uninterrupted one (the recorded folds keep the times they were measured with).
     * Inside a fold still running, every grid point whose inner fits have finished is journalled too,
     * and a resumed run takes those points instead of fitting them again (long inner searches).
     * The listener is told of recalled folds too.
     */
    public ModelSelection<X> withJournal(FoldJournal journal, String section) {
        Objects.requireNonNull(journal, "journal");
        Objects.requireNonNull(section, "section");
        return with(x -> {
            x.journal = journal;
            x.section = section;
        });
    }

    /** With inner fits counted by {@code counter} (default {@link FitCounter#byReport()}). */
    public ModelSelection<X> withFitCounter(FitCounter<X> counter) {
        Objects.requireNonNull(counter, "counter");
        return with(x -> x.counter = counter);
    }

    /**
     * With the fits of {@link #run} and {@link #runFold} made by {@code engine} (default
     * {@link FitEngine#local()}, on this machine); {@link #select} always fits here.
     */
    public ModelSelection<X> withEngine(FitEngine engine) {
        Objects.requireNonNull(engine, "engine");
        return with(x -> x.engine = engine);
    }

    /** The outer splitting. */
    public Resampling resampling() {
        return c.outer;
    }

    /** The test metric. */
    public Metric<X> metric() {
        return c.metric;
    }

    /** The inner metric. */
    public Metric<X> innerMetric() {
        return c.innerMetric == null ? c.metric : c.innerMetric;
    }

    /**
     * Runs every outer split.
     *
     * @throws IllegalArgumentException when the data cannot be split as configured (the message names
     *         the parameter and value) or an inner split rule fails on a training part
     * @throws FoldFailedException when a fit or its scoring fails, naming the outer (and inner) split
     *         and the point
     */
    public Evaluation run(Dataset<X> data) {
        List<Splits.Split> splits = outerSplits(data);
        List<Callable<OuterFold>> tasks = new ArrayList<>(splits.size());
        for (int s = 0; s < splits.size(); s++) {
            int index = s;
            tasks.add(() -> fold(data, splits.get(index), index));
        }
        List<OuterFold> folds = OrderedParallel.run(tasks, Math.max(1, Math.min(c.outerThreads, tasks.size())));
        return Evaluation.of(c.outer, c.metric.name(), folds);
    }

    /**
     * Runs one outer split (e.g. to interleave several learners split by split); assemble the folds
     * with {@link Evaluation#of}.
     *
     * @throws IllegalArgumentException for an index outside [0, resampling size) and as {@link #run}
     */
    public OuterFold runFold(Dataset<X> data, int outerIndex) {
        List<Splits.Split> splits = outerSplits(data);
        if (outerIndex < 0 || outerIndex >= splits.size()) {
            throw new IllegalArgumentException("outerIndex must be in [0, " + splits.size() + "), got " + outerIndex);
        }
        return fold(data, splits.get(outerIndex), outerIndex);
    }

    /**
     * The inner selection alone on a training part, as for outer split {@code outerIndex} (its seed
     * rules read the index), without preprocessing: e.g. to tune on all the data before a final fit.
     *
     * @throws IllegalArgumentException as {@link #run}
     */
    public Selection select(Dataset<X> trainingPart, int outerIndex) {
        Objects.requireNonNull(trainingPart, "trainingPart");
        return select(trainingPart, outerIndex, grid(trainingPart, outerIndex), null);
    }

    /**
     * Performs one fit of a {@link #run} on {@code data} in this JVM, as a worker of a {@link FitEngine} does: the
     * outer split, its preprocessing, its grid and (for an inner fit) its inner splits are made again from the data
     * and the task's indices, so the outcome is the one the run itself would get (times apart). Costs one
     * preprocessing and one grid per call; a worker that performs many fits of one outer split keeps
     * {@link #prepare} instead.
     *
     * @throws IllegalArgumentException for an index outside the run's splits or grid, and as {@link #run}
     * @throws FoldFailedException when the fit or its scoring fails, as in {@link #run}
     */
    public FitOutcome perform(Dataset<X> data, FitTask task) {
        Objects.requireNonNull(task, "task");
        return prepare(data, task.outerIndex()).perform(task);
    }

    /**
     * Outer split {@code outerIndex} of a {@link #run} on {@code data} made ready to perform its fits, as a worker
     * of a {@link FitEngine} keeps it: the split, its preprocessed parts and its grid, made now as the run makes
     * them, and its inner splits, drawn on the first inner fit.
     *
     * @throws IllegalArgumentException for an index outside the run's splits, and as {@link #run}
     */
    public PreparedSplit prepare(Dataset<X> data, int outerIndex) {
        List<Splits.Split> splits = outerSplits(data);
        if (outerIndex < 0 || outerIndex >= splits.size()) {
            throw new IllegalArgumentException("outer split " + outerIndex + " does not exist: the run has "
                    + splits.size());
        }
        return new PreparedSplit(data, splits.get(outerIndex), outerIndex);
    }

    /**
     * One outer split of a run, ready to perform any of its {@link FitTask}s again and again (a worker's cache):
     * its preprocessed training and test parts, its grid and its inner search. Every outcome equals the run's own
     * (times apart). Safe for use by several threads.
     */
    public final class PreparedSplit {
        private final int outerIndex;
        private final Dataset<X> train;
        private final Dataset<X> test;
        private final Grid<X> grid;
        private Search<X> search;

        private PreparedSplit(Dataset<X> data, Splits.Split split, int s) {
            outerIndex = s;
            Dataset<X> rawTrain = data.subset(split.train());
            Preprocessing.Transform<X> transform = c.preprocessing.fit(rawTrain);
            train = transform.apply(rawTrain);
            test = transform.apply(data.subset(split.test()));
            grid = grid(train, s);
        }

        /** The outer split's index, over all repeats. */
        public int outerIndex() {
            return outerIndex;
        }

        /** The inner search, its inner splits drawn (on the first call). */
        private synchronized Search<X> search() {
            if (search == null) {
                Search<X> made = new Search<>(train, outerIndex, grid, c.inner, innerMetric(), c.aggregate, 1,
                        c.counter);
                made.innerSplits();
                search = made;
            }
            return search;
        }

        /**
         * The work the grid shares between the fits of inner split {@code innerIndex} (null when it shares
         * none): prepare it once and hand it to {@link #perform(FitTask, Object)} for each of the split's fits.
         *
         * @throws IllegalArgumentException for an inner split that does not exist
         * @throws FoldFailedException when preparing it fails
         */
        public Object sharedWork(int innerIndex) {
            return grid.sharesWork() ? search().sharedWork(innerIndex) : null;
        }

        /**
         * Performs a task of this outer split, an inner fit from its split's {@link #sharedWork} (ignored for a
         * final fit).
         *
         * @throws IllegalArgumentException for a task of another outer split, or an index outside the grid or the
         *         inner splits
         * @throws FoldFailedException when the fit or its scoring fails, as in {@link #run}
         */
        public FitOutcome perform(FitTask task, Object sharedWork) {
            Objects.requireNonNull(task, "task");
            if (task.outerIndex() != outerIndex) {
                throw new IllegalArgumentException("task of outer split " + task.outerIndex() + " given to outer split "
                        + outerIndex);
            }
            if (task.pointIndex() >= grid.size()) {
                throw new IllegalArgumentException("point " + task.pointIndex() + " does not exist: the " + grid
                        + " of outer split " + outerIndex);
            }
            Point point = grid.points().get(task.pointIndex());
            if (task.isFinal()) {
                return finalFit(train, test, grid, point, outerIndex);
            }
            return search().fitOne(task.innerIndex(), point, sharedWork);
        }

        /**
         * Performs a task of this outer split (an inner fit preparing its split's shared work for itself).
         *
         * @throws IllegalArgumentException as {@link #perform(FitTask, Object)}
         * @throws FoldFailedException as {@link #perform(FitTask, Object)}
         */
        public FitOutcome perform(FitTask task) {
            Objects.requireNonNull(task, "task");
            return perform(task, task.isFinal() ? null : sharedWork(task.innerIndex()));
        }

        @Override
        public String toString() {
            return "outer split " + outerIndex + " of " + ModelSelection.this;
        }
    }

    private List<Splits.Split> outerSplits(Dataset<X> data) {
        Objects.requireNonNull(data, "data");
        List<Splits.Split> splits = c.outer.splits(data);
        if (splits.isEmpty()) {
            throw new IllegalArgumentException("no outer split (" + c.outer + ")");
        }
        return splits;
    }

    private Grid<X> grid(Dataset<X> part, int s) {
        Grid<X> grid = c.grids.grid(part, s);
        if (grid == null) {
            throw new IllegalArgumentException("the grid factory gave no grid for outer split " + s);
        }
        return grid;
    }

    /** The inner selection; with a journal and the outer split, its scored points are journalled. */
    private Selection select(Dataset<X> part, int s, Grid<X> grid, Splits.Split split) {
        Stopwatch clock = Stopwatch.start();
        boolean journalled = c.journal != null && split != null;
        Search<X> search = new Search<>(part, s, grid, c.inner, innerMetric(), c.aggregate, c.threads, c.counter,
                journalled ? c.journal : null, journalled ? c.section : null, split,
                split == null ? FitEngine.local() : c.engine);
        Chooser.Choice choice = c.chooser.choose(search);
        if (choice == null) {
            throw new IllegalArgumentException("the chooser made no choice on outer split " + s);
        }
        grid.check(choice.point());
        return new Selection(choice.point(), choice.score(), search.searched(), search.innerSplitsDrawn(), search.fits(),
                search.unconvergedFits(), clock.elapsedSeconds());
    }

    private OuterFold fold(Dataset<X> data, Splits.Split split, int s) {
        if (c.journal != null && c.journal.has(c.section, s)) {
            return recalled(data, split, s);
        }
        OuterFold fold = computed(data, split, s);
        if (c.journal != null) {
            c.journal.record(c.section, fold, c.outer.toString());
        }
        if (c.listener != null) {
            c.listener.accept(fold);
        }
        return fold;
    }

    /** A fold from the journal, its points on the grid of the (preprocessed) training part as a run would build it. */
    private OuterFold recalled(Dataset<X> data, Splits.Split split, int s) {
        Dataset<X> rawTrain = data.subset(split.train());
        Grid<X> grid = grid(c.preprocessing.fit(rawTrain).apply(rawTrain), s);
        int perRepeat = c.outer.splitsPerRepeat();
        OuterFold fold = c.journal.recall(c.section, s, s / perRepeat, s % perRepeat, split, c.outer.toString(), grid);
        if (c.listener != null) {
            c.listener.accept(fold);
        }
        return fold;
    }

    private OuterFold computed(Dataset<X> data, Splits.Split split, int s) {
        Stopwatch clock = Stopwatch.start();
        Dataset<X> rawTrain = data.subset(split.train());
        Dataset<X> rawTest = data.subset(split.test());
        Preprocessing.Transform<X> transform = c.preprocessing.fit(rawTrain);
        Dataset<X> train = transform.apply(rawTrain);
        Dataset<X> test = transform.apply(rawTest);
        double preprocessSeconds = clock.elapsedSeconds();
        Grid<X> grid = grid(train, s);
        Selection selection = select(train, s, grid, split);
        Point chosen = selection.chosen();
        FitTask task = FitTask.finalFit(s, grid.points().indexOf(chosen));
        FitOutcome last = c.engine.run(List.of(task), t -> finalFit(train, test, grid, chosen, s), 1).get(0);
        int perRepeat = c.outer.splitsPerRepeat();
        return new OuterFold(s, s / perRepeat, s % perRepeat, split, selection, last.score(), preprocessSeconds,
                last.trainSeconds(), last.predictSeconds(), last.measures(), last.report(),
                Optional.ofNullable(last.classification()));
    }

    /** The final fit of the chosen point on the training part, scored and measured on the test part. */
    private FitOutcome finalFit(Dataset<X> train, Dataset<X> test, Grid<X> grid, Point chosen, int s) {
        Trainer<X, ?> trainer = c.finalFit == null ? grid.trainer(chosen) : c.finalFit.trainer(chosen, grid, s);
        if (trainer == null) {
            throw new IllegalArgumentException("the final fit gave no trainer for point " + chosen
                    + " on outer split " + s);
        }
        String where = "outer split " + s + ", final fit of point " + chosen;
        FittedModel<X> model;
        Stopwatch clock = Stopwatch.start();
        try {
            model = trainer.fit(train);
        } catch (RuntimeException e) {
            throw new FoldFailedException(s, where + " failed: " + e, e);
        }
        double trainSeconds = clock.elapsedSeconds();
        clock = Stopwatch.start();
        double score;
        FoldClassification classification = null;
        try {
            if (trainer.task() == Task.CLASSIFICATION && model instanceof Model<X> classifier) {
                Predictions predictions = Predictions.of(classifier, test, true);
                classification = predictions.classification();
                score = c.metric instanceof PredictionMetric<X> m ? m.score(predictions) : c.metric.score(model, test);
            } else {
                score = c.metric.score(model, test);
            }
        } catch (RuntimeException e) {
            throw new FoldFailedException(s, where + ": scoring the test part failed: " + e, e);
        }
        double predictSeconds = clock.elapsedSeconds();
        if (Double.isNaN(score)) {
            throw new FoldFailedException(s, where + ": the test " + c.metric.name() + " is NaN",
                    new IllegalArgumentException("NaN score"));
        }
        Map<String, Double> measures = new LinkedHashMap<>();
        for (Measure<X> m : c.measures) {
            try {
                measures.put(m.name(), m.function().measure(model, test));
            } catch (RuntimeException e) {
                throw new FoldFailedException(s, where + ": measure '" + m.name() + "' failed: " + e, e);
            }
        }
        return FitOutcome.finalFit(score, measures, model.report(), trainSeconds, predictSeconds, classification);
    }

    @Override
    public String toString() {
        return "ModelSelection(" + c.outer + ", metric " + c.metric.name() + ", inner " + innerMetric().name() + " "
                + c.aggregate.name().toLowerCase(java.util.Locale.ROOT) + ")";
    }
}
