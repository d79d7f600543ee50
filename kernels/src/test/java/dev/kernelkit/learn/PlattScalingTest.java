package dev.kernelkit.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.testing.TestData;
import java.lang.reflect.Method;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PlattScalingTest {

    /** LIBSVM's private static {@code svm.sigmoid_train(l, dec_values, labels, probAB)}: {A, B}. */
    static double[] libsvmSigmoidTrain(double[] f, boolean[] positive) throws Exception {
        Method m = libsvm.svm.class.getDeclaredMethod("sigmoid_train", int.class, double[].class, double[].class,
                double[].class);
        m.setAccessible(true);
        double[] labels = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            labels[i] = positive[i] ? 1 : -1;
        }
        double[] ab = new double[2];
        m.invoke(null, f.length, f.clone(), labels, ab);
        return ab;
    }

    /**
     * n decision values: positives from N(shift, 1), negatives from N(-shift, 1), a fraction
     * {@code positiveShare} of them positive (seeded); noisy enough that A and B are finite.
     */
    private static Object[] problem(int n, double shift, double positiveShare, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] f = new double[n];
        boolean[] positive = new boolean[n];
        for (int i = 0; i < n; i++) {
            positive[i] = rnd.nextDouble() < positiveShare || i == 0;
            if (i == 1) {
                positive[i] = false;
            }
            f[i] = (positive[i] ? shift : -shift) + TestData.gaussian(rnd);
        }
        return new Object[] {f, positive};
    }

    @ParameterizedTest(name = "n={0}, shift={1}, share={2}, seed={3}")
    @CsvSource({"50, 1.0, 0.5, 1", "200, 0.3, 0.5, 2", "300, 2.0, 0.2, 3", "1000, 1.5, 0.7, 4", "20, 0.0, 0.5, 5",
            "100, 4.0, 0.5, 6", "7, 1.0, 0.5, 7"})
    void theSigmoidFitMatchesLibsvmsSigmoidTrainTo1e8(int n, double shift, double share, long seed) throws Exception {
        Object[] p = problem(n, shift, share, seed);
        double[] f = (double[]) p[0];
        boolean[] positive = (boolean[]) p[1];
        double[] expected = libsvmSigmoidTrain(f, positive);
        PlattScaling s = PlattScaling.fit(f, positive);
        assertThat(s.a()).isCloseTo(expected[0], within(1e-8));
        assertThat(s.b()).isCloseTo(expected[1], within(1e-8));
    }

    @Test
    void separableDecisionValuesStillGiveFiniteParametersAsLibsvm() throws Exception {
        // perfectly separated values: the smoothed targets keep the optimum finite
        double[] f = {-3, -2, -1.5, -1, 1, 1.2, 2, 3};
        boolean[] positive = {false, false, false, false, true, true, true, true};
        double[] expected = libsvmSigmoidTrain(f, positive);
        PlattScaling s = PlattScaling.fit(f, positive);
        assertThat(s.a()).isNegative().isCloseTo(expected[0], within(1e-8));
        assertThat(s.b()).isCloseTo(expected[1], within(1e-8));
    }

    @Test
    void theProbabilityIsTheSigmoidAndStaysIn01ForExtremeValues() {
        PlattScaling s = new PlattScaling(-2, 0.5);
        // f = 1: 1 / (1 + exp(-2 + 0.5)) = 1 / (1 + e^-1.5) = 0.8175744761936437
        assertThat(s.probability(1)).isCloseTo(0.8175744761936437, within(1e-15));
        assertThat(s.probability(-1e300)).isEqualTo(0.0);
        assertThat(s.probability(1e300)).isEqualTo(1.0);
        assertThat(s.logProbability(-1e3)).isFinite().isCloseTo(-2000.5, within(1e-9));
        assertThat(Math.exp(s.logProbability(0.3))).isCloseTo(s.probability(0.3), within(1e-15));
    }

    @Test
    void invalidArgumentsAreNamed() {
        assertThatThrownBy(() -> PlattScaling.fit(new double[] {1, 2}, new boolean[] {true}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("decisionValues and positive must have equal length, got 2 and 1");
        assertThatThrownBy(() -> PlattScaling.fit(new double[] {1, 2}, new boolean[] {true, true}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("positive must mark examples of both classes, got 2 positive and 0 negative");
        assertThatThrownBy(() -> PlattScaling.fit(new double[] {1, Double.NaN}, new boolean[] {true, false}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("decisionValues[1] must be finite, got NaN");
        assertThatThrownBy(() -> new PlattScaling(Double.POSITIVE_INFINITY, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a must be finite, got Infinity");
    }
}
