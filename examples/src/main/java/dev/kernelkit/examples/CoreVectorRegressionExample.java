package dev.kernelkit.examples;

import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorRegression;
import dev.kernelkit.cvm.CvrModel;
import dev.kernelkit.cvm.CvrOptions;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Core vector regression (the L2-SVR as a centre-constrained minimum enclosing ball; Tsang, Kwok and Zurada,
 * "Generalized Core Vector Machines", IEEE TNN 2006): fit sinc(x) = sin(pi x) / (pi x) on [-3, 3] from noisy
 * samples (noise sd 0.1), then compare the prediction on fresh points with the noise-free function and with the
 * constant predictor (the training mean). Gaussian kernel gamma 2, LibCVM's defaults C = 1e4 max|y| and
 * mu = 0.02 max|y|, the JMLR core-set iteration at epsilon 1e-6; all fixed beforehand. Run with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.CoreVectorRegressionExample}.
 */
public final class CoreVectorRegressionExample {
    private CoreVectorRegressionExample() {
    }

    /** Noise sd of the targets. */
    public static final double NOISE = 0.1;

    /**
     * Root mean squared errors on fresh points (against the noise-free sinc and against noisy targets), that of the
     * constant predictor, the number of core vectors and the model.
     */
    public record Result(double rmseToTruth, double rmseToNoisy, double rmseOfMean, int coreVectors, int trainingSize,
                         CvrModel model) {
    }

    public static void main(String[] args) {
        Result r = run(1_000, 1);
        System.out.printf("%d core vectors of %d training points, insensitive zone epsbar = %.4f%n", r.coreVectors(),
                r.trainingSize(), r.model().epsilonBar());
        System.out.printf("test RMSE: %.4f to the noise-free sinc, %.4f to noisy targets (noise sd %.2f); "
                + "the constant predictor: %.4f%n", r.rmseToTruth(), r.rmseToNoisy(), NOISE, r.rmseOfMean());
        for (double x = -3; x <= 3; x += 1) {
            System.out.printf("  f(%+.1f) = %+.4f, sinc = %+.4f%n", x, r.model().predict(DenseVec.of(x)), sinc(x));
        }
    }

    /** Fits on {@code n} noisy samples; scores {@code n} fresh ones. */
    public static Result run(int n, long seed) {
        // 1. Data: x uniform on [-3, 3], y = sinc(x) + N(0, 0.1^2); a fresh test set.
        SplittableRandom rnd = new SplittableRandom(seed);
        LabeledDataset train = noisySinc(n, rnd);
        LabeledDataset test = noisySinc(n, rnd);

        // 2. The options: LibCVM's CVR defaults scale C and mu with max|y|.
        CvrOptions options = CvrOptions.libcvmDefaults(new GaussianKernel(2.0), train.labels(),
                CoreSetOptions.jmlr(1e-6).withSeed(seed));

        // 3. Fit: the core set grows until the ball is (1 + eps)-approximate; the model is f(x) = sum beta_i k(x_i, x) + b.
        CvrModel model = CoreVectorRegression.fit(train, options);

        // 4. Errors on the fresh points.
        double mean = 0;
        for (double y : train.labels()) {
            mean += y / train.size();
        }
        double toTruth = 0;
        double toNoisy = 0;
        double ofMean = 0;
        for (int i = 0; i < test.size(); i++) {
            double f = model.predict(test.x(i));
            toTruth += square(f - sinc(test.x(i).get(0)));
            toNoisy += square(f - test.y(i));
            ofMean += square(mean - test.y(i));
        }
        int m = test.size();
        return new Result(Math.sqrt(toTruth / m), Math.sqrt(toNoisy / m), Math.sqrt(ofMean / m), model.coreSize(),
                train.size(), model);
    }

    /** sin(pi x) / (pi x), 1 at 0. */
    public static double sinc(double x) {
        return x == 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    }

    private static double square(double v) {
        return v * v;
    }

    private static LabeledDataset noisySinc(int n, SplittableRandom rnd) {
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double a = rnd.nextDouble(-3, 3);
            x.add(DenseVec.of(a));
            y[i] = sinc(a) + NOISE * rnd.nextGaussian();
        }
        return new LabeledDataset(x, y);
    }
}
