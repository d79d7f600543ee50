package dev.kernelkit.eval;

import java.util.Locale;
import java.util.Objects;

/**
 * Paired comparison of two learners' outer test scores on identical splits (values ordered repeat
 * by repeat, {@link #folds()} per repeat): the per-split difference ours - reference (mean, sample
 * sd over all J splits) and its standard error corrected for the overlap of the training parts,
 * sd sqrt(1/J + n_test/n_train) (Nadeau and Bengio 2003, the corrected resampled t-test; for a
 * k-fold n_test/n_train = 1/(k - 1), Bouckaert and Frank 2004's corrected repeated k-fold test), each
 * side's score over all splits, the per-repeat means of both sides and their spread, and in how many
 * repeats ours is at least as good as the reference. Immutable.
 */
public final class PairedComparison {
    /** Tolerance of "ours &ge; reference" for per-repeat means that are sums of the same fractions. */
    public static final double TIE = 1e-12;

    private final int folds;
    private final double testTrainRatio;
    private final Summary ours;
    private final Summary reference;
    private final Summary difference;
    private final double[] oursRepeatMeans;
    private final double[] referenceRepeatMeans;
    private final int repeatsOursAtLeast;

    private PairedComparison(int folds, double testTrainRatio, Summary ours, Summary reference, Summary difference,
                             double[] oursRepeatMeans, double[] referenceRepeatMeans, int repeatsOursAtLeast) {
        this.folds = folds;
        this.testTrainRatio = testTrainRatio;
        this.ours = ours;
        this.reference = reference;
        this.difference = difference;
        this.oursRepeatMeans = oursRepeatMeans;
        this.referenceRepeatMeans = referenceRepeatMeans;
        this.repeatsOursAtLeast = repeatsOursAtLeast;
    }

    /**
     * Compares fold scores of a repeated k-fold CV (n_test/n_train = 1/(k - 1)).
     *
     * @throws IllegalArgumentException when folds &lt; 2, the lengths differ, or the length is not a
     *         positive multiple of folds
     */
    public static PairedComparison of(double[] ours, double[] reference, int folds) {
        if (folds < 2) {
            throw new IllegalArgumentException("folds must be >= 2, got " + folds);
        }
        return of(ours, reference, folds, 1.0 / (folds - 1));
    }

    /**
     * Compares split scores of any repeated resampling with {@code splitsPerRepeat} splits per repeat
     * (1 for hold-out) and test/training size ratio {@code testTrainRatio}.
     *
     * @throws IllegalArgumentException when splitsPerRepeat &lt; 1, the ratio is not finite and &gt; 0,
     *         the lengths differ, or the length is not a positive multiple of splitsPerRepeat
     */
    public static PairedComparison of(double[] ours, double[] reference, int splitsPerRepeat, double testTrainRatio) {
        Objects.requireNonNull(ours, "ours");
        Objects.requireNonNull(reference, "reference");
        if (splitsPerRepeat < 1) {
            throw new IllegalArgumentException("splitsPerRepeat must be >= 1, got " + splitsPerRepeat);
        }
        if (!(testTrainRatio > 0) || Double.isInfinite(testTrainRatio)) {
            throw new IllegalArgumentException("testTrainRatio must be finite and > 0, got " + testTrainRatio);
        }
        if (ours.length != reference.length) {
            throw new IllegalArgumentException("ours has " + ours.length + " fold accuracies, the reference "
                    + reference.length + "; a paired comparison needs the same folds");
        }
        if (ours.length == 0 || ours.length % splitsPerRepeat != 0) {
            throw new IllegalArgumentException(ours.length + " fold accuracies is not a positive multiple of "
                    + splitsPerRepeat + " folds");
        }
        int repeats = ours.length / splitsPerRepeat;
        double[] diff = new double[ours.length];
        for (int i = 0; i < diff.length; i++) {
            diff[i] = ours[i] - reference[i];
        }
        double[] om = Evaluation.repeatMeans(ours, splitsPerRepeat);
        double[] rm = Evaluation.repeatMeans(reference, splitsPerRepeat);
        int atLeast = 0;
        for (int r = 0; r < repeats; r++) {
            if (om[r] - rm[r] >= -TIE) {
                atLeast++;
            }
        }
        return new PairedComparison(splitsPerRepeat, testTrainRatio, Summary.of(ours), Summary.of(reference),
                Summary.of(diff), om, rm, atLeast);
    }

