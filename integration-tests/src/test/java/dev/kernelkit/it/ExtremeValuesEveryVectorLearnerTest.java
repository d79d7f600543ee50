package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.testing.LearnerContract;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every vector learner of every module on its contract problem with the features multiplied by
 * an extreme but finite factor (1e150: squared norms near 1e300; 1e200: they overflow; 1e-150 and
 * 1e-200: they underflow): it either refuses the data up front with an
 * {@link IllegalArgumentException} that says what is wrong, or trains a model whose decisions are
 * finite and survive a save and load through {@link Models} bit for bit (issue #25: a model that
 * training wrote must never be refused by predict). The bag learners have the same check in
 * mi-sparse's MiLearnerContractTest.
 */
class ExtremeValuesEveryVectorLearnerTest {

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Learner<?> l : Learners.all(InputKind.VECTORS)) {
            for (double scale : new double[] {1e150, 1e200, 1e-150, 1e-200}) {
                out.add(Arguments.of(l.name(), scale));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on features x {1}")
    @MethodSource("cases")
    @SuppressWarnings("unchecked")
    void trainsAModelWithFiniteDecisionsThatLoadsBackIdenticallyOrRefusesUpFront(String name, double scale,
                                                                                 @TempDir Path dir) throws Exception {
        Learner<Vec> learner = (Learner<Vec>) Learners.find(name);
        LabeledDataset base = (LabeledDataset) (Dataset<?>) LearnerContract.problem(learner);
        LabeledDataset data = scaled(base, scale);
        FittedModel<Vec> model;
        try {
            model = learner.trainer(data, LearnerContract.SEED).fit(data);
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).as("%s refuses with a message", name).isNotBlank().doesNotContain("\n");
            return;
        }
        Path file = dir.resolve("extreme.model");
        Models.save(model, file);
        FittedModel<Vec> back = (FittedModel<Vec>) Models.load(file);
        for (int i = 0; i < data.size(); i++) {
            Vec x = data.x(i);
            if (model instanceof Model<Vec> m) {
                double[] f = m.decisions(x);
                for (double v : f) {
                    assertThat(Double.isFinite(v)).as("%s decision %s of point %d", name, v, i).isTrue();
                }
                assertThat(((Model<Vec>) back).decisions(x)).as("%s point %d after load", name, i).containsExactly(f);
            } else {
                double v = ((RegressionModel<Vec>) model).predict(x);
                assertThat(Double.isFinite(v)).as("%s prediction %s of point %d", name, v, i).isTrue();
                assertThat(((RegressionModel<Vec>) back).predict(x)).isEqualTo(v);
            }
        }
    }

    static LabeledDataset scaled(LabeledDataset d, double s) {
        List<Vec> x = new ArrayList<>();
        double[] y = new double[d.size()];
        for (int i = 0; i < d.size(); i++) {
            double[] a = d.x(i).toArray();
            for (int j = 0; j < a.length; j++) {
                a[j] *= s;
            }
            x.add(DenseVec.of(a));
            y[i] = d.y(i);
        }
        return new LabeledDataset(x, y);
    }
}
