package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.RealData;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Composition 1 of issue #22 on real data (heart, 270 points, 13 features; fixed hyper-parameters): the kernel
 * SM1MKL learned, taken from its model file by {@link LearnedKernel}, is the kernel SM1MKL scored with, and
 * an SVM and a core vector machine train with it.
 */
class LearnedKernelCompositionTest {
    /** SVM cost C of SM1MKL and of the SVM trained on its kernel; SM1's cap theta = 1 / (nu M), nu = 0.1. */
    private static final double C = 10.0;

    @TempDir
    static Path dir;
    static LabeledDataset heart;
    static MklModel mkl;
    static Path file;

    @BeforeAll
    static void fitSm1MklAndSaveIt() throws Exception {
        heart = LibsvmFormat.readDense(RealData.file("heart/heart.libsvm"));
        FittedScaler scaler = FeatureScaling.STANDARD.fit(heart);
        LabeledDataset scaled = scaler.apply(heart);
        MultipleKernel kernels = MultipleKernel.simpleMklProtocol(scaled.dim()).withUnitTrace(scaled.points());
        mkl = SoftMarginMkl.fit(scaled, kernels, MklOptions.sm1(C, 10.0 / kernels.count()));
        file = dir.resolve("heart-sm1.model");
        Models.save(new ScaledModel<>(scaler, mkl), file);
    }

    @Test
    void theLearnedKernelFromTheModelFileReproducesSm1MklsDecisionsOnTheTrainingPoints() throws Exception {
        FittedModel<?> loaded = Models.load(file);
        @SuppressWarnings("unchecked")
        Model<Vec> mklFromFile = (Model<Vec>) loaded;
        LearnedKernel learned = Models.loadLearnedKernel(file, new LearnedKernel.Average());
        assertThat(learned.describe()).isEqualTo("its only machine");
        MklModel.Machine machine = mkl.machines().get(0);
        // the svm module's kernel expansion over SM1MKL's support vectors and coefficients, on the learned kernel
        KernelExpansionModel<Vec> expansion = KernelExpansionModel.of(learned.kernel(), mkl.supportVectors(),
                machine.coefficients(), machine.bias());
        LabeledDataset prepared = learned.prepare(heart, "heart");
        for (int i = 0; i < heart.size(); i++) {
            double f = mklFromFile.decisions(heart.x(i))[0];
            assertThat(expansion.decision(prepared.x(i))).as("point %d", i).isCloseTo(f, within(1e-9));
        }
    }

    @Test
    void aCvmOnTheLearnedKernelSavesAndReloadsItsKernelWithTheSameDecisions() throws Exception {
        LearnedKernel learned = Models.loadLearnedKernel(file, new LearnedKernel.Average());
        LabeledDataset prepared = learned.prepare(heart, "heart");
        learned = learned.withUnitMeanDiagonal(prepared.points());
        CvmModel cvm = CoreVectorMachine.fit(prepared, CvmOptions.jmlr(learned.kernel(), C, CvmOptions.autoEpsilon(1.0, C)));
        Path cvmFile = dir.resolve("heart-cvm.model");
        Models.save(new ScaledModel<>(learned.scaler(), cvm), cvmFile);
        @SuppressWarnings("unchecked")
        Model<Vec> back = (Model<Vec>) Models.load(cvmFile);
        for (int i = 0; i < heart.size(); i++) {
            // the file holds the kernel as sum(w_m * k_m) over the active base kernels, evaluated one by one
            assertThat(back.decisions(heart.x(i))[0]).as("point %d", i)
                    .isCloseTo(cvm.decisions(prepared.x(i))[0], within(1e-9));
        }
    }

    @Test
    void anSvmTrainedOnTheLearnedKernelAtSm1MklsCostMatchesSm1MklsFinalSvm() throws Exception {
        LearnedKernel learned = Models.loadLearnedKernel(file, new LearnedKernel.Average());
        LabeledDataset prepared = learned.prepare(heart, "heart");
        // SM1MKL's last step is an SVM (SMO, tolerance 1e-3) at its final weights and the same C: an SVM trained
        // afresh on that kernel solves the same dual, so its decisions differ only by the two solvers' tolerance
        SvmModel svm = Svm.fit(prepared, SvmOptions.of(learned.kernel()).withC(C));
        int agree = 0;
        double maxDiff = 0;
        for (int i = 0; i < heart.size(); i++) {
            double a = svm.decisions(prepared.x(i))[0];
            double b = mkl.decisions(prepared.x(i))[0];
            maxDiff = Math.max(maxDiff, Math.abs(a - b));
            agree += svm.predict(prepared.x(i)) == mkl.predict(prepared.x(i)) ? 1 : 0;
        }
        assertThat(maxDiff).isLessThan(0.05);
        assertThat(agree).isGreaterThanOrEqualTo(heart.size() - 2);
    }
}
