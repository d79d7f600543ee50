package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.SetKernelGram;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.testing.TestData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SVM over bags against the SVM over vectors, against SMO on the independently built set-kernel Gram, and its model file. */
class BagSvmTest {

    /** Bags of one instance each: the set kernel is the instance kernel, so the two fits are the same run. */
    @Test
    void onSingletonBagsTheBagSvmIsTheVectorSvmBitForBit() {
        LabeledDataset d = TestData.gaussianBlobs(60, 3, 2.0, 5);
        List<Bag> bags = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            bags.add(new Bag("b" + i, List.of(d.x(i))));
        }
        BagDataset b = BagDataset.binary(bags, d.labels());
        GaussianKernel g = new GaussianKernel(0.4);
        for (SvmLoss loss : SvmLoss.values()) {
            SvmModel v = Svm.fit(d, SvmOptions.of(g).withC(3).withLoss(loss));
            BagSvmModel m = BagSvm.fit(b, BagSvmOptions.of(new SetKernel(g)).withC(3).withLoss(loss));
            assertThat(m.report().iterations()).isEqualTo(v.report().iterations());
            assertThat(m.supportVectorCount()).isEqualTo(v.supportVectorCount());
            for (int i = 0; i < d.size(); i++) {
                assertThat(m.decisions(b.bag(i))).containsExactly(v.decisions(d.x(i)));
            }
        }
    }

    /**
     * SMO on the set-kernel Gram built by SetKernelGram (blocked instance Gram, another summation order)
     * reaches the same optimum: decisions agree to the solvers' tolerance.
     */
    @Test
    void decisionsAgreeWithSmoOnTheDenseSetKernelGram() {
        BagDataset b = TestData.randomBags(50, 6, 3, 2.5, 11);
        SetKernel k = new SetKernel(new GaussianKernel(0.5));
        SmoSolver.Options tight = SmoSolver.Options.defaults().withEps(1e-8);
        BagSvmModel m = BagSvm.fit(b, BagSvmOptions.of(k).withC(2).withSolver(tight));
        double[] y = new double[b.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = b.sign(i);
        }
        SvmSolution s = new SmoSolver(tight).solve(SvmProblem.of(SetKernelGram.singleThreaded().gram(k, b.bags()), y, 2,
                SvmLoss.HINGE));
        KernelExpansionModel<Bag> dense = KernelExpansionModel.fromSolution(k, b.bags(), y, s);
        double maxF = 0;
        for (int i = 0; i < b.size(); i++) {
            maxF = Math.max(maxF, Math.abs(dense.decision(b.bag(i))));
        }
        for (int i = 0; i < b.size(); i++) {
            assertThat(m.decisions(b.bag(i))[0]).isCloseTo(dense.decision(b.bag(i)), within(1e-6 * maxF));
        }
    }

    @Test
    void batchDecisionsAreThePerBagDecisionsAndAThreeClassModelRoundTrips(@TempDir Path dir) throws Exception {
        BagDataset b = TestData.randomMultiClassBags(45, 3, 5, 3, 3.0, 4);
        BagSvmModel m = BagSvm.fit(b, BagSvmOptions.of(new SetKernel(new GaussianKernel(0.3))).withC(10));
        assertThat(m.classNames()).containsExactly("c0", "c1", "c2");
        assertThat(m.expansionModels()).hasSize(3);
        double[][] batch = m.decisions(b.bags());
        int correct = 0;
        for (int i = 0; i < b.size(); i++) {
            assertThat(batch[i]).containsExactly(m.decisions(b.bag(i)));
            correct += m.predict(b.bag(i)) == b.classIndex(i) ? 1 : 0;
        }
        assertThat(correct).isGreaterThan(40);
        Path file = dir.resolve("m.model");
        Models.save(m, file);
        BagSvmModel back = (BagSvmModel) Models.load(file);
        for (Bag bag : b.bags()) {
            assertThat(back.decisions(bag)).containsExactly(m.decisions(bag));
        }
        assertThat(back.report()).isEqualTo(m.report());
    }

    @Test
    void theGaussianSetKernelOfDenseInstancesUsesTheInstanceRows() {
        List<Vec> inst = TestData.randomDense(3, 2, 1);
        assertThat(dev.kernelkit.gram.BagKernelMatrix.of(List.of(new Bag("a", inst)), new SetKernel(new GaussianKernel(1)), 0)
                .usesSetKernelPath()).isTrue();
    }
}
