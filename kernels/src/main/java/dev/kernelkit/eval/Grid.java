package dev.kernelkit.eval;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The candidates of a model selection: named {@link Dimension}s whose product, first dimension
 * slowest, lists the {@link Point}s in search order (ties go to the earlier point), and a function
 * giving each point's {@link Trainer}. A grid without dimensions has one point ({@link #single}); a
 * list of hand-written candidates is one unordered dimension ({@link #ofTrainers}).
 *
 * <p>Fits inside the search go through {@link #fit}; by default that is
 * {@code trainer(point).fit(part)}. {@link #withSharedWork} lets the points of one inner split
 * share work that depends only on the split's training part (an MKL grid's base-kernel Gram
 * matrices, say): it is prepared once per split and handed to every point's fit; the caller vouches
 * that {@code fit(point, part, prepare(part))} gives the model {@code trainer(point).fit(part)}
 * gives. Immutable; the trainer function must be a pure function of the point.
 *
 * @param <X> the example type
 */
public final class Grid<X> {

    /**
     * A fit that reads work shared by all points of one training part.
     *
     * @param <X> the example type
     * @param <S> the shared work
     */
    @FunctionalInterface
    public interface SharedFit<X, S> {
        /** The model of {@code point} on {@code part}, from {@code shared = prepare(part)}. */
        FittedModel<X> fit(Point point, Dataset<X> part, S shared);
    }

    private final List<Dimension> dimensions;
    private final Function<? super Point, ? extends Trainer<X, ?>> trainers;
    private final Function<? super Dataset<X>, ?> prepare;
    private final SharedFit<X, Object> sharedFit;
    private final List<Point> points;

    private Grid(List<Dimension> dimensions, Function<? super Point, ? extends Trainer<X, ?>> trainers,
                 Function<? super Dataset<X>, ?> prepare, SharedFit<X, Object> sharedFit) {
        this.dimensions = List.copyOf(dimensions);
        this.trainers = Objects.requireNonNull(trainers, "trainers");
        this.prepare = prepare;
        this.sharedFit = sharedFit;
        Set<String> names = new HashSet<>();
        long size = 1;
        for (Dimension d : this.dimensions) {
            if (!names.add(d.name())) {
                throw new IllegalArgumentException("grid dimension '" + d.name() + "' is listed twice");
            }
            size *= d.size();
            if (size > 10_000_000) {
                throw new IllegalArgumentException("the grid has more than 10,000,000 points; dimensions " + names);
            }
        }
        List<Point> all = new ArrayList<>((int) size);
        int[] idx = new int[this.dimensions.size()];
        for (long p = 0; p < size; p++) {
            all.add(new Point(this.dimensions, idx));
            for (int d = idx.length - 1; d >= 0; d--) {
                if (++idx[d] < this.dimensions.get(d).size()) {
                    break;
                }
                idx[d] = 0;
            }
        }
        this.points = List.copyOf(all);
    }

    /**
     * The product grid of the dimensions (first slowest), point p fitted by {@code trainers.apply(p)}.
     *
     * @throws IllegalArgumentException for a dimension listed twice
     */
    public static <X> Grid<X> of(List<Dimension> dimensions, Function<? super Point, ? extends Trainer<X, ?>> trainers) {
        Objects.requireNonNull(dimensions, "dimensions");
        return new Grid<>(dimensions, trainers, null, null);
    }

    /** As {@link #of(List, Function)}. */
    public static <X> Grid<X> of(Function<? super Point, ? extends Trainer<X, ?>> trainers, Dimension... dimensions) {
        return of(List.of(dimensions), trainers);
    }

    /**
     * A list of candidate trainers in preference order (e.g. {@link dev.kernelkit.learn.Learner#grid}),
     * one unordered dimension {@code candidate} whose values are the trainers' {@code toString}.
     *
     * @throws IllegalArgumentException for an empty list
     */
    public static <X> Grid<X> ofTrainers(List<? extends Trainer<X, ?>> trainers) {
        Objects.requireNonNull(trainers, "trainers");
        List<String> labels = new ArrayList<>(trainers.size());
        for (Trainer<X, ?> t : trainers) {
            labels.add(String.valueOf(t));
        }
        return ofTrainers("candidate", labels, trainers);
    }

    /**
     * Candidate trainers with labels (e.g. the text of {@code --tune} candidates), one unordered
     * dimension of the labels.
     *
     * @throws IllegalArgumentException for an empty list, a null trainer or lists of different sizes
     */
    public static <X> Grid<X> ofTrainers(String dimension, List<String> labels, List<? extends Trainer<X, ?>> trainers) {
        Objects.requireNonNull(labels, "labels");
        Objects.requireNonNull(trainers, "trainers");
        if (trainers.isEmpty()) {
            throw new IllegalArgumentException("the candidate list is empty: the grid needs at least one trainer");
        }
        if (labels.size() != trainers.size()) {
            throw new IllegalArgumentException("labels and trainers must have equal size, got " + labels.size()
                    + " and " + trainers.size());
        }
        for (int i = 0; i < trainers.size(); i++) {
            if (trainers.get(i) == null) {
                throw new IllegalArgumentException("candidate trainer " + i + " is null");
            }
        }
        List<Trainer<X, ?>> list = List.copyOf(trainers);
        Dimension d = Dimension.unordered(dimension, labels);
        return new Grid<>(List.of(d), p -> list.get(p.index(0)), null, null);
    }

    /** The grid of one trainer (nothing to tune): one point without dimensions. */
    public static <X> Grid<X> single(Trainer<X, ?> trainer) {
        Objects.requireNonNull(trainer, "trainer");
        return new Grid<>(List.of(), p -> trainer, null, null);
    }

    /**
     * This grid with inner fits sharing per-part work: for every inner split, {@code prepare} runs
     * once on the split's training part and {@code fit} fits each point from it. The final fit on an
     * outer training part still uses {@link #trainer}.
     */
    @SuppressWarnings("unchecked")
    public <S> Grid<X> withSharedWork(Function<? super Dataset<X>, ? extends S> prepare, SharedFit<X, S> fit) {
        Objects.requireNonNull(prepare, "prepare");
        Objects.requireNonNull(fit, "fit");
        return new Grid<>(dimensions, trainers, prepare, (SharedFit<X, Object>) (SharedFit<X, ?>) fit);
    }

    /** The dimensions, in grid order. */
    public List<Dimension> dimensions() {
        return dimensions;
    }

    /** The named dimension. */
    public Dimension dimension(String name) {
        for (Dimension d : dimensions) {
            if (d.name().equals(name)) {
                return d;
            }
        }
        throw new IllegalArgumentException("no grid dimension '" + name + "'; the grid has "
                + dimensions.stream().map(Dimension::name).toList());
    }

    /** All points, first dimension slowest. */
    public List<Point> points() {
        return points;
    }

    /** Number of points. */
    public int size() {
        return points.size();
    }

    /** The point with every dimension at its first value. */
    public Point first() {
        return points.get(0);
    }

    /**
     * The point at the given value indices, one per dimension.
     *
     * @throws IllegalArgumentException for a wrong count or an index out of range
     */
    public Point point(int... indices) {
        return Point.of(dimensions, indices);
    }

    /**
     * The points that vary the named dimensions over all their values (product in grid order, first
     * slowest) with every other dimension at {@code base}'s value.
     *
     * @throws IllegalArgumentException for an unknown dimension or a point of another grid
     */
    public List<Point> vary(Point base, Collection<String> names) {
        check(base);
        boolean[] varied = new boolean[dimensions.size()];
        for (String n : names) {
            varied[base.dimensionIndex(n)] = true;
        }
        List<Point> out = new ArrayList<>();
        for (Point p : points) {
            boolean keep = true;
            for (int d = 0; d < varied.length && keep; d++) {
                keep = varied[d] || p.index(d) == base.index(d);
            }
            if (keep) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * The trainer of a point.
     *
     * @throws IllegalArgumentException for a point of another grid
     */
    public Trainer<X, ?> trainer(Point point) {
        check(point);
        Trainer<X, ?> t = trainers.apply(point);
        if (t == null) {
            throw new IllegalArgumentException("the grid gave no trainer for point " + point);
        }
        return t;
    }

    /** Whether inner fits share per-part work ({@link #withSharedWork}). */
    public boolean sharesWork() {
        return prepare != null;
    }

    /** The shared work of a training part (null without {@link #withSharedWork}). */
    Object prepare(Dataset<X> part) {
        return prepare == null ? null : prepare.apply(part);
    }

    /** A search fit: with the shared work when there is some, else {@code trainer(point).fit(part)}. */
    FittedModel<X> fit(Point point, Dataset<X> part, Object shared) {
        if (sharedFit != null) {
            check(point);
            FittedModel<X> m = sharedFit.fit(point, part, shared);
            if (m == null) {
                throw new IllegalArgumentException("the grid's shared fit gave no model for point " + point);
            }
            return m;
        }
        return trainer(point).fit(part);
    }

    /** @throws IllegalArgumentException when the point is not of this grid */
    void check(Point point) {
        Objects.requireNonNull(point, "point");
        if (!point.dimensions().equals(dimensions)) {
            throw new IllegalArgumentException("point " + point + " is not a point of this grid (dimensions "
                    + dimensions.stream().map(Dimension::name).toList() + ")");
        }
    }

    /** E.g. "grid gamma (5) x C (3), 15 points". */
    @Override
    public String toString() {
        if (dimensions.isEmpty()) {
            return "grid of one point";
        }
        StringBuilder b = new StringBuilder("grid ");
        for (int d = 0; d < dimensions.size(); d++) {
            b.append(d == 0 ? "" : " x ").append(dimensions.get(d).name()).append(" (").append(dimensions.get(d).size())
                    .append(')');
        }
        return b.append(", ").append(size()).append(points.size() == 1 ? " point" : " points").toString();
    }
}
