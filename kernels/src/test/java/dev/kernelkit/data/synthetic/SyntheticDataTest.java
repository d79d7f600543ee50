package dev.kernelkit.data.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.testing.TestData;
import org.junit.jupiter.api.Test;

class SyntheticDataTest {

    @Test
    void twoMoonsWithoutNoiseLiesExactlyOnTheTwoHalfCircles() {
        LabeledDataset d = SyntheticData.twoMoons(101, 0.0, 3);
        assertThat(d.size()).isEqualTo(101);
        assertThat(d.dim()).isEqualTo(2);
        int neg = 0;
        for (int i = 0; i < d.size(); i++) {
            double a = d.x(i).get(0);
            double b = d.x(i).get(1);
            if (d.y(i) == -1) {
                neg++;
                // upper moon: unit circle around (0, 0), upper half
                assertThat(Math.hypot(a, b)).isCloseTo(1.0, within(1e-12));
                assertThat(b).isGreaterThanOrEqualTo(0.0);
            } else {
                assertThat(d.y(i)).isEqualTo(1.0);
                // lower moon: unit circle around (1, 0.5), lower half
                assertThat(Math.hypot(a - 1, b - 0.5)).isCloseTo(1.0, within(1e-12));
                assertThat(b).isLessThanOrEqualTo(0.5 + 1e-12);
            }
        }
        assertThat(neg).isEqualTo(51); // ceil(101 / 2)
    }

    @Test
    void twoMoonsNoiseHasTheRequestedSpread() {
        LabeledDataset d = SyntheticData.twoMoons(4000, 0.2, 4);
        // radial deviation from the moon's circle ~ noise; its RMS over many points is close to 0.2
        double ss = 0;
        for (int i = 0; i < d.size(); i++) {
            double a = d.x(i).get(0);
            double b = d.x(i).get(1);
            double r = d.y(i) < 0 ? Math.hypot(a, b) : Math.hypot(a - 1, b - 0.5);
            ss += (r - 1) * (r - 1);
        }
        assertThat(Math.sqrt(ss / d.size())).isCloseTo(0.2, within(0.02));
    }

    @Test
    void checkerboardLabelsFollowTheCellParity() {
        LabeledDataset d = SyntheticData.checkerboard(2000, 2, 5);
        int pos = 0;
        for (int i = 0; i < d.size(); i++) {
            double a = d.x(i).get(0);
            double b = d.x(i).get(1);
            assertThat(a).isBetween(0.0, 1.0);
            assertThat(b).isBetween(0.0, 1.0);
            // 2x2 board: +1 on the lower-left and upper-right quadrants
            double expected = (a < 0.5) == (b < 0.5) ? 1 : -1;
            assertThat(d.y(i)).isEqualTo(expected);
            pos += d.y(i) > 0 ? 1 : 0;
        }
        assertThat(pos).isBetween(900, 1100);
        assertThat(SyntheticData.checkerboardLabel(0.30, 0.10, 4)).isEqualTo(-1.0); // cells (1, 0): odd
        assertThat(SyntheticData.checkerboardLabel(0.30, 0.30, 4)).isEqualTo(1.0); // cells (1, 1): even
    }

    @Test
    void ringBagsPositivesHaveACentreInstanceNegativesOnlyRingInstances() {
        BagDataset d = SyntheticData.ringBags(40, 2, 8, 6);
        assertThat(d.isBinary()).isTrue();
        assertThat(d.size()).isEqualTo(80);
        assertThat(d.classCounts()).containsExactly(40, 40);
        for (int i = 0; i < d.size(); i++) {
            Bag b = d.bag(i);
            assertThat(b.size()).isBetween(2, 8);
            int centre = 0;
            for (Vec v : b.instances()) {
                double r = Math.sqrt(v.squaredNorm());
                // centre: N(0, 0.3^2 I), ring: radius 2 +- 0.1; nothing between 1.5 and 1.6 is expected
                if (r < 1.5) {
                    centre++;
                } else {
                    assertThat(r).isCloseTo(2.0, within(0.5));
                }
            }
            if (d.sign(i) > 0) {
                assertThat(centre).isBetween(1, (b.size() + 1) / 2);
                assertThat(b.id()).startsWith("pos-");
            } else {
                assertThat(centre).isZero();
                assertThat(b.id()).startsWith("neg-");
            }
        }
    }

    @Test
    void fourGaussianBagsFollowThePaperClassRule() {
        BagDataset d = SyntheticData.fourGaussianBags(30, 3, 10, 7);
        assertThat(d.classNames()).containsExactly("1", "2", "3");
        assertThat(d.classCounts()).containsExactly(30, 30, 30);
        for (int i = 0; i < d.size(); i++) {
            int[] count = new int[5];
            for (Vec v : d.bag(i).instances()) {
                count[nearestMean(v)]++;
            }
            int cls = d.label(i) + 1;
            switch (cls) {
                case 1 -> {
                    assertThat(count[1]).isPositive();
                    assertThat(count[3]).isZero();
                }
                case 2 -> {
                    assertThat(count[3]).isPositive();
                    assertThat(count[1]).isZero();
                }
                default -> {
                    assertThat(count[1]).isZero();
                    assertThat(count[3]).isZero();
                }
            }
            assertThat(d.bag(i).id()).startsWith("c" + cls + "-");
        }
    }

