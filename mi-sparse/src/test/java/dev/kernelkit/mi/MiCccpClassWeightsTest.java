package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.svm.ClassWeights;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Class weights in MI-CCCP (by bag label: bag i's hinge loss costs C w_{c(i)} and its bag-to-max-instance L1 loss
 * C w_{c(i)} lambda). Independent check: J_w(f) with a weight of 2 on the positive bags equals J(f) on the data with
 * every positive bag given twice, for every f; with the mean map J is convex, so both fits reach the same minimum
 * (to the step solvers' tolerance), for the SMO and the projected-gradient step solvers. The same weight w on both
 * classes is the unweighted fit at C w (the fit solves equal costs as that C), weights of one the unweighted fit,
 * balanced weights raise the held-out recall of the rare positive bags, the catalog grid holds a given class-weight,
 * and unweighted options print as before.
 */
class MiCccpClassWeightsTest {
    private static final BagDataset TRAIN = SyntheticData.muskLikeBags(6, 24, 150, 3, 21);

    private static double[] decisions(MiCccpModel m, BagDataset d) {
        double[] out = new double[d.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.decisions(d.bag(i))[0];
        }
        return out;
    }

    private static double lastJ(MiCccpModel m) {
        double[] trace = m.report().objective();
        return trace[trace.length - 1];
    }

    @Test
    void aWeightOfTwoOnThePositiveBagsReachesTheMinimumOfTheDataWithThemGivenTwice() {
        String positive = TRAIN.classNames().get(TRAIN.classNames().size() - 1);
        List<Bag> bags = new ArrayList<>(TRAIN.bags());
        List<Integer> labels = new ArrayList<>();
        for (int i = 0; i < TRAIN.size(); i++) {
            labels.add(TRAIN.classIndices()[i]);
        }
        int p = TRAIN.classNames().indexOf(positive);
        for (int i = 0; i < TRAIN.size(); i++) {
            if (TRAIN.classIndices()[i] == p) {
                bags.add(TRAIN.bag(i));
                labels.add(p);
            }
        }
        BagDataset twice = new BagDataset(bags, TRAIN.classNames(), labels.stream().mapToInt(Integer::intValue).toArray());
        for (MiCccpOptions.StepSolver solver : MiCccpOptions.StepSolver.values()) {
            MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.05).withC(2.0).withLambda(0.5).withStepSolver(solver);
            MiCccpModel weighted = MiCccp.fit(TRAIN, o.withClassWeights(ClassWeights.of(Map.of(positive, 2.0))));
            MiCccpModel duplicated = MiCccp.fit(twice, o);
            assertThat(lastJ(weighted)).as("%s", solver).isCloseTo(lastJ(duplicated),
                    within(1e-4 * Math.max(1, Math.abs(lastJ(duplicated)))));
            double[] a = decisions(weighted, TRAIN);
            double[] b = decisions(duplicated, TRAIN);
            for (int i = 0; i < a.length; i++) {
                assertThat(a[i]).as("%s bag %d", solver, i).isCloseTo(b[i], within(1e-2));
            }
            // and the weight moved the fit
            assertThat(lastJ(MiCccp.fit(TRAIN, o))).isLessThan(lastJ(weighted));
        }
    }

    @Test
    void theSameWeightOnBothClassesIsTheUnweightedFitAtCTimesTheWeightAndWeightsOfOneTheUnweightedFit() {
        String[] names = TRAIN.classNames().toArray(String[]::new);
        MiCccpOptions base = MiCccpOptions.defaults().withGamma(0.05).withC(1.5);
        MiCccpModel both = MiCccp.fit(TRAIN, base.withClassWeights(ClassWeights.of(Map.of(names[0], 4.0, names[1], 4.0))));
        assertThat(decisions(both, TRAIN)).isEqualTo(decisions(MiCccp.fit(TRAIN, base.withC(6.0)), TRAIN));
        MiCccpModel ones = MiCccp.fit(TRAIN, base.withClassWeights(ClassWeights.of(Map.of(names[1], 1.0))));
        assertThat(decisions(ones, TRAIN)).isEqualTo(decisions(MiCccp.fit(TRAIN, base), TRAIN));
        assertThat(MiCccpOptions.defaults().toString()).doesNotContain("classWeights").startsWith("MiCccpOptions[kernel=")
                .endsWith(", stepSolver=SMO]");
        assertThat(MiCccpOptions.defaults().withClassWeights(ClassWeights.BALANCED).toString())
                .endsWith(", stepSolver=SMO, classWeights=balanced]");
    }

    @Test
    void balancedWeightsRaiseTheRecallOfTheRarePositiveBagsOnHeldOutBags() {
        BagDataset train = SyntheticData.muskLikeBags(8, 40, 250, 4, 21);
        BagDataset test = SyntheticData.muskLikeBags(100, 100, 1000, 4, 22);
        MiCccpOptions o = MiCccpOptions.defaults().withGamma(MiCatalog.g0(train)).withC(1);
        double before = positiveRecall(MiCccp.fit(train, o), test);
        double after = positiveRecall(MiCccp.fit(train, o.withClassWeights(ClassWeights.BALANCED)), test);
        assertThat(after).as("positive-bag recall unweighted %s, balanced %s", before, after).isGreaterThan(before);
    }

    private static double positiveRecall(MiCccpModel m, BagDataset test) {
        int hits = 0;
        int positives = 0;
        String positive = test.classNames().get(test.classNames().size() - 1);
        for (int i = 0; i < test.size(); i++) {
            if (test.classNames().get(test.classIndices()[i]).equals(positive)) {
                positives++;
                hits += m.predictName(test.bag(i)).equals(positive) ? 1 : 0;
            }
        }
        return hits / (double) positives;
    }

    @Test
    @SuppressWarnings("unchecked")
    void theCatalogGridOfCccpHoldsAClassWeightInEveryPoint() {
        dev.kernelkit.learn.Learner<Bag> l = (dev.kernelkit.learn.Learner<Bag>) new MiCatalog().learners().stream()
                .filter(x -> x.name().equals(MiCccp.NAME)).findFirst().orElseThrow();
        var plain = l.grid(TRAIN, 1);
        var held = l.grid(TRAIN, 1, dev.kernelkit.learn.ParamValues.parse(l.name(), l.params(),
                Map.of("class-weight", "balanced")));
        assertThat(held).hasSameSizeAs(plain).hasSize(15);
        for (int i = 0; i < plain.size(); i++) {
            MiCccpOptions p = (MiCccpOptions) plain.get(i).options();
            assertThat(p.classWeights()).isEqualTo(ClassWeights.NONE);
            assertThat(held.get(i).options()).isEqualTo(p.withClassWeights(ClassWeights.BALANCED));
        }
    }
}
