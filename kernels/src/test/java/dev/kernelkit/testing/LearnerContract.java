package dev.kernelkit.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Calibrated;
import dev.kernelkit.learn.CalibratedModel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The learner contract every registered learner must pass (each module runs it over its own
 * catalog; integration-tests over all of them): fit on a small seeded problem of the learner's
 * input kind and task, predict every training example, save and load through
 * {@link Models}, get bit-identical decisions back; a classifier trained with probability outputs
 * ({@link Calibrated}) gives probabilities that sum to 1 and survive save and load bit for bit; the
 * same seed gives the same model; a classifier refuses a one-class and an empty training set,
 * every learner refuses data of the other input kind, with a message naming the problem.
 */
public final class LearnerContract {
    /** The seed of the small problems. */
    public static final long SEED = 20261125L;

    private LearnerContract() {
    }

    /** Runs every check on one learner; {@code dir} is a scratch folder for model files. */
    public static void check(Learner<?> learner, Path dir) throws IOException {
        checkTyped(learner, dir);
    }

    private static <X> void checkTyped(Learner<X> learner, Path dir) throws IOException {
        Dataset<X> data = problem(learner);
        Trainer<X, ? extends FittedModel<X>> trainer = learner.trainer(data, SEED);
        assertThat(trainer.input()).as("%s trainer input", learner.name()).isEqualTo(learner.input());
        assertThat(trainer.task()).as("%s trainer task", learner.name()).isEqualTo(learner.task());

        FittedModel<X> model = trainer.fit(data);
        assertThat(model.input()).as("%s model input", learner.name()).isEqualTo(learner.input());
        assertThat(model.dim()).as("%s model dim", learner.name()).isEqualTo(data.dim());
        FitReport report = model.report();
        assertThat(report.learner()).as("%s report learner", learner.name()).isEqualTo(learner.name());
        assertThat(report.seconds()).isGreaterThanOrEqualTo(0);
        assertThat(report.options()).as("%s report options", learner.name()).isNotBlank();

        double[][] before = outputs(model, data);

        Path file = dir.resolve(learner.name().replaceAll("[^A-Za-z0-9._-]", "_") + ".model");
        Models.save(model, file, Map.of("data", "contract"));
        Models.Loaded loaded = Models.loadWithProvenance(file);
        assertThat(loaded.provenance()).containsEntry("data", "contract");
        @SuppressWarnings("unchecked")
        FittedModel<X> back = (FittedModel<X>) loaded.model();
        assertThat(back.getClass()).as("%s loaded class", learner.name()).isEqualTo(model.getClass());
        assertThat(back.report()).as("%s loaded report", learner.name()).isEqualTo(report);
        assertThat(back.dim()).isEqualTo(model.dim());
        assertThat(back.input()).isEqualTo(model.input());
        double[][] after = outputs(back, data);
        for (int i = 0; i < before.length; i++) {
            assertThat(after[i]).as("%s decisions of example %d after save/load", learner.name(), i)
                    .containsExactly(before[i]);
        }

        FittedModel<X> again = learner.trainer(data, SEED).fit(data);
        double[][] twice = outputs(again, data);
        for (int i = 0; i < before.length; i++) {
            assertThat(twice[i]).as("%s decisions of example %d when fitted again with the same seed",
                    learner.name(), i).containsExactly(before[i]);
        }

        if (learner.task() == Task.CLASSIFICATION) {
            checkProbabilities(learner, data, model, dir);
            Dataset<X> oneClass = data.subset(indicesOfClass(data, data.classIndex(0)));
            assertThatThrownBy(() -> learner.trainer(data, SEED).fit(oneClass))
                    .as("%s on one class", learner.name())
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2 classes");
        }
        Dataset<X> empty = data.subset(new int[0]);
        assertThatThrownBy(() -> learner.trainer(data, SEED).fit(empty))
                .as("%s on no data", learner.name())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
        @SuppressWarnings({"unchecked", "rawtypes"})
        Dataset<X> otherKind = (Dataset) (learner.input() == InputKind.VECTORS ? binaryBags() : binaryVectors());
        assertThatThrownBy(() -> learner.trainer(data, SEED).fit(otherKind))
                .as("%s on the other input kind", learner.name())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("learns from");
    }

    /**
     * A classifier gives no probabilities unless trained with them (the message names it); wrapped in
     * {@link Calibrated#trainer} (3 folds) it gives probabilities in [0, 1] summing to 1, in class order,
     * with the decisions of the plain fit, and the same probabilities bit for bit after save and load.
     */
    @SuppressWarnings("unchecked")
    private static <X> void checkProbabilities(Learner<X> learner, Dataset<X> data, FittedModel<X> model, Path dir)
            throws IOException {
        assertThat(model).as("%s model of a classifier", learner.name()).isInstanceOf(Model.class);
        Model<X> plain = (Model<X>) model;
        assertThatThrownBy(() -> plain.probabilities(data.x(0))).as("%s probabilities without calibration",
                learner.name()).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("the " + learner.name() + " model gives no probabilities");
        Trainer<X, ? extends Model<X>> inner = (Trainer<X, ? extends Model<X>>) learner.trainer(data, SEED);
        CalibratedModel<X> calibrated = Calibrated.trainer(inner, 3, SEED).fit(data);
        assertThat(calibrated.report().learner()).isEqualTo(learner.name());
        double[][] before = new double[data.size()][];
        for (int i = 0; i < data.size(); i++) {
            X x = data.x(i);
            double[] p = calibrated.probabilities(x);
            before[i] = p;
            assertThat(p).as("%s probabilities of example %d", learner.name(), i).hasSize(plain.classNames().size());
            double sum = 0;
            for (double v : p) {
                assertThat(v >= 0 && v <= 1).as("%s probability %s of example %d in [0, 1]", learner.name(), v, i)
                        .isTrue();
                sum += v;
            }
            assertThat(Math.abs(sum - 1)).as("%s probabilities of example %d sum to 1", learner.name(), i)
                    .isLessThan(1e-12);
            assertThat(calibrated.decisions(x)).as("%s calibrated decisions of example %d", learner.name(), i)
                    .containsExactly(plain.decisions(x));
        }
        Path file = dir.resolve(learner.name().replaceAll("[^A-Za-z0-9._-]", "_") + ".calibrated.model");
        Models.save(calibrated, file);
        Model<X> back = (Model<X>) Models.loadClassifier(file);
        assertThat(back).as("%s calibrated model loaded", learner.name()).isInstanceOf(CalibratedModel.class);
        assertThat(back.report()).isEqualTo(calibrated.report());
        for (int i = 0; i < data.size(); i++) {
            assertThat(back.probabilities(data.x(i))).as("%s probabilities of example %d after save/load",
                    learner.name(), i).containsExactly(before[i]);
        }
    }

