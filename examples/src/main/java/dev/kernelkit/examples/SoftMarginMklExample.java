package dev.kernelkit.examples;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Soft margin MKL (Xu, Tsang and Xu, TNNLS 2013) in a minute: two moons in features 1-2 plus two pure-noise
 * features 3-4, the SimpleMKL base kernels (Gaussians and polynomials on all variables and on each one), and
 * SM1MKL learns which kernels matter: the kernels that read only a noise feature get (almost) no weight. Run
 * with {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.SoftMarginMklExample}.
 */
public final class SoftMarginMklExample {
    private SoftMarginMklExample() {
    }

    /** The base kernels, the learned weights mu, the SVM solves, the objective trace and the test accuracy. */
    public record Result(MultipleKernel kernels, double[] mu, double theta, int selected, int svmSolves,
                         double[] objectives, double testAccuracy) {
    }

    public static void main(String[] args) {
        Result r = run(200, 1);
        System.out.printf("%d of %d kernels selected (mu > 1e-5), cap theta = %.4f:%n", r.selected(), r.mu().length,
                r.theta());
        for (int m = 0; m < r.mu().length; m++) {
            if (r.mu()[m] > 1e-5) {
                System.out.printf("  mu = %.4f  %s%n", r.mu()[m], describe(r.kernels().kernel(m)));
            }
        }
        System.out.printf("%d SVM solves, objective %.4f -> %.4f%n", r.svmSolves(), r.objectives()[0],
                r.objectives()[r.objectives().length - 1]);
        System.out.printf("test accuracy %.2f %%%n", 100 * r.testAccuracy());
    }

    /** SM1MKL on {@code n} training points; scored on {@code n} fresh test points. */
    public static Result run(int n, long seed) {
        // 1. Data: label = which moon; features 3 and 4 are N(0, 1) noise (seeded).
        LabeledDataset train = moonsWithTwoNoiseFeatures(n, seed);
        LabeledDataset test = moonsWithTwoNoiseFeatures(n, seed + 1);

        // 2. Standardise with training statistics, then build 13 (d + 1) = 65 base kernels:
        //    Gaussians with sigma 2^-3..2^6 and polynomials of degree 1..3, on all variables and
        //    on every single variable, each scaled to unit trace on the training points.
        FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
        LabeledDataset scaled = scaler.apply(train);
        MultipleKernel kernels = MultipleKernel.simpleMklProtocol(scaled.dim()).withUnitTrace(scaled.points());

        // 3. Fit SM1MKL: C = 10 and the cap theta = 1/(nu M) with nu = 0.1, i.e. no weight above 10/M.
        double theta = 1.0 / (0.1 * kernels.count());
        MklModel model = SoftMarginMkl.fit(scaled, kernels, MklOptions.sm1(10.0, theta));

        // 4. The learned kernel weights mu (sum 1, capped at theta).
        double[] mu = model.kernelWeights(0);

        // 5. Predict test points, standardised with the training statistics (the model applies the
        //    unit-trace scales itself).
        double accuracy = Metrics.accuracy(model, scaler.apply(test));
        return new Result(kernels, mu, theta, model.machines().get(0).selectedKernels(), model.svmSolves(),
                model.machines().get(0).objectives(), accuracy);
    }

    /** A base kernel in words, features numbered from 1: "Gaussian sigma = 0.5 on feature 2". */
    public static String describe(Kernel<Vec> k) {
        String where = "on all variables";
        if (k instanceof SingleFeatureKernel s) {
            where = "on feature " + (s.feature() + 1);
            k = s.base();
        }
        if (k instanceof GaussianKernel g) {
            return String.format("Gaussian sigma = %.4g %s", Math.sqrt(0.5 / g.gamma()), where);
        }
        if (k instanceof PolynomialKernel p) {
            return "polynomial degree " + p.degree() + " " + where;
        }
        return k + " " + where;
    }

    /** Two moons (noise 0.15) in features 1-2 and two standard normal features after them. */
    static LabeledDataset moonsWithTwoNoiseFeatures(int n, long seed) {
        LabeledDataset moons = SyntheticData.twoMoons(n, 0.15, seed);
        SplittableRandom rnd = new SplittableRandom(seed + 7919);
        List<Vec> points = new ArrayList<>();
        for (int i = 0; i < moons.size(); i++) {
            points.add(DenseVec.of(moons.x(i).get(0), moons.x(i).get(1), rnd.nextGaussian(), rnd.nextGaussian()));
        }
        return new LabeledDataset(points, moons.labels());
    }
}
