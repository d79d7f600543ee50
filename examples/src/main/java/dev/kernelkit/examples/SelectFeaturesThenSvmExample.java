package dev.kernelkit.examples;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.svm.KernelWeightSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * Interpretable selection, then a fast classifier: IMKPL (Hosseini and Hammer, CIKM 2019) with one Gaussian per
 * feature and the capped beta-step keeps exactly r features (kernel weights 1 / r); an SVM is then trained on the
 * learned kernel (the r per-feature Gaussians) and on the r kept features (one Gaussian, gamma = 1 / r on the
 * standardised features) by {@link KernelWeightSelection}, next to the same SVM on r features drawn at random and
 * on all features (gamma = 1 / d). Every
 * hyper-parameter is fixed beforehand (nothing is chosen on test points). Run with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.SelectFeaturesThenSvmExample
 * [DATA.libsvm SPLITS T CAPS [LAMBDA MU TAU]]} (CAPS comma-separated, e.g. 18,72,300; LAMBDA MU TAU default to
 * TOX-171's 0.1 0.3 0.1 of the paper's Table 1; no arguments: 4 classes, 8 informative features among 200).
 */
public final class SelectFeaturesThenSvmExample {
    private SelectFeaturesThenSvmExample() {
    }

    /**
     * One split at one cap r: the kept features and the test accuracies of IMKPL, of the SVMs on its learned kernel,
     * on the r kept features, on r features drawn at random (the same SVM; what any r features give) and on all.
     */
    public record Row(int split, int cap, int[] kept, double imkplAccuracy, double learnedKernelSvmAccuracy,
                      double keptFeaturesSvmAccuracy, double randomFeaturesSvmAccuracy, double allFeaturesSvmAccuracy,
                      double imkplSeconds) {
    }

    /** SVM cost, fixed beforehand. */
    public static final double C = 10.0;

    public static void main(String[] args) throws IOException {
        LabeledDataset data;
        int splits;
        int t;
        int[] caps;
        double[] weights = {0.1, 0.3, 0.1};   // lambda, mu, tau
        if (args.length == 4 || args.length == 7) {
            data = LibsvmFormat.readDense(Path.of(args[0]));
            splits = Integer.parseInt(args[1]);
            t = Integer.parseInt(args[2]);
            caps = Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray();
            if (args.length == 7) {
                weights = new double[] {Double.parseDouble(args[4]), Double.parseDouble(args[5]),
                        Double.parseDouble(args[6])};
            }
        } else if (args.length == 0) {
            data = informativeAmongNoise(4, 30, 8, 200, 1);
            splits = 2;
            t = 3;
            caps = new int[] {4, 8, 16};
        } else {
            System.err.println("usage: SelectFeaturesThenSvmExample [DATA.libsvm SPLITS T CAPS [LAMBDA MU TAU]], got "
                    + args.length + " arguments");
            System.exit(2);
            return;
        }
        System.out.println("split cap kept imkpl svm-learned-kernel svm-kept-features svm-random-features"
                + " svm-all-features imkpl-seconds");
        run(data, splits, t, weights[0], weights[1], weights[2], caps, 10, 1, r -> System.out.printf(
                "%d %d %d %.4f %.4f %.4f %.4f %.4f %.2f%n", r.split(), r.cap(), r.kept().length, r.imkplAccuracy(),
                r.learnedKernelSvmAccuracy(), r.keptFeaturesSvmAccuracy(), r.randomFeaturesSvmAccuracy(),
                r.allFeaturesSvmAccuracy(), r.imkplSeconds()));
    }

    /** {@link #run(LabeledDataset, int, int, double, double, double, int[], int, long, Consumer)} at TOX-171's weights. */
    public static List<Row> run(LabeledDataset data, int splits, int t, int[] caps, int maxIterations, long seed) {
        return run(data, splits, t, 0.1, 0.3, 0.1, caps, maxIterations, seed, r -> { });
    }

