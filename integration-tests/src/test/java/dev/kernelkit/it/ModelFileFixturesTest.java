package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Calibrated;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.testing.LearnerContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Model files written by an earlier kernelkit keep loading and predicting the same. The folder
 * {@code src/test/resources/model-fixtures} holds, per catalog learner (and a scaled and a calibrated SVM),
 * a model file written by kernelkit 0.1.0-SNAPSHOT of 2026-12-01 (before the model-file convention changes),
 * the data it was trained on and the outputs that build computed on those data: every decision value (and
 * probability) as {@link Double#toString}. The test loads each file with today's code and requires the same
 * outputs bit for bit. These expected values are a compatibility record of the earlier build, not a claim
 * of correctness (the learners' correctness has its own independent checks). The {@code nu-svm} and {@code svr}
 * fixtures were added on 2026-12-02 by the build that introduced those learners. {@link #main} wrote them;
 * run it again only to add a fixture, never to refresh an existing one.
 */
class ModelFileFixturesTest {
    private static final Path FIXTURES = Path.of("src/test/resources/model-fixtures");

    static Stream<String> fixtures() throws IOException {
        try (Stream<Path> files = Files.list(FIXTURES)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".model"))
                    .map(n -> n.substring(0, n.length() - ".model".length())).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void aModelFileOfTheEarlierBuildLoadsAndGivesItsRecordedOutputsBitForBit(String name) throws Exception {
        FittedModel<?> model = Models.load(FIXTURES.resolve(name + ".model"));
        Dataset<?> data = read(FIXTURES, name, model.input());
        List<String> expected = Files.readAllLines(FIXTURES.resolve(name + ".outputs"));
        assertThat(outputs(model, data)).isEqualTo(expected);
    }

    private static Dataset<?> read(Path dir, String name, InputKind kind) throws IOException {
        return kind == InputKind.BAGS ? CsvBagFormat.read(dir.resolve(name + ".csv"))
                : LibsvmFormat.readDense(dir.resolve(name + ".libsvm"));
    }

    /** One line per example: the decision values (a regressor: its value), then any probabilities. */
    @SuppressWarnings("unchecked")
    private static List<String> outputs(FittedModel<?> model, Dataset<?> data) {
        List<String> out = new ArrayList<>();
        Dataset<Object> d = (Dataset<Object>) data;
        for (int i = 0; i < d.size(); i++) {
            StringBuilder sb = new StringBuilder();
            if (model instanceof Model<?> m) {
                Model<Object> c = (Model<Object>) m;
                for (double v : c.decisions(d.x(i))) {
                    sb.append(sb.length() == 0 ? "" : " ").append(v);
                }
                if (model instanceof dev.kernelkit.learn.CalibratedModel<?>) {
                    for (double p : c.probabilities(d.x(i))) {
                        sb.append(' ').append(p);
                    }
                }
            } else {
                sb.append(((RegressionModel<Object>) model).predict(d.x(i)));
            }
            out.add(sb.toString());
        }
        return out;
    }

    /**
     * Writes a fixture per catalog learner, plus a scaled and a calibrated SVM, into the folder given (the
     * fixtures folder of this module), refusing to replace an existing one.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        for (Learner<?> l : Learners.all()) {
            String name = l.name() + "-" + l.input().label();
            Dataset data = LearnerContract.problem(l);
            if (l.input() == InputKind.VECTORS) {
                data = LibsvmFormat.densify((LabeledDataset) data);
            }
            write(dir, name, ((Learner) l).trainer(data, 1L).fit(data), data);
        }
        LabeledDataset v = LibsvmFormat.densify(LearnerContract.binaryVectors());
        Trainer svm = Learners.vectors("svm").trainer(v, 1L);
        write(dir, "svm-scaled-vectors", ScaledModel.trainer(FeatureScaling.STANDARD, svm).fit(v), v);
        write(dir, "svm-calibrated-vectors", Calibrated.trainer(svm, 3, 1L).fit(v), v);
    }

    private static void write(Path dir, String name, FittedModel<?> model, Dataset<?> data) throws IOException {
        Path file = dir.resolve(name + ".model");
        if (Files.exists(file)) {
            throw new IllegalStateException(file + " exists: fixtures are never refreshed");
        }
        Models.save(model, file);
        if (data instanceof BagDataset b) {
            CsvBagFormat.write(b, dir.resolve(name + ".csv"));
        } else {
            LibsvmFormat.write((LabeledDataset) data, dir.resolve(name + ".libsvm"));
        }
        Dataset<?> back = read(dir, name, model.input());
        Files.write(dir.resolve(name + ".outputs"), outputs(Models.load(file), back));
    }
}
