package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.svm.ClassWeights;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Class weights in SparseMI and its siblings on the same objective, RSVM and RS (by bag label: bag i costs
 * C w_{c(i)} in the squared-hinge loss of g(Z) = sum_c min Q_c, Q_c = 1/2 beta'(K_Z + ridge I) beta + sum_i C_i
 * max(0, 1 - y_ci f_ci)^2, in its gradient and in the SVM initialisation). The regulariser and the ridge do not
 * depend on C, so the same weight w on both classes is the unweighted fit at C w, bit for bit (every place C enters
 * is multiplied, none forgotten); weights of one are the unweighted fit; balanced weights raise the recall of the
 * rare positive bags on held-out bags; the catalog's grid holds a given class-weight in every point; a weighted
 * model file keeps the weights in its options line and unweighted options print as before.
 */
class SparseMiClassWeightsTest {
    private static final BagDataset TRAIN = SyntheticData.muskLikeBags(8, 40, 250, 4, 21);

    private static double[] decisions(SparseMiModel m, BagDataset d) {
        double[] out = new double[d.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.decisions(d.bag(i))[0];
        }
        return out;
    }

    private static SparseMiOptions base() {
        return SparseMiOptions.defaults().withGamma(0.02).withC(1.5).withExpansionVectors(4).withMaxIterations(8)
                .withSeed(3);
    }

    private static void assertSameFit(SparseMiModel a, SparseMiModel b, String what) {
        assertThat(decisions(a, TRAIN)).as(what).isEqualTo(decisions(b, TRAIN));
        assertThat(a.expansionVectors()).as(what).isEqualTo(b.expansionVectors());
        assertThat(a.objectiveTrace()).as(what).isEqualTo(b.objectiveTrace());
    }

    @Test
    void theSameWeightOnBothClassesIsTheUnweightedFitAtCTimesTheWeightAndWeightsOfOneTheUnweightedFit() {
        String[] names = TRAIN.classNames().toArray(String[]::new);
        ClassWeights both = ClassWeights.of(Map.of(names[0], 4.0, names[1], 4.0));
        ClassWeights ones = ClassWeights.of(Map.of(names[0], 1.0, names[1], 1.0));
        for (XvInit init : List.of(XvInit.RANDOM, XvInit.SVM)) {
            SparseMiOptions o = base().withInit(init);
            assertSameFit(SparseMi.fit(TRAIN, o.withClassWeights(both)), SparseMi.fit(TRAIN, o.withC(6.0)),
                    "sparse-mi, init " + init + ": w = 4 at C = 1.5 against C = 6");
            assertSameFit(SparseMi.fit(TRAIN, o.withClassWeights(ones)), SparseMi.fit(TRAIN, o),
                    "sparse-mi, init " + init + ": weights of one");
        }
        assertSameFit(RandomSparseSvm.fit(TRAIN, base().withClassWeights(both)), RandomSparseSvm.fit(TRAIN,
                base().withC(6.0)), "rsvm");
        assertSameFit(ReducedSet.fit(TRAIN, base().withClassWeights(both)), ReducedSet.fit(TRAIN, base().withC(6.0)),
                "rs");
        // a weight on one class only changes the fit (the costs reach the solver)
        ClassWeights one = ClassWeights.of(Map.of(names[1], 4.0));
        assertThat(decisions(SparseMi.fit(TRAIN, base().withClassWeights(one)), TRAIN))
                .isNotEqualTo(decisions(SparseMi.fit(TRAIN, base()), TRAIN));
        assertThat(SparseMiOptions.defaults().toString()).doesNotContain("classWeights");
        assertThat(SparseMiOptions.defaults().withClassWeights(ClassWeights.BALANCED).toString())
                .endsWith(", trialLimit=NO_DECREASE, classWeights=balanced]");
    }

    @Test
    void balancedWeightsRaiseTheRecallOfTheRarePositiveBagsOnHeldOutBags() {
        BagDataset test = SyntheticData.muskLikeBags(100, 100, 1000, 4, 22);
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(MiCatalog.g0(TRAIN)).withC(1).withSeed(1);
        double before = positiveRecall(SparseMi.fit(TRAIN, o), test);
        double after = positiveRecall(SparseMi.fit(TRAIN, o.withClassWeights(ClassWeights.BALANCED)), test);
        assertThat(after).as("positive-bag recall unweighted %s, balanced %s", before, after).isGreaterThan(before);
    }

    private static double positiveRecall(SparseMiModel m, BagDataset test) {
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

    @SuppressWarnings("unchecked")
    private static Learner<Bag> learner(String name) {
        return (Learner<Bag>) new MiCatalog().learners().stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow();
    }

    @Test
    void theCatalogGridOfMilesHoldsAClassWeightInEveryPoint() {
        Learner<Bag> l = learner(Miles.NAME);
        List<Trainer<Bag, ? extends FittedModel<Bag>>> plain = l.grid(TRAIN, 1);
        List<Trainer<Bag, ? extends FittedModel<Bag>>> held = l.grid(TRAIN, 1, ParamValues.parse(l.name(), l.params(),
                Map.of("class-weight", "balanced")));
        assertThat(held).hasSameSizeAs(plain).hasSize(15);
        for (int i = 0; i < plain.size(); i++) {
            MilesOptions p = (MilesOptions) plain.get(i).options();
            assertThat(p.classWeights()).isEqualTo(ClassWeights.NONE);
            assertThat(held.get(i).options()).isEqualTo(p.withClassWeights(ClassWeights.BALANCED));
        }
    }

    @Test
    void theCatalogGridsOfSparseMiRsvmAndRsHoldAClassWeightInEveryPoint() {
        for (String name : List.of(SparseMi.NAME, RandomSparseSvm.NAME, ReducedSet.NAME)) {
            Learner<Bag> l = learner(name);
            List<Trainer<Bag, ? extends FittedModel<Bag>>> plain = l.grid(TRAIN, 1);
            List<Trainer<Bag, ? extends FittedModel<Bag>>> held = l.grid(TRAIN, 1, ParamValues.parse(l.name(),
                    l.params(), Map.of("class-weight", "balanced")));
            assertThat(held).as(name).hasSameSizeAs(plain).hasSize(15);
            for (int i = 0; i < plain.size(); i++) {
                SparseMiOptions p = (SparseMiOptions) plain.get(i).options();
                assertThat(p.classWeights()).isEqualTo(ClassWeights.NONE);
                assertThat(held.get(i).options()).as(name).isEqualTo(p.withClassWeights(ClassWeights.BALANCED));
            }
        }
    }

    @Test
    void aWeightedModelFileKeepsTheWeightsInItsOptionsAndPredictsAsTheFit(@TempDir Path dir) throws Exception {
        Learner<Bag> l = learner(SparseMi.NAME);
        FittedModel<Bag> m = l.trainer(TRAIN, 2, ParamValues.parse(l.name(), l.params(),
                Map.of("class-weight", "balanced", "xv", "3", "max-iterations", "4"))).fit(TRAIN);
        Path file = dir.resolve("w.model");
        Models.save(m, file);
        SparseMiModel back = Models.load(file, SparseMiModel.class);
        assertThat(back.report().options()).contains("classWeights=balanced");
        assertThat(decisions(back, TRAIN)).isEqualTo(decisions((SparseMiModel) m, TRAIN));
    }
}
