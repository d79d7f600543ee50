package dev.kernelkit.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.lang.reflect.Method;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PairwiseCouplingTest {

    /** LIBSVM's private static {@code svm.multiclass_probability(k, r, p)}. */
    private static double[] libsvmMulticlassProbability(double[][] r) throws Exception {
        Method m = libsvm.svm.class.getDeclaredMethod("multiclass_probability", int.class, double[][].class,
                double[].class);
        m.setAccessible(true);
        double[][] copy = new double[r.length][];
        for (int i = 0; i < r.length; i++) {
            copy[i] = r[i].clone();
        }
        double[] p = new double[r.length];
        m.invoke(null, r.length, copy, p);
        return p;
    }

    /** A random k x k pairwise matrix: r[i][j] uniform in (lo, 1 - lo), r[j][i] = 1 - r[i][j]. */
    private static double[][] randomPairwise(int k, double lo, SplittableRandom rnd) {
        double[][] r = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                r[i][j] = lo + (1 - 2 * lo) * rnd.nextDouble();
                r[j][i] = 1 - r[i][j];
            }
        }
        return r;
    }

    @ParameterizedTest(name = "k={0}, seed={1}")
    @CsvSource({"3, 1", "3, 2", "4, 3", "4, 4", "5, 5", "8, 6"})
    void couplingEqualsLibsvmsMulticlassProbabilityOnRandomMatricesTo1e9(int k, long seed) throws Exception {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int trial = 0; trial < 200; trial++) {
            double[][] r = randomPairwise(k, trial % 2 == 0 ? 0.01 : 1e-7, rnd);
            double[] expected = libsvmMulticlassProbability(r);
            double[] p = PairwiseCoupling.probabilities(r);
            for (int c = 0; c < k; c++) {
                assertThat(p[c]).as("trial %d class %d", trial, c).isCloseTo(expected[c], within(1e-9));
            }
        }
    }

    @Test
    void probabilitiesLieIn01AndSumTo1() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int trial = 0; trial < 100; trial++) {
            double[] p = PairwiseCoupling.probabilities(randomPairwise(3 + trial % 4, 1e-7, rnd));
            assertThat(java.util.Arrays.stream(p).allMatch(v -> v >= 0 && v <= 1)).isTrue();
            assertThat(java.util.Arrays.stream(p).sum()).isCloseTo(1.0, within(1e-12));
        }
    }

    @Test
    void consistentPairwiseProbabilitiesAreRecoveredExactly() {
        // r_ij = p_i / (p_i + p_j) for p = (0.5, 0.3, 0.2) is consistent: p^T Q p = 0 there
        double[] truth = {0.5, 0.3, 0.2};
        double[][] r = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (i != j) {
                    r[i][j] = truth[i] / (truth[i] + truth[j]);
                }
            }
        }
        assertThat(PairwiseCoupling.probabilities(r)).containsExactly(truth, within(1e-3));
    }

    @Test
    void invalidMatricesAreNamed() {
        assertThatThrownBy(() -> PairwiseCoupling.probabilities(new double[1][1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("r must be k x k with k >= 2, got k = 1");
        assertThatThrownBy(() -> PairwiseCoupling.probabilities(new double[][] {{0, 0.5}, {0.5}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("r must be k x k: expected row 1 of length 2, found 1");
        assertThatThrownBy(() -> PairwiseCoupling.probabilities(new double[][] {{0, 1}, {0, 0}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("r[0][1] must be in (0, 1), got 1.0");
        assertThatThrownBy(() -> PairwiseCoupling.probabilities(new double[][] {{0, 0.6}, {0.6, 0}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("r[0][1] + r[1][0] must be 1, got 0.6 + 0.6");
    }
}
