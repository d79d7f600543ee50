package dev.kernelkit.mi;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.eval.Summary;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The evaluation protocol of TNNLS 2013 Sec. V-B: repeated stratified k-fold cross-validation over
 * bags; on each training part the features are standardised with that part's statistics (applied
 * to the test part), and (gamma, C) are either fixed or chosen by an inner stratified 3-fold CV on
 * the training part only (highest mean inner accuracy, first in grid order on ties). Test folds
 * are never looked at before the final prediction. {@link #runTunedSize} also chooses N_XV from a
 * grid (the paper's {10, 50, 100, 500, 1000}) on the training part, and {@link #runVariants} a
 * learner variant (e.g. the set-kernel form) together with (gamma, C). The inner 3-fold CV can be
 * repeated on several random partitions (innerRepeats, default 1) to lower the variance of the
 * choice. Runs outer folds sequentially; the inner grid in parallel for learners marked
 * {@link Learner#threadSafe thread-safe}, with the same choices as sequentially; deterministic for a
 * seed.
 */
public final class MiCrossValidation {

    /** Builds a classifier from a standardised training part and (gamma, C). */
    @FunctionalInterface
    public interface Learner {
        /** Fits with the given Gaussian gamma and C. */
        BagClassifier fit(BagDataset train, double gamma, double c);

        /**
         * Whether {@link #fit} may run on several threads at once (a pure function of its arguments);
         * tuning then fits the grid points in parallel. False unless marked by {@link #threadSafe}.
         */
        default boolean isThreadSafe() {
            return false;
        }

        /** The learner marked safe to call concurrently (the caller vouches for it). */
        static Learner threadSafe(Learner learner) {
            return new Learner() {
                @Override
                public BagClassifier fit(BagDataset train, double gamma, double c) {
                    return learner.fit(train, gamma, c);
                }

                @Override
                public boolean isThreadSafe() {
                    return true;
                }
            };
        }
    }

    /**
     * Builds a classifier from a standardised training part, (gamma, C) and a model size N_XV,
     * for {@link #runTunedSize}.
     */
    @FunctionalInterface
    public interface SizedLearner {
        /** Fits with the given Gaussian gamma, C and number of expansion vectors. */
        BagClassifier fit(BagDataset train, double gamma, double c, int expansionVectors);

        /** As {@link Learner#isThreadSafe()}. */
        default boolean isThreadSafe() {
            return false;
        }

        /** The learner marked safe to call concurrently (the caller vouches for it). */
        static SizedLearner threadSafe(SizedLearner learner) {
            return new SizedLearner() {
                @Override
                public BagClassifier fit(BagDataset train, double gamma, double c, int expansionVectors) {
                    return learner.fit(train, gamma, c, expansionVectors);
                }

                @Override
                public boolean isThreadSafe() {
                    return true;
                }
            };
        }

        /** This learner at a fixed size, as thread-safe as this one. */
        default Learner atSize(int expansionVectors) {
            Learner fixed = (t, g, c) -> fit(t, g, c, expansionVectors);
            return isThreadSafe() ? Learner.threadSafe(fixed) : fixed;
        }
    }

    /**
     * How {@link #runTunedSize} searches (gamma, C, N_XV): {@link #STAGED} tunes (gamma, C) at the
     * smallest N_XV and then N_XV at that (gamma, C) (the default; about |sizes| times cheaper);
     * {@link #JOINT} tunes all three over the full grid (the literal reading of TNNLS 2013 Sec. V-B:
     * gamma, C and the number of XVs all chosen by the inner CV).
     */
    public enum SizeSearch {
        /** (gamma, C) at the smallest N_XV, then N_XV. */
        STAGED,
        /** The full gamma x C x N_XV grid. */
        JOINT
    }

    /**
     * A named learner variant for {@link #runVariants}, e.g. the averaged and the normalised set
     * kernel, or instance- and bag-weighted C.
     *
     * @param name label reported for the folds that chose it
     * @param learner the learner
     */
    public record Variant(String name, Learner learner) {
        /** @throws IllegalArgumentException for a null or blank name or a null learner */
        public Variant {
            if (name == null || name.isBlank() || learner == null) {
                throw new IllegalArgumentException("a variant needs a name and a learner, got '" + name + "'");
            }
        }
    }

    /**
     * What a run measured. Accuracies are per outer fold in split order: repeat 0's folds, then
     * repeat 1's, and so on.
     */
    public static final class Result {
        private final int folds;
        private final double[] accuracies;
        private final String[] variants;
        private final double[] gammas;
        private final double[] cs;
        private final double[] vectors;
        private final double trainSeconds;
        private final double predictSeconds;
        private final double kernelEvaluationsPerInstance;
        private final int[] unconverged;

        Result(int folds, double[] accuracies, String[] variants, double[] gammas, double[] cs, double[] vectors,
               double trainSeconds, double predictSeconds, double kernelEvaluationsPerInstance, int[] unconverged) {
            if (folds < 1 || accuracies.length % folds != 0) {
                throw new IllegalArgumentException(accuracies.length + " fold accuracies are not whole repeats of "
                        + folds + " folds");
            }
            this.folds = folds;
            this.unconverged = unconverged.clone();
            this.accuracies = accuracies.clone();
            this.variants = variants.clone();
            this.gammas = gammas.clone();
            this.cs = cs.clone();
            this.vectors = vectors.clone();
            this.trainSeconds = trainSeconds;
            this.predictSeconds = predictSeconds;
            this.kernelEvaluationsPerInstance = kernelEvaluationsPerInstance;
        }

        /** Test accuracy of every outer fold. */
        public double[] accuracies() {
            return accuracies.clone();
        }

        /** Mean and sample sd of the fold accuracies. */
        public Summary accuracy() {
            return Summary.of(accuracies);
        }

        /**
         * The mean fold accuracy of each repeat of the k-fold CV, in repeat order. Their mean is
         * {@link #accuracy()}'s; their sd is the spread of a whole k-fold CV estimate between
         * repeats, the "±" of tables that report repeated CV (TNNLS 2013 Table I), which is far
         * smaller than the sd over single folds.
         */
        public double[] repeatAccuracies() {
            double[] out = new double[accuracies.length / folds];
            for (int r = 0; r < out.length; r++) {
                double sum = 0;
                for (int f = 0; f < folds; f++) {
                    sum += accuracies[r * folds + f];
                }
                out[r] = sum / folds;
            }
            return out;
        }

        /** Mean and sample sd of {@link #repeatAccuracies()} (sd 0 for one repeat). */
        public Summary repeatAccuracy() {
            return Summary.of(repeatAccuracies());
        }

        /**
         * The variant used in every outer fold ({@link #runVariants}); an empty array for runs
         * without variants.
         */
        public String[] variants() {
            return variants.clone();
        }

        /** The gamma used in every outer fold. */
        public double[] gammas() {
            return gammas.clone();
        }

        /** The C used in every outer fold. */
        public double[] cs() {
            return cs.clone();
        }

        /**
         * The final model's kernel evaluations per instance in every outer fold (N_XV for the
         * sparse models; with {@link #runTunedSize} the N_XV chosen in that fold).
         */
        public double[] vectors() {
            return vectors.clone();
        }

        /** Mean seconds per fold to train the final model (tuning excluded). */
        public double trainSeconds() {
            return trainSeconds;
        }

        /** Mean seconds per fold to predict the test part. */
        public double predictSeconds() {
            return predictSeconds;
        }

        /** Mean over folds of the model's kernel evaluations per instance. */
        public double kernelEvaluationsPerInstance() {
            return kernelEvaluationsPerInstance;
        }

        /**
         * Per outer fold, the final model's machines that stopped at an iteration cap
         * ({@link BagClassifier#unconvergedMachines()}); their test accuracy is counted all the same.
         */
        public int[] unconvergedMachines() {
            return unconverged.clone();
        }

        /** Outer folds whose final model has at least one machine stopped at an iteration cap. */
        public int unconvergedFolds() {
            int count = 0;
            for (int u : unconverged) {
                count += u > 0 ? 1 : 0;
            }
            return count;
        }
    }

    private MiCrossValidation() {
    }

    /**
     * Runs the protocol.
     *
     * @param gammas candidate gammas (one value: fixed)
     * @param cs candidate Cs (one value: fixed)
     * @throws IllegalArgumentException for an empty grid, folds &lt; 2 or repeats &lt; 1
     */
    public static Result run(BagDataset data, Learner learner, int folds, int repeats, long seed, double[] gammas,
                             double[] cs) {
        return run(data, learner, folds, repeats, seed, gammas, cs, 1);
    }

    /**
     * Runs the protocol with the inner 3-fold CV repeated {@code innerRepeats} times on different
     * inner splits (seeds as {@link #innerSplits}); (gamma, C) maximise the accuracy summed over all
     * 3 * innerRepeats inner test parts. Repeating lowers the variance of the choice (each inner test
     * part of MUSK1 holds about 28 bags, one bag is 3.6 points); 1 is the paper's single 3-fold CV.
     *
     * @throws IllegalArgumentException as {@link #run(BagDataset, Learner, int, int, long, double[], double[])},
     *         or innerRepeats &lt; 1
     */
    public static Result run(BagDataset data, Learner learner, int folds, int repeats, long seed, double[] gammas,
                             double[] cs, int innerRepeats) {
        checkGrid(gammas, cs);
        checkInnerRepeats(innerRepeats);
        return protocol(data, folds, repeats, seed, (tr, s) -> {
            double[] best = gammas.length * cs.length == 1 ? new double[] {gammas[0], cs[0]}
                    : tune(tr, learner, gammas, cs, seed + 7919L * (s + 1), innerRepeats);
            return new Choice(best[0], best[1], 0, 0);
        }, (tr, ch) -> learner.fit(tr, ch.gamma, ch.c), null);
    }

    /**
     * Runs the protocol with one more tuned dimension: the learner variant. On each training part
     * the triple (variant, gamma, C) with the highest accuracy summed over the inner 3-fold CV
     * (repeated {@code innerRepeats} times, same partitions as {@link #run}) wins, the first in
     * (variant, gamma, C) order on ties, so list the default variant first. With one variant this is
     * {@link #run(BagDataset, Learner, int, int, long, double[], double[], int)} fold by fold.
     *
     * @throws IllegalArgumentException for an empty variant list or grid, folds &lt; 2, repeats &lt; 1
     *         or innerRepeats &lt; 1
     */
    public static Result runVariants(BagDataset data, List<Variant> variants, int folds, int repeats, long seed,
                                     double[] gammas, double[] cs, int innerRepeats) {
        if (variants == null || variants.isEmpty()) {
            throw new IllegalArgumentException("the variant list must not be empty");
        }
        checkGrid(gammas, cs);
        checkInnerRepeats(innerRepeats);
        List<Variant> vs = List.copyOf(variants);
        boolean fixed = vs.size() * gammas.length * cs.length == 1;
        return protocol(data, folds, repeats, seed, (tr, s) -> {
            if (fixed) {
                return new Choice(gammas[0], cs[0], 0, 0);
            }
            List<Splits.Split> inner = innerSplits(tr.labels(), seed + 7919L * (s + 1), innerRepeats);
            Choice best = null;
            double bestSum = -1;
            for (int v = 0; v < vs.size(); v++) {
                double[] r = tuneOn(tr, inner, vs.get(v).learner(), gammas, cs);
                if (r[2] > bestSum) {
                    bestSum = r[2];
                    best = new Choice(r[0], r[1], 0, v);
                }
            }
            return best;
        }, (tr, ch) -> vs.get(ch.variant).learner().fit(tr, ch.gamma, ch.c),
                vs.stream().map(Variant::name).toArray(String[]::new));
    }

    /**
     * Runs the protocol with N_XV chosen too, on each training part only, in two stages (so the
     * large models are fitted only a few times): (1) (gamma, C) by stratified 3-fold CV at the
     * smallest candidate N_XV, as {@link #tune}; (2) with that (gamma, C), every candidate N_XV on
     * the same inner folds, keeping the best mean inner accuracy (the smaller N_XV on ties).
     * Candidates above the smallest inner training part's instance count are skipped (instance
     * initialisations cannot draw them). Fixed (single-valued) gamma and C grids skip stage 1.
     *
     * @param sizes candidate N_XV, ascending, each &ge; 1 (e.g. the paper's {10, 50, 100, 500, 1000})
     * @throws IllegalArgumentException for an empty or unsorted grid, folds &lt; 2 or repeats &lt; 1
     */
    public static Result runTunedSize(BagDataset data, SizedLearner learner, int folds, int repeats, long seed,
                                      double[] gammas, double[] cs, int[] sizes) {
        return runTunedSize(data, learner, folds, repeats, seed, gammas, cs, sizes, 1);
    }

    /**
     * As {@link #runTunedSize(BagDataset, SizedLearner, int, int, long, double[], double[], int[])}
     * with both stages on the inner 3-fold CV repeated {@code innerRepeats} times (see
     * {@link #run(BagDataset, Learner, int, int, long, double[], double[], int)}).
     */
    public static Result runTunedSize(BagDataset data, SizedLearner learner, int folds, int repeats, long seed,
                                      double[] gammas, double[] cs, int[] sizes, int innerRepeats) {
        return runTunedSize(data, learner, folds, repeats, seed, gammas, cs, sizes, innerRepeats, SizeSearch.STAGED);
    }

    /**
     * As {@link #runTunedSize(BagDataset, SizedLearner, int, int, long, double[], double[], int[], int)}
     * with the given search over (gamma, C, N_XV); {@link SizeSearch#JOINT} keeps the best summed inner
     * accuracy over the whole grid (the first in size, gamma, C order on ties, so the smaller N_XV).
     */
    public static Result runTunedSize(BagDataset data, SizedLearner learner, int folds, int repeats, long seed,
                                      double[] gammas, double[] cs, int[] sizes, int innerRepeats, SizeSearch search) {
        checkGrid(gammas, cs);
        checkSizes(sizes);
        checkInnerRepeats(innerRepeats);
        java.util.Objects.requireNonNull(search, "search");
        return protocol(data, folds, repeats, seed,
                (tr, s) -> tuneSizeChoice(tr, learner, gammas, cs, sizes, seed + 7919L * (s + 1), innerRepeats, search),
                (tr, ch) -> learner.fit(tr, ch.gamma, ch.c, ch.size), null);
    }

    /**
     * The inner splits of a training part: {@code repeats} stratified 3-fold partitions, partition r
     * drawn with the seed {@code seed + 104729 * r} (r = 0 is the single partition of the paper's
     * protocol), concatenated.
     */
    static List<Splits.Split> innerSplits(int[] labels, long seed, int repeats) {
        List<Splits.Split> out = new java.util.ArrayList<>(3 * repeats);
        for (int r = 0; r < repeats; r++) {
            out.addAll(Splits.stratifiedKFold(labels, 3, seed + 104729L * r));
        }
        return out;
    }

    private static void checkInnerRepeats(int innerRepeats) {
        if (innerRepeats < 1) {
            throw new IllegalArgumentException("innerRepeats must be >= 1, got " + innerRepeats);
        }
    }

    /**
     * The settings chosen on one training part; size 0 when N_XV is not tuned, variant 0 when there
     * are no variants.
     */
    private record Choice(double gamma, double c, int size, int variant) {
    }

    private interface Chooser {
        Choice choose(BagDataset trainScaled, int splitIndex);
    }

    private interface Fitter {
        BagClassifier fit(BagDataset trainScaled, Choice choice);
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
                        + java.util.Arrays.toString(sizes));
            }
        }
    }

    /** The outer loop; {@code variantNames} null when the run has no variants. */
    private static Result protocol(BagDataset data, int folds, int repeats, long seed, Chooser chooser,
                                   Fitter fitter, String[] variantNames) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
        List<Splits.Split> splits = Splits.repeatedStratifiedKFold(data.labels(), folds, repeats, seed);
        int n = splits.size();
        double[] acc = new double[n];
        String[] chosen = new String[variantNames == null ? 0 : n];
        double[] g = new double[n];
        double[] c = new double[n];
        double[] vectors = new double[n];
        double train = 0;
        double predict = 0;
        double evals = 0;
        int[] unconverged = new int[n];
        for (int s = 0; s < n; s++) {
            Splits.Split split = splits.get(s);
            BagDataset tr = data.subset(split.train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(tr);
            BagDataset trScaled = scaler.apply(tr);
            BagDataset teScaled = scaler.apply(data.subset(split.test()));
            Choice choice = chooser.choose(trScaled, s);
            if (variantNames != null) {
                chosen[s] = variantNames[choice.variant];
            }
            g[s] = choice.gamma;
            c[s] = choice.c;
            Stopwatch clock = Stopwatch.start();
            BagClassifier model = fitter.fit(trScaled, choice);
            train += clock.elapsedSeconds();
            clock = Stopwatch.start();
            acc[s] = accuracy(model, teScaled);
            predict += clock.elapsedSeconds();
            vectors[s] = model.kernelEvaluationsPerInstance();
            unconverged[s] = model.unconvergedMachines();
            evals += vectors[s];
        }
        return new Result(folds, acc, chosen, g, c, vectors, train / n, predict / n, evals / n, unconverged);
    }

    /**
     * (gamma, C, N_XV) chosen on {@code train} by the two stages of {@link #runTunedSize}, as a
     * record-like array {gamma, C, N_XV}.
     */
    public static double[] tuneSize(BagDataset train, SizedLearner learner, double[] gammas, double[] cs,
                                    int[] sizes, long seed) {
        return tuneSize(train, learner, gammas, cs, sizes, seed, 1);
    }

    /** As {@link #tuneSize(BagDataset, SizedLearner, double[], double[], int[], long)} on {@code innerRepeats} repeated 3-fold partitions. */
    public static double[] tuneSize(BagDataset train, SizedLearner learner, double[] gammas, double[] cs,
                                    int[] sizes, long seed, int innerRepeats) {
        return tuneSize(train, learner, gammas, cs, sizes, seed, innerRepeats, SizeSearch.STAGED);
    }

    /** As {@link #tuneSize(BagDataset, SizedLearner, double[], double[], int[], long, int)} with the given search. */
    public static double[] tuneSize(BagDataset train, SizedLearner learner, double[] gammas, double[] cs,
                                    int[] sizes, long seed, int innerRepeats, SizeSearch search) {
        checkGrid(gammas, cs);
        checkSizes(sizes);
        checkInnerRepeats(innerRepeats);
        java.util.Objects.requireNonNull(search, "search");
        return toArray(tuneSizeChoice(train, learner, gammas, cs, sizes, seed, innerRepeats, search));
    }

    private static double[] toArray(Choice ch) {
        return new double[] {ch.gamma, ch.c, ch.size};
    }

    private static Choice tuneSizeChoice(BagDataset train, SizedLearner learner, double[] gammas, double[] cs,
                                         int[] sizes, long seed, int innerRepeats, SizeSearch search) {
        List<Splits.Split> inner = innerSplits(train.labels(), seed, innerRepeats);
        int minInstances = Integer.MAX_VALUE;
        for (Splits.Split sp : inner) {
            minInstances = Math.min(minInstances, train.subset(sp.train()).instanceCount());
        }
        if (search == SizeSearch.JOINT) {
            Choice best = null;
            double bestSum = -1;
            for (int i = 0; i < sizes.length && (i == 0 || sizes[i] <= minInstances); i++) {
                double[] r = tuneOn(train, inner, learner.atSize(sizes[i]), gammas, cs);
                if (r[2] > bestSum) {
                    bestSum = r[2];
                    best = new Choice(r[0], r[1], sizes[i], 0);
                }
            }
            return best;
        }
        int smallest = sizes[0];
        // stage 1 (a single point when the gamma and C grids are fixed)
        double[] r = tuneOn(train, inner, learner.atSize(smallest), gammas, cs);
        double[] best = {r[0], r[1]};
        double bestSum = r[2];
        int bestSize = smallest;
        for (int i = 1; i < sizes.length && sizes[i] <= minInstances; i++) {
            int size = sizes[i];
            // a one-point grid: the inner splits in parallel for a thread-safe learner
            double sum = tuneOn(train, inner, learner.atSize(size), new double[] {best[0]}, new double[] {best[1]})[2];
            if (sum > bestSum) {
                bestSum = sum;
                bestSize = size;
            }
        }
        return new Choice(best[0], best[1], bestSize, 0);
    }

    /**
     * {best gamma, best C, its summed inner accuracy}; the first in grid order on ties. For a
     * {@linkplain Learner#isThreadSafe() thread-safe} learner the (grid point, inner split) fits run in
     * parallel on the common fork-join pool; the accuracies are summed in split order afterwards, so
     * the choice is exactly the sequential one.
     */
    private static double[] tuneOn(BagDataset train, List<Splits.Split> inner, Learner learner, double[] gammas,
                                   double[] cs) {
        int ns = inner.size();
        int nc = cs.length;
        // each inner part once, shared by every grid point
        BagDataset[] fitParts = new BagDataset[ns];
        BagDataset[] heldParts = new BagDataset[ns];
        for (int k = 0; k < ns; k++) {
            fitParts[k] = train.subset(inner.get(k).train());
            heldParts[k] = train.subset(inner.get(k).test());
        }
        double[][] acc = new double[gammas.length * nc][ns];
        IntStream tasks = IntStream.range(0, acc.length * ns);
        (learner.isThreadSafe() ? tasks.parallel() : tasks).forEach(t -> {
            int p = t / ns;
            BagClassifier m = learner.fit(fitParts[t % ns], gammas[p / nc], cs[p % nc]);
            acc[p][t % ns] = accuracy(m, heldParts[t % ns]);
        });
        double bestAcc = -1;
        double[] best = null;
        for (int p = 0; p < acc.length; p++) {
            double sum = 0;
            for (double a : acc[p]) {
                sum += a;
            }
            if (sum > bestAcc) {
                bestAcc = sum;
                best = new double[] {gammas[p / nc], cs[p % nc], sum};
            }
        }
        return best;
    }

    /**
     * (gamma, C) of the best mean accuracy of a stratified 3-fold CV on {@code train} (the first in
     * grid order on ties), as a two-element array.
     */
    public static double[] tune(BagDataset train, Learner learner, double[] gammas, double[] cs, long seed) {
        return tune(train, learner, gammas, cs, seed, 1);
    }

    /**
     * (gamma, C) of the best accuracy summed over {@code innerRepeats} repeated stratified 3-fold
     * partitions of {@code train} (see {@link #innerSplits}; the first in grid order on ties).
     *
     * @throws IllegalArgumentException for an empty grid or innerRepeats &lt; 1
     */
    public static double[] tune(BagDataset train, Learner learner, double[] gammas, double[] cs, long seed,
                                int innerRepeats) {
        checkGrid(gammas, cs);
        checkInnerRepeats(innerRepeats);
        double[] r = tuneOn(train, innerSplits(train.labels(), seed, innerRepeats), learner, gammas, cs);
        return new double[] {r[0], r[1]};
    }

    /** Fraction of bags whose predicted class is their label. */
    public static double accuracy(BagClassifier model, BagDataset data) {
        int ok = 0;
        for (int i = 0; i < data.size(); i++) {
            if (model.predict(data.bag(i)) == data.label(i)) {
                ok++;
            }
        }
        return ok / (double) data.size();
    }

    /** The default gamma grid for standardised d-dimensional data: {1/8, 1/4, 1/2, 1, 2} / d. */
    public static double[] defaultGammas(int dim) {
        double[] f = {0.125, 0.25, 0.5, 1, 2};
        double[] out = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            out[i] = f[i] / dim;
        }
        return out;
    }

    /** The default C grid: {1, 10, 100}. */
    public static double[] defaultCs() {
        return new double[] {1, 10, 100};
    }
}
