package dev.kernelkit.mkl;

import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.PrecomputedKernelMatrices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.CrossKernelMatrix;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bad inputs that issue 5 lists, each with the message a user sees. */
class BadInputTest {
    static final LabeledDataset TRAIN = TestData.gaussianBlobs(30, 2, 2.0, 3);
    static final double[] Y = TRAIN.labels();

    static PrecomputedKernelMatrices twoGaussians() {
        List<KernelMatrix> k = new ArrayList<>();
        for (double gamma : new double[] {0.1, 1.0}) {
            k.add(DenseKernelMatrix.compute(new GaussianKernel(gamma), TRAIN.points()));
        }
        return PrecomputedKernelMatrices.of(k);
    }

    @Test
    void thetaBelowOneOverMIsRejectedByEveryEntryPoint() {
        // M = 2: theta must be >= 1/2
        assertThatThrownBy(() -> SoftMarginMkl.fitBinary(twoGaussians(), Y, MklOptions.sm1(1.0, 0.4)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("theta must be >= 1/M = 1/2 = 0.5, got 0.4");
        // the protocol on d = 2 has M = 13 * 3 = 39 kernels
        MultipleKernel protocol = MultipleKernel.simpleMklProtocol(2).withUnitTrace(TRAIN.points());
        assertThatThrownBy(() -> SoftMarginMkl.fit(TRAIN, protocol, MklOptions.sm1(1.0, 0.02)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("theta must be >= 1/M = 1/39");
        assertThatThrownBy(() -> CappedSimplexUpdate.solve(new double[] {1, 2, 3}, 0.3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1/M = 1/3");
        assertThatThrownBy(() -> MklOptions.sm2(1.0, 0.0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("theta must be > 0 and finite, got 0.0");
    }

    @Test
    void oneClassIsRejectedByTheTuningProtocolBeforeItsFoldsAre() {
        // three points of one class: the 5-fold split would fail first and ask for more examples
        List<Vec> x = List.of(DenseVec.wrap(new double[] {0, 1}), DenseVec.wrap(new double[] {1, 0}),
                DenseVec.wrap(new double[] {1, 1}));
        LabeledDataset one = new LabeledDataset(x, new double[] {1, 1, 1});
        MklProtocol.Grid grid = new MklProtocol.Grid(List.of(1.0, 10.0), List.of(0.0), List.of(1.0), List.of(2.0));
        assertThatThrownBy(() -> new MklProtocol.Tuning(MklOptions.sm1(1, 1), grid, true, false,
                MklProtocol.KernelChoice.protocol(), 5, 0).select(one, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("MKL needs at least 2 classes, got [1.0]");
    }

    @Test
    void pBelowOneOrNotANumberIsRejected() {
        assertThatThrownBy(() -> MklOptions.lp(1.0, 0.99)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("p must be >= 1, got 0.99");
        assertThatThrownBy(() -> MklOptions.lp(1.0, Double.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("p must be >= 1, got NaN");
    }

    @Test
    void emptyKernelListsAreRejected() {
        assertThatThrownBy(() -> MultipleKernel.of(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the kernel list must not be empty");
        assertThatThrownBy(() -> PrecomputedKernelMatrices.of(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the kernel list must not be empty");
        assertThatThrownBy(() -> PrecomputedKernelMatrices.ofArrays(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the kernel list must not be empty");
        assertThatThrownBy(() -> CappedSimplexUpdate.solve(new double[0], 1.0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the kernel list must not be empty");
    }

    @Test
    void nonSquareAndNonSymmetricGramMatricesAreRejectedWithTheirIndex() {
        double[][] ok = {{1, 0}, {0, 1}};
        assertThatThrownBy(() -> PrecomputedKernelMatrices.ofArrays(List.of(ok, new double[][] {{1, 0, 0}, {0, 1, 0}})))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Gram matrix 1 is not square: it has 2 rows but row 0 has 3 entries");
        assertThatThrownBy(() -> PrecomputedKernelMatrices.ofArrays(List.of(ok, new double[][] {{1, 0.25}, {0.75, 1}})))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Gram matrix 1: kernel matrix must be symmetric: (1, 0) = 0.75 but (0, 1) = 0.25");
        assertThatThrownBy(() -> PrecomputedKernelMatrices.ofArrays(List.of(ok, new double[][] {{1, Double.NaN}, {Double.NaN, 1}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Gram matrix 1").hasMessageContaining("NaN");
    }

    @Test
    void mismatchedTrainAndTestKernelListsAreRejected() {
        MklResult r = SoftMarginMkl.fitBinary(twoGaussians(), Y, MklOptions.average(1.0));
        List<Vec> test = TestData.gaussianBlobs(5, 2, 2.0, 4).points();
        Kernel<Vec> g = new GaussianKernel(0.1);
        CrossKernelMatrix good = CrossKernelMatrix.compute(g, test, TRAIN.points());
        assertThatThrownBy(() -> r.decisions(List.of(good)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected 2 test kernel matrices (one per base kernel), found 1");
        CrossKernelMatrix shortRows = CrossKernelMatrix.compute(g, test, TRAIN.points().subList(0, 29));
        assertThatThrownBy(() -> r.decisions(List.of(good, shortRows)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("test kernel matrix 1 is 5 x 29, expected 5 x 30 (test points x training points)");
        // a model on 2-dimensional points asked about a 3-dimensional one
        MklModel model = SoftMarginMkl.fit(TRAIN, MultipleKernel.of(List.of(g)), MklOptions.average(1.0));
        assertThatThrownBy(() -> model.decision(DenseVec.of(1, 2, 3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the point has dimension 3 but the model's base kernels were fitted on 2-dimensional training points");
    }
}