    @Test
    void fourGaussianInstancesHaveThePaperSigma() {
        BagDataset d = SyntheticData.fourGaussianBags(200, 5, 5, 8);
        double ss = 0;
        int n = 0;
        for (Bag b : d.bags()) {
            for (Vec v : b.instances()) {
                double[] mu = SyntheticData.fourGaussianMean(nearestMean(v));
                ss += Math.pow(v.get(0) - mu[0], 2) + Math.pow(v.get(1) - mu[1], 2);
                n += 2;
            }
        }
        assertThat(Math.sqrt(ss / n)).isCloseTo(0.25, within(0.01)); // sigma = 0.25, 6000 coordinates
    }

    /** Index k (1..4) of the paper mean nearest to v: μ1 = [-2, 2], μ2 = [2, 2], μ3 = [2, -2], μ4 = [-2, -2]. */
    private static int nearestMean(Vec v) {
        double a = v.get(0);
        double b = v.get(1);
        if (b > 0) {
            return a < 0 ? 1 : 2;
        }
        return a > 0 ? 3 : 4;
    }

    @Test
    void muskLikeBagsHaveTheRequestedShapeAndIntegerFeatures() {
        BagDataset d = SyntheticData.muskLikeBags(7, 11, 500, 13, 3);
        assertThat(d.size()).isEqualTo(18);
        assertThat(d.classNames()).isEqualTo(BagDataset.BINARY_CLASSES);
        assertThat(d.classCounts()).containsExactly(11, 7);
        assertThat(d.instanceCount()).isEqualTo(500);
        assertThat(d.dim()).isEqualTo(13);
        for (int i = 0; i < d.size(); i++) {
            Bag b = d.bag(i);
            assertThat(b.size()).isPositive();
            assertThat(b.id()).startsWith(d.label(i) == 1 ? "pos-" : "neg-");
            for (Vec v : b.instances()) {
                for (int f = 0; f < v.dim(); f++) {
                    assertThat(v.get(f)).isEqualTo(Math.rint(v.get(f)));
                }
            }
        }
    }

    @Test
    void muskLikeWitnessesAreCloseAcrossPositiveBagsAndNothingElseIs() {
        // per feature, two witnesses differ by 20 * N(0, 2 * 0.5^2) (squared distance about
        // 166 * 200 = 33,200); any other two instances of different bags by at least 20 * N(0, 4)
        // (about 166 * 1600 = 265,600), and of one bag by 20 * N(0, 2) (about 132,800)
        BagDataset d = SyntheticData.muskLikeBags(6, 6, 300, 166, 11);
        double threshold = 66_400; // twice the witnesses' mean squared distance
        for (int i = 0; i < d.size(); i++) {
            boolean close = false;
            for (Vec x : d.bag(i).instances()) {
                for (int k = 0; k < d.size(); k++) {
                    if (k == i) {
                        continue;
                    }
                    for (Vec y : d.bag(k).instances()) {
                        close |= x.squaredNorm() + y.squaredNorm() - 2 * x.dot(y) < threshold;
                    }
                }
            }
            assertThat(close).as("bag %s has an instance close to another bag's", d.bag(i).id())
                    .isEqualTo(d.label(i) == 1);
        }
    }

    @Test
    void ringnormClassesHaveBreimansMeansAndVariances() {
        int dim = 20;
        LabeledDataset d = SyntheticData.ringnorm(4001, dim, 6);
        assertThat(d.size()).isEqualTo(4001);
        assertThat(d.dim()).isEqualTo(dim);
        double a = 2 / Math.sqrt(dim);
        double[] count = new double[2], sum = new double[2], sumSq = new double[2];
        for (int i = 0; i < d.size(); i++) {
            int c = d.y(i) == 1.0 ? 0 : 1;
            assertThat(d.y(i)).isIn(1.0, -1.0);
            count[c]++;
            for (int j = 0; j < dim; j++) {
                double v = d.x(i).get(j);
                sum[c] += v;
                sumSq[c] += v * v;
            }
        }
        assertThat(count[0]).isEqualTo(2001); // ceil(4001 / 2) in class 1
        double m0 = sum[0] / (count[0] * dim), m1 = sum[1] / (count[1] * dim);
        // class 1 ~ N(0, 4 I), class 2 ~ N(a 1, I): per-coordinate mean and variance over ~40,000 values
        assertThat(m0).isCloseTo(0.0, within(0.05));
        assertThat(sumSq[0] / (count[0] * dim) - m0 * m0).isCloseTo(4.0, within(0.15));
        assertThat(m1).isCloseTo(a, within(0.03));
        assertThat(sumSq[1] / (count[1] * dim) - m1 * m1).isCloseTo(1.0, within(0.04));
    }

