package dev.kernelkit.mkl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.testing.TestData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MklProtocolTest {

    /** Blobs shifted and stretched so that standardisation matters: feature 1 is in thousands. */
    static LabeledDataset raw(int n, long seed) {
        LabeledDataset b = TestData.gaussianBlobs(n, 2, 3.0, seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x.add(DenseVec.of(b.x(i).get(0) + 5, 1000 * b.x(i).get(1)));
        }
        return new LabeledDataset(x, b.labels());
    }

    @Test
    void sm1ThetaGridEndsAreL1AndAverage() {
        // nu = 0 stands for 1/M: theta = 1 (L1); nu = 1: theta = 1/M (average kernel)
        assertThat(MklProtocol.sm1Theta(0, 39)).isEqualTo(1.0);
        assertThat(MklProtocol.sm1Theta(1, 39)).isEqualTo(1.0 / 39);
        assertThat(MklProtocol.sm1Theta(0.5, 40)).isEqualTo(0.05);
    }

    @Test
    void concurrentFitsKeepTheirSvmRowCachesWithinHalfTheHeap() {
        long mb = 1L << 20;
        // small n: each cache is at most n^2 floats, so every thread may fit
        assertThat(MklProtocol.concurrentFits(270, 200, 16, 4096 * mb)).isEqualTo(16);
        // large n: 200 MB caches, 2 GB for caches -> 10 at once; 512 MB heap -> 1 (sequential)
        assertThat(MklProtocol.concurrentFits(10_000, 200, 16, 4096 * mb)).isEqualTo(10);
        assertThat(MklProtocol.concurrentFits(10_000, 200, 16, 512 * mb)).isEqualTo(1);
        assertThat(MklProtocol.concurrentFits(10_000, 200, 2, 64 * mb)).isEqualTo(1);
    }

    @Test
    void forEachVisitsEveryIndexOnceOnAtMostTheGivenThreads() {
        for (int threads : new int[] {1, 2, 3, 8}) {
            java.util.concurrent.atomic.AtomicIntegerArray seen = new java.util.concurrent.atomic.AtomicIntegerArray(200);
            java.util.Set<Thread> used = java.util.concurrent.ConcurrentHashMap.newKeySet();
            MklProtocol.forEach(200, threads, k -> {
                used.add(Thread.currentThread());
                seen.incrementAndGet(k);
            });
            for (int k = 0; k < 200; k++) {
                assertThat(seen.get(k)).as("index %d with %d threads", k, threads).isEqualTo(1);
            }
            assertThat(used.size()).isLessThanOrEqualTo(threads);
            if (threads == 1) {
                assertThat(used).containsExactly(Thread.currentThread());
            } else {
                assertThat(used).doesNotContain(Thread.currentThread());
            }
        }
    }

    @Test
    void tuningPicksTheArgmaxOfIndependentlyRecomputedFoldAccuracies() {
        LabeledDataset train = raw(60, 3);
        MklProtocol.Grid grid = new MklProtocol.Grid(List.of(0.01, 100.0), List.of(0.0, 1.0), List.of(1.0), List.of(2.0));
        MklOptions base = MklOptions.sm1(1, 1);
        MklOptions chosen = MklProtocol.tune(train, base, grid, true, true, 3, 7);
        // recompute: each grid point trained from scratch on every inner fold (own scaler, own kernels)
        List<MklOptions> points = new ArrayList<>();
        for (double c : grid.c()) {
            for (double nu : grid.nu()) {
                points.add(base.withC(c).withTheta(MklProtocol.sm1Theta(nu, 39)));
            }
        }
        double[] correct = new double[points.size()];
        for (Splits.Split s : Splits.stratifiedKFold(train.labels(), 3, 7)) {
            for (int k = 0; k < points.size(); k++) {
                MklProtocol.Outcome o = MklProtocol.trainAndTest(train.subset(s.train()), train.subset(s.test()), points.get(k));
                correct[k] += o.accuracy() * s.test().length;
            }
        }
        int best = 0;
        for (int k = 1; k < correct.length; k++) {
            if (correct[k] > correct[best] + 1e-9) {
                best = k;
            }
        }
        assertThat(chosen).isEqualTo(points.get(best));
    }

    @Test
    void trainedModelReadsRawPointsAndSurvivesSaveLoad(@TempDir Path dir) throws Exception {
        LabeledDataset train = raw(80, 3), test = raw(60, 4);
        MklProtocol.Outcome out = MklProtocol.trainAndTest(train, test, MklOptions.sm2(100, 0.1));
        assertThat(out.accuracy()).isGreaterThan(0.85);
        ScaledModel<Vec> scaled = out.scaledModel();
        assertThat(scaled.inner()).isSameAs(out.model());
        Path file = dir.resolve("m.model");
        Models.save(scaled, file);
        @SuppressWarnings("unchecked")
        ScaledModel<Vec> back = Models.load(file, ScaledModel.class);
        assertThat(back.inner()).isInstanceOf(MklModel.class);
        int correct = 0;
        for (int t = 0; t < test.size(); t++) {
            Vec v = test.x(t);
            assertThat(back.decisions(v)).containsExactly(scaled.decisions(v));
            assertThat(back.decisions(v)).containsExactly(out.model().decisions(out.scaler().apply(v)));
            correct += ((MklModel) back.inner()).predictLabel(out.scaler().apply(v)) == test.y(t) ? 1 : 0;
        }
        assertThat((double) correct / test.size()).isEqualTo(out.accuracy());
    }
}