    /**
     * One row per example: a classifier's decision values followed by its class index, a
     * regressor's prediction. Checks that a classifier's class index is in range and agrees with
     * its decisions, and that every output is finite.
     */
    private static <X> double[][] outputs(FittedModel<X> model, Dataset<X> data) {
        double[][] out = new double[data.size()][];
        for (int i = 0; i < data.size(); i++) {
            X x = data.x(i);
            if (model instanceof Model<X> m) {
                double[] f = m.decisions(x);
                int k = m.predict(x);
                assertThat(k).isBetween(0, m.classNames().size() - 1);
                assertThat(f).as("decisions of example %d", i).hasSize(m.classNames().size() == 2 ? 1
                        : m.classNames().size());
                for (double v : f) {
                    assertThat(Double.isFinite(v)).as("decision value %s of example %d is finite", v, i).isTrue();
                }
                assertThat(Model.classOf(f)).as("predict agrees with decisions on example %d", i).isEqualTo(k);
                out[i] = new double[f.length + 1];
                System.arraycopy(f, 0, out[i], 0, f.length);
                out[i][f.length] = k;
            } else if (model instanceof RegressionModel<X> r) {
                double v = r.predict(x);
                assertThat(Double.isFinite(v)).as("prediction of example %d is finite", i).isTrue();
                out[i] = new double[] {v};
            } else {
                throw new AssertionError("a model must be a Model or a RegressionModel: " + model.getClass());
            }
        }
        return out;
    }

    private static int[] indicesOfClass(Dataset<?> data, int c) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            if (data.classIndex(i) == c) {
                idx.add(i);
            }
        }
        return idx.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The small problem of a learner's input kind and task. */
    @SuppressWarnings("unchecked")
    public static <X> Dataset<X> problem(Learner<X> learner) {
        if (learner.input() == InputKind.BAGS) {
            return (Dataset<X>) (learner.task() == Task.ONE_CLASS ? oneClassBags() : binaryBags());
        }
        return (Dataset<X>) switch (learner.task()) {
            case CLASSIFICATION -> binaryVectors();
            case ONE_CLASS -> oneClassVectors();
            case REGRESSION -> regressionVectors();
        };
    }

    /** 40 points in 3 dimensions, two Gaussian blobs 2.5 apart, labels ±1. */
    public static LabeledDataset binaryVectors() {
        return TestData.gaussianBlobs(40, 3, 2.5, SEED);
    }

    /** 30 points of one class (label 1) from N(0, I_3). */
    public static LabeledDataset oneClassVectors() {
        List<Vec> x = TestData.randomDense(30, 3, SEED);
        double[] y = new double[x.size()];
        java.util.Arrays.fill(y, 1);
        return new LabeledDataset(x, y);
    }

    /** 40 points in [-2, 2]^2 with targets sin(x_0) + x_1 / 2 plus N(0, 0.05^2) noise. */
    public static LabeledDataset regressionVectors() {
        SplittableRandom rnd = new SplittableRandom(SEED);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[40];
        for (int i = 0; i < y.length; i++) {
            double a = -2 + 4 * rnd.nextDouble();
            double b = -2 + 4 * rnd.nextDouble();
            x.add(DenseVec.of(a, b));
            y[i] = Math.sin(a) + b / 2 + 0.05 * TestData.gaussian(rnd);
        }
        return new LabeledDataset(x, y);
    }

    /** 30 binary bags of 1..5 instances in 3 dimensions, a witness in each positive bag. */
    public static BagDataset binaryBags() {
        return TestData.randomBags(30, 5, 3, 3.0, SEED);
    }

    /** 20 bags of one class ("+1") of 1..5 instances from N(0, I_3). */
    public static BagDataset oneClassBags() {
        SplittableRandom rnd = new SplittableRandom(SEED);
        List<Bag> bags = new ArrayList<>();
        int[] labels = new int[20];
        for (int i = 0; i < labels.length; i++) {
            int m = 1 + rnd.nextInt(5);
            List<Vec> inst = new ArrayList<>();
            for (int p = 0; p < m; p++) {
                inst.add(TestData.randomDense(3, rnd));
            }
            bags.add(new Bag("b" + i, inst));
            labels[i] = 1;
        }
        return new BagDataset(bags, BagDataset.BINARY_CLASSES, labels);
    }
}
