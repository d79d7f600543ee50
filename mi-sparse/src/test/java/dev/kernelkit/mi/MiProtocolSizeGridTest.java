package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link MiProtocol#tunedSize} with N_XV above the instance count clamped ({@link MiProtocol.LargeSizes#CLAMP})
 * and ties between sizes broken toward the larger ({@link MiProtocol.SizeTies#LARGER}).
 */
class MiProtocolSizeGridTest {
    private static final BagDataset DATA = SyntheticData.ringBags(12, 3, 5, 10);
    private static final double[] GAMMAS = {0.1, 1};
    private static final double[] CS = {1, 10};

    /** What a sized test double was asked to fit: N_XV and the instances of its data. */
    private record Fit(int size, int instances) {
    }

    private static Map<String, Integer> labels() {
        Map<String, Integer> labels = new HashMap<>();
        for (int i = 0; i < DATA.size(); i++) {
            labels.put(DATA.bag(i).id(), DATA.label(i));
        }
        return labels;
    }

    /**
     * A sized double recording its fits: right on every bag from {@code from} XVs up to {@code to}, wrong
     * on every bag above {@code to}, always class 0 below {@code from}; it reports the XVs it was given.
     */
    private static MiProtocol.SizedFactory recording(List<Fit> fits, int from, int to) {
        Map<String, Integer> labels = labels();
        return (gamma, c, size) -> Trainers.of("double", InputKind.BAGS, Task.CLASSIFICATION,
                new MiProtocol.GammaC(gamma, c), (data, listener) -> {
                    int n = BagDataset.of(data).instanceCount();
                    synchronized (fits) {
                        fits.add(new Fit(size, n));
                    }
                    return new StubClassifier(size) {
                        @Override
                        int classOf(Bag bag) {
                            int y = labels.get(bag.id());
                            return size < from ? 0 : size <= to ? y : 1 - y;
                        }
                    };
                });
    }

    private static int outerTrainingInstances(int fold) {
        Splits.Split split = Splits.repeatedStratifiedKFold(DATA.labels(), 3, 1, 4).get(fold);
        return DATA.subset(split.train()).instanceCount();
    }

    @Test
    void theClampedGridNeverFitsMoreXvsThanInstancesAndFitsOnlyTheFirstClampedSize() {
        List<Fit> fits = new ArrayList<>();
        int[] sizes = {1, 5, 1_000, 1_000_000};
        Evaluation e = MiProtocol.tunedSize(recording(fits, 5, Integer.MAX_VALUE), 3, 1, 4, GAMMAS, CS, sizes, 1,
                MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.SMALLER, MiProtocol.LargeSizes.CLAMP).withThreads(1)
                .run(DATA);
        int clampedFits = 0;
        for (Fit f : fits) {
            assertThat(f.size()).as("a fit of %s", f).isLessThanOrEqualTo(f.instances()).isIn(1, 5, f.instances());
            clampedFits += f.size() == f.instances() ? 1 : 0;
        }
        // per outer fold: 4 (gamma, C) x 3 inner fits at size 1, sizes 5 and 1000 (clamped) x 3, the final fit;
        // 10^6 would be the same fit as 1000 and is never made
        assertThat(fits).hasSize(3 * (12 + 6 + 1));
        assertThat(clampedFits).isEqualTo(3 * 3);
        // the tie between 5 and all instances goes to the smaller
        assertThat(MiProtocol.chosen(e, MiProtocol.XV)).containsOnly(5.0);
        assertThat(e.scores()).containsOnly(1.0);
    }

    @Test
    void tieBreakingPicksTheLargerSizeOnAConstructedTieAndTheFinalFitClampsToTheTrainingPart() {
        List<Fit> fits = new ArrayList<>();
        int[] sizes = {1, 5, 1_000, 1_000_000};
        // sizes 5 and all instances are both right on every bag: a tie
        Evaluation e = MiProtocol.tunedSize(recording(fits, 5, Integer.MAX_VALUE), 3, 1, 4, GAMMAS, CS, sizes, 1,
                MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.CLAMP).withThreads(1)
                .run(DATA);
        assertThat(MiProtocol.chosen(e, MiProtocol.XV)).containsOnly(1_000.0);
        for (int s = 0; s < 3; s++) {
            assertThat(MiProtocol.vectors(e)[s]).as("fold %d", s).isEqualTo(outerTrainingInstances(s));
        }
        // skipping sizes above the instances instead: the tie is between 5 alone, so 5
        Evaluation skip = MiProtocol.tunedSize(recording(new ArrayList<>(), 5, Integer.MAX_VALUE), 3, 1, 4, GAMMAS, CS,
                sizes, 1, MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.SKIP).run(DATA);
        assertThat(MiProtocol.chosen(skip, MiProtocol.XV)).containsOnly(5.0);
        // a larger size strictly worse than the best is never taken: right at 5 and 20, wrong above 20
        Evaluation worse = MiProtocol.tunedSize(recording(new ArrayList<>(), 5, 20), 3, 1, 4, GAMMAS, CS,
                new int[] {1, 5, 20, 1_000}, 1, MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER,
                MiProtocol.LargeSizes.CLAMP).run(DATA);
        assertThat(MiProtocol.chosen(worse, MiProtocol.XV)).containsOnly(20.0);
        // the joint search breaks the same tie the same way, at the first (gamma, C)
        Evaluation joint = MiProtocol.tunedSize(recording(new ArrayList<>(), 5, Integer.MAX_VALUE), 3, 1, 4, GAMMAS, CS,
                sizes, 1, MiProtocol.SizeSearch.JOINT, MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.CLAMP).run(DATA);
        assertThat(MiProtocol.chosen(joint, MiProtocol.XV)).containsOnly(1_000.0);
        assertThat(MiProtocol.chosen(joint, MiProtocol.GAMMA)).containsOnly(0.1);
        assertThat(MiProtocol.chosen(joint, MiProtocol.C)).containsOnly(1.0);
        Evaluation jointSmaller = MiProtocol.tunedSize(recording(new ArrayList<>(), 5, Integer.MAX_VALUE), 3, 1, 4,
                GAMMAS, CS, sizes, 1, MiProtocol.SizeSearch.JOINT, MiProtocol.SizeTies.SMALLER,
                MiProtocol.LargeSizes.CLAMP).run(DATA);
        assertThat(MiProtocol.chosen(jointSmaller, MiProtocol.XV)).containsOnly(5.0);
    }

    @Test
    void smallerTiesAndSkippedSizesAreTheOriginalProtocolOnSparseMi() {
        BagDataset data = SyntheticData.fourGaussianBags(10, 3, 6, 8);
        int[] sizes = {1, 2, 4, 100_000};
        MiProtocol.SizedFactory learner = (g, c, k) -> SparseMi.trainer(SparseMiOptions.defaults().withGamma(g).withC(c)
                .withExpansionVectors(k).withMaxIterations(4));
        for (MiProtocol.SizeSearch search : MiProtocol.SizeSearch.values()) {
            Evaluation original = MiProtocol.tunedSize(learner, 3, 1, 6, GAMMAS, CS, sizes, 1, search).run(data);
            Evaluation same = MiProtocol.tunedSize(learner, 3, 1, 6, GAMMAS, CS, sizes, 1, search,
                    MiProtocol.SizeTies.SMALLER, MiProtocol.LargeSizes.SKIP).run(data);
            assertThat(same.chosen()).as("%s", search).containsExactlyElementsOf(original.chosen());
            assertThat(same.scores()).as("%s", search).containsExactly(original.scores());
        }
    }

    @Test
    void theClampedSparseMiFitsEveryInstanceAsAnXvAboveTheCount() {
        MiProtocol.SizedFactory learner = (g, c, k) -> SparseMi.trainer(SparseMiOptions.defaults().withGamma(g).withC(c)
                .withExpansionVectors(k).withMaxIterations(2));
        BagClassifier all = MiProtocol.clamped(learner).trainer(0.5, 10, 1_000_000).fit(DATA);
        assertThat(all.kernelEvaluationsPerInstance()).isEqualTo(DATA.instanceCount());
        BagClassifier few = MiProtocol.clamped(learner).trainer(0.5, 10, 3).fit(DATA);
        assertThat(few.kernelEvaluationsPerInstance()).isEqualTo(3);
        // the trainer reports the N_XV asked for
        assertThat(MiProtocol.clamped(learner).trainer(0.5, 10, 1_000_000).options())
                .isEqualTo(learner.trainer(0.5, 10, 1_000_000).options());
    }
}
