package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.svm.ClassWeights;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Class weights in mi-SVM and MI-SVM (by bag label: every instance or witness of bag i costs its C times
 * w_{c(i)}): the same weight w on both classes is the unweighted fit at C w, bit for bit (every cost is
 * multiplied, none forgotten); weights of one are the unweighted fit; balanced weights raise the recall of the
 * rare positive bags on held-out bags; unweighted options print as before.
 */
class MiSvmClassWeightsTest {
    private static final BagDataset TRAIN = SyntheticData.muskLikeBags(8, 40, 250, 4, 21);

    private static double[] decisions(MiSvmModel m, BagDataset d) {
        double[] out = new double[d.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.decisions(d.bag(i))[0];
        }
        return out;
    }

    @Test
    void theSameWeightOnBothClassesIsTheUnweightedFitAtCTimesTheWeightForBothVariantsAndWeightings() {
        for (MiSvmOptions.Variant v : MiSvmOptions.Variant.values()) {
            for (MiSvmOptions.Weighting w : MiSvmOptions.Weighting.values()) {
                MiSvmOptions base = MiSvmOptions.defaults(v).withGamma(0.25).withC(1.5).withWeighting(w);
                String[] names = TRAIN.classNames().toArray(String[]::new);
                ClassWeights both = ClassWeights.of(Map.of(names[0], 4.0, names[1], 4.0));
                MiSvmModel weighted = MiSvm.fit(TRAIN, base.withClassWeights(both));
                MiSvmModel scaled = MiSvm.fit(TRAIN, base.withC(6.0));
                assertThat(decisions(weighted, TRAIN)).as("%s %s", v, w).isEqualTo(decisions(scaled, TRAIN));
                MiSvmModel ones = MiSvm.fit(TRAIN, base.withClassWeights(ClassWeights.of(Map.of(names[1], 1.0))));
                assertThat(decisions(ones, TRAIN)).isEqualTo(decisions(MiSvm.fit(TRAIN, base), TRAIN));
            }
        }
        assertThat(MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE).toString()).doesNotContain("classWeights");
        assertThat(MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE).withClassWeights(ClassWeights.BALANCED)
                .toString()).endsWith(", classWeights=balanced]");
    }

    @Test
    void balancedWeightsRaiseTheRecallOfTheRarePositiveBagsOnHeldOutBags() {
        BagDataset test = SyntheticData.muskLikeBags(100, 100, 1000, 4, 22);
        for (MiSvmOptions.Variant v : MiSvmOptions.Variant.values()) {
            MiSvmOptions base = MiSvmOptions.defaults(v).withGamma(MiCatalog.g0(TRAIN)).withC(1);
            double before = positiveRecall(MiSvm.fit(TRAIN, base), test);
            double after = positiveRecall(MiSvm.fit(TRAIN, base.withClassWeights(ClassWeights.BALANCED)), test);
            assertThat(after).as("%s positive-bag recall unweighted %s, balanced %s", v, before, after)
                    .isGreaterThan(before);
        }
    }

    private static double positiveRecall(MiSvmModel m, BagDataset test) {
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
