package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.SetKernelGram;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import dev.kernelkit.testing.TestData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core vector machines over bags: the same runs as over vectors when every bag holds one
 * instance, the L2-SVM optimum of the set kernel computed another way, the ball vector machine's
 * constant-diagonal rule, the one-class ball flagging anomalous bags, batch decisions and model files.
 */
class BagCoreVectorMachineTest {

    /** Each point as a bag of one instance, labels +1 / -1 as the class names "+1" / "-1". */
    private static BagDataset singletons(LabeledDataset d) {
        List<Bag> bags = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            bags.add(new Bag("b" + i, List.of(d.x(i))));
        }
        return BagDataset.binary(bags, d.labels());
    }

    /**
     * With one instance per bag, k_set(B, B') = (0 + k(x, x')) / (1 * 1) = k(x, x'): the problem, the
     * groups (class index 0 is -1 in both) and the seeded sampling are the same, so the bag run is the
     * vector run, bit for bit.
     */
    @Test
    void onSingletonBagsTheBagMachinesAreTheVectorMachinesBitForBit() {
        LabeledDataset d = SyntheticData.twoMoons(200, 0.2, 3);
        LabeledDataset t = SyntheticData.twoMoons(80, 0.2, 4);
        BagDataset b = singletons(d);
        BagDataset tb = singletons(t);
        GaussianKernel g = new GaussianKernel(1.5);
        for (CoreSetOptions cs : List.of(CoreSetOptions.libcvm(1e-5).withSeed(9), CoreSetOptions.jmlr(1e-4))) {
            CvmOptions vo = new CvmOptions(g, 50, cs, CvmOptions.MultiClass.ONE_VS_REST);
            BagCvmOptions bo = new BagCvmOptions(new SetKernel(g), 50, cs, CvmOptions.MultiClass.ONE_VS_REST);
            CvmModel v = CoreVectorMachine.fit(d, vo);
            BagCvmModel m = CoreVectorMachine.fitBags(b, bo);
            assertThat(m.machines().get(0).coreIndices()).containsExactly(v.machines().get(0).coreIndices());
            assertThat(m.machines().get(0).alpha()).containsExactly(v.machines().get(0).alpha());
            assertThat(m.report().objective()).containsExactly(v.report().objective());
            for (int i = 0; i < t.size(); i++) {
                assertThat(m.decisions(tb.bag(i))).containsExactly(v.decisions(t.x(i)));
            }
            CvmModel bv = BallVectorMachine.fit(d, vo);
            BagCvmModel bm = BallVectorMachine.fitBags(b, bo);
            for (int i = 0; i < t.size(); i++) {
                assertThat(bm.decisions(tb.bag(i))).containsExactly(bv.decisions(t.x(i)));
            }
            OneClassCvmModel ov = OneClassCvm.fit(d.points(), new OneClassCvmOptions(g, 5, cs));
            BagOneClassCvmModel om = OneClassCvm.fitBags(b.bags(), new BagOneClassCvmOptions(new SetKernel(g), 5, cs));
            for (int i = 0; i < t.size(); i++) {
                assertThat(om.decision(tb.bag(i))).isEqualTo(ov.decision(t.x(i)));
            }
        }
    }

    /**
     * The L2-SVM with regularised bias over the set-kernel Gram built by SetKernelGram (another
     * summation order) solved exactly by the kernels layer's SMO (the doubled problem of
     * CoreVectorMachineTest#l2SvmBySmo): the CVM's rho = ||c||^2 and its decisions agree to what
     * epsilon allows. With the final full scan every bag satisfies d_l^2 &le; (1+eps)^2 R^2, i.e.
     * (K~a)_l &ge; rho - (eps + eps^2/2) R^2, so for q(a) = a'K~a: q(a) - q* &le; 2 (q(a) - min_l (K~a)_l)
     * &le; 2 (eps + eps^2/2) R^2 =: D, and by strong convexity ||w - w*||^2 + (b - b*)^2 &le;
     * (a - a*)'K~(a - a*) &le; q(a) - q* &le; D. Hence |rho - rho*| &le; D and
     * |f(B) - f*(B)| = |(w - w*)'phi(B) + b - b*| &le; sqrt(D (k(B, B) + 1)). The bound is rigorous but
     * loose (sqrt(eps)); the error measured here is linear in eps, 2.0e-4 max|f| at eps = 1e-6 and
     * 2.4e-5 max|f| at 1e-7, so 1e-3 max|f| is asserted as well.
     */
    @Test
    void rhoAndDecisionsAgreeWithTheExactL2SvmOnTheSetKernelGram() {
        BagDataset b = TestData.randomBags(60, 5, 3, 2.5, 21);
        BagDataset test = TestData.randomBags(30, 5, 3, 2.5, 22);
        SetKernel k = new SetKernel(new GaussianKernel(0.4));
        double c = 10;
        double eps = 1e-6;
        CvmMachine<Bag> m = CoreVectorMachine.fitBinaryBags(b.bags(), signs(b), BagCvmOptions.jmlr(k, c, eps));
        assertThat(m.converged()).isTrue();
        double r2 = m.radius2();
        double kappa = 1; // the averaged set kernel of a Gaussian: k(B, B) <= 1
        int n = b.size();
        double[] y = signs(b);
        DenseKernelMatrix gram = SetKernelGram.singleThreaded().gram(k, b.bags());
        double[][] ks = new double[2 * n][2 * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double a = y[i] * y[j] * (gram.get(i, j) + 1);
                ks[i][j] = a;
                ks[i + n][j + n] = a;
                ks[i][j + n] = -a;
                ks[i + n][j] = -a;
            }
        }
        double[] yy = new double[2 * n];
        Arrays.fill(yy, 0, n, 1.0);
        Arrays.fill(yy, n, 2 * n, -1.0);
        SvmSolution sol = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-9))
                .solve(SvmProblem.of(DenseKernelMatrix.of(ks), yy, c / 4, SvmLoss.SQUARED_HINGE));
        double[] s = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            s[i] = sol.alpha(i) + sol.alpha(i + n);
            sum += s[i];
        }
        assertThat(m.rho()).isCloseTo(1 / sum, within(2 * (eps + eps * eps / 2) * r2));
        assertThat(m.rho()).isCloseTo(1 / sum, within(1e-6 / sum));
        List<Bag> all = new ArrayList<>(b.bags());
        all.addAll(test.bags());
        double maxF = 0;
        double maxDiff = 0;
        for (Bag bag : all) {
            double f = 0;
            for (int i = 0; i < n; i++) {
                f += s[i] / sum * y[i] * (k.apply(b.bag(i), bag) + 1);
            }
            maxF = Math.max(maxF, Math.abs(f));
            maxDiff = Math.max(maxDiff, Math.abs(m.decision(bag) - f));
        }
        double bound = Math.sqrt(2 * (eps + eps * eps / 2) * r2 * (kappa + 1));
        assertThat(maxDiff).isLessThanOrEqualTo(bound);
        assertThat(maxDiff).isLessThanOrEqualTo(1e-3 * maxF);
    }

    private static double[] signs(BagDataset b) {
        double[] y = new double[b.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = b.sign(i);
        }
        return y;
    }

    @Test
    void theBagCvmSeparatesTheRingBagsAndBatchDecisionsAreThePerBagOnes() {
        BagDataset train = SyntheticData.ringBags(100, 4, 8, 1);
        BagDataset test = SyntheticData.ringBags(100, 4, 8, 2);
        BagCvmModel m = CoreVectorMachine.fitBags(train, BagCvmOptions.libcvm(new SetKernel(new GaussianKernel(1.0)), 100,
                CvmOptions.autoEpsilon(1, 100)));
        int[] batch = m.predictIndices(test.bags());
        double[] f = m.machines().get(0).decisions(test.bags());
        int correct = 0;
        for (int i = 0; i < test.size(); i++) {
            assertThat(batch[i]).isEqualTo(m.predict(test.bag(i)));
            assertThat(f[i]).isEqualTo(m.decision(test.bag(i)));
            correct += batch[i] == test.classIndex(i) ? 1 : 0;
        }
        assertThat(correct / (double) test.size()).isGreaterThan(0.95);
    }

    @Test
    void theBallVectorMachineOnBagsNeedsTheNormalisedSetKernel() {
        BagDataset train = SyntheticData.ringBags(60, 4, 8, 5);
        BagDataset test = SyntheticData.ringBags(60, 4, 8, 6);
        assertThatThrownBy(() -> BallVectorMachine.fitBags(train,
                BagCvmOptions.libcvm(new SetKernel(new GaussianKernel(1.0)), 100, 1e-4)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a kernel with constant k(x, x)")
                .hasMessageContaining("on bags use the normalised set kernel");
        BagCvmModel m = BallVectorMachine.fitBags(train, BagCvmOptions.libcvm(SetKernel.normalized(new GaussianKernel(1.0)),
                100, CvmOptions.autoEpsilon(1, 100)));
        assertThat(m.report().learner()).isEqualTo("bag-bvm");
        int correct = 0;
        for (int i = 0; i < test.size(); i++) {
            correct += m.predict(test.bag(i)) == test.classIndex(i) ? 1 : 0;
        }
        assertThat(correct / (double) test.size()).isGreaterThan(0.9);
    }

    /**
     * Trained on negative ring bags only (every instance on the ring of radius 2), the ball leaves out
     * bags whose instances lie on rings of radius 3 or 1 (their mean embeddings are far from the
     * training bags'): nearly all are flagged anomalous, most held-out ring bags are not. (A positive
     * ring bag, a single centre witness among ring instances, moves its mean embedding too little for
     * the averaged set kernel: at this gamma and C a third of them are flagged.)
     */
    @Test
    void theOneClassBallOnBagsFlagsAnomalousBags() {
        BagDataset all = SyntheticData.ringBags(150, 4, 8, 7);
        List<Bag> normal = new ArrayList<>();
        List<Bag> heldOutNormal = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (all.sign(i) < 0) {
                (normal.size() < 100 ? normal : heldOutNormal).add(all.bag(i));
            }
        }
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        List<Bag> anomalous = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            List<Vec> inst = new ArrayList<>();
            int size = 4 + r.nextInt(5);
            for (int p = 0; p < size; p++) {
                double th = 2 * Math.PI * r.nextDouble();
                double rad = (i % 2 == 0 ? 3.0 : 1.0) + 0.1 * r.nextGaussian();
                inst.add(dev.kernelkit.data.DenseVec.of(rad * Math.cos(th), rad * Math.sin(th)));
            }
            anomalous.add(new Bag("a" + i, inst));
        }
        BagOneClassCvmModel m = OneClassCvm.fitBags(normal, new BagOneClassCvmOptions(
                new SetKernel(new GaussianKernel(1.0)), 100, CoreSetOptions.jmlr(1e-5)));
        assertThat(m.classNames()).containsExactly("outlier", "inlier");
        assertThat(m.report().learner()).isEqualTo("bag-one-class-cvm");
        double[] fa = m.decisions(anomalous);
        double[] fn = m.decisions(heldOutNormal);
        int flagged = 0;
        for (int i = 0; i < fa.length; i++) {
            assertThat(fa[i]).isEqualTo(m.decision(anomalous.get(i)));
            flagged += m.predict(anomalous.get(i)) == 0 ? 1 : 0;
        }
        int kept = 0;
        for (double v : fn) {
            kept += v > 0 ? 1 : 0;
        }
        // measured: 0.98 flagged, 0.88 kept
        assertThat(flagged / (double) anomalous.size()).as("anomalous bags flagged").isGreaterThan(0.9);
        assertThat(kept / (double) heldOutNormal.size()).as("normal bags kept").isGreaterThan(0.8);
    }

    @Test
    void aThreeClassOneVsOneBagModelRoundTripsThroughItsModelFile(@TempDir Path dir) throws Exception {
        BagDataset d = SyntheticData.fourGaussianBags(30, 3, 6, 8);
        BagCvmOptions o = BagCvmOptions.libcvm(new SetKernel(new GaussianKernel(1.0)), 100, 1e-5)
                .withMultiClass(CvmOptions.MultiClass.ONE_VS_ONE);
        BagCvmModel m = CoreVectorMachine.fitBags(d, o);
        assertThat(m.machines()).hasSize(3);
        assertThat(m.classNames()).isEqualTo(d.classNames());
        int correct = 0;
        for (int i = 0; i < d.size(); i++) {
            correct += m.predict(d.bag(i)) == d.classIndex(i) ? 1 : 0;
        }
        assertThat(correct / (double) d.size()).isGreaterThan(0.9);
        Path file = dir.resolve("ovo.model");
        Models.save(m, file);
        BagCvmModel back = (BagCvmModel) Models.load(file);
        assertThat(back.report()).isEqualTo(m.report());
        assertThat(back.multiClass()).isEqualTo(CvmOptions.MultiClass.ONE_VS_ONE);
        for (int k = 0; k < 3; k++) {
            assertThat(back.machines().get(k).coreIndices()).containsExactly(m.machines().get(k).coreIndices());
        }
        for (Bag b : d.bags()) {
            assertThat(back.decisions(b)).containsExactly(m.decisions(b));
            assertThat(back.machineDecisions(b)).containsExactly(m.machineDecisions(b));
        }
    }

    @Test
    void badBagInputIsRefusedWithAMessage() {
        BagDataset d = SyntheticData.ringBags(5, 2, 3, 1);
        BagDataset oneClass = d.subset(new int[] {0});
        BagCvmOptions o = BagCvmOptions.jmlr(new SetKernel(new GaussianKernel(1.0)), 10, 1e-3);
        assertThatThrownBy(() -> CoreVectorMachine.fitBags(oneClass, o)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bag-cvm needs examples of at least 2 classes");
        assertThatThrownBy(() -> OneClassCvm.fitBags(List.of(), new BagOneClassCvmOptions(o.kernel(), 1, o.coreSet())))
                .hasMessageContaining("at least one point");
        assertThatThrownBy(() -> new BagCvmOptions(o.kernel(), -1, o.coreSet(), o.multiClass()))
                .hasMessage("c must be > 0 and finite, got -1.0");
        List<Vec> two = List.of(dev.kernelkit.data.DenseVec.of(1, 2));
        List<Vec> three = List.of(dev.kernelkit.data.DenseVec.of(1, 2, 3));
        assertThatThrownBy(() -> OneClassCvm.fitBags(List.of(new Bag("a", two), new Bag("b", three)),
                new BagOneClassCvmOptions(o.kernel(), 1, o.coreSet())))
                .hasMessage("point 1 has dimension 3, expected 2");
    }
}
