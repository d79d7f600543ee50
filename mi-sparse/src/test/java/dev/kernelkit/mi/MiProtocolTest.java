package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.Point;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class MiProtocolTest {

    /** A fit from (gamma, C, N_XV), for test doubles. */
    @FunctionalInterface
    private interface SizedFit {
        BagClassifier fit(BagDataset train, double gamma, double c, int size);
    }

    /** The contract trainer of a sized test double. */
    private static MiProtocol.SizedFactory sized(SizedFit fit) {
        return (gamma, c, size) -> Trainers.of("double", InputKind.BAGS, Task.CLASSIFICATION,
                new MiProtocol.GammaC(gamma, c), (data, listener) -> fit.fit(BagDataset.of(data), gamma, c, size));
    }

    private static final MiProtocol.Fit MIKERNEL_FIT =
            (d, g, c) -> MiKernel.fit(d, MiKernelOptions.defaults().withGamma(g).withC(c));
    private static final MiProtocol.Factory MIKERNEL =
            (g, c) -> MiKernel.trainer(MiKernelOptions.defaults().withGamma(g).withC(c));

    private static MiProtocol.SizedFactory sparseMi(int iterations) {
        return (g, c, k) -> SparseMi.trainer(SparseMiOptions.defaults().withGamma(g).withC(c).withExpansionVectors(k)
                .withMaxIterations(iterations));
    }

    @Test
    void sparseMiSolvesTheRingProblemOnHeldOutFolds() {
        BagDataset data = SyntheticData.ringBags(20, 4, 8, 9);
        Evaluation e = MiProtocol.tuned((g, c) -> SparseMi.trainer(SparseMiOptions.defaults().withGamma(g).withC(c)
                .withExpansionVectors(2)), 5, 1, 3, new double[] {0.5}, new double[] {10}, 1).run(data);
        assertThat(e.scores()).hasSize(5);
        assertThat(e.summary().mean()).isGreaterThanOrEqualTo(0.95);
        assertThat(MiProtocol.vectors(e)).containsOnly(2.0);
        assertThat(MiProtocol.chosen(e, MiProtocol.GAMMA)).containsOnly(0.5);
    }

    @Test
    void tuningSeesOnlyTrainingBagsAndPicksFromTheGrid() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        Set<String> seenByLearner = new HashSet<>();
        int[] fits = {0};
        MiProtocol.Factory recording = MiProtocol.factory("recording", (train, gamma, c) -> {
            fits[0]++;
            train.bags().forEach(b -> seenByLearner.add(b.id()));
            assertThat(train.size()).isLessThan(data.size());
            return SparseMi.fit(train, SparseMiOptions.defaults().withGamma(gamma).withC(c).withExpansionVectors(1)
                    .withMaxIterations(5));
        });
        Evaluation e = MiProtocol.tuned(recording, 3, 1, 4, new double[] {0.1, 1}, new double[] {1, 10}, 1)
                .withThreads(1).run(data);
        // 3 outer folds x (4 grid points x 3 inner folds + 1 final fit) = 39 fits.
        assertThat(fits[0]).isEqualTo(39);
        assertThat(MiProtocol.chosen(e, MiProtocol.GAMMA)).containsAnyOf(0.1, 1.0).hasSize(3);
        for (double g : MiProtocol.chosen(e, MiProtocol.GAMMA)) {
            assertThat(g).isIn(0.1, 1.0);
        }
        for (double c : MiProtocol.chosen(e, MiProtocol.C)) {
            assertThat(c).isIn(1.0, 10.0);
        }
        assertThat(seenByLearner).hasSize(data.size());
    }

    @Test
    void theProtocolCountsTheOuterFoldsWhoseFinalModelStoppedAtAnIterationCap() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        String marker = data.bags().get(0).id();
        // a model that reports one capped machine exactly when it was trained on the first bag, at C = 10
        MiProtocol.Factory learner = MiProtocol.factory("capped", (train, gamma, c) -> {
            boolean capped = c == 10 && train.bags().stream().anyMatch(b -> b.id().equals(marker));
            BagClassifier inner = SparseMi.fit(train, SparseMiOptions.defaults().withGamma(gamma).withC(c)
                    .withExpansionVectors(1).withMaxIterations(2));
            return new StubClassifier(inner.kernelEvaluationsPerInstance()) {
                @Override
                int classOf(Bag bag) {
                    return inner.predict(bag);
                }

                @Override
                public int unconvergedMachines() {
                    return capped ? 1 : 0;
                }
            };
        });
        Evaluation e = MiProtocol.tuned(learner, 4, 1, 2, new double[] {0.5}, new double[] {10}, 1).run(data);
        // the first bag is in the training part of 3 of the 4 outer folds
        assertThat(e.measure(MiProtocol.UNCONVERGED)).hasSize(4).containsOnly(0.0, 1.0);
        assertThat(MiProtocol.unconvergedFolds(e)).isEqualTo(3);
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
        List<Set<String>> seen = new ArrayList<>();
        MiProtocol.SizedFactory learner = sized((train, gamma, c, size) -> {
            fits.add(new int[] {size});
            Set<String> ids = new HashSet<>();
            train.bags().forEach(b -> ids.add(b.id()));
            seen.add(ids);
            // Stage 1 must run at the smallest size only; 10^6 exceeds every inner part's instances.
            assertThat(size).isIn(1, 5, 20);
            return oracleAbove(5, size, labels);
        });
        int[] sizes = {1, 5, 20, 1_000_000};
        Evaluation e = MiProtocol.tunedSize(learner, 3, 1, 4, new double[] {0.1, 1}, new double[] {1, 10}, sizes, 1,
                MiProtocol.SizeSearch.STAGED).withThreads(1).run(data);
        // Inner accuracy: size 1 says class 0 for all (1/2 of the bags), sizes 5 and 20 are perfect:
        // the smaller of the tied best, 5, must win in every outer fold.
        assertThat(MiProtocol.vectors(e)).containsOnly(5.0);
        assertThat(MiProtocol.chosen(e, MiProtocol.XV)).containsOnly(5.0);
        assertThat(e.scores()).containsOnly(1.0);
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
        // the selection records what it scored: the 4 stage-1 points, then sizes 5 and 20
        assertThat(e.folds().get(0).selection().searched()).hasSize(6);
    }

    @Test
    void jointSizeSearchFindsTheBestOfTheWholeGridWhereTheStagedSearchCannot() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        Map<String, Integer> labels = labelsById(data);
        // (gamma 1, size 2) is right on every bag; at size 1, gamma 0.1 (class 0 for all, about half
        // right) beats gamma 1 (always wrong); (gamma 0.1, size 2) is always wrong. The staged search
        // fixes gamma = 0.1 at size 1 and never sees (1, 2).
        MiProtocol.SizedFactory learner = sized((train, gamma, c, size) -> new StubClassifier(size) {
            @Override
            int classOf(Bag bag) {
                int y = labels.get(bag.id());
                if (size == 1) {
                    return gamma == 1.0 ? 1 - y : 0;
                }
                return gamma == 1.0 ? y : 1 - y;
            }
        });
        double[] gammas = {0.1, 1};
        double[] cs = {1, 10};
        int[] sizes = {1, 2};
        Evaluation staged = MiProtocol.tunedSize(learner, 3, 1, 4, gammas, cs, sizes, 1, MiProtocol.SizeSearch.STAGED)
                .run(data);
        assertThat(MiProtocol.chosen(staged, MiProtocol.GAMMA)).containsOnly(0.1);
        assertThat(MiProtocol.vectors(staged)).containsOnly(1.0);
        Evaluation joint = MiProtocol.tunedSize(learner, 3, 1, 4, gammas, cs, sizes, 1, MiProtocol.SizeSearch.JOINT)
                .run(data);
        assertThat(MiProtocol.chosen(joint, MiProtocol.GAMMA)).containsOnly(1.0);
        assertThat(MiProtocol.chosen(joint, MiProtocol.C)).containsOnly(1.0);
        assertThat(MiProtocol.vectors(joint)).containsOnly(2.0);
        assertThat(joint.scores()).containsOnly(1.0);
        // the selection alone on all the data (the train command), inner CV seeded 4
        Point p = MiProtocol.select(data, MiProtocol.grid(learner, sizes, gammas, cs),
                MiProtocol.chooser(MiProtocol.SizeSearch.JOINT), 4, 1).chosen();
        assertThat(new double[] {p.number(MiProtocol.GAMMA), p.number(MiProtocol.C), p.number(MiProtocol.XV)})
                .containsExactly(1.0, 1.0, 2.0);
    }

    @Test
    void tunedSizeRejectsBadGrids() {
        MiProtocol.SizedFactory never = sized((t, g, c, k) -> null);
        assertThatThrownBy(() -> MiProtocol.tunedSize(never, 3, 1, 1, new double[] {1}, new double[] {1},
                new int[] {10, 5}, 1, MiProtocol.SizeSearch.STAGED)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("strictly ascending, got [10, 5]");
        assertThatThrownBy(() -> MiProtocol.tunedSize(never, 3, 1, 1, new double[] {1}, new double[] {1},
                new int[0], 1, MiProtocol.SizeSearch.STAGED)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("N_XV grid must not be empty");
        assertThatThrownBy(() -> MiProtocol.tunedSize(never, 3, 1, 1, new double[] {1}, new double[] {1},
                new int[] {0, 5}, 1, MiProtocol.SizeSearch.JOINT)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("N_XV candidates must be >= 1, got 0");
    }

    @Test
    void tunedSizeWithSparseMiOnTheFourGaussianProblemUsesMoreThanOneXv() {
        // One shared XV cannot tell all three classes apart (class 2 needs an XV near mu3 and
        // class 1 one near mu1), so inner CV must prefer 2 or 4 XVs.
        BagDataset data = SyntheticData.fourGaussianBags(12, 4, 8, 5);
        Evaluation e = MiProtocol.tunedSize(sparseMi(30), 3, 1, 2, new double[] {0.5}, new double[] {10},
                new int[] {1, 2, 4}, 1, MiProtocol.SizeSearch.STAGED).run(data);
        assertThat(MiProtocol.vectors(e)).doesNotContain(1.0).containsAnyOf(2.0, 4.0);
        for (double v : MiProtocol.vectors(e)) {
            assertThat(v).isIn(2.0, 4.0);
        }
        assertThat(e.summary().mean()).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void repeatedInnerCvFitsOnEveryPartitionOfEveryRepeatAndPicksTheBestSummedAccuracy() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        Map<String, Integer> labels = labelsById(data);
        List<Set<String>> trainIds = new ArrayList<>();
        List<double[]> points = new ArrayList<>();
        // Right on every bag with gamma = 1, class 0 otherwise: gamma = 1 must win in every fold.
        MiProtocol.Factory oracle = MiProtocol.factory("oracle", (train, gamma, c) -> {
            Set<String> ids = new HashSet<>();
            train.bags().forEach(b -> ids.add(b.id()));
            trainIds.add(ids);
            points.add(new double[] {gamma, c});
            return oracleAbove(1, gamma == 1.0 ? 1 : 0, labels);
        });
        Evaluation e = MiProtocol.tuned(oracle, 3, 1, 4, new double[] {0.1, 1}, new double[] {1, 10}, 2)
                .withThreads(1).run(data);
        // 3 outer folds x (4 grid points x 2 repeats x 3 inner folds + 1 final fit) = 75 fits.
        assertThat(trainIds).hasSize(75);
        assertThat(MiProtocol.chosen(e, MiProtocol.GAMMA)).containsOnly(1.0);
        assertThat(MiProtocol.chosen(e, MiProtocol.C)).containsOnly(1.0);
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
        List<Set<String>> firstPoint = new ArrayList<>();
        for (int f = 0; f < 24; f++) {
            if (points.get(f)[0] == 0.1 && points.get(f)[1] == 1) {
                firstPoint.add(trainIds.get(f));
            }
        }
        assertThat(firstPoint).containsExactlyElementsOf(expected);
        assertThat(expected.get(0)).isNotEqualTo(expected.get(3));
        assertThat(e.folds().get(0).selection().innerSplits()).isEqualTo(6);
        // one repeat is the paper's protocol: 3 x (4 x 3 + 1) = 39 fits, the same choices
        trainIds.clear();
        Evaluation one = MiProtocol.tuned(oracle, 3, 1, 4, new double[] {0.1, 1}, new double[] {1, 10}, 1)
                .withThreads(1).run(data);
        assertThat(trainIds).hasSize(39);
        assertThat(MiProtocol.chosen(one, MiProtocol.GAMMA)).containsOnly(1.0);
        assertThatThrownBy(() -> MiProtocol.tuned(oracle, 3, 1, 4, new double[] {1}, new double[] {1}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("innerRepeats must be >= 1, got 0");
    }

    @Test
    void eachRepeatAccuracyEqualsTheSingleCvRunWithThatRepeatsSeed() {
        BagDataset data = SyntheticData.ringBags(10, 3, 5, 23);
        double[] gamma = {0.5};
        double[] c = {10};
        Evaluation all = MiProtocol.tuned(MIKERNEL, 4, 3, 5, gamma, c, 1).run(data);
        double[] perRepeat = all.repeatMeans();
        assertThat(perRepeat).hasSize(3);
        for (int r = 0; r < 3; r++) {
            // repeat r of a repeated CV is the single CV seeded seed + r
            double alone = MiProtocol.tuned(MIKERNEL, 4, 1, 5 + r, gamma, c, 1).run(data).summary().mean();
            assertThat(perRepeat[r]).isCloseTo(alone, Offset.offset(1e-12));
        }
        assertThat(all.repeatSummary().mean()).isCloseTo(all.summary().mean(), Offset.offset(1e-12));
        assertThat(all.repeatSummary().n()).isEqualTo(3);
        assertThat(MiProtocol.tuned(MIKERNEL, 4, 1, 5, gamma, c, 1).run(data).repeatSummary().sd()).isZero();
    }

    @Test
    void oneVariantReproducesTheGammaCProtocolFoldByFold() {
        BagDataset data = SyntheticData.ringBags(16, 3, 5, 21);
        double[] gammas = {0.05, 0.5, 2};
        double[] cs = {1, 10};
        for (int innerRepeats : new int[] {1, 2}) {
            Evaluation expected = MiProtocol.tuned(MIKERNEL, 4, 2, 9, gammas, cs, innerRepeats).run(data);
            Evaluation actual = MiProtocol.tunedVariants(List.of(new MiProtocol.Variant("averaged", MIKERNEL)), 4, 2, 9,
                    gammas, cs, innerRepeats).run(data);
            assertThat(actual.scores()).containsExactly(expected.scores());
            assertThat(MiProtocol.chosen(actual, MiProtocol.GAMMA))
                    .containsExactly(MiProtocol.chosen(expected, MiProtocol.GAMMA));
            assertThat(MiProtocol.chosen(actual, MiProtocol.C)).containsExactly(MiProtocol.chosen(expected, MiProtocol.C));
            assertThat(MiProtocol.vectors(actual)).containsExactly(MiProtocol.vectors(expected));
            assertThat(MiProtocol.variants(actual)).containsOnly("averaged").hasSize(8);
            assertThat(expected.chosen().get(0).has(MiProtocol.VARIANT)).isFalse();
        }
    }

    @Test
    void aUselessVariantIsNeverChosenAndTiesGoToTheFirstVariant() {
        BagDataset data = SyntheticData.ringBags(16, 3, 5, 22);
        // always the first class: at most about half the inner accuracy of the kernel machine
        MiProtocol.Factory constant = MiProtocol.factory("constant", (d, g, c) -> constantClassifier(0));
        double[] gammas = {0.5, 2};
        double[] cs = {10};
        Evaluation r = MiProtocol.tunedVariants(List.of(new MiProtocol.Variant("constant", constant),
                new MiProtocol.Variant("mikernel", MIKERNEL)), 4, 1, 3, gammas, cs, 1).run(data);
        assertThat(MiProtocol.variants(r)).containsOnly("mikernel");
        assertThat(r.summary().mean()).isGreaterThan(0.8);
        Evaluation tie = MiProtocol.tunedVariants(List.of(new MiProtocol.Variant("first", MIKERNEL),
                new MiProtocol.Variant("second", MIKERNEL)), 4, 1, 3, gammas, cs, 1).run(data);
        assertThat(MiProtocol.variants(tie)).containsOnly("first");
        assertThatThrownBy(() -> MiProtocol.tunedVariants(List.of(), 4, 1, 3, gammas, cs, 1))
                .hasMessageContaining("variant list must not be empty");
        assertThatThrownBy(() -> new MiProtocol.Variant(" ", MIKERNEL)).hasMessageContaining("needs a name");
    }

    @Test
    void parallelTuningMakesTheSequentialChoicesAndOneThreadKeepsEveryFitOnTheCallingThread() {
        BagDataset data = SyntheticData.ringBags(16, 3, 5, 23);
        double[] gammas = {0.05, 0.2, 0.5, 2};
        double[] cs = {0.1, 1, 10};
        // the sequential reference, recording the thread of every fit
        Set<Thread> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        MiProtocol.Factory recording = MiProtocol.factory("recording", (d, g, c) -> {
            threads.add(Thread.currentThread());
            return MIKERNEL_FIT.fit(d, g, c);
        });
        Evaluation sequential = MiProtocol.tuned(recording, 4, 2, 5, gammas, cs, 2).withThreads(1).run(data);
        assertThat(threads).containsExactly(Thread.currentThread());
        threads.clear();
        Evaluation parallel = MiProtocol.tuned(recording, 4, 2, 5, gammas, cs, 2).withThreads(3).run(data);
        assertThat(parallel.chosen()).containsExactlyElementsOf(sequential.chosen());
        assertThat(parallel.scores()).containsExactly(sequential.scores());
        // the inner fits (4 x 3 points x 6 inner splits per outer fold) ran on the pool's workers
        assertThat(threads).hasSizeGreaterThan(1);
        // tuned N_XV, both searches: the same choices on one thread and on three
        for (MiProtocol.SizeSearch search : MiProtocol.SizeSearch.values()) {
            Evaluation one = MiProtocol.tunedSize(sparseMi(3), 3, 1, 3, gammas, cs, new int[] {1, 2}, 1, search)
                    .withThreads(1).run(data);
            Evaluation three = MiProtocol.tunedSize(sparseMi(3), 3, 1, 3, gammas, cs, new int[] {1, 2}, 1, search)
                    .withThreads(3).run(data);
            assertThat(three.chosen()).as("%s", search).containsExactlyElementsOf(one.chosen());
            assertThat(three.scores()).as("%s", search).containsExactly(one.scores());
        }
    }

    /** One fold of {@link #handWritten}: the chosen {gamma, C, N_XV} and the test accuracy. */
    private record HandFold(double gamma, double c, int size, double accuracy) {
    }

    private static double accuracy(BagClassifier m, BagDataset d) {
        int ok = 0;
        for (int i = 0; i < d.size(); i++) {
            ok += m.predict(d.bag(i)) == d.label(i) ? 1 : 0;
        }
        return ok / (double) d.size();
    }

    /** The summed inner accuracy of one point. */
    private static double innerSum(BagDataset train, List<Splits.Split> inner, SizedFit fit, double g, double c, int k) {
        double sum = 0;
        for (Splits.Split sp : inner) {
            sum += accuracy(fit.fit(train.subset(sp.train()), g, c, k), train.subset(sp.test()));
        }
        return sum;
    }

    /**
     * The protocol as mi-sparse's own loop ran it before the harness (MiCrossValidation.run and
     * runTunedSize, staged or joint), written out with plain loops: outer splits, standardisation,
     * inner splits seeded seed + 7919 (s + 1) + 104729 r, strict improvement in grid order.
     */
    private static List<HandFold> handWritten(BagDataset data, SizedFit fit, int folds, int repeats, long seed,
                                              double[] gammas, double[] cs, int[] sizes, int innerRepeats,
                                              MiProtocol.SizeSearch search) {
        List<HandFold> out = new ArrayList<>();
        List<Splits.Split> outer = Splits.repeatedStratifiedKFold(data.labels(), folds, repeats, seed);
        for (int s = 0; s < outer.size(); s++) {
            BagDataset raw = data.subset(outer.get(s).train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(raw);
            BagDataset train = scaler.apply(raw);
            BagDataset test = scaler.apply(data.subset(outer.get(s).test()));
            List<Splits.Split> inner = new ArrayList<>();
            for (int r = 0; r < innerRepeats; r++) {
                inner.addAll(Splits.stratifiedKFold(train.labels(), 3, seed + 7919L * (s + 1) + 104729L * r));
            }
            int minInstances = Integer.MAX_VALUE;
            for (Splits.Split sp : inner) {
                minInstances = Math.min(minInstances, train.subset(sp.train()).instanceCount());
            }
            double bestSum = -1;
            double[] best = null;
            int lastSize = search == MiProtocol.SizeSearch.JOINT ? sizes.length : 1;
            for (int i = 0; i < lastSize && (i == 0 || sizes[i] <= minInstances); i++) {
                for (double g : gammas) {
                    for (double c : cs) {
                        double sum = innerSum(train, inner, fit, g, c, sizes[i]);
                        if (sum > bestSum) {
                            bestSum = sum;
                            best = new double[] {g, c, sizes[i]};
                        }
                    }
                }
            }
            if (search == MiProtocol.SizeSearch.STAGED) {
                for (int i = 1; i < sizes.length && sizes[i] <= minInstances; i++) {
                    double sum = innerSum(train, inner, fit, best[0], best[1], sizes[i]);
                    if (sum > bestSum) {
                        bestSum = sum;
                        best[2] = sizes[i];
                    }
                }
            }
            BagClassifier m = fit.fit(train, best[0], best[1], (int) best[2]);
            out.add(new HandFold(best[0], best[1], (int) best[2], accuracy(m, test)));
        }
        return out;
    }

    private static void assertSameFolds(Evaluation e, List<HandFold> hand, boolean sized) {
        assertThat(e.folds()).hasSameSizeAs(hand);
        for (int s = 0; s < hand.size(); s++) {
            Point p = e.chosen().get(s);
            assertThat(p.number(MiProtocol.GAMMA)).as("gamma, fold %d", s).isEqualTo(hand.get(s).gamma());
            assertThat(p.number(MiProtocol.C)).as("C, fold %d", s).isEqualTo(hand.get(s).c());
            if (sized) {
                assertThat(p.number(MiProtocol.XV)).as("N_XV, fold %d", s).isEqualTo(hand.get(s).size());
            }
            assertThat(e.scores()[s]).as("accuracy, fold %d", s).isEqualTo(hand.get(s).accuracy());
        }
    }

    @Test
    void theGammaCProtocolMakesTheHandWrittenLoopsChoicesAndAccuracies() {
        BagDataset data = SyntheticData.ringBags(14, 3, 6, 31);
        double[] gammas = {0.02, 0.2, 2};
        double[] cs = {0.1, 1, 10};
        SizedFit fit = (d, g, c, k) -> MIKERNEL_FIT.fit(d, g, c);
        for (int innerRepeats : new int[] {1, 2}) {
            Evaluation e = MiProtocol.tuned(MIKERNEL, 4, 2, 11, gammas, cs, innerRepeats).run(data);
            assertSameFolds(e, handWritten(data, fit, 4, 2, 11, gammas, cs, new int[] {0}, innerRepeats,
                    MiProtocol.SizeSearch.JOINT), false);
        }
    }

    @Test
    void theStagedAndJointSizeProtocolsMakeTheHandWrittenLoopsChoicesAndAccuracies() {
        BagDataset data = SyntheticData.fourGaussianBags(10, 3, 6, 8);
        double[] gammas = {0.1, 0.5, 2};
        double[] cs = {1, 10};
        // 10^5 exceeds every inner training part's instances: never fitted
        int[] sizes = {1, 2, 4, 100_000};
        SizedFit fit = (d, g, c, k) -> SparseMi.fit(d, SparseMiOptions.defaults().withGamma(g).withC(c)
                .withExpansionVectors(k).withMaxIterations(4));
        int sizesChosen = 0;
        for (MiProtocol.SizeSearch search : MiProtocol.SizeSearch.values()) {
            Evaluation e = MiProtocol.tunedSize(sparseMi(4), 3, 1, 6, gammas, cs, sizes, 1, search).run(data);
            assertSameFolds(e, handWritten(data, fit, 3, 1, 6, gammas, cs, sizes, 1, search), true);
            for (double k : MiProtocol.chosen(e, MiProtocol.XV)) {
                sizesChosen += k > 1 ? 1 : 0;
            }
        }
        // the comparison is not vacuous: some fold chose a size beyond the first
        assertThat(sizesChosen).isPositive();
    }

    @Test
    void emptyGridIsAnError() {
        assertThatThrownBy(() -> MiProtocol.tuned(MIKERNEL, 3, 1, 1, new double[0], new double[] {1}, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 gammas");
    }

    @Test
    void defaultGridsAreThePapers() {
        assertThat(MiProtocol.defaultGammas(4)).containsExactly(0.125 / 4, 0.25 / 4, 0.5 / 4, 1.0 / 4, 2.0 / 4);
        assertThat(MiProtocol.defaultCs()).containsExactly(1, 10, 100);
    }

    @Test
    void accuracyCountsCorrectBags() {
        BagDataset data = SyntheticData.ringBags(5, 3, 5, 10);
        BagClassifier alwaysPositive = constantClassifier(1);
        // 5 positive bags of 10: accuracy 0.5.
        assertThat(Metrics.accuracy(alwaysPositive, data)).isEqualTo(0.5);
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
