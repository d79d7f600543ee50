package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Dataset;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How a model-selection run splits the data into outer training and test parts, by
 * {@link Splits}: repeated stratified k-fold (repeat r is the single stratified k-fold seeded
 * {@code seed + r}, the protocol of mi-sparse's cross-validation), repeated plain k-fold (for
 * regression targets; the {@code cvm cv} command's folds), repeated (stratified) hold-out (the MKL
 * and prototypes protocols: split r seeded {@code seed + r}), or a given list of splits. Outer
 * splits are numbered 0..{@link #size()}-1 repeat by repeat; split s belongs to repeat
 * s / {@link #splitsPerRepeat()}. Stratification is by class index ({@link Dataset#classIndices()}),
 * whose order is the order of the sorted labels, so the splits equal those {@link Splits} draws from
 * the raw labels. Immutable.
 */
public final class Resampling {

    /** The kinds of outer splitting. */
    public enum Kind {
        /** Stratified k-fold, repeated. */
        STRATIFIED_K_FOLD,
        /** Plain k-fold over a random permutation, repeated. */
        K_FOLD,
        /** Stratified random hold-out, repeated. */
        STRATIFIED_HOLD_OUT,
        /** Plain random hold-out, repeated. */
        HOLD_OUT,
        /** Splits given by the caller. */
        GIVEN
    }

    private final Kind kind;
    private final int folds;
    private final double trainFraction;
    private final int repeats;
    private final long seed;
    private final List<Splits.Split> given;

    private Resampling(Kind kind, int folds, double trainFraction, int repeats, long seed, List<Splits.Split> given) {
        this.kind = kind;
        this.folds = folds;
        this.trainFraction = trainFraction;
        this.repeats = repeats;
        this.seed = seed;
        this.given = given;
    }

    /**
     * {@code repeats} stratified {@code folds}-fold cross-validations, repeat r seeded {@code seed + r}.
     *
     * @throws IllegalArgumentException when folds &lt; 2 or repeats &lt; 1
     */
    public static Resampling stratifiedKFold(int folds, int repeats, long seed) {
        checkFolds(folds);
        checkRepeats(repeats);
        return new Resampling(Kind.STRATIFIED_K_FOLD, folds, Double.NaN, repeats, seed, null);
    }

    /**
     * {@code repeats} plain {@code folds}-fold cross-validations ({@link Splits#kFold}), repeat r
     * seeded {@code seed + r}.
     *
     * @throws IllegalArgumentException when folds &lt; 2 or repeats &lt; 1
     */
    public static Resampling kFold(int folds, int repeats, long seed) {
        checkFolds(folds);
        checkRepeats(repeats);
        return new Resampling(Kind.K_FOLD, folds, Double.NaN, repeats, seed, null);
    }

    /**
     * {@code repeats} stratified hold-out splits with the fraction {@code trainFraction} of each class
     * in training ({@link Splits#repeatedStratifiedHoldOut}), split r seeded {@code seed + r}.
     *
     * @throws IllegalArgumentException when trainFraction is not in (0, 1) or repeats &lt; 1
     */
    public static Resampling stratifiedHoldOut(double trainFraction, int repeats, long seed) {
        checkFraction(trainFraction);
        checkRepeats(repeats);
        return new Resampling(Kind.STRATIFIED_HOLD_OUT, 1, trainFraction, repeats, seed, null);
    }

    /**
     * {@code repeats} plain hold-out splits ({@link Splits#repeatedHoldOut}), split r seeded {@code seed + r}.
     *
     * @throws IllegalArgumentException when trainFraction is not in (0, 1) or repeats &lt; 1
     */
    public static Resampling holdOut(double trainFraction, int repeats, long seed) {
        checkFraction(trainFraction);
        checkRepeats(repeats);
        return new Resampling(Kind.HOLD_OUT, 1, trainFraction, repeats, seed, null);
    }

    /**
     * Splits given by the caller (e.g. those of another tool), {@code splitsPerRepeat} per repeat.
     *
     * @throws IllegalArgumentException for no splits or a count that is not a multiple of splitsPerRepeat
     */
    public static Resampling of(List<Splits.Split> splits, int splitsPerRepeat) {
        Objects.requireNonNull(splits, "splits");
        if (splits.isEmpty()) {
            throw new IllegalArgumentException("splits: need at least one outer split, got 0");
        }
        if (splitsPerRepeat < 1 || splits.size() % splitsPerRepeat != 0) {
            throw new IllegalArgumentException("splitsPerRepeat must be >= 1 and divide the " + splits.size()
                    + " splits, got " + splitsPerRepeat);
        }
        return new Resampling(Kind.GIVEN, splitsPerRepeat, Double.NaN, splits.size() / splitsPerRepeat, 0,
                List.copyOf(splits));
    }

    /** The kind of splitting. */
    public Kind kind() {
        return kind;
    }

    /** Number of repeats. */
    public int repeats() {
        return repeats;
    }

    /** Splits per repeat: k for a k-fold, 1 for a hold-out. */
    public int splitsPerRepeat() {
        return folds;
    }

    /** Number of outer splits, repeats x splits per repeat. */
    public int size() {
        return repeats * folds;
    }

    /** The seed of repeat 0 (0 for given splits). */
    public long seed() {
        return seed;
    }

    /** The training fraction of a hold-out; NaN for a k-fold or given splits. */
    public double trainFraction() {
        return trainFraction;
    }

    /** Whether this is a k-fold (stratified or plain). */
    public boolean isKFold() {
        return kind == Kind.STRATIFIED_K_FOLD || kind == Kind.K_FOLD;
    }

    /**
     * The outer splits of a data set, repeat by repeat.
     *
     * @throws IllegalArgumentException naming the parameter when the data cannot be split so: no
     *         examples, folds above the size of the smallest class (stratified) or above n (plain), a
     *         class of one example for a stratified hold-out, a hold-out fraction leaving a part empty,
     *         or given splits indexing past the data
     */
    public List<Splits.Split> splits(Dataset<?> data) {
        Objects.requireNonNull(data, "data");
        int n = data.size();
        if (n == 0) {
            throw new IllegalArgumentException("cannot split an empty data set (" + this + ")");
        }
        switch (kind) {
            case STRATIFIED_K_FOLD -> {
                checkFoldsFitClasses(data, folds, "folds", toString());
                return Splits.repeatedStratifiedKFold(data.classIndices(), folds, repeats, seed);
            }
            case K_FOLD -> {
                if (folds > n) {
                    throw new IllegalArgumentException("folds = " + folds + " exceeds the " + n + " examples (" + this + ")");
                }
                return Splits.repeatedKFold(n, folds, repeats, seed);
            }
            case STRATIFIED_HOLD_OUT -> {
                int[] counts = data.classCounts();
                for (int c = 0; c < counts.length; c++) {
                    if (counts[c] == 1) {
                        throw new IllegalArgumentException("class '" + data.classNames().get(c) + "' has 1 example: a "
                                + "stratified hold-out needs at least 2 of every class (" + this + ")");
                    }
                }
                return Splits.repeatedStratifiedHoldOut(data.classIndices(), trainFraction, repeats, seed);
            }
            case HOLD_OUT -> {
                return Splits.repeatedHoldOut(n, trainFraction, repeats, seed);
            }
            case GIVEN -> {
                for (int s = 0; s < given.size(); s++) {
                    Splits.Split sp = given.get(s);
                    int max = Math.max(last(sp.train()), last(sp.test()));
                    if (max >= n) {
                        throw new IllegalArgumentException("given split " + s + " holds index " + max + " but the data have "
                                + n + " examples");
                    }
                    if (sp.trainSize() == 0 || sp.testSize() == 0) {
                        throw new IllegalArgumentException("given split " + s + " has an empty "
                                + (sp.trainSize() == 0 ? "training" : "test") + " part");
                    }
                }
                return given;
            }
            default -> throw new AssertionError(kind);
        }
    }

    /**
     * Checks that a stratified k-fold with {@code folds} folds can split {@code data}: every class
     * present has at least {@code folds} examples.
     *
     * @param parameter the parameter's name for the message
     * @param where what is being split, for the message
     * @throws IllegalArgumentException naming the parameter, its value, the class and its size
     */
    static void checkFoldsFitClasses(Dataset<?> data, int folds, String parameter, String where) {
        int[] counts = data.classCounts();
        for (int c = 0; c < counts.length; c++) {
            if (counts[c] > 0 && counts[c] < folds) {
                throw new IllegalArgumentException(parameter + " = " + folds + " exceeds the " + counts[c] + " example"
                        + (counts[c] == 1 ? "" : "s") + " of class '" + data.classNames().get(c)
                        + "': a stratified fold needs one of each class (" + where + ")");
            }
        }
    }

    private static int last(int[] sorted) {
        return sorted.length == 0 ? -1 : sorted[sorted.length - 1];
    }

    private static void checkFolds(int folds) {
        if (folds < 2) {
            throw new IllegalArgumentException("folds must be >= 2, got " + folds);
        }
    }

    private static void checkRepeats(int repeats) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
    }

    private static void checkFraction(double trainFraction) {
        if (!(trainFraction > 0 && trainFraction < 1)) {
            throw new IllegalArgumentException("trainFraction must be in (0, 1), got " + trainFraction);
        }
    }

    /** E.g. "stratified 10-fold CV x 10 repeats, seed 1". */
    @Override
    public String toString() {
        return switch (kind) {
            case STRATIFIED_K_FOLD -> String.format(Locale.ROOT, "stratified %d-fold CV x %d repeats, seed %d", folds,
                    repeats, seed);
            case K_FOLD -> String.format(Locale.ROOT, "%d-fold CV x %d repeats, seed %d", folds, repeats, seed);
            case STRATIFIED_HOLD_OUT -> String.format(Locale.ROOT, "%d stratified hold-out splits, train fraction %s, "
                    + "seed %d", repeats, trainFraction, seed);
            case HOLD_OUT -> String.format(Locale.ROOT, "%d hold-out splits, train fraction %s, seed %d", repeats,
                    trainFraction, seed);
            case GIVEN -> String.format(Locale.ROOT, "%d given splits, %d per repeat", given.size(), folds);
        };
    }
}
