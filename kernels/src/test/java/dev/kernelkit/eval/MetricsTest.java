package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MetricsTest {

    @Test
    void sklearnDocumentedExample() {
        // sklearn docs: y = [0, 0, 1, 1], scores = [0.1, 0.4, 0.35, 0.8]: AP 0.8333, ROC AUC 0.75.
        // AP by hand: thresholds 0.8 (P 1, R 1/2), 0.4 (P 1/2, R 1/2), 0.35 (P 2/3, R 1):
        // 1/2 * 1 + 0 * 1/2 + 1/2 * 2/3 = 5/6. AUC: pairs (pos, neg) ordered right: (0.35 > 0.1),
        // (0.8 > 0.1), (0.8 > 0.4), wrong: (0.35 < 0.4): 3/4.
        boolean[] y = Metrics.positives(new int[] {0, 0, 1, 1}, 1);
        double[] s = {0.1, 0.4, 0.35, 0.8};
        assertThat(Metrics.averagePrecision(y, s)).isCloseTo(5.0 / 6.0, within(1e-15));
        assertThat(Metrics.auc(y, s)).isEqualTo(0.75);
    }

    @Test
    void averagePrecisionGroupsTiedScoresIntoOneThreshold() {
        // y = [1, 0, 1], s = [0.5, 0.5, 0.1]: threshold 0.5 -> tp 1, fp 1: P 1/2, R 1/2;
        // threshold 0.1 -> tp 2, fp 1: P 2/3, R 1. AP = 1/2 * 1/2 + 1/2 * 2/3 = 7/12.
        assertThat(Metrics.averagePrecision(new boolean[] {true, false, true}, new double[] {0.5, 0.5, 0.1}))
                .isCloseTo(7.0 / 12.0, within(1e-15));
    }

    /** Brute force: the fraction of (positive, negative) pairs ranked right, ties counting 1/2. */
    static double pairwiseAuc(boolean[] y, double[] s) {
        double ok = 0;
        int pairs = 0;
        for (int i = 0; i < y.length; i++) {
            for (int j = 0; j < y.length; j++) {
                if (y[i] && !y[j]) {
                    pairs++;
                    ok += s[i] > s[j] ? 1 : s[i] == s[j] ? 0.5 : 0;
                }
            }
        }
        return ok / pairs;
    }

    @Test
    void aucMatchesBruteForcePairwiseCountWithManyTies() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 60; trial++) {
            int n = 2 + rnd.nextInt(40);
            boolean[] y = new boolean[n];
            double[] s = new double[n];
            y[0] = true; // both classes present
            for (int i = 1; i < n; i++) {
                y[i] = rnd.nextBoolean();
            }
            y[1] = false;
            for (int i = 0; i < n; i++) {
                s[i] = rnd.nextInt(5) * 0.25; // only 5 distinct values: many ties
            }
            assertThat(Metrics.auc(y, s)).as("trial %d", trial).isCloseTo(pairwiseAuc(y, s), within(1e-12));
        }
    }

    @Test
    void aucOfSmallRandomCasesWithTiesAndSignedZerosMatchesTheBruteForcePairCount() {
        // roc_auc_score counts a tied (positive, negative) pair 1/2; -0.0 and 0.0 are one tied score
        SplittableRandom rnd = new SplittableRandom(38);
        double[] values = {-1.0, -0.0, 0.0, 0.5};
        for (int trial = 0; trial < 200; trial++) {
            int n = 2 + rnd.nextInt(7);
            boolean[] y = new boolean[n];
            double[] s = new double[n];
            for (int i = 0; i < n; i++) {
                y[i] = rnd.nextBoolean();
                s[i] = values[rnd.nextInt(values.length)];
            }
            y[0] = true;
            y[n - 1] = false;
            assertThat(Metrics.auc(y, s)).as("trial %d: %s %s", trial, Arrays.toString(y), Arrays.toString(s))
                    .isCloseTo(pairwiseAuc(y, s), within(1e-12));
        }
        // all scores tied: every pair counts 1/2
        assertThat(Metrics.auc(new boolean[] {true, false, true}, new double[] {0.0, -0.0, 0.0})).isEqualTo(0.5);
    }

    @Test
    void averagePrecisionHandComputedWithANegativeOnTopAndATiedPair() {
        // y = [0, 1, 1, 0, 1], s = [0.9, 0.8, 0.8, 0.3, 0.1], thresholds from the top:
        // 0.9: tp 0, fp 1: P 0,   R 0   -> (0 - 0) * 0       = 0
        // 0.8: tp 2, fp 1: P 2/3, R 2/3 -> (2/3 - 0) * 2/3   = 4/9
        // 0.3: tp 2, fp 2: P 1/2, R 2/3 -> 0
        // 0.1: tp 3, fp 2: P 3/5, R 1   -> (1 - 2/3) * 3/5   = 1/5
        // AP = 4/9 + 1/5 = 29/45 (sklearn average_precision_score: 0.6444)
        boolean[] y = Metrics.positives(new int[] {0, 1, 1, 0, 1}, 1);
        assertThat(Metrics.averagePrecision(y, new double[] {0.9, 0.8, 0.8, 0.3, 0.1}))
                .isCloseTo(29.0 / 45.0, within(1e-15));
    }

    @Test
    void averagePrecisionWithoutTiesMatchesMeanPrecisionAtEachPositive() {
        // Without ties AP = (1 / n_pos) sum over positives of precision at that positive's rank.
        SplittableRandom rnd = new SplittableRandom(6);
        for (int trial = 0; trial < 50; trial++) {
            int n = 1 + rnd.nextInt(30);
            boolean[] y = new boolean[n];
            double[] s = new double[n];
            for (int i = 0; i < n; i++) {
                y[i] = rnd.nextBoolean();
                s[i] = rnd.nextDouble();
            }
            y[0] = true;
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Double.compare(s[b], s[a]));
            double sum = 0;
            int tp = 0;
            int nPos = 0;
            for (int r = 0; r < n; r++) {
                if (y[order[r]]) {
                    tp++;
                    nPos++;
                    sum += (double) tp / (r + 1);
                }
            }
            assertThat(Metrics.averagePrecision(y, s)).as("trial %d", trial).isCloseTo(sum / nPos, within(1e-12));
        }
    }

    @Test
    void meanAveragePrecisionHandValue() {
        // Class 1 column is the sklearn example (AP 5/6); class 0 column ranks both class-0 examples
        // first (0.9, 0.8 above 0.2, 0.1): AP 1. MAP = (1 + 5/6) / 2 = 11/12.
        int[] truth = {0, 0, 1, 1};
        double[][] scores = {{0.9, 0.1}, {0.8, 0.4}, {0.1, 0.35}, {0.2, 0.8}};
        assertThat(Metrics.meanAveragePrecision(truth, scores)).isCloseTo(11.0 / 12.0, within(1e-15));
        assertThatThrownBy(() -> Metrics.meanAveragePrecision(new int[] {0, 0}, new double[][] {{1, 0}, {0, 1}}))
                .hasMessage("class 1 has no examples: its average precision is undefined");
        assertThatThrownBy(() -> Metrics.meanAveragePrecision(new int[] {0, 1}, new double[][] {{1, 0}, {0}}))
                .hasMessage("row 1 of scores has 1 columns, expected 2");
    }

    @Test
    void accuracyHandValues() {
        // 3 of 4 equal.
        assertThat(Metrics.accuracy(new int[] {1, 2, 3, 4}, new int[] {1, 2, 0, 4})).isEqualTo(0.75);
        // 1 of 2 equal; -0.0 == 0.0.
        assertThat(Metrics.accuracy(new double[] {1, -0.0}, new double[] {-1, 0.0})).isEqualTo(0.5);
        assertThatThrownBy(() -> Metrics.accuracy(new int[] {1}, new int[] {1, 2}))
                .hasMessage("truth and predictions must have equal length, got 1 and 2");
    }

    @Test
    void badInputNamesTheProblem() {
        assertThatThrownBy(() -> Metrics.auc(new boolean[] {true, true}, new double[] {1, 2}))
                .hasMessage("AUC needs positive and negative examples, got 2 positive and 0 negative");
        assertThatThrownBy(() -> Metrics.averagePrecision(new boolean[] {false}, new double[] {1}))
                .hasMessageContaining("at least one positive");
        assertThatThrownBy(() -> Metrics.auc(new boolean[] {true, false}, new double[] {Double.NaN, 2}))
                .hasMessage("score 0 must be finite, got NaN");
    }
}
