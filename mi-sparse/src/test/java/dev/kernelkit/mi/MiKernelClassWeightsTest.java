package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.svm.BagSvm;
import dev.kernelkit.svm.BagSvmModel;
import dev.kernelkit.svm.BagSvmOptions;
import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.svm.LibsvmSolver;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Class weights in {@link MiKernel}: the weighted dual over the averaged set-kernel matrix with bag costs
 * C w_{c(i)} is LIBSVM's (C-SVC, precomputed kernel, {@code -w+1 3}) and the bag SVM's with the same weights;
 * the options print the weights only when there are some; the catalog's {@code class-weight} reaches the
 * options; an unknown class is refused at fit time.
 */
class MiKernelClassWeightsTest {
    private static final double GAMMA = 0.4;
    private static final double C = 2.0;

    /** 40 random bags, then every negative bag and one positive in four: 20 negative, 5 positive. */
    static BagDataset imbalancedBags() {
        BagDataset all = TestData.randomBags(40, 4, 3, 1.0, 17);
        List<Integer> keep = new ArrayList<>();
        int positives = 0;
        for (int i = 0; i < all.size(); i++) {
            if (all.sign(i) < 0 || positives++ % 4 == 0) {
                keep.add(i);
            }
        }
        return all.subset(keep.stream().mapToInt(Integer::intValue).toArray());
    }

    @Test
    void weightedMiKernelEqualsLibsvmWithWiAndTheBagSvmWithTheSameWeights() {
        BagDataset data = imbalancedBags();
        assertThat(data.classCounts()).containsExactly(20, 5);
        SmoSolver.Options tight = SmoSolver.Options.defaults().withEps(1e-8);
        ClassWeights w = ClassWeights.parse("+1=3");
        MiKernelModel mik = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(GAMMA).withC(C).withSolver(tight)
                .withClassWeights(w));
        BagSvmModel bagSvm = BagSvm.fit(data, BagSvmOptions.of(new SetKernel(new GaussianKernel(GAMMA))).withC(C)
                .withSolver(tight).withClassWeights(w));

        double[] y = new double[data.size()];
        double[] c = new double[data.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = data.sign(i);
            c[i] = C * (y[i] > 0 ? 3 : 1);
        }
        DenseKernelMatrix k = DenseKernelMatrix.compute(new SetKernel(new GaussianKernel(GAMMA)), data.bags());
        SvmSolution lib = new LibsvmSolver(1e-8, true, 100).solve(new SvmProblem(k, y, c, SvmLoss.HINGE));
        double obj = lib.objective();
        assertThat(mik.report().objective()[0]).as("MI-Kernel vs LIBSVM objective").isCloseTo(obj,
                within(1e-6 * Math.abs(obj)));
        assertThat(bagSvm.report().objective()[0]).as("bag SVM vs LIBSVM objective").isCloseTo(obj,
                within(1e-6 * Math.abs(obj)));
        double[][] kk = k.toArray();
        for (int i = 0; i < data.size(); i++) {
            double f = lib.bias();
            for (int j = 0; j < data.size(); j++) {
                f += lib.alpha(j) * y[j] * kk[i][j];
            }
            Bag b = data.bag(i);
            assertThat(mik.decision(b)).as("MI-Kernel decision at bag %d", i).isCloseTo(f, within(1e-6));
            assertThat(bagSvm.decisions(b)[0]).as("bag SVM decision at bag %d", i).isCloseTo(f, within(1e-6));
        }
        double plain = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(GAMMA).withC(C).withSolver(tight))
                .report().objective()[0];
        assertThat(Math.abs(plain - obj)).as("the weights change the problem").isGreaterThan(1e-3);
    }

    @Test
    void theOptionsPrintTheWeightsOnlyWhenThereAreSome() {
        MiKernelOptions o = MiKernelOptions.defaults();
        String solver = "solver=Options[eps=0.001, shrinking=true, maxIterations=0, cacheMb=200.0]";
        assertThat(o).hasToString("MiKernelOptions[kernel=GaussianKernel[gamma=1.0], c=1.0, loss=HINGE, " + solver
                + ", form=AVERAGED]");
        assertThat(o.withClassWeights(ClassWeights.BALANCED)).hasToString("MiKernelOptions[kernel=GaussianKernel"
                + "[gamma=1.0], c=1.0, loss=HINGE, " + solver + ", form=AVERAGED, classWeights=balanced]");
        assertThat(o.withClassWeights(ClassWeights.NONE)).isEqualTo(o);
    }

    @Test
    void theCatalogsClassWeightReachesTheOptionsAndAnUnknownClassIsRefusedAtFitTime() {
        BagDataset data = imbalancedBags();
        @SuppressWarnings("unchecked")
        Learner<Bag> learner = (Learner<Bag>) Learners.find(MiKernel.NAME);
        MiKernelOptions defaults = (MiKernelOptions) learner.trainer(data, 1).options();
        assertThat(learner.trainer(data, 1, Map.of("class-weight", "balanced")).options())
                .isEqualTo(defaults.withClassWeights(ClassWeights.BALANCED));
        assertThatThrownBy(() -> learner.trainer(data, 1, Map.of("class-weight", "pos=2")).fit(data))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("class weights: unknown class 'pos'; the training set's classes: -1, +1");
    }
}
