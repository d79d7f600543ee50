package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;
import dev.kernelkit.plot.BarChart;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The MKL section of {@code kernelkit demo}: two moons (noise 0.15) in features 1-2 plus
 * {@link #NOISE_FEATURES} standard normal noise features, 150 training and 150 test points, the
 * SimpleMKL base kernels (13 (d + 1) = 65, unit trace on the standardised training points), and
 * SM1MKL, SM2MKL, SimpleMKL and AveKernel with fixed parameters (C = 10; SM1 nu = 0.1, i.e.
 * theta = 1/(0.1 M); SM2 theta = 1). Training seed S, test seed S + 1. About a second at idle.
 */
public final class MklDemo {
    /** Noise features appended to the two moon coordinates. */
    public static final int NOISE_FEATURES = 1;
    /** Training (and test) points. */
    public static final int POINTS = 150;
    /** The cost C of every method. */
    public static final double C = 10.0;

    /** One method's row. */
    public record Row(String method, MklOptions options, double accuracy, int selected, int svmSolves, double seconds,
                      double[] mu) {
        /** A copy of the weights. */
        @Override
        public double[] mu() {
            return mu.clone();
        }
    }

    /** The demo's result: the base kernels and one row per method. */
    public record Result(long seed, MultipleKernel kernels, List<Row> rows) {
        /** Copies the rows. */
        public Result {
            rows = List.copyOf(rows);
        }
    }

    private MklDemo() {
    }

    /**
     * n two-moons points (noise 0.15, seed) with {@code noise} N(0, 1) features appended (seed + 7919).
     *
     * @throws IllegalArgumentException for n &lt; 2 or a negative noise count
     */
    public static LabeledDataset moonsWithNoise(int n, int noise, long seed) {
        if (noise < 0) {
            throw new IllegalArgumentException("noise features must be >= 0, got " + noise);
        }
        LabeledDataset moons = SyntheticData.twoMoons(n, 0.15, seed);
        SplittableRandom rnd = new SplittableRandom(seed + 7919);
        List<Vec> points = new ArrayList<>();
        for (int i = 0; i < moons.size(); i++) {
            double[] x = new double[2 + noise];
            x[0] = moons.x(i).get(0);
            x[1] = moons.x(i).get(1);
            for (int j = 2; j < x.length; j++) {
                x[j] = MklData.gaussian(rnd);
            }
            points.add(DenseVec.wrap(x));
        }
        return new LabeledDataset(points, moons.labels());
    }

    /** Base kernel m in words, features numbered from 1: "Gaussian sigma = 0.5 on feature 2". */
    public static String describe(MultipleKernel kernels, int m) {
        Kernel<Vec> k = kernels.kernel(m);
        String where = "on all variables";
        if (k instanceof SingleFeatureKernel s) {
            where = "on feature " + (s.feature() + 1);
            k = s.base();
        }
        if (k instanceof GaussianKernel g) {
            return "Gaussian sigma = " + new java.math.BigDecimal(Math.sqrt(0.5 / g.gamma())).round(new java.math.MathContext(4))
                    .stripTrailingZeros().toPlainString() + " " + where;
        }
        if (k instanceof PolynomialKernel p) {
            return "polynomial degree " + p.degree() + " " + where;
        }
        return k + " " + where;
    }

    /** Runs the four methods on the seeded problem. */
    public static Result run(long seed) {
        LabeledDataset train = moonsWithNoise(POINTS, NOISE_FEATURES, seed);
        LabeledDataset test = moonsWithNoise(POINTS, NOISE_FEATURES, seed + 1);
        FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
        LabeledDataset scaled = scaler.apply(train);
        MultipleKernel kernels = MultipleKernel.simpleMklProtocol(scaled.dim()).withUnitTrace(scaled.points());
        int m = kernels.count();
        List<MklOptions> methods = List.of(MklOptions.sm1(C, 1.0 / (0.1 * m)), MklOptions.sm2(C, 1.0),
                MklOptions.simple(C), MklOptions.average(C));
        List<Row> rows = new ArrayList<>();
        for (MklOptions o : methods) {
            long t0 = System.nanoTime();
            MklModel model = SoftMarginMkl.fit(scaled, kernels, o);
            double seconds = (System.nanoTime() - t0) * 1e-9;
            double acc = Metrics.accuracy(test.labels(), model.predictLabels(scaler.apply(test)));
            rows.add(new Row(o.method().cliName(), o, acc, model.machines().get(0).selectedKernels(), model.svmSolves(),
                    seconds, model.kernelWeights(0)));
        }
        return new Result(seed, kernels, rows);
    }

    /** The table and, per method, the kernels it weights most. */
    public static void print(PrintWriter out, Result r) {
        out.printf(Locale.ROOT, "Soft margin MKL (TNNLS 2013): two moons + %d noise features, %d train / %d test points, "
                        + "seed %d, %d SimpleMKL base kernels, C = %s%n", NOISE_FEATURES, POINTS, POINTS, r.seed(),
                r.kernels().count(), TablePrinter.general(C));
        TablePrinter t = new TablePrinter().textColumn("method").textColumn("options").numberColumn("test acc")
                .numberColumn("kernels").numberColumn("SVM solves").numberColumn("seconds").textColumn("largest weight");
        for (Row row : r.rows()) {
            double[] mu = row.mu();
            int best = 0;
            for (int m = 1; m < mu.length; m++) {
                if (mu[m] > mu[best]) {
                    best = m;
                }
            }
            t.row(row.method(), MklReports.describe(row.options()), TablePrinter.percent(row.accuracy()),
                    Integer.toString(row.selected()), Integer.toString(row.svmSolves()), TablePrinter.fixed(row.seconds(), 3),
                    String.format(Locale.ROOT, "%.3f %s", mu[best], describe(r.kernels(), best)));
        }
        t.print(out);
        out.printf(Locale.ROOT, "weight on kernels that read only the noise feature%s: %s%n",
                NOISE_FEATURES == 1 ? " 3" : "s 3.." + (2 + NOISE_FEATURES),
                String.join(", ", r.rows().stream().map(row -> String.format(Locale.ROOT, "%s %.3f", row.method(),
                        noiseWeight(r.kernels(), row.mu()))).toList()));
    }

    /** The total weight on single-feature kernels of the noise features. */
    static double noiseWeight(MultipleKernel kernels, double[] mu) {
        double s = 0;
        for (int m = 0; m < mu.length; m++) {
            if (kernels.kernel(m) instanceof SingleFeatureKernel f && f.feature() >= 2) {
                s += mu[m];
            }
        }
        return s;
    }

    /**
     * Writes SM1MKL's kernel weights as bar charts into dir: every base kernel
     * (demo-mkl-kernel-weights.png) and the total per feature subset (demo-mkl-subset-weights.png).
     */
    public static void writePlots(Path dir, Result r, PrintWriter out) throws IOException {
        Row sm1 = r.rows().get(0);
        double[] mu = sm1.mu();
        int groups = r.kernels().count() / 13;
        Path file = dir.resolve("demo-mkl-kernel-weights.png");
        BarChart.builder().values(mu).size(1800, 500)
                .title(String.format(Locale.ROOT, "SM1MKL kernel weights, two moons + %d noise features, test accuracy %s",
                        NOISE_FEATURES, TablePrinter.percent(sm1.accuracy())))
                .axisLabels(String.format(Locale.ROOT, "base kernel (%d blocks of 10 Gaussians, sigma 2^-3..2^6, + 3 polynomials: "
                        + "all variables, then features 1..%d)", groups, groups - 1), "kernel weight mu")
                .build().writePng(file);
        out.println("wrote " + file);
        double[] perSubset = new double[groups];
        for (int m = 0; m < mu.length; m++) {
            perSubset[m / 13] += mu[m];
        }
        Path subsets = dir.resolve("demo-mkl-subset-weights.png");
        BarChart.builder().values(perSubset)
                .title(NOISE_FEATURES == 1 ? "SM1MKL weight per feature subset (bar 4: the noise feature)"
                        : "SM1MKL weight per feature subset (bars 4.." + (3 + NOISE_FEATURES) + ": the noise features)")
                .axisLabels(String.format(Locale.ROOT, "1 = all variables, k = feature k - 1 (k = 2..%d)", groups),
                        "sum of kernel weights mu")
                .build().writePng(subsets);
        out.println("wrote " + subsets);
    }
}
