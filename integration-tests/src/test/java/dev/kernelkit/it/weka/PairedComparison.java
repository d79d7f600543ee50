package dev.kernelkit.it.weka;

import dev.kernelkit.eval.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Paired comparison of two methods' outer-fold accuracies on identical folds (repeated k-fold CV,
 * values ordered repeat by repeat, k per repeat): the per-fold difference ours - reference
 * (mean, sample sd over all k r folds, and the standard error corrected for the overlap of
 * training parts, sd sqrt(1/(k r) + 1/(k - 1)) — Bouckaert and Frank 2004's corrected repeated
 * k-fold t-test, the n_test / n_train = 1/(k - 1) term of Nadeau and Bengio 2003), each side's
 * accuracy over all folds, the per-repeat means of both sides and their spread, and in how many
 * repeats ours is at least as accurate as the reference.
 *
 * @param folds k, the folds per repeat
 * @param ours our accuracy over all folds
 * @param reference the reference's accuracy over all folds
 * @param difference ours - reference over all folds
 * @param oursRepeatMeans our mean accuracy in each repeat
 * @param referenceRepeatMeans the reference's mean accuracy in each repeat
 * @param repeatsOursAtLeast repeats whose mean ours is &ge; the reference's (1e-12 tolerance)
 */
record PairedComparison(int folds, Summary ours, Summary reference, Summary difference, double[] oursRepeatMeans,
                        double[] referenceRepeatMeans, int repeatsOursAtLeast) {

    /** Tolerance of "ours &ge; reference" for per-repeat means that are sums of the same fractions. */
    static final double TIE = 1e-12;

    /**
     * Compares fold accuracies of two methods on the same folds.
     *
     * @throws IllegalArgumentException when folds &lt; 2, the lengths differ, or the length is not a
     *         positive multiple of folds
     */
    static PairedComparison of(double[] ours, double[] reference, int folds) {
        if (folds < 2) {
            throw new IllegalArgumentException("folds must be >= 2, got " + folds);
        }
        if (ours.length != reference.length) {
            throw new IllegalArgumentException("ours has " + ours.length + " fold accuracies, the reference "
                    + reference.length + "; a paired comparison needs the same folds");
        }
        if (ours.length == 0 || ours.length % folds != 0) {
            throw new IllegalArgumentException(ours.length + " fold accuracies is not a positive multiple of "
                    + folds + " folds");
        }
        int repeats = ours.length / folds;
        double[] diff = new double[ours.length];
        for (int i = 0; i < diff.length; i++) {
            diff[i] = ours[i] - reference[i];
        }
        double[] om = repeatMeans(ours, folds, repeats);
        double[] rm = repeatMeans(reference, folds, repeats);
        int atLeast = 0;
        for (int r = 0; r < repeats; r++) {
            if (om[r] - rm[r] >= -TIE) {
                atLeast++;
            }
        }
        return new PairedComparison(folds, Summary.of(ours), Summary.of(reference), Summary.of(diff), om, rm,
                atLeast);
    }

    private static double[] repeatMeans(double[] values, int folds, int repeats) {
        double[] m = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            double s = 0;
            for (int f = 0; f < folds; f++) {
                s += values[r * folds + f];
            }
            m[r] = s / folds;
        }
        return m;
    }

    /** The number of repeats. */
    int repeats() {
        return oursRepeatMeans.length;
    }

    /** Per-repeat mean differences ours - reference. */
    double[] differenceRepeatMeans() {
        double[] d = new double[repeats()];
        for (int r = 0; r < d.length; r++) {
            d[r] = oursRepeatMeans[r] - referenceRepeatMeans[r];
        }
        return d;
    }

    /** Sample sd of a side's per-repeat means (0 for one repeat). */
    static double spread(double[] repeatMeans) {
        return Summary.of(repeatMeans).sd();
    }

    /** Standard error of the mean difference corrected for overlapping training parts. */
    double correctedStandardError() {
        return difference.sd() * Math.sqrt(1.0 / difference.n() + 1.0 / (folds - 1));
    }

    /** One line in percentage points, e.g. for a log. */
    String line(String oursName, String referenceName) {
        StringBuilder perRepeat = new StringBuilder();
        double[] d = differenceRepeatMeans();
        for (int r = 0; r < d.length; r++) {
            perRepeat.append(r == 0 ? "" : " ").append(String.format(Locale.ROOT, "%+.2f", 100 * d[r]));
        }
        return String.format(Locale.ROOT, "paired %s - %s over %d folds x %d repeats: %+.2f ± %.2f (sd over folds; "
                        + "corrected se %.2f); %s %.2f ± %.2f (sd of repeat means %.2f), %s %.2f ± %.2f (sd of repeat "
                        + "means %.2f); ours >= reference in %d/%d repeats; per-repeat differences [%s]",
                oursName, referenceName, folds, repeats(), 100 * difference.mean(), 100 * difference.sd(),
                100 * correctedStandardError(), oursName, 100 * ours.mean(), 100 * ours.sd(),
                100 * spread(oursRepeatMeans), referenceName, 100 * reference.mean(), 100 * reference.sd(),
                100 * spread(referenceRepeatMeans), repeatsOursAtLeast, repeats(), perRepeat);
    }

    /**
     * The {@code fold_accuracies} of one method in a {@link WekaComparison} JSON document (the
     * first such array after the method's key).
     *
     * @throws IllegalArgumentException when the method or its fold accuracies are absent
     */
    static double[] foldAccuracies(String json, String method) {
        int at = json.indexOf("\"" + method + "\": {");
        if (at < 0) {
            throw new IllegalArgumentException("method '" + method + "' is not in the JSON document");
        }
        Matcher m = Pattern.compile("\"fold_accuracies\": \\[([^\\]]*)\\]").matcher(json);
        if (!m.find(at)) {
            throw new IllegalArgumentException("method '" + method + "' has no fold_accuracies");
        }
        return Arrays.stream(m.group(1).split(",")).map(String::trim).mapToDouble(Double::parseDouble).toArray();
    }

    /**
     * {@code java -cp <test classpath> dev.kernelkit.it.weka.PairedComparison FOLDS OURS[,OURS...]
     * REFERENCE FILE...}: concatenates each method's fold accuracies over the JSON files (one per
     * repeat or seed, in the order given) and prints the paired comparison of every OURS against
     * REFERENCE.
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: PairedComparison FOLDS OURS[,OURS...] REFERENCE FILE...");
            System.exit(2);
        }
        int folds = Integer.parseInt(args[0]);
        List<String> docs = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            docs.add(Files.readString(Path.of(args[i])));
        }
        double[] reference = concat(docs, args[2]);
        for (String ours : args[1].split(",")) {
            System.out.println(of(concat(docs, ours), reference, folds).line(ours, args[2]));
        }
    }

    private static double[] concat(List<String> docs, String method) {
        double[] all = new double[0];
        for (String doc : docs) {
            double[] a = foldAccuracies(doc, method);
            double[] next = Arrays.copyOf(all, all.length + a.length);
            System.arraycopy(a, 0, next, all.length, a.length);
            all = next;
        }
        return all;
    }
}
