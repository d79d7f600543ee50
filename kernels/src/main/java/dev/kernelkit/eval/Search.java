package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The inner search on one outer training part, as a {@link Chooser} sees it: the grid, the inner
 * splits (drawn on first use) and the inner score of any point. A point's score is its
 * {@link Metric} on every inner split (fitted on the split's training side, scored on its test
 * side) combined by the {@link Aggregate}; it is computed once and remembered, so a staged search
 * never refits a point it has already scored. The (point, inner split) fits of one request run in
 * parallel on a bounded pool, split by split; each score lands in its own slot and is aggregated in
 * split order afterwards, so every score and choice equals the sequential ({@code threads = 1}) one.
 * With a {@link FoldJournal}, every point is recorded as soon as its inner fits have all finished,
 * and a point the journal holds (a resumed run) is taken from it instead of being fitted, at the
 * moment the chooser asks for it, so the searched order, scores and fit counts are those of an
 * uninterrupted run. Not thread-safe: one chooser drives it.
 *
 * @param <X> the example type
 */
public final class Search<X> {
    private final Dataset<X> trainingPart;
    private final int outerIndex;
    private final Grid<X> grid;
    private final InnerSplits rule;
    private final Metric<X> metric;
    private final Aggregate aggregate;
    private final int threads;
    private final FitCounter<X> counter;
    private final FoldJournal journal;
    private final String section;
    private final Splits.Split outerSplit;
    private final FitEngine engine;
    private String journalKey;
    private List<Splits.Split> inner;
    private List<Dataset<X>> fitParts;
    private List<Dataset<X>> heldParts;
    private final Map<Point, ScoredPoint> scored = new HashMap<>();
    private final Map<Point, ScoredPoint> order = new LinkedHashMap<>();
    private int fits;
    private int unconverged;

    Search(Dataset<X> trainingPart, int outerIndex, Grid<X> grid, InnerSplits rule, Metric<X> metric,
           Aggregate aggregate, int threads) {
        this(trainingPart, outerIndex, grid, rule, metric, aggregate, threads, FitCounter.byReport());
    }

    Search(Dataset<X> trainingPart, int outerIndex, Grid<X> grid, InnerSplits rule, Metric<X> metric,
           Aggregate aggregate, int threads, FitCounter<X> counter) {
        this(trainingPart, outerIndex, grid, rule, metric, aggregate, threads, counter, null, null, null);
    }

    /** A search whose scored points are recorded in (and, on a resumed run, taken from) {@code journal}. */
    Search(Dataset<X> trainingPart, int outerIndex, Grid<X> grid, InnerSplits rule, Metric<X> metric,
           Aggregate aggregate, int threads, FitCounter<X> counter, FoldJournal journal, String section,
           Splits.Split outerSplit) {
        this(trainingPart, outerIndex, grid, rule, metric, aggregate, threads, counter, journal, section, outerSplit,
                FitEngine.local());
    }

    /** A journalled search whose fits run on {@code engine}. */
    Search(Dataset<X> trainingPart, int outerIndex, Grid<X> grid, InnerSplits rule, Metric<X> metric,
           Aggregate aggregate, int threads, FitCounter<X> counter, FoldJournal journal, String section,
           Splits.Split outerSplit, FitEngine engine) {
        this.engine = engine;
        this.journal = journal;
        this.section = section;
        this.outerSplit = outerSplit;
        this.trainingPart = trainingPart;
        this.outerIndex = outerIndex;
        this.grid = grid;
        this.rule = rule;
        this.metric = metric;
        this.aggregate = aggregate;
        this.threads = threads;
        this.counter = counter;
    }

    /** The outer training part (preprocessed) the search runs on. */
    public Dataset<X> trainingPart() {
        return trainingPart;
    }

    /** The outer split's index over all repeats (the argument of the seed rules). */
    public int outerIndex() {
        return outerIndex;
    }

    /** The grid searched. */
    public Grid<X> grid() {
        return grid;
    }

    /** The inner metric. */
    public Metric<X> metric() {
        return metric;
    }

