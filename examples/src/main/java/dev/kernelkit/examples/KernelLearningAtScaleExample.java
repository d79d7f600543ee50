package dev.kernelkit.examples;

import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Kernel learning at scale: SM1MKL (Xu, Tsang and Xu, TNNLS 2013) costs O(n^2 M) per SVM solve, a core vector
 * machine (Tsang, Kwok and Cheung, JMLR 2005) grows with its core set, not with n^2. So learn the kernel on a
 * stratified subsample of a few thousand points and train the CVM with it on all of them; compare with the CVM
 * on one Gaussian at LibCVM's automatic width on the same standardised data. Base kernels: Gaussians on all
 * variables, gamma = 2^-12 .. 2^-1 (unit trace), so the learned kernel costs one squared distance per pair
 * like a single Gaussian. Run with {@code java -cp examples/target/kernelkit.jar
 * dev.kernelkit.examples.KernelLearningAtScaleExample [TRAIN.libsvm TEST.libsvm SUBSAMPLE C]} (no arguments: a
 * 4 x 4 checkerboard of 20,000 points).
 */
public final class KernelLearningAtScaleExample {
    private KernelLearningAtScaleExample() {
    }

    /** What the composition and the single-Gaussian CVM reached, and what each step took. */
    public record Result(int subsample, double mklSeconds, double composedSeconds, double composedAccuracy,
                         double gaussianSeconds, double gaussianAccuracy, double gaussianGamma, LearnedKernel kernel) {
    }

    public static void main(String[] args) throws IOException {
        Result r;
        if (args.length == 4) {
            LabeledDataset train = LibsvmFormat.readDense(Path.of(args[0]));
            LabeledDataset test = LibsvmFormat.readDense(Path.of(args[1]), train.dim());
            r = run(train, test, Integer.parseInt(args[2]), Double.parseDouble(args[3]), 1);
        } else {
            r = run(SyntheticData.checkerboard(20_000, 4, 1), SyntheticData.checkerboard(5_000, 4, 2), 1000, 100.0, 1);
        }
        System.out.printf("SM1MKL on %d points: %.2f s, %s%n", r.subsample(), r.mklSeconds(), r.kernel());
        System.out.printf("CVM, learned kernel: %.2f s, test accuracy %.4f%n", r.composedSeconds(), r.composedAccuracy());
        System.out.printf("CVM, Gaussian gamma %.4g: %.2f s, test accuracy %.4f%n", r.gaussianGamma(),
                r.gaussianSeconds(), r.gaussianAccuracy());
    }

    /** The composition on given data: MKL on {@code subsample} points (seeded), then both CVMs at cost C. */
    public static Result run(LabeledDataset train, LabeledDataset test, int subsample, double c, long seed) {
        // 1. Standardise with statistics of the training file; learn the kernel on a stratified subsample.
        FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
        LabeledDataset scaled = scaler.apply(train);
        LabeledDataset scaledTest = scaler.apply(test);
        LabeledDataset part = subsample >= scaled.size() ? scaled
                : scaled.subset(Splits.repeatedStratifiedHoldOut(scaled.labels(), (double) subsample / scaled.size(), 1, seed)
                        .get(0).train());
        long t0 = System.nanoTime();
        List<Kernel<Vec>> gaussians = new ArrayList<>();
        for (int e = -12; e <= -1; e++) {
            gaussians.add(new GaussianKernel(Math.scalb(1.0, e)));
        }
        MultipleKernel kernels = MultipleKernel.of(gaussians).withUnitTrace(part.points());
        MklModel mkl = SoftMarginMkl.fit(part, kernels, MklOptions.sm1(c, 1.0));
        double mklSeconds = (System.nanoTime() - t0) * 1e-9;

        // 2. Its kernel (mean k(x, x) = 1 on the training points), a CVM with it on all points.
        LearnedKernel learned = LearnedKernel.of(mkl, new LearnedKernel.Average()).withUnitMeanDiagonal(scaled.points());
        double eps = CvmOptions.autoEpsilon(1.0, c);
        t0 = System.nanoTime();
        CvmModel composed = CoreVectorMachine.fit(scaled, CvmOptions.libcvm(learned.kernel(), c, eps));
        double composedSeconds = (System.nanoTime() - t0) * 1e-9;

        // 3. The reference: the CVM with one Gaussian at LibCVM's gamma = 2 / mean squared distance, same data.
        double gamma = CoreVectorMachine.autoGamma(scaled.points());
        t0 = System.nanoTime();
        CvmModel gaussian = CoreVectorMachine.fit(scaled, CvmOptions.libcvm(new GaussianKernel(gamma), c, eps));
        double gaussianSeconds = (System.nanoTime() - t0) * 1e-9;

        // A model behind the scaler reads raw test points; these read the standardised ones.
        Model<Vec> composedRaw = new ScaledModel<>(scaler, composed);
        return new Result(part.size(), mklSeconds, composedSeconds, accuracy(composedRaw, test), gaussianSeconds,
                accuracy(gaussian, scaledTest), gamma, learned);
    }

    private static double accuracy(Model<Vec> model, LabeledDataset data) {
        int correct = 0;
        for (int i = 0; i < data.size(); i++) {
            correct += model.classNames().get(model.predict(data.x(i))).equals(data.classNames().get(data.classIndex(i)))
                    ? 1 : 0;
        }
        return (double) correct / data.size();
    }
}
