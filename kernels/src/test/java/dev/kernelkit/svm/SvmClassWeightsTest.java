package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.testing.TestData;
import org.junit.jupiter.api.Test;

/**
 * Class weights in {@link Svm} and {@link BagSvm}: balanced weights raise the minority class's recall on a
 * held-out sample, the default (and weights that are all 1) give bit-identical models to the unweighted
 * fit, the options print the weights only when there are some, an unknown class is refused at fit time,
 * and the squared hinge takes the weighted costs too.
 */
class SvmClassWeightsTest {
    private static final GaussianKernel KERNEL = new GaussianKernel(0.5);

    /** The recall of class +1 (the minority) over a sample. */
    private static double minorityRecall(SvmModel model, LabeledDataset test) {
        int hits = 0;
        int positives = 0;
        for (int i = 0; i < test.size(); i++) {
            if (test.y(i) > 0) {
                positives++;
                hits += model.predictLabel(test.x(i)) > 0 ? 1 : 0;
            }
        }
        return hits / (double) positives;
    }

    @Test
    void balancedWeightsRaiseTheMinorityRecallOnAHeldOutSample() {
        // 200 points of class -1 from N(0, I_2), 20 of class +1 from N((1.2, 1.2), I_2): they overlap, so the
        // unweighted SVM gives most of the overlap to the majority
        LabeledDataset train = ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(200, 20, 41);
        LabeledDataset test = ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(2000, 200, 42);
        SvmOptions plain = SvmOptions.of(KERNEL);
        double before = minorityRecall(Svm.fit(train, plain), test);
        double after = minorityRecall(Svm.fit(train, plain.withClassWeights(ClassWeights.BALANCED)), test);
        assertThat(after).as("minority recall unweighted %s, balanced %s", before, after).isGreaterThan(before + 0.2);
    }

    @Test
    void theDefaultAndWeightsOfOneGiveBitIdenticalModelsToTheUnweightedFit() {
        LabeledDataset train = ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(50, 15, 3);
        SvmModel plain = Svm.fit(train, SvmOptions.of(KERNEL));
        SvmModel none = Svm.fit(train, SvmOptions.of(KERNEL).withClassWeights(ClassWeights.NONE));
        SvmModel ones = Svm.fit(train, SvmOptions.of(KERNEL).withClassWeights(ClassWeights.parse("-1=1,1=1")));
        for (Vec z : ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(20, 20, 4).points()) {
            assertThat(none.decision(z)).isEqualTo(plain.decision(z));
            assertThat(ones.decision(z)).isEqualTo(plain.decision(z));
        }
        assertThat(none.report().options()).isEqualTo(plain.report().options());
        assertThat(SvmOptions.of(KERNEL)).isEqualTo(SvmOptions.of(KERNEL).withClassWeights(ClassWeights.NONE));
    }

    @Test
    void theOptionsPrintTheRecordTextAndTheWeightsOnlyWhenThereAreSome() {
        String solver = "solver=Options[eps=0.001, shrinking=true, maxIterations=0, cacheMb=200.0]";
        assertThat(SvmOptions.of(KERNEL)).hasToString("SvmOptions[kernel=GaussianKernel[gamma=0.5], c=1.0, loss=HINGE, "
                + solver + ", kernelCacheMb=0.0]");
        assertThat(SvmOptions.of(KERNEL).withClassWeights(ClassWeights.parse("1=5,-1=0.5"))).hasToString(
                "SvmOptions[kernel=GaussianKernel[gamma=0.5], c=1.0, loss=HINGE, " + solver
                        + ", kernelCacheMb=0.0, classWeights=1=5.0,-1=0.5]");
        assertThat(BagSvmOptions.of(new SetKernel(KERNEL)).withClassWeights(ClassWeights.BALANCED)).hasToString(
                "BagSvmOptions[kernel=set(gaussian:gamma=0.5), c=1.0, loss=HINGE, " + solver
                        + ", kernelCacheMb=0.0, classWeights=balanced]");
        assertThat(SvmOptions.of(KERNEL).withClassWeights(ClassWeights.BALANCED))
                .isNotEqualTo(SvmOptions.of(KERNEL));
    }

    @Test
    void anUnknownClassIsRefusedAtFitTimeListingTheTrainingClasses() {
        LabeledDataset train = ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(10, 5, 1);
        assertThatThrownBy(() -> Svm.fit(train, SvmOptions.of(KERNEL).withClassWeights(ClassWeights.parse("2=3"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("class weights: unknown class '2'; the training set's classes: -1, 1");
        BagDataset bags = TestData.randomBags(12, 3, 2, 2.0, 1);
        assertThatThrownBy(() -> BagSvm.fit(bags, BagSvmOptions.of(new SetKernel(KERNEL))
                .withClassWeights(ClassWeights.parse("pos=3"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("class weights: unknown class 'pos'; the training set's classes: -1, +1");
    }

    @Test
    void theSquaredHingeSolvesTheDualWithTheWeightedCosts() {
        // the L2-SVM dual with C_i = C w_{c(i)}: K + diag(1 / (2 C_i)), solved by LIBSVM on the precomputed matrix
        LabeledDataset train = ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(40, 10, 9);
        SvmOptions o = SvmOptions.of(KERNEL).withC(2).withLoss(SvmLoss.SQUARED_HINGE)
                .withSolver(SmoSolver.Options.defaults().withEps(1e-8)).withClassWeights(ClassWeights.BALANCED);
        SvmModel ours = Svm.fit(train, o);
        // n = 50: w_- = 50 / (2 * 40) = 0.625, w_+ = 50 / (2 * 10) = 2.5
        double[] c = new double[train.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = 2 * (train.y(i) > 0 ? 2.5 : 0.625);
        }
        SvmSolution lib = new LibsvmSolver(1e-8, true, 100).solve(new SvmProblem(
                DenseKernelMatrix.compute(KERNEL, train.points()), train.labels(), c, SvmLoss.SQUARED_HINGE));
        assertThat(ours.report().objective()[0]).isCloseTo(lib.objective(), within(1e-6 * Math.abs(lib.objective())));
        BagDataset bags = TestData.randomBags(30, 3, 2, 1.0, 2);
        BagSvmModel weighted = BagSvm.fit(bags, BagSvmOptions.of(new SetKernel(KERNEL)).withLoss(SvmLoss.SQUARED_HINGE)
                .withClassWeights(ClassWeights.parse("+1=3")));
        BagSvmModel plain = BagSvm.fit(bags, BagSvmOptions.of(new SetKernel(KERNEL)).withLoss(SvmLoss.SQUARED_HINGE));
        assertThat(weighted.report().objective()[0]).isNotEqualTo(plain.report().objective()[0]);
    }
}
