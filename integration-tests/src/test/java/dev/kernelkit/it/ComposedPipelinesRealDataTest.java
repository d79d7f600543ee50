package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.svm.KernelWeightSelection;
import dev.kernelkit.testing.RealData;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The composed pipelines of issue #22 on real data with fixed hyper-parameters, each against the accuracy floor
 * recorded in RESULTS.md ("Compositions"), small enough for CI.
 */
class ComposedPipelinesRealDataTest {

    /**
     * Composition 2, small: SM1MKL (12 Gaussians on all variables, gamma 2^-12..2^-1, C 1, theta 1) on a
     * stratified 300-point subsample of the first 3,000 a9a training rows, then a CVM (C 1, LibCVM's automatic
     * epsilon) with the learned kernel on all 3,000; scored on the first 3,000 test rows.
     */
    @Test
    void sm1MklOnASubsampleThenACvmOnAllPointsReachesItsFloorOnA9a() throws Exception {
        LabeledDataset all = LibsvmFormat.readDense(RealData.file("a9a/a9a.libsvm"));
        LabeledDataset allTest = LibsvmFormat.readDense(RealData.file("a9a/a9a.t.libsvm"), all.dim());
        LabeledDataset train = all.subset(IntStream.range(0, 3000).toArray());
        LabeledDataset test = allTest.subset(IntStream.range(0, 3000).toArray());
        FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
        LabeledDataset scaled = scaler.apply(train);
        LabeledDataset part = scaled.subset(Splits.repeatedStratifiedHoldOut(scaled.labels(), 0.1, 1, 1).get(0).train());
        List<Kernel<Vec>> gaussians = new ArrayList<>();
        for (int e = -12; e <= -1; e++) {
            gaussians.add(new GaussianKernel(Math.scalb(1.0, e)));
        }
        MklModel mkl = SoftMarginMkl.fit(part, MultipleKernel.of(gaussians).withUnitTrace(part.points()),
                MklOptions.sm1(1.0, 1.0));
        LearnedKernel learned = LearnedKernel.of(mkl, new LearnedKernel.Average()).withUnitMeanDiagonal(scaled.points());
        CvmModel cvm = CoreVectorMachine.fit(scaled, CvmOptions.libcvm(learned.kernel(), 1.0, CvmOptions.autoEpsilon(1.0, 1.0))
                .withSeed(1));
        double acc = accuracy(cvm, scaler.apply(test));
        System.out.printf("a9a 3000/3000, SM1MKL on %d then CVM: test accuracy %.4f%n", part.size(), acc);
        assertThat(acc).isGreaterThanOrEqualTo(A9A_SMALL_FLOOR);
    }

    /**
     * Composition 4 on TOX-171 (one stratified 70/30 split, seed 1): IMKPL (T 18, lambda 0.1, mu 0.3, tau 0.1,
     * capped beta-step r = 72, distance-difference J_ls, 10 iterations) keeps 72 of 5,748 features; an SVM
     * (C 10, gamma 1 / 72 on the standardised kept features) classifies with them.
     */
    @Test
    void imkplKeeps72FeaturesOfTox171AndAnSvmOnThemReachesItsFloor() throws Exception {
        LabeledDataset data = LibsvmFormat.readDense(RealData.file("tox171/tox171.libsvm"));
        Splits.Split split = Splits.repeatedStratifiedHoldOut(data.labels(), 0.7, 1, 1).get(0);
        LabeledDataset train = data.subset(split.train());
        LabeledDataset test = data.subset(split.test());
        ImkplOptions o = new ImkplOptions(18, 0.1, 0.3, 0.1, ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP,
                ImkplOptions.LsForm.DISTANCE_DIFFERENCE, 10, 1e-4, true, ImkplOptions.SelfCoding.HIDE_SELF_PROTOTYPE, 72, 1);
        ImkplModel imkpl = Imkpl.fit(train, MultipleKernel.gaussianPerFeature(train.points()), o, FitListener.SILENT);
        KernelWeightSelection kept = KernelWeightSelection.fit(imkpl, train, 10.0);
        assertThat(kept.keptFeatures()).hasSize(72);
        double acc = accuracy(kept.onKeptFeatures(), test);
        double accKernel = accuracy(kept.onLearnedKernel(), test);
        System.out.printf("TOX-171 split 1: SVM on IMKPL's 72 features %.4f, SVM on its learned kernel %.4f%n", acc,
                accKernel);
        assertThat(acc).isGreaterThanOrEqualTo(TOX_KEPT_FLOOR);
        assertThat(accKernel).isGreaterThanOrEqualTo(TOX_KERNEL_FLOOR);
    }

    /**
     * Recorded floors (RESULTS.md, "Compositions"): the measured accuracy (a9a 0.8320 = 2496 / 3000; TOX-171
     * 0.9245 = 49 / 53 on the kept features, 0.8679 = 46 / 53 on the learned kernel) less about one point, so
     * that a change of a few predictions (solver or summation order) passes and a broken composition does not.
     */
    private static final double A9A_SMALL_FLOOR = 0.82;
    private static final double TOX_KEPT_FLOOR = 0.90;
    private static final double TOX_KERNEL_FLOOR = 0.85;

    private static double accuracy(Model<Vec> model, LabeledDataset data) {
        int correct = 0;
        for (int i = 0; i < data.size(); i++) {
            correct += model.classNames().get(model.predict(data.x(i))).equals(data.classNames().get(data.classIndex(i)))
                    ? 1 : 0;
        }
        return (double) correct / data.size();
    }
}
