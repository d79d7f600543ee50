package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MiCrossValidationTest {

    @Test
    void sparseMiSolvesTheRingProblemOnHeldOutFolds() {
        BagDataset data = SyntheticData.ringBags(20, 4, 8, 9);
        MiCrossValidation.Result r = MiCrossValidation.run(data,
                (train, gamma, c) -> SparseMi.fit(train, SparseMiOptions.defaults().withGamma(gamma).withC(c)
                        .withExpansionVectors(2)), 5, 1, 3, new double[] {0.5}, new double[] {10});
        assertThat(r.accuracies()).hasSize(5);
        assertThat(r.accuracy().mean()).isGreaterThanOrEqualTo(0.95);
        assertThat(r.kernelEvaluationsPerInstance()).isEqualTo(2.0);
        assertThat(r.gammas()).containsOnly(0.5);
    }

    @Test
    void tuningSeesOnlyTrainingBagsAndPicksFromTheGrid() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        Set<String> seenByLearner = new HashSet<>();
        int[] fits = {0};
        MiCrossValidation.Learner recording = (train, gamma, c) -> {
            fits[0]++;
            train.bags().forEach(b -> seenByLearner.add(b.id()));
            assertThat(train.size()).isLessThan(data.size());
            return SparseMi.fit(train, SparseMiOptions.defaults().withGamma(gamma).withC(c).withExpansionVectors(1)
                    .withMaxIterations(5));
        };
        MiCrossValidation.Result r = MiCrossValidation.run(data, recording, 3, 1, 4, new double[] {0.1, 1},
                new double[] {1, 10});
        // 3 outer folds x (4 grid points x 3 inner folds + 1 final fit) = 39 fits.
        assertThat(fits[0]).isEqualTo(39);
        for (double g : r.gammas()) {
            assertThat(g).isIn(0.1, 1.0);
        }
        for (double c : r.cs()) {
            assertThat(c).isIn(1.0, 10.0);
        }
        assertThat(seenByLearner).hasSize(data.size());
    }

    @Test
    void resultCountsTheOuterFoldsWhoseFinalModelStoppedAtAnIterationCap() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        String marker = data.bags().get(0).id();
        // a model that reports one capped machine exactly when it was trained on the first bag, at C = 10
        MiCrossValidation.Learner learner = (train, gamma, c) -> {
            boolean capped = c == 10 && train.bags().stream().anyMatch(b -> b.id().equals(marker));
            BagClassifier inner = SparseMi.fit(train, SparseMiOptions.defaults().withGamma(gamma).withC(c)
                    .withExpansionVectors(1).withMaxIterations(2));
            return new StubClassifier(inner.kernelEvaluationsPerInstance()) {
                @Override
                int classOf(dev.kernelkit.data.Bag bag) {
                    return inner.predict(bag);
                }

                @Override
                public int unconvergedMachines() {
                    return capped ? 1 : 0;
                }
            };
        };
        MiCrossValidation.Result r = MiCrossValidation.run(data, learner, 4, 1, 2, new double[] {0.5}, new double[] {10});
        // the first bag is in the training part of 3 of the 4 outer folds
        assertThat(r.unconvergedMachines()).hasSize(4).containsOnly(0, 1);
        assertThat(r.unconvergedFolds()).isEqualTo(3);
    }

    /** Each bag's label by its id (for classifiers that know the answer). */
    private static Map<String, Integer> labelsById(BagDataset data) {
        Map<String, Integer> labels = new HashMap<>();
        for (int i = 0; i < data.size(); i++) {
            labels.put(data.bag(i).id(), data.label(i));
        }
        return labels;
    }

    /** A classifier that knows every label (by bag id) when it has at least {@code needed} XVs, else says class 0. */
    private static BagClassifier oracleAbove(int needed, int size, Map<String, Integer> labels) {
        return new StubClassifier(size) {
            @Override
            int classOf(Bag bag) {
                return size >= needed ? labels.get(bag.id()) : 0;
            }
        };
    }

    @Test
    void tunedSizePicksTheSmallestBestSizeFromTrainingPartsOnlyAndSkipsInfeasibleOnes() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        Map<String, Integer> labels = labelsById(data);
        List<int[]> fits = new ArrayList<>();
        List<java.util.Set<String>> seen = new ArrayList<>();
        MiCrossValidation.SizedLearner learner = (train, gamma, c, size) -> {
            fits.add(new int[] {size});
            java.util.Set<String> ids = new HashSet<>();
            train.bags().forEach(b -> ids.add(b.id()));
            seen.add(ids);
            // Stage 1 must run at the smallest size only; 10^6 exceeds every inner part's instances.
            assertThat(size).isIn(1, 5, 20);
            return oracleAbove(5, size, labels);
        };
        int[] sizes = {1, 5, 20, 1_000_000};
        MiCrossValidation.Result r = MiCrossValidation.runTunedSize(data, learner, 3, 1, 4,
                new double[] {0.1, 1}, new double[] {1, 10}, sizes);
        // Inner accuracy: size 1 says class 0 for all (1/2 of the bags), sizes 5 and 20 are perfect:
        // the smaller of the tied best, 5, must win in every outer fold.
        assertThat(r.vectors()).containsOnly(5.0);
        assertThat(r.accuracies()).containsOnly(1.0);
        // Per outer fold: 4 grid points x 3 inner folds at size 1, then sizes 5 and 20 x 3 inner
        // folds, then 1 final fit = 12 + 6 + 1 = 19 fits; 3 folds = 57.
        assertThat(fits).hasSize(57);
        // Every fit of outer fold s (19 consecutive fits) sees only that fold's training bags.
        List<Splits.Split> outer = Splits.repeatedStratifiedKFold(data.labels(), 3, 1, 4);
        for (int f = 0; f < fits.size(); f++) {
            Splits.Split split = outer.get(f / 19);
            for (int t : split.test()) {
                assertThat(seen.get(f)).doesNotContain(data.bag(t).id());
            }
            if (f % 19 < 12) {
                assertThat(fits.get(f)[0]).as("fit %d is stage 1", f).isEqualTo(1);
            }
        }
        // All bags of a fold's training part are used by the final fit.
        assertThat(seen.get(18)).hasSize(outer.get(0).trainSize());
    }

    @Test
    void jointSizeSearchFindsTheBestOfTheWholeGridWhereTheStagedSearchCannot() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        Map<String, Integer> labels = labelsById(data);
        // (gamma 1, size 2) is right on every bag; at size 1, gamma 0.1 (class 0 for all, about half
        // right) beats gamma 1 (always wrong); (gamma 0.1, size 2) is always wrong. The staged search
        // fixes gamma = 0.1 at size 1 and never sees (1, 2).
        MiCrossValidation.SizedLearner learner = (train, gamma, c, size) -> new StubClassifier(size) {
            @Override
            int classOf(Bag bag) {
                int y = labels.get(bag.id());
                if (size == 1) {
                    return gamma == 1.0 ? 1 - y : 0;
                }
                return gamma == 1.0 ? y : 1 - y;
            }
        };
        double[] gammas = {0.1, 1};
        double[] cs = {1, 10};
        int[] sizes = {1, 2};
        MiCrossValidation.Result staged = MiCrossValidation.runTunedSize(data, learner, 3, 1, 4, gammas, cs, sizes, 1,
                MiCrossValidation.SizeSearch.STAGED);
        assertThat(staged.gammas()).containsOnly(0.1);
        assertThat(staged.vectors()).containsOnly(1.0);
        MiCrossValidation.Result joint = MiCrossValidation.runTunedSize(data, learner, 3, 1, 4, gammas, cs, sizes, 1,
                MiCrossValidation.SizeSearch.JOINT);
        assertThat(joint.gammas()).containsOnly(1.0);
        assertThat(joint.cs()).containsOnly(1.0);
        assertThat(joint.vectors()).containsOnly(2.0);
        assertThat(joint.accuracies()).containsOnly(1.0);
        // the default is the staged search
        assertThat(MiCrossValidation.runTunedSize(data, learner, 3, 1, 4, gammas, cs, sizes).gammas())
                .containsExactly(staged.gammas());
        assertThat(MiCrossValidation.tuneSize(data, learner, gammas, cs, sizes, 4, 1, MiCrossValidation.SizeSearch.JOINT))
                .containsExactly(1.0, 1.0, 2.0);
    }

    @Test
    void tunedSizeRejectsBadGrids() {
        BagDataset data = SyntheticData.ringBags(6, 3, 5, 10);
        MiCrossValidation.SizedLearner never = (t, g, c, k) -> null;
        assertThatThrownBy(() -> MiCrossValidation.runTunedSize(data, never, 3, 1, 1, new double[] {1},
                new double[] {1}, new int[] {10, 5})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("strictly ascending, got [10, 5]");
        assertThatThrownBy(() -> MiCrossValidation.runTunedSize(data, never, 3, 1, 1, new double[] {1},
                new double[] {1}, new int[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("N_XV grid must not be empty");
        assertThatThrownBy(() -> MiCrossValidation.runTunedSize(data, never, 3, 1, 1, new double[] {1},
                new double[] {1}, new int[] {0, 5})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("N_XV candidates must be >= 1, got 0");
    }

    @Test
    void tunedSizeWithSparseMiOnTheFourGaussianProblemUsesMoreThanOneXv() {
        // One shared XV cannot tell all three classes apart (class 2 needs an XV near mu3 and
        // class 1 one near mu1), so inner CV must prefer 2 or 4 XVs.
        BagDataset data = SyntheticData.fourGaussianBags(12, 4, 8, 5);
        MiCrossValidation.Result r = MiCrossValidation.runTunedSize(data, (train, gamma, c, size) ->
                        SparseMi.fit(train, SparseMiOptions.defaults().withGamma(gamma).withC(c)
                                .withExpansionVectors(size).withMaxIterations(30)), 3, 1, 2,
                new double[] {0.5}, new double[] {10}, new int[] {1, 2, 4});
        assertThat(r.vectors()).doesNotContain(1.0).containsAnyOf(2.0, 4.0);
        for (double v : r.vectors()) {
            assertThat(v).isIn(2.0, 4.0);
        }
        assertThat(r.accuracy().mean()).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void repeatedInnerCvFitsOnEveryPartitionOfEveryRepeatAndPicksTheBestSummedAccuracy() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        Map<String, Integer> labels = labelsById(data);
        List<Set<String>> trainIds = new ArrayList<>();
        // Right on every bag with gamma = 1, class 0 otherwise: gamma = 1 must win in every fold.
        MiCrossValidation.Learner oracle = (train, gamma, c) -> {
            Set<String> ids = new HashSet<>();
            train.bags().forEach(b -> ids.add(b.id()));
            trainIds.add(ids);
            return oracleAbove(1, gamma == 1.0 ? 1 : 0, labels);
        };
        MiCrossValidation.Result r = MiCrossValidation.run(data, oracle, 3, 1, 4, new double[] {0.1, 1},
                new double[] {1, 10}, 2);
        // 3 outer folds x (4 grid points x 2 repeats x 3 inner folds + 1 final fit) = 75 fits.
        assertThat(trainIds).hasSize(75);
        assertThat(r.gammas()).containsOnly(1.0);
        assertThat(r.cs()).containsOnly(1.0);
        // The first grid point of outer fold 0 is fitted on the inner training parts of two
        // independent stratified 3-fold partitions: seeds 4 + 7919 and 4 + 7919 + 104729.
        BagDataset outerTrain = data.subset(Splits.stratifiedKFold(data.labels(), 3, 4).get(0).train());
        List<Set<String>> expected = new ArrayList<>();
        for (long innerSeed : new long[] {4 + 7919, 4 + 7919 + 104729}) {
            for (Splits.Split sp : Splits.stratifiedKFold(outerTrain.labels(), 3, innerSeed)) {
                Set<String> ids = new HashSet<>();
                outerTrain.subset(sp.train()).bags().forEach(b -> ids.add(b.id()));
                expected.add(ids);
            }
        }
        assertThat(trainIds.subList(0, 6)).containsExactlyElementsOf(expected);
        assertThat(expected.get(0)).isNotEqualTo(expected.get(3));
        // one repeat is the paper's protocol: 3 x (4 x 3 + 1) = 39 fits, the same choices
        trainIds.clear();
        MiCrossValidation.Result one = MiCrossValidation.run(data, oracle, 3, 1, 4, new double[] {0.1, 1},
                new double[] {1, 10}, 1);
        assertThat(trainIds).hasSize(39);
        assertThat(one.gammas()).containsOnly(1.0);
        assertThatThrownBy(() -> MiCrossValidation.run(data, oracle, 3, 1, 4, new double[] {1}, new double[] {1}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("innerRepeats must be >= 1, got 0");
    }

    private static final MiCrossValidation.Learner MIKERNEL =
            (d, g, c) -> MiKernel.fit(d, MiKernelOptions.defaults().withGamma(g).withC(c));

    @Test
    void eachRepeatAccuracyEqualsTheSingleCvRunWithThatRepeatsSeed() {
        BagDataset data = SyntheticData.ringBags(10, 3, 5, 23);
        double[] gamma = {0.5};
        double[] c = {10};
        MiCrossValidation.Result all = MiCrossValidation.run(data, MIKERNEL, 4, 3, 5, gamma, c);
        double[] perRepeat = all.repeatAccuracies();
        assertThat(perRepeat).hasSize(3);
        for (int r = 0; r < 3; r++) {
            // repeat r of a repeated CV is the single CV seeded seed + r
            double alone = MiCrossValidation.run(data, MIKERNEL, 4, 1, 5 + r, gamma, c).accuracy().mean();
            assertThat(perRepeat[r]).isCloseTo(alone, org.assertj.core.data.Offset.offset(1e-12));
        }
        assertThat(all.repeatAccuracy().mean()).isCloseTo(all.accuracy().mean(), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(all.repeatAccuracy().n()).isEqualTo(3);
        assertThat(MiCrossValidation.run(data, MIKERNEL, 4, 1, 5, gamma, c).repeatAccuracy().sd()).isZero();
    }

    @Test
    void oneVariantReproducesRunFoldByFold() {
        BagDataset data = SyntheticData.ringBags(16, 3, 5, 21);
        double[] gammas = {0.05, 0.5, 2};
        double[] cs = {1, 10};
        for (int innerRepeats : new int[] {1, 2}) {
            MiCrossValidation.Result expected = MiCrossValidation.run(data, MIKERNEL, 4, 2, 9, gammas, cs, innerRepeats);
            MiCrossValidation.Result actual = MiCrossValidation.runVariants(data,
                    List.of(new MiCrossValidation.Variant("averaged", MIKERNEL)), 4, 2, 9, gammas, cs, innerRepeats);
            assertThat(actual.accuracies()).containsExactly(expected.accuracies());
            assertThat(actual.gammas()).containsExactly(expected.gammas());
            assertThat(actual.cs()).containsExactly(expected.cs());
            assertThat(actual.vectors()).containsExactly(expected.vectors());
            assertThat(actual.variants()).containsOnly("averaged").hasSize(8);
            assertThat(expected.variants()).isEmpty();
        }
    }

    @Test
    void aUselessVariantIsNeverChosenAndTiesGoToTheFirstVariant() {
        BagDataset data = SyntheticData.ringBags(16, 3, 5, 22);
        // always the first class: at most about half the inner accuracy of the kernel machine
        MiCrossValidation.Learner constant = (d, g, c) -> constantClassifier(0);
        double[] gammas = {0.5, 2};
        double[] cs = {10};
        MiCrossValidation.Result r = MiCrossValidation.runVariants(data, List.of(
                new MiCrossValidation.Variant("constant", constant), new MiCrossValidation.Variant("mikernel", MIKERNEL)),
                4, 1, 3, gammas, cs, 1);
        assertThat(r.variants()).containsOnly("mikernel");
        assertThat(r.accuracy().mean()).isGreaterThan(0.8);
        MiCrossValidation.Result tie = MiCrossValidation.runVariants(data, List.of(
                new MiCrossValidation.Variant("first", MIKERNEL), new MiCrossValidation.Variant("second", MIKERNEL)),
                4, 1, 3, gammas, cs, 1);
        assertThat(tie.variants()).containsOnly("first");
        assertThatThrownBy(() -> MiCrossValidation.runVariants(data, List.of(), 4, 1, 3, gammas, cs, 1))
                .hasMessageContaining("variant list must not be empty");
        assertThatThrownBy(() -> new MiCrossValidation.Variant(" ", MIKERNEL)).hasMessageContaining("needs a name");
    }

    @Test
    void parallelTuningOfAThreadSafeLearnerMakesTheSequentialChoicesAndUnmarkedLearnersStayOnOneThread() {
        BagDataset data = SyntheticData.ringBags(16, 3, 5, 23);
        double[] gammas = {0.05, 0.2, 0.5, 2};
        double[] cs = {0.1, 1, 10};
        // the sequential reference, recording the thread of every fit
        Set<Thread> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        MiCrossValidation.Learner recording = (d, g, c) -> {
            threads.add(Thread.currentThread());
            return MIKERNEL.fit(d, g, c);
        };
        MiCrossValidation.Result sequential = MiCrossValidation.run(data, recording, 4, 2, 5, gammas, cs, 2);
        assertThat(threads).hasSize(1);
        threads.clear();
        MiCrossValidation.Result parallel = MiCrossValidation.run(data, MiCrossValidation.Learner.threadSafe(recording),
                4, 2, 5, gammas, cs, 2);
        assertThat(parallel.gammas()).containsExactly(sequential.gammas());
        assertThat(parallel.cs()).containsExactly(sequential.cs());
        assertThat(parallel.accuracies()).containsExactly(sequential.accuracies());
        // the grid (4 x 3 points x 6 inner splits per outer fold) was spread over the caller and the pool's workers
        if (java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() >= 1) {
            assertThat(threads).hasSizeGreaterThan(1);
        }
        // tuned N_XV: the sized learner's flag carries over to the stage-1 grid
        MiCrossValidation.SizedLearner sized = (d, g, c, k) -> SparseMi.fit(d, SparseMiOptions.defaults().withGamma(g)
                .withC(c).withExpansionVectors(k).withMaxIterations(3));
        assertThat(sized.atSize(2).isThreadSafe()).isFalse();
        assertThat(MiCrossValidation.SizedLearner.threadSafe(sized).atSize(2).isThreadSafe()).isTrue();
        double[] one = MiCrossValidation.tuneSize(data, sized, gammas, cs, new int[] {1, 2}, 3, 1);
        double[] two = MiCrossValidation.tuneSize(data, MiCrossValidation.SizedLearner.threadSafe(sized), gammas, cs,
                new int[] {1, 2}, 3, 1);
        assertThat(two).containsExactly(one);
    }

    @Test
    void emptyGridIsAnError() {
        BagDataset data = SyntheticData.ringBags(6, 3, 5, 10);
        assertThatThrownBy(() -> MiCrossValidation.run(data, (t, g, c) -> null, 3, 1, 1, new double[0],
                new double[] {1})).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 gammas");
    }

    @Test
    void accuracyCountsCorrectBags() {
        BagDataset data = SyntheticData.ringBags(5, 3, 5, 10);
        BagClassifier alwaysPositive = constantClassifier(1);
        // 5 positive bags of 10: accuracy 0.5.
        assertThat(MiCrossValidation.accuracy(alwaysPositive, data)).isEqualTo(0.5);
    }

    /** A classifier that predicts {@code label} for every bag. */
    private static BagClassifier constantClassifier(int label) {
        return new StubClassifier(0) {
            @Override
            int classOf(Bag bag) {
                return label;
            }
        };
    }
}
