package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The two synthetic problems of TNNLS 2013 Sec. V-A (Fig. 2), solved from poor initial XVs. */
class SyntheticProblemsTest {

    static double trainingAccuracy(SparseMiModel model, BagDataset data) {
        int ok = 0;
        for (int i = 0; i < data.size(); i++) {
            if (model.predict(data.bag(i)) == data.label(i)) {
                ok++;
            }
        }
        return ok / (double) data.size();
    }

    static double distance(Vec v, double x, double y) {
        return Math.hypot(v.get(0) - x, v.get(1) - y);
    }

    /** Records every objective value the listener sees and checks it against the model's trace. */
    static final class Recorder implements FitListener {
        final List<Double> values = new ArrayList<>();

        @Override
        public void onProgress(FitProgress p) {
            assertThat(p.learner()).isEqualTo(SparseMi.NAME);
            assertThat(p.machine()).isZero();
            assertThat(p.machines()).isEqualTo(1);
            assertThat(p.iteration()).isEqualTo(values.size());
            values.add(p.objective());
        }

        void assertStrictlyDecreasing(SparseMiModel model) {
            double[] trace = model.objectiveTrace();
            assertThat(trace).hasSize(values.size());
            for (int t = 1; t < values.size(); t++) {
                assertThat(values.get(t)).as("g after iteration %d", t).isLessThan(values.get(t - 1));
                assertThat(trace[t]).isEqualTo(values.get(t));
            }
            assertThat(model.report().objective()).containsExactly(trace);
            assertThat(model.report().iterations()).isEqualTo(values.size() - 1);
        }
    }

    @Test
    void ringOneXvStartingOnTheRingMovesToTheCentre() {
        BagDataset data = SyntheticData.ringBags(20, 4, 8, 3);
        // Poor start: on the ring, where only negative-bag instances are.
        List<Vec> start = List.of(DenseVec.of(2.0, 0.3));
        Recorder rec = new Recorder();
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.5).withC(10).withExpansionVectors(1);
        SparseMiModel model = SparseMi.fit(data, o, start, rec);
        Vec z = model.expansionVectors().get(0);
        rec.assertStrictlyDecreasing(model);
        assertThat(model.iterations()).isGreaterThan(0);
        assertThat(distance(z, 0, 0)).as("final XV %s should sit in the centre", z).isLessThan(0.5);
        assertThat(trainingAccuracy(model, data)).isEqualTo(1.0);
    }

    @Test
    void fourGaussiansTwoXvsMoveToMu1AndMu3() {
        BagDataset data = SyntheticData.fourGaussianBags(15, 4, 8, 5);
        // Poor start: both XVs in the empty middle, 2.1 to 2.5 away from every cluster
        // (bag features nearly constant there, so the start classifies poorly).
        List<Vec> start = List.of(DenseVec.of(0.5, 0.0), DenseVec.of(-0.5, 0.0));
        Recorder rec = new Recorder();
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.5).withC(10).withExpansionVectors(2);
        SparseMiModel model = SparseMi.fit(data, o, start, rec);
        List<Vec> z = model.expansionVectors();
        rec.assertStrictlyDecreasing(model);
        double[] mu1 = SyntheticData.fourGaussianMean(1);
        double[] mu3 = SyntheticData.fourGaussianMean(3);
        boolean straight = distance(z.get(0), mu1[0], mu1[1]) < 0.5 && distance(z.get(1), mu3[0], mu3[1]) < 0.5;
        boolean crossed = distance(z.get(1), mu1[0], mu1[1]) < 0.5 && distance(z.get(0), mu3[0], mu3[1]) < 0.5;
        assertThat(straight || crossed).as("final XVs %s should sit on mu1 and mu3", z).isTrue();
        assertThat(trainingAccuracy(model, data)).isEqualTo(1.0);
    }
}
