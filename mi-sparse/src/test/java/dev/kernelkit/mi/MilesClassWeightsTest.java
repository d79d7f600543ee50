package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.svm.ClassWeights;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Class weights in MILES (by bag label: bag i's slack costs C w_{c(i)} in the 1-norm LP min ||w||_1 + sum_i C_i
 * xi_i). Independent check of the weighted LP: a row of cost 2C is that row given twice at cost C, so both LPs have
 * the same optimal objective. The same weight w on both classes is the unweighted fit at C w bit for bit, weights
 * of one the unweighted fit, balanced weights raise the held-out recall of the rare positive bags, and unweighted
 * options print as before.
 */
class MilesClassWeightsTest {
    private static final BagDataset TRAIN = SyntheticData.muskLikeBags(8, 40, 250, 4, 21);

    private static double[] decisions(MilesModel m, BagDataset d) {
        double[] out = new double[d.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.decisions(d.bag(i))[0];
        }
        return out;
    }

    @Test
    void aRowOfCostTwoCIsThatRowGivenTwiceAtCostC() {
        SplittableRandom r = new SplittableRandom(4);
        int m = 40;
        int n = 12;
        double[][] s = new double[m][n];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < n; k++) {
                s[i][k] = r.nextDouble();
            }
            y[i] = s[i][0] + s[i][1] - 1 + 0.3 * r.nextGaussian() > 0 ? 1 : -1;
        }
        double c = 0.8;
        double[] costs = new double[m];
        java.util.Arrays.fill(costs, c);
        double[][] twice = new double[m + 6][];
        double[] y2 = new double[m + 6];
        for (int i = 0; i < m; i++) {
            twice[i] = s[i];
            y2[i] = y[i];
        }
        for (int i = 0; i < 6; i++) {
            costs[i] = 2 * c;
            twice[m + i] = s[i];
            y2[m + i] = y[i];
        }
        Miles.OneNormSvm weighted = Miles.oneNormSvm(s, y, c, costs, Miles.pivotBudget(m, n));
        Miles.OneNormSvm duplicated = Miles.oneNormSvm(twice, y2, c);
        assertThat(weighted.objective()).isCloseTo(duplicated.objective(), within(1e-7));
        // and the weights changed the optimum: the unweighted LP has a smaller objective
        assertThat(Miles.oneNormSvm(s, y, c).objective()).isLessThan(weighted.objective());
    }

    @Test
    void theSameWeightOnBothClassesIsTheUnweightedFitAtCTimesTheWeightAndWeightsOfOneTheUnweightedFit() {
        String[] names = TRAIN.classNames().toArray(String[]::new);
        MilesOptions base = MilesOptions.defaults().withGamma(0.02).withC(1.5);
        MilesModel both = Miles.fit(TRAIN, base.withClassWeights(ClassWeights.of(Map.of(names[0], 4.0, names[1], 4.0))));
        assertThat(decisions(both, TRAIN)).isEqualTo(decisions(Miles.fit(TRAIN, base.withC(6.0)), TRAIN));
        MilesModel ones = Miles.fit(TRAIN, base.withClassWeights(ClassWeights.of(Map.of(names[1], 1.0))));
        assertThat(decisions(ones, TRAIN)).isEqualTo(decisions(Miles.fit(TRAIN, base), TRAIN));
        assertThat(MilesOptions.defaults().toString()).isEqualTo("MilesOptions[kernel=" + new dev.kernelkit.kernel
                .GaussianKernel(1.0) + ", c=1.0]");
        assertThat(MilesOptions.defaults().withClassWeights(ClassWeights.BALANCED).toString())
                .endsWith(", classWeights=balanced]");
    }

    @Test
    void balancedWeightsRaiseTheRecallOfTheRarePositiveBagsOnHeldOutBags() {
        BagDataset test = SyntheticData.muskLikeBags(100, 100, 1000, 4, 22);
        MilesOptions o = MilesOptions.defaults().withGamma(MiCatalog.g0(TRAIN)).withC(1);
        double before = positiveRecall(Miles.fit(TRAIN, o), test);
        double after = positiveRecall(Miles.fit(TRAIN, o.withClassWeights(ClassWeights.BALANCED)), test);
        assertThat(after).as("positive-bag recall unweighted %s, balanced %s", before, after).isGreaterThan(before);
    }

    private static double positiveRecall(MilesModel m, BagDataset test) {
        int hits = 0;
        int positives = 0;
        String positive = test.classNames().get(test.classNames().size() - 1);
        for (int i = 0; i < test.size(); i++) {
            Bag b = test.bag(i);
            if (test.classNames().get(test.classIndices()[i]).equals(positive)) {
                positives++;
                hits += m.predictName(b).equals(positive) ? 1 : 0;
            }
        }
        return hits / (double) positives;
    }
}
