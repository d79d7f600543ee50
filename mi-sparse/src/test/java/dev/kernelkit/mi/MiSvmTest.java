package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MiSvmTest {
    /** Ring bags: a positive bag has a centre instance, negatives only ring instances — separable by an RBF. */
    private static final BagDataset RING = SyntheticData.ringBags(15, 2, 6, 5);

    @ParameterizedTest
    @EnumSource(MiSvmOptions.Variant.class)
    void separableRingBagsReachFullTrainingAccuracyAndStopBeforeTheCap(MiSvmOptions.Variant v) {
        MiSvmModel m = MiSvm.fit(RING, MiSvmOptions.defaults(v).withGamma(1.0).withC(100).withMaxRounds(30));
        assertThat(Metrics.accuracy(m, RING)).isEqualTo(1.0);
        assertThat(m.converged()).containsExactly(true);
        assertThat(m.rounds()[0]).isBetween(1, 29);
    }

    @ParameterizedTest
    @EnumSource(MiSvmOptions.Variant.class)
    void aLastSvmSolveStoppedAtTheSmoCapCountsAsUnconverged(MiSvmOptions.Variant v) {
        MiSvmOptions o = MiSvmOptions.defaults(v).withGamma(1.0).withC(100).withMaxRounds(30);
        assertThat(MiSvm.fit(RING, o).unconvergedMachines()).isZero();
        MiSvmModel capped = MiSvm.fit(RING, o.withSolver(dev.kernelkit.svm.SmoSolver.Options.defaults().withMaxIterations(1)));
        assertThat(capped.converged()).containsExactly(false);
        assertThat(capped.unconvergedMachines()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(MiSvmOptions.Variant.class)
    void roundCapIsRespected(MiSvmOptions.Variant v) {
        BagDataset d = TestData.randomBags(30, 5, 3, 1.0, 11);
        MiSvmModel m = MiSvm.fit(d, MiSvmOptions.defaults(v).withGamma(0.5).withC(10).withMaxRounds(1));
        assertThat(m.rounds()[0]).isEqualTo(1);
    }

    @Test
    void miSvmOnSingleInstanceBagsIsTheOrdinaryInstanceSvm() {
        // One instance per bag: the imputed label of a positive bag's only instance is always +1
        // (positive f, or the bag's argmax when f <= 0), so labels never change and the model is
        // the C-SVM on the instances with the bag labels, solved here directly.
        BagDataset multi = TestData.randomBags(30, 1, 3, 2.0, 3);
        List<Bag> single = new ArrayList<>();
        List<Vec> xs = new ArrayList<>();
        double[] y = new double[multi.size()];
        for (int i = 0; i < multi.size(); i++) {
            Vec x = multi.bag(i).instance(0);
            single.add(new Bag("s" + i, List.of(x)));
            xs.add(x);
            y[i] = multi.sign(i);
        }
        BagDataset d = BagDataset.binary(single, y);
        MiSvmModel m = MiSvm.fit(d, MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE).withGamma(0.3).withC(2));
        assertThat(m.rounds()[0]).isEqualTo(1);
        GaussianKernel k = new GaussianKernel(0.3);
        DenseKernelMatrix gram = DenseKernelMatrix.compute(k, xs);
        SvmSolution sol = new SmoSolver().solve(SvmProblem.of(gram, y, 2, SvmLoss.HINGE));
        for (int i = 0; i < d.size(); i++) {
            double f = sol.bias();
            for (int j = 0; j < xs.size(); j++) {
                f += sol.alpha(j) * y[j] * gram.get(j, i);
            }
            assertThat(m.decisions(d.bag(i))[0]).isCloseTo(f, within(1e-9));
        }
    }

    @Test
    void bagScoreIsTheLargestInstanceScore() {
        MiSvmModel m = MiSvm.fit(RING, MiSvmOptions.defaults(MiSvmOptions.Variant.BAG).withGamma(1.0).withC(10));
        Bag b = RING.bag(0);
        double max = Double.NEGATIVE_INFINITY;
        for (Vec x : b.instances()) {
            max = Math.max(max, m.machines().get(0).decision(x));
        }
        assertThat(m.decisions(b)[0]).isEqualTo(max);
    }

    @ParameterizedTest
    @EnumSource(MiSvmOptions.Variant.class)
    void threeClassesOneVsRestFitTheirTrainingBags(MiSvmOptions.Variant v) {
        BagDataset d = TestData.randomMultiClassBags(36, 3, 4, 3, 6.0, 9);
        MiSvmModel m = MiSvm.fit(d, MiSvmOptions.defaults(v).withGamma(0.3).withC(100));
        assertThat(m.machines()).hasSize(3);
        assertThat(Metrics.accuracy(m, d)).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void optionsRejectBadValues() {
        MiSvmOptions o = MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE);
        assertThatThrownBy(() -> o.withC(-1)).hasMessageContaining("c must be > 0 and finite, got -1");
        assertThatThrownBy(() -> o.withMaxRounds(0)).hasMessageContaining("maxRounds must be >= 1, got 0");
        assertThat(MiSvmOptions.Variant.INSTANCE.literatureName()).isEqualTo("mi-SVM");
        assertThat(MiSvmOptions.Variant.BAG.literatureName()).isEqualTo("MI-SVM");
    }

    /** The data with every instance of every negative bag repeated {@code times} times. */
    private static BagDataset repeatNegatives(BagDataset d, int times) {
        List<Bag> bags = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            Bag b = d.bag(i);
            if (d.sign(i) > 0) {
                bags.add(b);
                continue;
            }
            List<Vec> x = new ArrayList<>();
            for (Vec v : b.instances()) {
                for (int t = 0; t < times; t++) {
                    x.add(v);
                }
            }
            bags.add(new Bag(b.id(), x));
        }
        return d.withBags(bags);
    }

    @ParameterizedTest
    @EnumSource(MiSvmOptions.Variant.class)
    void bagWeightingMakesANegativeBagsWeightIndependentOfRepeatingItsInstances(MiSvmOptions.Variant v) {
        // With C / s per sample, t copies of a negative instance carry C / s each, total t C / (t s) = C / s:
        // in the dual only the copies' summed alpha matters, so the machine (and every decision) is the
        // one of the unrepeated data. With cost C per sample the repeated bags weigh t times more.
        BagDataset d = TestData.randomBags(30, 4, 3, 2.0, 13);
        BagDataset tripled = repeatNegatives(d, 3);
        MiSvmOptions bag = MiSvmOptions.defaults(v).withGamma(0.5).withC(5)
                .withWeighting(MiSvmOptions.Weighting.BAG)
                .withSolver(SmoSolver.Options.defaults().withEps(1e-9));
        MiSvmModel a = MiSvm.fit(d, bag);
        MiSvmModel b = MiSvm.fit(tripled, bag);
        MiSvmModel c = MiSvm.fit(tripled, bag.withWeighting(MiSvmOptions.Weighting.INSTANCE));
        double instanceGap = 0;
        for (int i = 0; i < d.size(); i++) {
            assertThat(b.decisions(tripled.bag(i))[0]).isCloseTo(a.decisions(d.bag(i))[0], within(1e-5));
            instanceGap = Math.max(instanceGap, Math.abs(c.decisions(tripled.bag(i))[0] - a.decisions(d.bag(i))[0]));
        }
        assertThat(instanceGap).as("instance weighting does depend on the repeats").isGreaterThan(1e-2);
    }

    @Test
    void nullWeightingIsAnError() {
        assertThatThrownBy(() -> MiSvmOptions.defaults(MiSvmOptions.Variant.BAG).withWeighting(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("weighting must not be null");
    }
}