    /**
     * Stratified 70/30 splits (seed, seed + 1, ...); per split the SVM on all features, then per cap r IMKPL
     * (T, lambda, mu, tau, the capped beta-step with the distance-difference J_ls, at most {@code maxIterations}
     * outer iterations, seed = seed + split index), the two SVMs on what it keeps and the same Gaussian SVM on
     * as many features drawn uniformly at random (seeded by the split and r). Each row goes to {@code onRow} as
     * soon as it is measured.
     */
    public static List<Row> run(LabeledDataset data, int splits, int t, double lambda, double mu, double tau, int[] caps,
                                int maxIterations, long seed, Consumer<Row> onRow) {
        List<Row> rows = new ArrayList<>();
        List<Splits.Split> parts = Splits.repeatedStratifiedHoldOut(data.labels(), 0.7, splits, seed);
        int[] everyFeature = IntStream.range(0, data.dim()).toArray();
        for (int s = 0; s < parts.size(); s++) {
            LabeledDataset train = data.subset(parts.get(s).train());
            LabeledDataset test = data.subset(parts.get(s).test());

            // 1. The reference: one Gaussian (gamma = 1 / d) on all standardised features.
            double all = Metrics.accuracy(KernelWeightSelection.gaussianSvm(train, everyFeature, C), test);

            MultipleKernel perFeature = MultipleKernel.gaussianPerFeature(train.points());
            for (int cap : caps) {
                // 2. IMKPL keeps r = cap per-feature kernels (weights 1 / r): the features it uses.
                ImkplOptions o = new ImkplOptions(t, lambda, mu, tau, ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP,
                        ImkplOptions.LsForm.DISTANCE_DIFFERENCE, maxIterations, 1e-4, true,
                        ImkplOptions.SelfCoding.HIDE_SELF_PROTOTYPE, cap, seed + s);
                long t0 = System.nanoTime();
                ImkplModel imkpl = Imkpl.fit(train, perFeature, o, FitListener.SILENT);
                double seconds = (System.nanoTime() - t0) * 1e-9;

                // 3. The kept features, an SVM on them and an SVM on IMKPL's learned kernel.
                KernelWeightSelection kept = KernelWeightSelection.fit(imkpl, train, C);

                // 4. What r features taken at random give with the same SVM.
                int[] random = randomFeatures(data.dim(), kept.keptCount(), seed + s + 7919L * cap);
                double randomAcc = Metrics.accuracy(KernelWeightSelection.gaussianSvm(train, random, C), test);
                Row row = new Row(s + 1, cap, kept.keptFeatures(), Metrics.accuracy(imkpl, test),
                        Metrics.accuracy(kept.onLearnedKernel(), test), Metrics.accuracy(kept.onKeptFeatures(), test),
                        randomAcc, all, seconds);
                rows.add(row);
                onRow.accept(row);
            }
        }
        return rows;
    }

    /** {@code count} distinct features of {@code dim}, uniformly at random (a seeded partial shuffle), ascending. */
    static int[] randomFeatures(int dim, int count, long seed) {
        int[] all = IntStream.range(0, dim).toArray();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            int j = i + rnd.nextInt(dim - i);
            int tmp = all[i];
            all[i] = all[j];
            all[j] = tmp;
        }
        int[] out = Arrays.copyOf(all, count);
        Arrays.sort(out);
        return out;
    }

    /**
     * {@code classes} x {@code perClass} points of dimension {@code dim}: features 0 .. informative-1 carry the
     * class (mean +-1.5 by the bits of the class index plus N(0, 1)), the rest are N(0, 1) noise.
     */
    public static LabeledDataset informativeAmongNoise(int classes, int perClass, int informative, int dim, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> points = new ArrayList<>();
        double[] y = new double[classes * perClass];
        int i = 0;
        for (int c = 0; c < classes; c++) {
            for (int p = 0; p < perClass; p++) {
                double[] x = new double[dim];
                for (int f = 0; f < dim; f++) {
                    double mean = f < informative ? (((c >> (f % 2)) & 1) == 0 ? -1.5 : 1.5) : 0;
                    x[f] = mean + rnd.nextGaussian();
                }
                points.add(DenseVec.wrap(x));
                y[i++] = c + 1;
            }
        }
        return new LabeledDataset(points, y);
    }
}
