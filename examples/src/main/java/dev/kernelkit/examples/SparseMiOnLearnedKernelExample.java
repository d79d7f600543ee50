package dev.kernelkit.examples;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.PairedComparison;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.mi.LearnedKernelForSparseMi;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiOnLearnedKernel;
import dev.kernelkit.mi.SparseMiOptions;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * SparseMI on a learned instance kernel (issue #22, composition 5). SM1MKL (Xu, Tsang and Xu, TNNLS 2013) learns
 * one weight per feature from bag-level vectors, each bag's mean instance with the bag's label, over one Gaussian
 * per feature; SparseMI (Fu, Lu, Ting and Zhang, TNNLS 2013) then trains on the instances with
 *
 * <ol>
 *   <li>"learned": the kernel SM1MKL learned, sum_f mu_f exp(-(x_f - z_f)^2 / 2), scaled to k(x, x) = 1;</li>
 *   <li>"weighted Gaussian": exp(-gamma sum_f w_f (x_f - z_f)^2), w the learned weights with mean 1;</li>
 * </ol>
 *
 * next to SparseMI on one Gaussian, on the same folds (the library pipeline is {@link SparseMiOnLearnedKernel}).
 * Protocol ({@link MiProtocol}): stratified 10-fold CV over bags, repeated; instances standardised on each
 * training part; SparseMI's gamma and C chosen by an inner 3-fold CV on the training part (gamma in
 * {1/8 .. 2} / d, C in {1, 10, 100}; the learned kernel has no gamma, only C); N_XV = 10, random initial XVs,
 * t_max = 50. SM1MKL's settings are fixed in advance: C = 10, the weight cap theta = 10 / d (so at least a tenth
 * of the features keep a weight), Gaussians of gamma 1/2 per standardised feature, relearned on every training
 * part the inner CV or the final fit sees.
 *
 * <p>Run with {@code java -cp kernelkit.jar dev.kernelkit.examples.SparseMiOnLearnedKernelExample [BAGS.csv
 * [REPEATS [FOLDS [SEED [fixed]]]]]} ({@code fixed}: gamma = 1 / d and C = 10 for every method instead of the inner
 * CV); without arguments, on a small generated problem whose class lives in two of ten features.
 */
public final class SparseMiOnLearnedKernelExample {
    /** N_XV of every SparseMI fit. */
    public static final int EXPANSION_VECTORS = 10;
    /** SM1MKL's SVM cost. */
    public static final double MKL_C = 10.0;
    /** The gamma of the per-feature Gaussians SM1MKL weighs, on standardised features. */
    public static final double FEATURE_GAMMA = 0.5;
    /** SparseMI's C when the hyper-parameters are fixed in advance. */
    public static final double FIXED_C = 10.0;

    private SparseMiOnLearnedKernelExample() {
    }

    /** One method's outer-CV evaluation. */
    public record Row(String method, Evaluation evaluation) {
        /** "mean ± sd" in percent over all outer folds, and the sd of the repeat means. */
        public String accuracy() {
            return String.format(Locale.ROOT, "%.2f ± %.2f (sd of repeat means %.2f)", 100 * evaluation.summary().mean(),
                    100 * evaluation.summary().sd(), 100 * evaluation.repeatSummary().sd());
        }
    }

    /** The three rows (Gaussian, learned, weighted Gaussian) and the paired comparisons with the Gaussian. */
    public record Result(Row gaussian, Row learned, Row weighted, PairedComparison learnedVsGaussian,
                         PairedComparison weightedVsGaussian) {
    }

    public static void main(String[] args) throws IOException {
        BagDataset data;
        int repeats = 1;
        int folds = 5;
        long seed = 1;
        boolean fixed = false;
        if (args.length >= 1) {
            data = CsvBagFormat.read(Path.of(args[0]));
            repeats = args.length >= 2 ? Integer.parseInt(args[1]) : 3;
            folds = args.length >= 3 ? Integer.parseInt(args[2]) : 10;
            seed = args.length >= 4 ? Long.parseLong(args[3]) : 1;
            fixed = args.length >= 5 && args[4].equals("fixed");
        } else {
            data = relevantAmongNoise(20, 8, 1);
        }
        System.out.printf(Locale.ROOT, "%d bags, %d instances, %d features; %d-fold CV x %d repeats, seed %d; %s%n",
                data.size(), data.instanceCount(), data.dim(), folds, repeats, seed, fixed
                        ? "fixed gamma = 1/d, C = " + FIXED_C : "gamma and C by inner 3-fold CV");
        long t0 = System.nanoTime();
        Result r = run(data, folds, repeats, seed, fixed, true);
        System.out.printf(Locale.ROOT, "%-45s %s%n", "SparseMI, one Gaussian:", r.gaussian().accuracy());
        System.out.printf(Locale.ROOT, "%-45s %s%n", "SparseMI, SM1MKL's learned kernel:", r.learned().accuracy());
        System.out.printf(Locale.ROOT, "%-45s %s%n", "SparseMI, Gaussian weighted by SM1MKL's weights:",
                r.weighted().accuracy());
        System.out.println(r.learnedVsGaussian().line("learned", "gaussian"));
        System.out.println(r.weightedVsGaussian().line("weighted", "gaussian"));
        for (Row row : List.of(r.gaussian(), r.learned(), r.weighted())) {
            System.out.printf(Locale.ROOT, "%s: chosen gamma*d %s, C %s; mean train s per fold %.2f, tune s %.1f%n",
                    row.method(), row == r.learned() ? "(none)"
                            : counts(MiProtocol.chosen(row.evaluation(), MiProtocol.GAMMA), data.dim()),
                    counts(MiProtocol.chosen(row.evaluation(), MiProtocol.C), 1), mean(row.evaluation().trainSeconds()),
                    mean(row.evaluation().tuneSeconds()));
        }
        System.out.printf(Locale.ROOT, "wall %.0f s%n", (System.nanoTime() - t0) * 1e-9);
    }

