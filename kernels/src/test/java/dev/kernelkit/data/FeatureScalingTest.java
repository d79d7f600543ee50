package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FeatureScalingTest {
    private static final double EPS = 1e-12;

    // Training data used by several tests: feature 0 = 1, 3, 5; feature 1 constant 10; feature 2 = 5, -1, 2.
    private static final List<Vec> TRAIN = List.of(DenseVec.of(1, 10, 5), DenseVec.of(3, 10, -1), DenseVec.of(5, 10, 2));
    private static final Vec TEST = DenseVec.of(7, 12, 8);

    @ParameterizedTest
    @CsvSource({"none, NONE", "standard, STANDARD", "minmax, MINMAX", "log1p-minmax, LOG1P_MINMAX", " MinMax , MINMAX"})
    void parsesCliNames(String text, FeatureScaling expected) {
        assertThat(FeatureScaling.parse(text)).isEqualTo(expected);
        assertThat(FeatureScaling.parse(expected.cliName())).isEqualTo(expected);
    }

    @Test
    void unknownCliNameListsTheValidOnes() {
        assertThatThrownBy(() -> FeatureScaling.parse("zscore"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("none|standard|minmax|log1p-minmax")
                .hasMessageContaining("'zscore'");
    }

    @Test
    void standardMatchesHandComputedMeansAndPopulationSd() {
        FittedScaler s = FeatureScaling.STANDARD.fit(TRAIN);
        // f0: mean 3, var (4+0+4)/3 = 8/3; f1: constant, sd treated as 1; f2: mean 2, var (9+9+0)/3 = 6
        assertThat(s.offsets()).containsExactly(new double[] {3, 10, 2}, within(EPS));
        assertThat(s.scales()).containsExactly(new double[] {Math.sqrt(8.0 / 3), 1, Math.sqrt(6)}, within(EPS));
        // first training row: (1-3)/sqrt(8/3) = -sqrt(1.5); (10-10)/1 = 0; (5-2)/sqrt(6) = sqrt(1.5)
        assertThat(s.apply(TRAIN.get(0)).toArray())
                .containsExactly(new double[] {-Math.sqrt(1.5), 0, Math.sqrt(1.5)}, within(EPS));
    }

    @Test
    void standardGivesTrainingFeaturesMeanZeroAndVarianceOneExceptConstantOnes() {
        FittedScaler s = FeatureScaling.STANDARD.fit(TRAIN);
        double[] mean = new double[3];
        double[] sq = new double[3];
        for (Vec v : TRAIN) {
            double[] z = s.apply(v).toArray();
            for (int j = 0; j < 3; j++) {
                mean[j] += z[j] / 3;
                sq[j] += z[j] * z[j] / 3;
            }
        }
        assertThat(mean).containsExactly(new double[] {0, 0, 0}, within(EPS));
        assertThat(sq).containsExactly(new double[] {1, 0, 1}, within(EPS)); // constant feature stays 0
    }

    @Test
    void testDataIsTransformedWithTrainingStatisticsNotItsOwn() {
        FittedScaler std = FeatureScaling.STANDARD.fit(TRAIN);
        // (7-3)/sqrt(8/3) = sqrt(6); (12-10)/1 = 2; (8-2)/sqrt(6) = sqrt(6)
        assertThat(std.apply(TEST).toArray()).containsExactly(new double[] {Math.sqrt(6), 2, Math.sqrt(6)}, within(EPS));
        FittedScaler mm = FeatureScaling.MINMAX.fit(TRAIN);
        // f0 range [1,5]: (7-1)/4 = 1.5; f1 constant 10, scale 1: 2; f2 range [-1,5]: (8+1)/6 = 1.5 (not clipped)
        assertThat(mm.apply(TEST).toArray()).containsExactly(new double[] {1.5, 2, 1.5}, within(EPS));
        // fitted on the test point alone, min-max would map it to 0: the training fit is what is used
        assertThat(FeatureScaling.MINMAX.fit(List.of(TEST)).apply(TEST).toArray()).containsExactly(0.0, 0.0, 0.0);
    }

    @Test
    void minMaxMapsTrainingRangeToUnitInterval() {
        FittedScaler s = FeatureScaling.MINMAX.fit(TRAIN);
        // row 0: (1-1)/4 = 0, 0, (5+1)/6 = 1; row 1: (3-1)/4 = 0.5, 0, 0; row 2: 1, 0, (2+1)/6 = 0.5
        assertThat(s.apply(TRAIN.get(0)).toArray()).containsExactly(new double[] {0, 0, 1}, within(EPS));
        assertThat(s.apply(TRAIN.get(1)).toArray()).containsExactly(new double[] {0.5, 0, 0}, within(EPS));
        assertThat(s.apply(TRAIN.get(2)).toArray()).containsExactly(new double[] {1, 0, 0.5}, within(EPS));
    }

    @Test
    void log1pMinMaxTakesLogsThenMinMax() {
        // log1p of 0, e-1, e^2-1 is 0, 1, 2: min 0, range 2
        List<Vec> train = List.of(DenseVec.of(0), DenseVec.of(Math.E - 1), DenseVec.of(Math.E * Math.E - 1));
        FittedScaler s = FeatureScaling.LOG1P_MINMAX.fit(train);
        assertThat(s.apply(train.get(1)).get(0)).isCloseTo(0.5, within(1e-12));
        assertThat(s.apply(train.get(2)).get(0)).isCloseTo(1.0, within(1e-12));
        // test value e^3 - 1: log1p = 3, (3 - 0)/2 = 1.5
        assertThat(s.apply(DenseVec.of(Math.exp(3) - 1)).get(0)).isCloseTo(1.5, within(1e-12));
    }

    @Test
    void minMaxAndLog1pMinMaxEqualAPerValueReferenceBitForBit() {
        // mixed dense and sparse vectors: one-hot-like columns, +-0, values near -1, heavy tails, a
        // feature with no zeros (offset != 0, dense output) and one never stored in the sparse rows
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        int d = 9;
        List<Vec> train = new java.util.ArrayList<>();
        for (int i = 0; i < 400; i++) {
            double[] x = new double[d];
            x[0] = 1 + rnd.nextDouble() * 1e6;
            x[1] = rnd.nextInt(3) == 0 ? Math.pow(10, rnd.nextDouble(-12, 9)) : 0.0;
            x[2] = rnd.nextInt(5) == 0 ? -0.0 : rnd.nextDouble(-0.999999, 0.5);
            x[3] = rnd.nextInt(2);
            x[4] = rnd.nextInt(7) == 0 ? 1e-300 : 0.0;
            x[5] = rnd.nextDouble() < 0.5 ? rnd.nextGaussian() * 0.3 : 0.0;
            x[6] = rnd.nextInt(3) == 0 ? Math.expm1(rnd.nextDouble(0, 20)) : 0.0;
            x[7] = 0.0;
            x[8] = i == 17 ? -0.0 : rnd.nextDouble(1e-9, 3e-9);
            if (i % 3 == 0) {
                train.add(DenseVec.of(x));
            } else {
                int k = 0;
                int[] idx = new int[d];
                double[] val = new double[d];
                for (int j = 0; j < d; j++) {
                    if (x[j] != 0.0 || j == 2 && i % 2 == 0) { // some explicit (+-)zeros stored
                        idx[k] = j;
                        val[k++] = x[j];
                    }
                }
                train.add(new SparseVec(d, java.util.Arrays.copyOf(idx, k), java.util.Arrays.copyOf(val, k)));
            }
        }
        for (FeatureScaling kind : List.of(FeatureScaling.MINMAX, FeatureScaling.LOG1P_MINMAX)) {
            boolean log = kind == FeatureScaling.LOG1P_MINMAX;
            // the reference: g of every value (implicit zeros included) through a plain min / max
            double[] min = new double[d];
            double[] max = new double[d];
            java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
            for (Vec v : train) {
                for (int j = 0; j < d; j++) {
                    double g = log ? Math.log1p(v.get(j)) : v.get(j);
                    min[j] = g < min[j] ? g : min[j];
                    max[j] = g > max[j] ? g : max[j];
                }
            }
            double[] scale = new double[d];
            for (int j = 0; j < d; j++) {
                scale[j] = max[j] - min[j] > 0 ? max[j] - min[j] : 1.0;
            }
            FittedScaler s = kind.fit(train);
            for (int j = 0; j < d; j++) {
                // exact, up to the sign of a zero (+ 0.0 maps -0 to +0): which zero a minimum over
                // +0 and -0 keeps depends on the order the values are visited in
                assertThat(s.offsets()[j] + 0.0).as("%s offset %d", kind, j).isEqualTo(min[j] + 0.0);
                assertThat(s.scales()[j]).as("%s scale %d", kind, j).isEqualTo(scale[j]);
            }
            for (Vec v : train) {
                Vec z = s.apply(v);
                for (int j = 0; j < d; j++) {
                    double g = log ? Math.log1p(v.get(j)) : v.get(j);
                    double want = (g - min[j]) / scale[j];
                    assertThat(z.get(j) + 0.0).as("%s value %d", kind, j).isEqualTo(want + 0.0);
                }
            }
        }
    }

    @Test
    void log1pRejectsValuesAtOrBelowMinusOneInFitAndApply() {
        assertThatThrownBy(() -> FeatureScaling.LOG1P_MINMAX.fit(List.of(DenseVec.of(0, 1), DenseVec.of(-2, 1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("> -1")
                .hasMessageContaining("-2.0")
                .hasMessageContaining("feature 0");
        FittedScaler s = FeatureScaling.LOG1P_MINMAX.fit(List.of(DenseVec.of(0.5), DenseVec.of(-0.5)));
        assertThatThrownBy(() -> s.apply(DenseVec.of(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1.0");
    }

    @Test
    void sparseInputStaysSparseForMinMaxWhenEveryMinimumIsZero() {
        List<Vec> train = List.of(
                new SparseVec(3, new int[] {0}, new double[] {2}),
                new SparseVec(3, new int[] {1}, new double[] {4}),
                new SparseVec(3, new int[] {0, 2}, new double[] {6, 1}));
        FittedScaler s = FeatureScaling.MINMAX.fit(train);
        // implicit zeros count: minima 0, 0, 0; maxima 6, 4, 1
        assertThat(s.offsets()).containsExactly(0.0, 0.0, 0.0);
        assertThat(s.scales()).containsExactly(6.0, 4.0, 1.0);
        Vec z = s.apply(train.get(2));
        assertThat(z).isInstanceOf(SparseVec.class);
        assertThat(z.storedCount()).isEqualTo(2);
        assertThat(z.toArray()).containsExactly(1.0, 0.0, 1.0);
    }

    @Test
    void sparseInputBecomesDenseWhenZeroDoesNotMapToZero() {
        List<Vec> train = List.of(
                new SparseVec(2, new int[] {0}, new double[] {-2}),
                new SparseVec(2, new int[] {1}, new double[] {4}));
        // min-max: feature 0 min -2 max 0, so 0 -> (0+2)/2 = 1: dense
        Vec mm = FeatureScaling.MINMAX.fit(train).apply(train.get(1));
        assertThat(mm).isInstanceOf(DenseVec.class);
        assertThat(mm.toArray()).containsExactly(1.0, 1.0);
        // standardisation: f0 values -2, 0: mean -1, sd 1; f1 values 0, 4: mean 2, sd 2
        Vec st = FeatureScaling.STANDARD.fit(train).apply(train.get(0));
        assertThat(st).isInstanceOf(DenseVec.class);
        assertThat(st.toArray()).containsExactly(new double[] {-1, -1}, within(EPS));
    }

    @Test
    void standardOnSparseDataUsesImplicitZeros() {
        List<Vec> sparse = List.of(
                new SparseVec(3, new int[] {0}, new double[] {2}),
                new SparseVec(3, new int[] {1}, new double[] {4}),
                new SparseVec(3, new int[] {0, 2}, new double[] {6, 1}));
        FittedScaler s = FeatureScaling.STANDARD.fit(sparse);
        // f0 values 2, 0, 6: mean 8/3, var ((2-8/3)^2 + (8/3)^2 + (6-8/3)^2)/3 = (4 + 64 + 100)/27 = 56/9
        assertThat(s.offsets()[0]).isCloseTo(8.0 / 3, within(EPS));
        assertThat(s.scales()[0]).isCloseTo(Math.sqrt(56.0) / 3, within(EPS));
        // f2 values 0, 0, 1: mean 1/3, var (1/9 + 1/9 + 4/9)/3 = 2/9
        assertThat(s.scales()[2]).isCloseTo(Math.sqrt(2.0) / 3, within(EPS));
    }

    @Test
    void noneReturnsInputUnchanged() {
        FittedScaler s = FeatureScaling.NONE.fit(TRAIN);
        assertThat(s.apply(TEST)).isSameAs(TEST);
        LabeledDataset d = new LabeledDataset(TRAIN, new double[] {1, -1, 1});
        assertThat(s.apply(d)).isSameAs(d);
    }

    @Test
    void appliesToLabeledDatasetKeepingLabels() {
        LabeledDataset d = new LabeledDataset(TRAIN, new double[] {1, -1, 1});
        FittedScaler s = FeatureScaling.MINMAX.fit(d);
        LabeledDataset z = s.apply(d);
        assertThat(z.labels()).containsExactly(1.0, -1.0, 1.0);
        assertThat(z.x(1).toArray()).containsExactly(new double[] {0.5, 0, 0}, within(EPS));
    }

    @Test
    void bagScalerIsFittedOnAllInstancesAndScalesEveryInstance() {
        BagDataset bags = BagDataset.binary(List.of(
                new Bag("a", List.of(DenseVec.of(0), DenseVec.of(10))),
                new Bag("b", List.of(DenseVec.of(5)))), new double[] {1, -1});
        FittedScaler s = FeatureScaling.MINMAX.fit(bags);
        // instances 0, 10, 5: min 0, range 10
        BagDataset z = s.apply(bags);
        assertThat(z.bag(0).instance(1).get(0)).isEqualTo(1.0);
        assertThat(z.bag(1).instance(0).get(0)).isEqualTo(0.5);
        assertThat(z.bag(1).id()).isEqualTo("b");
        assertThat(z.labels()).containsExactly(1, 0);
    }

    @Test
    void dimensionMismatchIsRejected() {
        FittedScaler s = FeatureScaling.STANDARD.fit(TRAIN);
        assertThatThrownBy(() -> s.apply(DenseVec.of(1, 2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fitted on 3 features, found 2");
        assertThatThrownBy(() -> FeatureScaling.STANDARD.fit(List.of(DenseVec.of(1), DenseVec.of(1, 2))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vector 1 has dimension 2, expected 1");
    }

    @Test
    void fittingOnNothingIsRejected() {
        assertThatThrownBy(() -> FeatureScaling.MINMAX.fit(List.<Vec>of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no vectors");
    }

    @Test
    void rebuiltScalerAppliesTheSameTransformAndValidatesItsNumbers() {
        FittedScaler s = FeatureScaling.STANDARD.fit(TRAIN);
        FittedScaler r = FittedScaler.of(s.kind(), s.offsets(), s.scales());
        assertThat(r.apply(TEST).toArray()).containsExactly(s.apply(TEST).toArray());
        assertThatThrownBy(() -> FittedScaler.of(FeatureScaling.MINMAX, new double[] {0}, new double[] {0}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scale 0 must be finite and > 0, got 0.0");
        assertThatThrownBy(() -> FittedScaler.of(FeatureScaling.MINMAX, new double[] {0, 1}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("equal length");
    }

    @Test
    void fittedScalerIsImmutableAgainstCallerArrays() {
        double[] off = {1};
        double[] sc = {2};
        FittedScaler r = FittedScaler.of(FeatureScaling.MINMAX, off, sc);
        off[0] = 100;
        r.scales()[0] = 100;
        assertThat(r.apply(DenseVec.of(5)).get(0)).isEqualTo(2.0); // (5-1)/2
    }

    @ParameterizedTest(name = "features x {0}")
    @CsvSource({"1e200", "1e300", "1e-200"})
    void standardisingFeaturesWhoseSumsOfSquaresOverflowGivesTheStandardisedValuesOfTheUnscaledFeatures(double factor) {
        List<Vec> plain = List.of(DenseVec.of(1.0, -2.0, 0.5), DenseVec.of(3.0, 0.0, 0.25), DenseVec.of(-1.5, 4.0, 1.0),
                DenseVec.of(2.0, 1.0, -0.75));
        List<Vec> scaled = new java.util.ArrayList<>();
        for (Vec v : plain) {
            double[] a = v.toArray();
            for (int j = 0; j < a.length; j++) {
                a[j] *= factor;
            }
            scaled.add(DenseVec.of(a));
        }
        FittedScaler expected = FeatureScaling.STANDARD.fit(plain);
        FittedScaler extreme = FeatureScaling.STANDARD.fit(scaled);
        for (int i = 0; i < plain.size(); i++) {
            double[] want = expected.apply(plain.get(i)).toArray();
            double[] got = extreme.apply(scaled.get(i)).toArray();
            for (int j = 0; j < want.length; j++) {
                assertThat(got[j]).as("point %d feature %d", i, j).isCloseTo(want[j], within(1e-12));
            }
        }
        // the fitted numbers are those a model file stores and reads back
        assertThat(FittedScaler.of(FeatureScaling.STANDARD, extreme.offsets(), extreme.scales()).scales())
                .containsExactly(extreme.scales());
    }

    @Test
    void aMinMaxRangeBeyondADoubleIsRefusedNamingTheFeature() {
        List<Vec> x = List.of(DenseVec.of(1.0, -1.5e308), DenseVec.of(2.0, 1.5e308));
        assertThatThrownBy(() -> FeatureScaling.MINMAX.fit(x)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("feature 2 spans").hasMessageContaining("rescale the feature");
    }
}
