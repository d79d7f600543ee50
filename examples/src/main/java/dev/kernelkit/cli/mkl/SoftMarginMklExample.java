package dev.kernelkit.cli.mkl;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;

/**
 * Soft margin MKL in a minute: two moons in features 1-2 plus two pure-noise features 3-4, the
 * SimpleMKL base kernels (Gaussians and polynomials on all variables and on each one), SM1MKL
 * (Xu, Tsang and Xu, TNNLS 2013) learns which kernels matter. Run with
 * {@code java -cp kernelkit.jar dev.kernelkit.cli.mkl.SoftMarginMklExample}.
 */
public final class SoftMarginMklExample {
    private SoftMarginMklExample() {
    }

    public static void main(String[] args) {
        // 1. Data: label = which moon; features 3 and 4 are N(0, 1) noise (seeded).
        LabeledDataset train = MklDemo.moonsWithNoise(200, 2, 1);
        LabeledDataset test = MklDemo.moonsWithNoise(200, 2, 2);

        // 2. Standardise with training statistics, then build 13 (d + 1) = 65 base kernels:
        //    Gaussians with sigma 2^-3..2^6 and polynomials of degree 1..3, on all variables and
        //    on every single variable, each scaled to unit trace on the training points.
        FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
        LabeledDataset scaled = scaler.apply(train);
        MultipleKernel kernels = MultipleKernel.simpleMklProtocol(scaled.dim()).withUnitTrace(scaled.points());

        // 3. Fit SM1MKL: C = 10 and the cap theta = 1/(nu M) with nu = 0.1, i.e. no weight above 10/M.
        double theta = 1.0 / (0.1 * kernels.count());
        MklModel model = SoftMarginMkl.fit(scaled, kernels, MklOptions.sm1(10.0, theta));

        // 4. The learned kernel weights mu (sum 1, capped at theta); the noise-only kernels get none.
        double[] mu = model.kernelWeights(0);
        System.out.printf("%d of %d kernels selected (mu > 1e-5), cap theta = %.4f:%n",
                model.machines().get(0).selectedKernels(), mu.length, theta);
        for (int m = 0; m < mu.length; m++) {
            if (mu[m] > 1e-5) {
                System.out.printf("  mu = %.4f  %s%n", mu[m], MklDemo.describe(kernels, m));
            }
        }
        System.out.printf("%d SVM solves, objective %.4f -> %.4f%n", model.svmSolves(),
                model.machines().get(0).objectives()[0], last(model.machines().get(0).objectives()));

        // 5. Predict test points, standardised with the training statistics (the model applies the
        //    unit-trace scales itself).
        double[] predicted = model.predictLabels(scaler.apply(test));
        int correct = 0;
        for (int i = 0; i < predicted.length; i++) {
            correct += predicted[i] == test.y(i) ? 1 : 0;
        }
        System.out.printf("test accuracy %.2f %%%n", 100.0 * correct / test.size());
    }

    private static double last(double[] a) {
        return a[a.length - 1];
    }
}