    /** Whether aggregated score a is strictly better than b under the inner metric. */
    public boolean better(double a, double b) {
        return metric.better(a, b);
    }

    /**
     * The inner splits of the training part (drawn on the first call).
     *
     * @throws IllegalArgumentException when the inner split rule cannot split the part or gives no split
     */
    public List<Splits.Split> innerSplits() {
        if (inner == null) {
            if (rule == null) {
                throw new IllegalArgumentException("this model selection has no inner split rule (a plain "
                        + "cross-validation), so it cannot score points of the " + grid);
            }
            List<Splits.Split> s = rule.splits(trainingPart, outerIndex);
            if (s == null || s.isEmpty()) {
                throw new IllegalArgumentException("the inner split rule gave no split for the training part of outer split "
                        + outerIndex);
            }
            List<Dataset<X>> fit = new ArrayList<>(s.size());
            List<Dataset<X>> held = new ArrayList<>(s.size());
            for (int k = 0; k < s.size(); k++) {
                Splits.Split sp = s.get(k);
                int max = Math.max(last(sp.train()), last(sp.test()));
                if (max >= trainingPart.size()) {
                    throw new IllegalArgumentException("inner split " + k + " of outer split " + outerIndex + " holds index "
                            + max + " but the training part has " + trainingPart.size() + " examples");
                }
                if (sp.trainSize() == 0 || sp.testSize() == 0) {
                    throw new IllegalArgumentException("inner split " + k + " of outer split " + outerIndex + " has an empty "
                            + (sp.trainSize() == 0 ? "training" : "test") + " side");
                }
                fit.add(trainingPart.subset(sp.train()));
                held.add(trainingPart.subset(sp.test()));
            }
            inner = List.copyOf(s);
            fitParts = fit;
            heldParts = held;
        }
        return inner;
    }

    /** The training side of inner split k (the data its fits see). */
    public Dataset<X> innerTrainingPart(int k) {
        innerSplits();
        return fitParts.get(k);
    }

    /** The test side of inner split k. */
    public Dataset<X> innerTestPart(int k) {
        innerSplits();
        return heldParts.get(k);
    }

    /** The aggregated inner score of one point (fitted now unless scored before). */
    public double score(Point point) {
        return scores(List.of(point))[0];
    }

    /**
     * The aggregated inner scores of the points, in the order given; points not scored before are
     * fitted now, on every inner split, in parallel.
     *
     * @throws IllegalArgumentException for a point of another grid
     * @throws FoldFailedException when a fit or its scoring fails or gives NaN, naming the outer split,
     *         the inner split and the point
     */
    public double[] scores(List<Point> points) {
        List<Point> pending = new ArrayList<>();
        for (Point p : points) {
            grid.check(p);
            if (!scored.containsKey(p) && !pending.contains(p)) {
                pending.add(p);
            }
        }
        if (!pending.isEmpty()) {
            evaluate(pending);
        }
        double[] out = new double[points.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = scored.get(points.get(i)).score();
        }
        return out;
    }

    /** The scored point (fitted now unless scored before). */
    public ScoredPoint scored(Point point) {
        score(point);
        return scored.get(point);
    }

