package dev.kernelkit.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.svm.BagSvm;
import dev.kernelkit.svm.BagSvmOptions;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CalibratedModelTest {

    /** Class 1 mean; class 0 has mean -MU; both with covariance I_2 and prior 1/2. */
    private static final double[] MU = {1.0, 0.5};

    /**
     * n points of two 2-D Gaussians N(+MU, I) (label 1) and N(-MU, I) (label -1), each class drawn
     * with probability 1/2. The Bayes posterior is logistic: log N(x; MU, I) - log N(x; -MU, I)
     * = -(|x - MU|^2 - |x + MU|^2) / 2 = 2 MU.x, so P(y = 1 | x) = 1 / (1 + exp(-2 MU.x)).
     */
    private static LabeledDataset twoGaussians(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>(n);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = rnd.nextBoolean() ? 1 : -1;
            x.add(DenseVec.of(y[i] * MU[0] + TestData.gaussian(rnd), y[i] * MU[1] + TestData.gaussian(rnd)));
        }
        return new LabeledDataset(x, y);
    }

    private static double bayesPositive(Vec x) {
        return 1 / (1 + Math.exp(-2 * (MU[0] * x.get(0) + MU[1] * x.get(1))));
    }

    /** Three 2-D Gaussian blobs, classes 0, 1, 2 in turn, centres on a circle of radius r. */
    private static LabeledDataset threeBlobs(int n, double r, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>(n);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int c = i % 3;
            y[i] = c;
            double angle = 2 * Math.PI * c / 3;
            x.add(DenseVec.of(r * Math.cos(angle) + TestData.gaussian(rnd), r * Math.sin(angle) + TestData.gaussian(rnd)));
        }
        return new LabeledDataset(x, y);
    }

    @Test
    void plattCalibratedLinearSvmHasATestLogLossWithin10PercentOfTheBayesLogLoss() {
        LabeledDataset train = twoGaussians(400, 1);
        LabeledDataset test = twoGaussians(20_000, 2);
        CalibratedModel<Vec> model = Calibrated.trainer(Svm.trainer(SvmOptions.of(new LinearKernel())), 11).fit(train);
        assertThat(model.classNames()).containsExactly(LabeledDataset.className(-1), LabeledDataset.className(1));
        double ours = 0;
        double bayes = 0;
        for (int i = 0; i < test.size(); i++) {
            boolean positive = test.classIndex(i) == 1;
            double p = model.probabilities(test.x(i))[1];
            double q = bayesPositive(test.x(i));
            ours -= Math.log(positive ? p : 1 - p);
            bayes -= Math.log(positive ? q : 1 - q);
        }
        ours /= test.size();
        bayes /= test.size();
        assertThat(ours).as("calibrated SVM log-loss vs Bayes %s", bayes).isLessThan(1.10 * bayes);
    }

    @Test
    void plattCalibratedGaussianSvmHasATestLogLossWithin10PercentOfTheBayesLogLoss() {
        LabeledDataset train = twoGaussians(400, 3);
        LabeledDataset test = twoGaussians(20_000, 4);
        CalibratedModel<Vec> model = Calibrated.trainer(Svm.trainer(SvmOptions.of(new GaussianKernel(0.1))), 5, 12)
                .fit(train);
        double ours = 0;
        double bayes = 0;
        for (int i = 0; i < test.size(); i++) {
            boolean positive = test.classIndex(i) == 1;
            double p = model.probabilities(test.x(i))[1];
            double q = bayesPositive(test.x(i));
            ours -= Math.log(positive ? p : 1 - p);
            bayes -= Math.log(positive ? q : 1 - q);
        }
        assertThat(ours / test.size()).as("calibrated SVM log-loss vs Bayes %s", bayes / test.size())
                .isLessThan(1.10 * bayes / test.size());
    }

    @Test
    void twoClassProbabilitiesLieIn01AndSumTo1() {
        LabeledDataset train = TestData.gaussianBlobs(60, 3, 2.0, 5);
        CalibratedModel<Vec> model = Calibrated.trainer(Svm.trainer(SvmOptions.of(new GaussianKernel(0.3))), 3, 1)
                .fit(train);
        assertThat(model.kind()).isEqualTo(CalibratedModel.PLATT);
        assertThat(model.sigmoids()).hasSize(1);
        for (Vec x : TestData.randomDense(200, 3, 6)) {
            double[] p = model.probabilities(x);
            assertThat(p).hasSize(2);
            assertThat(p[0]).isBetween(0.0, 1.0);
            assertThat(p[1]).isBetween(0.0, 1.0);
            assertThat(p[0] + p[1]).isCloseTo(1.0, within(1e-15));
        }
    }

    @Test
    void threeClassProbabilitiesAreNormalisedOneVsRestLieIn01AndSumTo1() {
        LabeledDataset train = threeBlobs(90, 3.0, 7);
        CalibratedModel<Vec> model = Calibrated.trainer(Svm.trainer(SvmOptions.of(new GaussianKernel(0.5))), 5, 2)
                .fit(train);
        assertThat(model.kind()).isEqualTo(CalibratedModel.PLATT_OVR);
        assertThat(model.sigmoids()).hasSize(3);
        LabeledDataset test = threeBlobs(300, 3.0, 8);
        double trueClassMass = 0;
        for (int i = 0; i < test.size(); i++) {
            double[] p = model.probabilities(test.x(i));
            assertThat(p).hasSize(3);
            assertThat(Arrays.stream(p).allMatch(v -> v >= 0 && v <= 1)).isTrue();
            assertThat(Arrays.stream(p).sum()).isCloseTo(1.0, within(1e-12));
            // p_c = s_c(f_c) / sum_d s_d(f_d)
            double[] f = model.decisions(test.x(i));
            double[] s = new double[3];
            for (int c = 0; c < 3; c++) {
                s[c] = model.sigmoids().get(c).probability(f[c]);
            }
            double sum = s[0] + s[1] + s[2];
            for (int c = 0; c < 3; c++) {
                assertThat(p[c]).isCloseTo(s[c] / sum, within(1e-12));
            }
            trueClassMass += p[test.classIndex(i)];
        }
        assertThat(trueClassMass / test.size()).isGreaterThan(0.7);
    }

    @Test
    void predictAndDecisionsAreTheInnerModelsAndEqualAnUncalibratedFitOnAllData() {
        LabeledDataset train = threeBlobs(60, 2.0, 9);
        SvmOptions options = SvmOptions.of(new GaussianKernel(0.5));
        CalibratedModel<Vec> model = Calibrated.trainer(Svm.trainer(options), 4, 3).fit(train);
        SvmModel plain = Svm.fit(train, options);
        for (Vec x : TestData.randomDense(50, 2, 10)) {
            assertThat(model.decisions(x)).containsExactly(plain.decisions(x));
            assertThat(model.predict(x)).isEqualTo(plain.predict(x));
        }
        assertThat(model.classNames()).isEqualTo(plain.classNames());
        assertThat(model.dim()).isEqualTo(2);
        assertThat(model.input()).isEqualTo(InputKind.VECTORS);
    }

    @Test
    void theFitReportIsTheInnerOnesWithTheTotalSeconds() {
        CalibratedModel<Vec> model = Calibrated.trainer(Svm.trainer(SvmOptions.of(new GaussianKernel(0.5))), 3, 3)
                .fit(TestData.gaussianBlobs(40, 2, 2.0, 11));
        FitReport inner = model.inner().report();
        FitReport outer = model.report();
        assertThat(outer.withSeconds(inner.seconds())).isEqualTo(inner);
        assertThat(outer.seconds()).isGreaterThanOrEqualTo(inner.seconds());
        assertThat(outer.learner()).isEqualTo("svm");
    }

    @Test
    void theSameSeedGivesIdenticalProbabilities() {
        LabeledDataset train = TestData.gaussianBlobs(50, 2, 1.5, 12);
        Trainer<Vec, CalibratedModel<Vec>> t = Calibrated.trainer(Svm.trainer(SvmOptions.of(new GaussianKernel(0.5))), 5);
        CalibratedModel<Vec> a = t.fit(train);
        CalibratedModel<Vec> b = t.fit(train);
        assertThat(a.sigmoids()).isEqualTo(b.sigmoids());
    }

    @Test
    void aScaledThenCalibratedModelRefitsTheScalerInsideEachFoldAndGivesProbabilities() {
        LabeledDataset raw = TestData.gaussianBlobs(60, 2, 2.0, 13);
        Trainer<Vec, CalibratedModel<Vec>> t = Calibrated.trainer(
                ScaledModel.trainer(FeatureScaling.STANDARD, Svm.trainer(SvmOptions.of(new GaussianKernel(0.5)))), 3, 4);
        CalibratedModel<Vec> model = t.fit(raw);
        assertThat(model.inner()).isInstanceOf(ScaledModel.class);
        assertThat(Scaled.innermost(model)).isInstanceOf(SvmModel.class);
        double[] p = model.probabilities(raw.x(0));
        assertThat(p[0] + p[1]).isCloseTo(1.0, within(1e-15));
    }

    @Test
    void bagModelsAreCalibratedToo() {
        BagDataset bags = TestData.randomBags(40, 4, 3, 3.0, 14);
        CalibratedModel<Bag> model = Calibrated.trainer(
                BagSvm.trainer(BagSvmOptions.of(new SetKernel(new GaussianKernel(0.3)))), 4, 5).fit(bags);
        assertThat(model.input()).isEqualTo(InputKind.BAGS);
        for (int i = 0; i < bags.size(); i++) {
            double[] p = model.probabilities(bags.x(i));
            assertThat(p[0]).isBetween(0.0, 1.0);
            assertThat(p[0] + p[1]).isCloseTo(1.0, within(1e-15));
        }
    }

    @Test
    void aModelTrainedWithoutProbabilityOutputsThrowsNamingTheLearner() {
        LabeledDataset train = TestData.gaussianBlobs(20, 2, 2.0, 15);
        SvmModel plain = Svm.fit(train, SvmOptions.of(new GaussianKernel(0.5)));
        assertThatThrownBy(() -> plain.probabilities(train.x(0))).isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("the svm model gives no probabilities: train it with probability outputs"
                        + " (Calibrated.trainer) to get them");
        ScaledModel<Vec> scaled = ScaledModel.trainer(FeatureScaling.STANDARD,
                Svm.trainer(SvmOptions.of(new GaussianKernel(0.5)).withLoss(dev.kernelkit.svm.SvmLoss.SQUARED_HINGE)))
                .fit(train);
        assertThatThrownBy(() -> scaled.probabilities(train.x(0))).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageStartingWith("the l2-svm model gives no probabilities");
    }

    /** A three-class model whose decision values are the point's coordinates. */
    private static Model<Vec> coordinates() {
        return new Model<>() {
            @Override
            public int predict(Vec x) {
                return Model.classOf(decisions(x));
            }

            @Override
            public double[] decisions(Vec x) {
                return new double[] {x.get(0), x.get(1), x.get(2)};
            }

            @Override
            public List<String> classNames() {
                return List.of("a", "b", "c");
            }

            @Override
            public FitReport report() {
                return FitReport.of("coordinates", "none", 0, 0);
            }

            @Override
            public InputKind input() {
                return InputKind.VECTORS;
            }

            @Override
            public int dim() {
                return 3;
            }
        };
    }

    @Test
    void threeClassProbabilitiesAreTheSigmoidsDividedByTheirSumByHand() {
        // A = -1, B = 0: s(f) = 1 / (1 + e^-f); s(0) = 1/2, s(ln 3) = 3/4, s(-ln 3) = 1/4, sum 3/2
        PlattScaling s = new PlattScaling(-1, 0);
        CalibratedModel<Vec> model = new CalibratedModel<>(coordinates(), List.of(s, s, s));
        double[] p = model.probabilities(DenseVec.of(0, Math.log(3), -Math.log(3)));
        assertThat(p).containsExactly(new double[] {1.0 / 3, 1.0 / 2, 1.0 / 6}, within(1e-15));
    }

    @Test
    void threeClassProbabilitiesStayDefinedWhenEverySigmoidUnderflows() {
        // A = 1: s(f) = 1 / (1 + e^f) underflows to 0 for f = 800 and 900; the ratio is e^-100 : 1 : ...
        PlattScaling s = new PlattScaling(1, 0);
        CalibratedModel<Vec> model = new CalibratedModel<>(coordinates(), List.of(s, s, s));
        assertThat(s.probability(800)).isZero();
        double[] p = model.probabilities(DenseVec.of(900, 800, 800));
        assertThat(p).containsExactly(new double[] {Math.exp(-100) / (1 + 1), 0.5, 0.5}, within(1e-15));
        // A f overflows: every log s = -infinity, no class preferred
        CalibratedModel<Vec> huge = new CalibratedModel<>(coordinates(),
                List.of(new PlattScaling(1e308, 0), new PlattScaling(1e308, 0), new PlattScaling(1e308, 0)));
        assertThat(huge.probabilities(DenseVec.of(10, 20, 30))).containsExactly(1.0 / 3, 1.0 / 3, 1.0 / 3);
    }

    @Test
    void foldsBelow2AndAClassWithFewerExamplesThanFoldsAreRefusedByName() {
        Trainer<Vec, SvmModel> svm = Svm.trainer(SvmOptions.of(new GaussianKernel(0.5)));
        assertThatThrownBy(() -> Calibrated.trainer(svm, 1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("folds must be >= 2, got 1");
        double[] y = {1, 1, 1, 1, 1, 1, -1, -1};
        LabeledDataset small = new LabeledDataset(TestData.randomDense(8, 2, 16), y);
        assertThatThrownBy(() -> Calibrated.trainer(svm, 3, 0).fit(small)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("folds = 3 exceeds the 2 training examples of class '-1': calibration needs every class"
                        + " in every fold");
        assertThatThrownBy(() -> new CalibratedModel<>(Svm.fit(small, SvmOptions.of(new GaussianKernel(0.5))),
                List.of(new PlattScaling(-1, 0), new PlattScaling(-1, 0))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sigmoids must hold 1 for 2 classes, got 2");
    }
}