    /**
     * The kernel learner: SM1MKL (C {@value #MKL_C}, theta = 10 / d) over one Gaussian of gamma
     * {@value #FEATURE_GAMMA} per feature, unit trace on its training points.
     */
    public static Trainer<Vec, MklModel> sm1Mkl(int dim) {
        return SoftMarginMkl.trainer(MklOptions.sm1(MKL_C, Math.min(1.0, 10.0 / dim)),
                SparseMiOnLearnedKernel.gaussianPerFeature(dim, FEATURE_GAMMA));
    }

    /**
     * The three methods on the same outer folds (seed {@code seed}), each tuned by the inner CV of
     * {@link MiProtocol}, or all at the values fixed in advance (gamma = 1 / d, C = {@value #FIXED_C}: the middle of
     * the default grids).
     *
     * @param progress print a line per outer fold to standard error
     */
    public static Result run(BagDataset data, int folds, int repeats, long seed, boolean fixed, boolean progress) {
        int d = data.dim();
        SparseMiOptions base = SparseMiOptions.defaults().withExpansionVectors(EXPANSION_VECTORS);
        double[] gammas = fixed ? new double[] {1.0 / d} : MiProtocol.defaultGammas(d);
        double[] cs = fixed ? new double[] {FIXED_C} : MiProtocol.defaultCs();
        Trainer<Vec, MklModel> mkl = sm1Mkl(d);
        LearnedKernel.Choice average = new LearnedKernel.Average();

        // 1. SparseMI with one Gaussian, (gamma, C) by inner CV.
        ModelSelection<Bag> gaussian = MiProtocol.tuned((g, c) -> SparseMi.trainer(base.withGamma(g).withC(c)),
                folds, repeats, seed, gammas, cs, 1);
        // 2. SM1MKL on the training part's bag means, SparseMI on its kernel; only C is tuned (the gamma dimension
        //    holds one unused value).
        ModelSelection<Bag> learned = MiProtocol.tuned((g, c) -> SparseMiOnLearnedKernel.trainer(mkl, average,
                LearnedKernelForSparseMi.Form.LEARNED, base.withC(c)), folds, repeats, seed, new double[] {1.0}, cs, 1);
        // 3. The same weights in one Gaussian of the weighted distance; (gamma, C) by inner CV.
        ModelSelection<Bag> weighted = MiProtocol.tuned((g, c) -> SparseMiOnLearnedKernel.trainer(mkl, average,
                        LearnedKernelForSparseMi.Form.WEIGHTED_GAUSSIAN, base.withGamma(g).withC(c)), folds, repeats, seed,
                gammas, cs, 1);

        Row[] rows = new Row[3];
        String[] names = {"gaussian", "learned", "weighted"};
        List<ModelSelection<Bag>> protocols = List.of(gaussian, learned, weighted);
        for (int m = 0; m < 3; m++) {
            String name = names[m];
            ModelSelection<Bag> p = protocols.get(m);
            if (progress) {
                p = p.withListener(f -> System.err.printf(Locale.ROOT, "%s repeat %d fold %d: accuracy %.4f, chose %s%n",
                        name, f.repeat(), f.fold(), f.score(), f.chosen()));
            }
            rows[m] = new Row(name, p.run(data));
        }
        return new Result(rows[0], rows[1], rows[2], PairedComparison.of(rows[1].evaluation(), rows[0].evaluation()),
                PairedComparison.of(rows[2].evaluation(), rows[0].evaluation()));
    }

    /**
     * A small problem where only some features matter: {@code 2 + noise} features; every instance is N(0, 1) in
     * each feature, except that a positive bag holds 1 or 2 witnesses at (2, 2) + N(0, 0.3^2) in the first two
     * features. Bags of 3 to 6 instances, {@code bagsPerClass} of each class.
     */
    public static BagDataset relevantAmongNoise(int bagsPerClass, int noise, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int d = 2 + noise;
        List<Bag> bags = new ArrayList<>();
        double[] y = new double[2 * bagsPerClass];
        for (int i = 0; i < 2 * bagsPerClass; i++) {
            boolean positive = i % 2 == 0;
            y[i] = positive ? 1 : -1;
            int n = 3 + rnd.nextInt(4);
            int witnesses = positive ? 1 + rnd.nextInt(2) : 0;
            List<Vec> instances = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                double[] x = new double[d];
                for (int f = 0; f < d; f++) {
                    x[f] = gaussian(rnd);
                }
                if (p < witnesses) {
                    x[0] = 2 + 0.3 * gaussian(rnd);
                    x[1] = 2 + 0.3 * gaussian(rnd);
                }
                instances.add(DenseVec.wrap(x));
            }
            bags.add(new Bag((positive ? "pos-" : "neg-") + i, instances));
        }
        return BagDataset.binary(bags, y);
    }

    private static double gaussian(SplittableRandom rnd) {
        double u = 1 - rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    /** "{value: count, ...}" of values times {@code scale}. */
    private static String counts(double[] values, double scale) {
        Map<String, Integer> m = new TreeMap<>();
        for (double v : values) {
            m.merge(String.format(Locale.ROOT, "%.4g", v * scale), 1, Integer::sum);
        }
        return m.toString();
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }
}
