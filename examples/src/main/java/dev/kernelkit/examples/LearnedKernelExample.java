package dev.kernelkit.examples;

import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A learned kernel, used anywhere: SM1MKL (Xu, Tsang and Xu, TNNLS 2013) learns which of the SimpleMKL base
 * kernels matter on two moons hidden among noise features; {@link LearnedKernel} takes that kernel (and the
 * standardisation it was learned behind) out of the model, and an SVM (SMO) and a core vector machine (Tsang,
 * Kwok and Cheung, JMLR 2005) train with it. Run with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.LearnedKernelExample}.
 */
public final class LearnedKernelExample {
    private LearnedKernelExample() {
    }

    /** Test accuracies of the three models and the learned kernel. */
    public record Result(double mklAccuracy, double svmAccuracy, double cvmAccuracy, LearnedKernel kernel) {
    }

    public static void main(String[] args) {
        Result r = run(300, 4, 1);
        System.out.printf("learned kernel: %s%n", r.kernel());
        System.out.printf("test accuracy: SM1MKL %.3f, SVM on its kernel %.3f, CVM on its kernel %.3f%n",
                r.mklAccuracy(), r.svmAccuracy(), r.cvmAccuracy());
    }

    /**
     * Runs the composition on {@code n} training and {@code n} test points of two moons with {@code noise} extra
     * N(0, 1) features.
     */
    public static Result run(int n, int noise, long seed) {
        // 1. Data: the label is which moon (features 1-2); the other features are pure noise.
        LabeledDataset train = moonsWithNoise(n, noise, seed);
        LabeledDataset test = moonsWithNoise(n, noise, seed + 1);

        // 2. SM1MKL behind a standardisation fitted on the training points: 13 (d + 1) base kernels (Gaussians
        //    and polynomials on all variables and on each one), unit trace; C = 10, no weight above 10 / M.
        FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
        LabeledDataset scaled = scaler.apply(train);
        MultipleKernel kernels = MultipleKernel.simpleMklProtocol(scaled.dim()).withUnitTrace(scaled.points());
        MklModel mkl = SoftMarginMkl.fit(scaled, kernels, MklOptions.sm1(10.0, 10.0 / kernels.count()));
        Model<Vec> mklModel = new ScaledModel<>(scaler, mkl);

        // 3. The learned kernel with its scaler, scaled so that k(x, x) is 1 on average over the training
        //    points (the unit-trace kernels are of order 1 / n; this only moves the scale of C).
        LearnedKernel learned = LearnedKernel.of(mklModel, new LearnedKernel.Average());
        LabeledDataset prepared = learned.prepare(train, "the training set");
        learned = learned.withUnitMeanDiagonal(prepared.points());
        LabeledDataset preparedTest = learned.prepare(test, "the test set");

        // 4. Another module trains with it: an SVM (SMO, hinge loss) and a core vector machine (L2-SVM).
        SvmModel svm = Svm.fit(prepared, SvmOptions.of(learned.kernel()).withC(10.0));
        CvmModel cvm = CoreVectorMachine.fit(prepared, CvmOptions.jmlr(learned.kernel(), 10.0, CvmOptions.autoEpsilon(1.0, 10.0)));

        return new Result(accuracy(mklModel, test), accuracy(svm, preparedTest), accuracy(cvm, preparedTest), learned);
    }

    private static double accuracy(Model<Vec> model, LabeledDataset data) {
        int correct = 0;
        for (int i = 0; i < data.size(); i++) {
            correct += model.classNames().get(model.predict(data.x(i))).equals(data.classNames().get(data.classIndex(i)))
                    ? 1 : 0;
        }
        return (double) correct / data.size();
    }

    /** Two moons (noise 0.15) in features 1-2 and {@code noise} standard normal features after them. */
    static LabeledDataset moonsWithNoise(int n, int noise, long seed) {
        LabeledDataset moons = SyntheticData.twoMoons(n, 0.15, seed);
        SplittableRandom rnd = new SplittableRandom(seed + 7919);
        List<Vec> points = new ArrayList<>();
        for (int i = 0; i < moons.size(); i++) {
            double[] x = new double[2 + noise];
            x[0] = moons.x(i).get(0);
            x[1] = moons.x(i).get(1);
            for (int j = 2; j < x.length; j++) {
                x[j] = rnd.nextGaussian();
            }
            points.add(DenseVec.wrap(x));
        }
        return new LabeledDataset(points, moons.labels());
    }
}