    @Test
    void ringnormBayesRuleErrsAboutBreimansOnePointThreePercent() {
        // the likelihood-ratio rule with the true densities; Breiman (1996) gives a Bayes error of 1.3% for d = 20
        int dim = 20;
        LabeledDataset d = SyntheticData.ringnorm(20000, dim, 7);
        double a = 2 / Math.sqrt(dim);
        int wrong = 0;
        for (int i = 0; i < d.size(); i++) {
            double s1 = 0, s2 = 0;
            for (int j = 0; j < dim; j++) {
                double v = d.x(i).get(j);
                s1 += v * v;
                s2 += (v - a) * (v - a);
            }
            double logRatio = -s1 / 8 - dim * Math.log(2) + s2 / 2; // log N(x; 0, 4I) - log N(x; a1, I)
            if ((logRatio > 0 ? 1.0 : -1.0) != d.y(i)) {
                wrong++;
            }
        }
        assertThat(wrong / (double) d.size()).isCloseTo(0.013, within(0.004));
    }

    @Test
    void sameSeedSameDataOtherSeedOtherData() {
        assertThat(TestData.sameData(SyntheticData.twoMoons(50, 0.1, 9), SyntheticData.twoMoons(50, 0.1, 9))).isTrue();
        assertThat(TestData.sameData(SyntheticData.twoMoons(50, 0.1, 9), SyntheticData.twoMoons(50, 0.1, 10))).isFalse();
        assertThat(TestData.sameData(SyntheticData.checkerboard(50, 3, 9), SyntheticData.checkerboard(50, 3, 9))).isTrue();
        assertThat(TestData.sameData(SyntheticData.ringnorm(50, 20, 9), SyntheticData.ringnorm(50, 20, 9))).isTrue();
        assertThat(TestData.sameData(SyntheticData.ringnorm(50, 20, 9), SyntheticData.ringnorm(50, 20, 10))).isFalse();
        assertThat(TestData.sameData(SyntheticData.ringBags(5, 1, 4, 9), SyntheticData.ringBags(5, 1, 4, 9))).isTrue();
        assertThat(TestData.sameData(SyntheticData.ringBags(5, 1, 4, 9), SyntheticData.ringBags(5, 1, 4, 1))).isFalse();
        assertThat(TestData.sameData(SyntheticData.fourGaussianBags(5, 1, 4, 9),
                SyntheticData.fourGaussianBags(5, 1, 4, 9))).isTrue();
        assertThat(TestData.sameData(SyntheticData.muskLikeBags(3, 4, 60, 5, 9),
                SyntheticData.muskLikeBags(3, 4, 60, 5, 9))).isTrue();
        assertThat(TestData.sameData(SyntheticData.muskLikeBags(3, 4, 60, 5, 9),
                SyntheticData.muskLikeBags(3, 4, 60, 5, 10))).isFalse();
    }

    @Test
    void invalidArgumentsAreRejectedWithTheirValues() {
        assertThatThrownBy(() -> SyntheticData.twoMoons(1, 0.1, 0)).hasMessageContaining("n must be >= 2, got 1");
        assertThatThrownBy(() -> SyntheticData.twoMoons(10, -0.1, 0)).hasMessageContaining("noise must be finite and >= 0, got -0.1");
        assertThatThrownBy(() -> SyntheticData.checkerboard(10, 1, 0)).hasMessageContaining("cells must be >= 2, got 1");
        assertThatThrownBy(() -> SyntheticData.ringBags(0, 1, 2, 0)).hasMessageContaining("bagsPerClass must be >= 1, got 0");
        assertThatThrownBy(() -> SyntheticData.fourGaussianBags(3, 4, 2, 0)).hasMessageContaining("maxSize must be >= minSize = 4, got 2");
        assertThatThrownBy(() -> SyntheticData.muskLikeBags(0, 3, 10, 2, 0))
                .hasMessageContaining("need at least one bag per class, got 0 positive and 3 negative");
        assertThatThrownBy(() -> SyntheticData.muskLikeBags(2, 3, 10, 0, 0)).hasMessageContaining("dim must be >= 1, got 0");
        assertThatThrownBy(() -> SyntheticData.muskLikeBags(2, 3, 4, 2, 0))
                .hasMessageContaining("instances must be >= the number of bags (5), got 4");
        assertThatThrownBy(() -> SyntheticData.ringnorm(1, 20, 0)).hasMessageContaining("n must be >= 2, got 1");
        assertThatThrownBy(() -> SyntheticData.ringnorm(10, 0, 0)).hasMessageContaining("dim must be >= 1, got 0");
        assertThatThrownBy(() -> SyntheticData.fourGaussianMean(5)).hasMessageContaining("k must be in 1..4, got 5");
    }
}