    /**
     * Compares two runs on the same splits: for a k-fold n_test/n_train = 1/(k - 1), otherwise the
     * mean over the splits of test size / training size.
     *
     * @throws IllegalArgumentException when the runs used different splits
     */
    public static PairedComparison of(Evaluation ours, Evaluation reference) {
        Objects.requireNonNull(ours, "ours");
        Objects.requireNonNull(reference, "reference");
        if (!ours.splits().equals(reference.splits()) || ours.splitsPerRepeat() != reference.splitsPerRepeat()) {
            throw new IllegalArgumentException("a paired comparison needs the same splits, but the runs used "
                    + ours.resampling() + " and " + reference.resampling() + " with different splits");
        }
        if (ours.resampling().isKFold()) {
            return of(ours.scores(), reference.scores(), ours.splitsPerRepeat());
        }
        double ratio = 0;
        for (var s : ours.splits()) {
            ratio += (double) s.testSize() / s.trainSize();
        }
        return of(ours.scores(), reference.scores(), ours.splitsPerRepeat(), ratio / ours.splits().size());
    }

    /** Splits per repeat (k of a k-fold, 1 for hold-out). */
    public int folds() {
        return folds;
    }

    /** The n_test/n_train of the correction. */
    public double testTrainRatio() {
        return testTrainRatio;
    }

    /** Our score over all splits. */
    public Summary ours() {
        return ours;
    }

    /** The reference's score over all splits. */
    public Summary reference() {
        return reference;
    }

    /** ours - reference over all splits. */
    public Summary difference() {
        return difference;
    }

    /** Our mean score in each repeat. */
    public double[] oursRepeatMeans() {
        return oursRepeatMeans.clone();
    }

    /** The reference's mean score in each repeat. */
    public double[] referenceRepeatMeans() {
        return referenceRepeatMeans.clone();
    }

    /** Repeats whose mean ours is &ge; the reference's ({@link #TIE} tolerance). */
    public int repeatsOursAtLeast() {
        return repeatsOursAtLeast;
    }

    /** The number of repeats. */
    public int repeats() {
        return oursRepeatMeans.length;
    }

    /** Per-repeat mean differences ours - reference. */
    public double[] differenceRepeatMeans() {
        double[] d = new double[repeats()];
        for (int r = 0; r < d.length; r++) {
            d[r] = oursRepeatMeans[r] - referenceRepeatMeans[r];
        }
        return d;
    }

    /** Sample sd of a side's per-repeat means (0 for one repeat). */
    public static double spread(double[] repeatMeans) {
        return Summary.of(repeatMeans).sd();
    }

    /** Standard error of the mean difference corrected for overlapping training parts: sd sqrt(1/J + n_test/n_train). */
    public double correctedStandardError() {
        return difference.sd() * Math.sqrt(1.0 / difference.n() + testTrainRatio);
    }

    /** One line in percentage points, e.g. for a log. */
    public String line(String oursName, String referenceName) {
        StringBuilder perRepeat = new StringBuilder();
        double[] d = differenceRepeatMeans();
        for (int r = 0; r < d.length; r++) {
            perRepeat.append(r == 0 ? "" : " ").append(String.format(Locale.ROOT, "%+.2f", 100 * d[r]));
        }
        String over = folds > 1 ? String.format(Locale.ROOT, "%d folds x %d repeats", folds, repeats())
                : String.format(Locale.ROOT, "%d hold-out splits", repeats());
        return String.format(Locale.ROOT, "paired %s - %s over %s: %+.2f ± %.2f (sd over folds; "
                        + "corrected se %.2f); %s %.2f ± %.2f (sd of repeat means %.2f), %s %.2f ± %.2f (sd of repeat "
                        + "means %.2f); ours >= reference in %d/%d repeats; per-repeat differences [%s]",
                oursName, referenceName, over, 100 * difference.mean(), 100 * difference.sd(),
                100 * correctedStandardError(), oursName, 100 * ours.mean(), 100 * ours.sd(),
                100 * spread(oursRepeatMeans), referenceName, 100 * reference.mean(), 100 * reference.sd(),
                100 * spread(referenceRepeatMeans), repeatsOursAtLeast, repeats(), perRepeat);
    }

    @Override
    public String toString() {
        return line("ours", "reference");
    }
}