    /**
     * The point of the best aggregated score among {@code points} (the first on ties), scoring them
     * as needed.
     *
     * @throws IllegalArgumentException for an empty list
     */
    public Chooser.Choice best(List<Point> points) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("no candidate point to choose from");
        }
        double[] s = scores(points);
        int best = 0;
        for (int i = 1; i < s.length; i++) {
            if (metric.better(s[i], s[best])) {
                best = i;
            }
        }
        return new Chooser.Choice(points.get(best), s[best]);
    }

    /** Every point scored so far, in the order first scored. */
    public List<ScoredPoint> searched() {
        return List.copyOf(order.values());
    }

    /** Number of inner fits made so far, as the {@link FitCounter} counts them (by default one per model). */
    public int fits() {
        return fits;
    }

    /** Number of inner fits that did not converge, as the {@link FitCounter} counts them. */
    public int unconvergedFits() {
        return unconverged;
    }

    /** The number of inner splits drawn so far (0 before the first score). */
    int innerSplitsDrawn() {
        return inner == null ? 0 : inner.size();
    }

    private record Fitted(double score, int fits, int unconverged) {
    }

    /** The work shared by the fits of one inner split: prepared by the first fit that needs it, dropped after the last. */
    private static final class Shared {
        private Object value;
        private boolean ready;
        private int remaining;

        Shared(int users) {
            this.remaining = users;
        }

        synchronized Object get(Grid<?> grid, Dataset<?> part) {
            if (!ready) {
                value = prepare(grid, part);
                ready = true;
            }
            return value;
        }

        synchronized void release() {
            if (--remaining == 0) {
                value = null;
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static Object prepare(Grid grid, Dataset part) {
            return grid.prepare(part);
        }
    }

    private void evaluate(List<Point> pending) {
        List<Splits.Split> splits = innerSplits();
        int ns = splits.size();
        if (journal != null && journalKey == null) {
            journalKey = FoldJournal.pointKey(outerSplit, grid, splits);
        }
        Map<Point, FoldJournal.RecordedPoint> recalled = new HashMap<>();
        List<Point> toFit = new ArrayList<>();
        for (Point p : pending) {
            FoldJournal.RecordedPoint r = journal == null ? null : journal.recallPoint(section, outerIndex, journalKey, p, ns);
            if (r != null) {
                recalled.put(p, r);
            } else {
                toFit.add(p);
            }
        }
        int np = toFit.size();
        Fitted[] results = new Fitted[ns * np];
        AtomicIntegerArray left = new AtomicIntegerArray(np);
        for (int i = 0; i < np; i++) {
            left.set(i, ns);
        }
        Map<Integer, Integer> positionOf = new HashMap<>();
        List<FitTask> tasks = new ArrayList<>(ns * np);
        for (int k = 0; k < ns; k++) {
            for (int i = 0; i < np; i++) {
                int pointIndex = grid.points().indexOf(toFit.get(i));
                positionOf.putIfAbsent(pointIndex, i);
                tasks.add(new FitTask(outerIndex, k, pointIndex));
            }
        }
        Shared[] shared = new Shared[ns];
        for (int k = 0; k < ns; k++) {
            shared[k] = grid.sharesWork() && np > 0 ? new Shared(np) : null;
        }
        FitEngine.Local local = task -> {
            int split = task.innerIndex();
            int which = positionOf.get(task.pointIndex());
            Point p = toFit.get(which);
            Shared sh = shared[split];
            Fitted f;
            try {
                Object work = sh == null ? null : sh.get(grid, fitParts.get(split));
                try {
                    f = fit(p, split, work);
                } finally {
                    if (sh != null) {
                        sh.release();
                    }
                }
            } catch (RuntimeException e) {
                throw failure(split, p, e);
            }
            results[split * np + which] = f;
            if (left.decrementAndGet(which) == 0 && journal != null) {
                Fitted[] own = new Fitted[ns];
                for (int j = 0; j < ns; j++) {
                    own[j] = results[j * np + which];
                }
                record(p, own);
            }
            return FitOutcome.inner(f.score(), f.fits(), f.unconverged());
        };
        if (!tasks.isEmpty()) {
            List<FitOutcome> outcomes = engine.run(List.copyOf(tasks), local, Math.max(1, Math.min(threads, tasks.size())));
            for (int t = 0; t < tasks.size(); t++) {
                FitOutcome o = outcomes.get(t);
                results[t] = new Fitted(o.score(), o.fits(), o.unconverged());
            }
            // an engine that performed the fits elsewhere journals nothing: the points are recorded here
            for (int i = 0; i < np && journal != null; i++) {
                if (left.get(i) != 0) {
                    Fitted[] own = new Fitted[ns];
                    for (int j = 0; j < ns; j++) {
                        own[j] = results[j * np + i];
                    }
                    record(toFit.get(i), own);
                }
            }
        }
        for (Point p : pending) {
            FoldJournal.RecordedPoint r = recalled.get(p);
            double[] perSplit;
            if (r != null) {
                perSplit = r.splitScores();
                fits += r.fits();
                unconverged += r.unconverged();
            } else {
                int i = toFit.indexOf(p);
                perSplit = new double[ns];
                for (int k = 0; k < ns; k++) {
                    Fitted f = results[k * np + i];
                    perSplit[k] = f.score();
                    fits += f.fits();
                    unconverged += f.unconverged();
                }
            }
            ScoredPoint sp = new ScoredPoint(p, aggregate.of(perSplit), perSplit);
            scored.put(sp.point(), sp);
            order.put(sp.point(), sp);
        }
    }

    /** Fits the point on the training side of inner split k (with the split's shared work, if any) and scores it. */
    private Fitted fit(Point p, int k, Object work) {
        FittedModel<X> model = grid.fit(p, fitParts.get(k), work);
        double v = metric.score(model, heldParts.get(k));
        if (Double.isNaN(v)) {
            throw new IllegalArgumentException("the " + metric.name() + " is NaN");
        }
        return new Fitted(v, counter.fits(model), counter.unconverged(model));
    }

    private FoldFailedException failure(int k, Point p, RuntimeException e) {
        return new FoldFailedException(outerIndex, "outer split " + outerIndex + ", inner split " + k + ", point " + p
                + " failed: " + e, e);
    }

    /**
     * One inner fit of this search alone, as a worker of a {@link FitEngine} makes it: the split's
     * shared work (if any) prepared for this fit only.
     *
     * @throws IllegalArgumentException for an inner split that does not exist
     * @throws FoldFailedException as {@link #scores}
     */
    FitOutcome fitOne(int k, Point p) {
        return fitOne(k, p, sharedWork(k));
    }

    /**
     * The shared work of inner split k's training part, as the grid prepares it (null when the grid
     * shares none): to hand to {@link #fitOne(int, Point, Object)} for every point fitted on that split.
     *
     * @throws IllegalArgumentException for an inner split that does not exist
     * @throws FoldFailedException when preparing the work fails, naming the outer and inner split
     */
    Object sharedWork(int k) {
        checkInner(k);
        try {
            return grid.prepare(fitParts.get(k));
        } catch (RuntimeException e) {
            throw new FoldFailedException(outerIndex, "outer split " + outerIndex + ", inner split " + k
                    + ": preparing the grid's shared work failed: " + e, e);
        }
    }

    /**
     * One inner fit from inner split k's shared work ({@link #sharedWork}); once the inner splits are
     * drawn, calls from several threads are safe (each reads the search's parts only).
     *
     * @throws IllegalArgumentException for an inner split that does not exist
     * @throws FoldFailedException as {@link #scores}
     */
    FitOutcome fitOne(int k, Point p, Object work) {
        checkInner(k);
        Fitted f;
        try {
            f = fit(p, k, work);
        } catch (RuntimeException e) {
            throw failure(k, p, e);
        }
        return FitOutcome.inner(f.score(), f.fits(), f.unconverged());
    }

    private void checkInner(int k) {
        List<Splits.Split> splits = innerSplits();
        if (k < 0 || k >= splits.size()) {
            throw new IllegalArgumentException("inner split " + k + " does not exist: outer split " + outerIndex + " has "
                    + splits.size() + " inner splits");
        }
    }

    /** Journals a point whose inner fits have all finished (from the thread that finished the last). */
    private void record(Point p, Fitted[] perSplit) {
        double[] scores = new double[perSplit.length];
        int f = 0;
        int u = 0;
        for (int k = 0; k < perSplit.length; k++) {
            scores[k] = perSplit[k].score();
            f += perSplit[k].fits();
            u += perSplit[k].unconverged();
        }
        journal.recordPoint(section, outerIndex, journalKey, p, scores, f, u);
    }

    private static int last(int[] sorted) {
        return sorted.length == 0 ? -1 : sorted[sorted.length - 1];
    }

    @Override
    public String toString() {
        return "Search(outer split " + outerIndex + ", " + grid + ", " + Objects.requireNonNullElse(inner, List.of()).size()
                + " inner splits, " + order.size() + " points scored)";
    }
}
