package dev.kernelkit.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelsEntryPointTest {

    @Test
    void aScaledModelStoresItsScalerAndPredictsRawPointsAsBeforeSaving(@TempDir Path dir) throws Exception {
        LabeledDataset raw = TestData.gaussianBlobs(40, 3, 2.0, 3).withPoints(scaledUp(TestData.gaussianBlobs(40, 3, 2.0, 3)));
        Trainer<Vec, ScaledModel<Vec>> trainer = ScaledModel.trainer(FeatureScaling.STANDARD,
                Svm.trainer(SvmOptions.of(new GaussianKernel(0.3))));
        ScaledModel<Vec> model = trainer.fit(raw);
        Path file = dir.resolve("scaled.model");
        Models.save(model, file);
        assertThat(Files.readString(file)).contains("scaling.kind = standard").contains("report.learner = svm");

        Model<?> back = Models.loadClassifier(file);
        assertThat(back).isInstanceOf(ScaledModel.class);
        @SuppressWarnings("unchecked")
        Model<Vec> typed = (Model<Vec>) back;
        for (Vec x : raw.points()) {
            assertThat(typed.decisions(x)).containsExactly(model.decisions(x));
        }
        // the scaler is the training part's: the inner model on unscaled points decides differently
        SvmModel inner = (SvmModel) model.inner();
        assertThat(inner.decisions(raw.x(0))).isNotEqualTo(model.decisions(raw.x(0)));
        assertThat(Metrics.accuracy(typed, raw)).isGreaterThan(0.8);
    }

    @Test
    void aFileOfAnUnknownTypeNamesTheTypeAndTheKnownOnes() {
        String text = "format = kernelkit-model\nversion = 1\ntype = nonsense\n";
        assertThatThrownBy(() -> Models.parse("m.txt", text)).isInstanceOf(ModelFormatException.class)
                .hasMessageStartingWith("m.txt: no reader for model type 'nonsense' (known: ")
                .hasMessageContaining("svm");
    }

    @Test
    void aModelFileWrittenBeforeTheFitReportLoadsWithAReportThatSaysSo() throws Exception {
        // a version-1 svm file as written before the fit report existed: no report.* keys
        String old = String.join("\n", "format = kernelkit-model", "version = 1", "type = svm", "dim = 2",
                "svm.classes = -1.0 1.0", "svm.machines = 1", "svm.machine.0.kernel = gaussian:gamma=0.5",
                "svm.machine.0.bias = 0.25", "svm.machine.0.coefficients = -1.0 1.0", "svm.machine.0.sv.count = 2",
                "svm.machine.0.sv.0 = dense 2 0.0 0.0", "svm.machine.0.sv.1 = dense 2 1.0 1.0", "");
        Model<?> back = (Model<?>) Models.parse("old.model", old).model();
        assertThat(back.report().learner()).isEqualTo("svm");
        assertThat(back.report().options()).isEqualTo("unknown");
        @SuppressWarnings("unchecked")
        Model<Vec> typed = (Model<Vec>) back;
        // f(x) = -k(0, x) + k(1, x) + 0.25, k(a, x) = exp(-0.5 |a - x|^2), at x = (0.1, 0.2)
        double expected = -Math.exp(-0.5 * 0.05) + Math.exp(-0.5 * (0.81 + 0.64)) + 0.25;
        assertThat(typed.decisions(DenseVec.of(0.1, 0.2))[0]).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-15));
    }

    @Test
    void aMalformedReportNamesTheFileLineAndKey() {
        SvmModel model = Svm.fit(TestData.gaussianBlobs(20, 2, 3.0, 1), SvmOptions.of(new GaussianKernel(0.5)));
        String text = Models.toText(model, Map.of()).replaceFirst("report.iterations = \\d+", "report.iterations = -3");
        assertThatThrownBy(() -> Models.parse("bad.model", text)).isInstanceOf(ModelFormatException.class)
                .hasMessageMatching("bad.model line \\d+: expected iterations >= 0 for 'report.iterations', found -3");
    }

    @Test
    void loadingAsAnotherModelClassSaysWhatTheFileHolds(@TempDir Path dir) throws Exception {
        SvmModel model = Svm.fit(TestData.gaussianBlobs(20, 2, 3.0, 1), SvmOptions.of(new GaussianKernel(0.5)));
        Path file = dir.resolve("svm.model");
        Models.save(model, file);
        assertThatThrownBy(() -> Models.load(file, ScaledModel.class)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("expected a ScaledModel model, found type 'svm'");
        assertThat(Models.load(file, SvmModel.class).decisions(DenseVec.of(0, 0)))
                .containsExactly(model.decisions(DenseVec.of(0, 0)));
    }

    @Test
    void theFitReportRecordsOptionsIterationsAndConvergence() {
        SvmOptions options = SvmOptions.of(new GaussianKernel(0.5)).withC(3);
        List<FitProgress> events = new ArrayList<>();
        SvmModel model = Svm.trainer(options).fit(TestData.gaussianBlobs(30, 2, 3.0, 2), events::add);
        FitReport r = model.report();
        assertThat(r.learner()).isEqualTo("svm");
        assertThat(r.options()).isEqualTo(options.toString());
        assertThat(r.iterations()).isPositive();
        assertThat(r.converged()).isTrue();
        assertThat(events).hasSize(1);
        assertThat(events.get(0).objective()).isEqualTo(r.objective()[0]);
    }

    @Test
    void predictionsAreComparedByClassNameSoAPartMissingAClassStillScores() {
        LabeledDataset three = new LabeledDataset(List.of(DenseVec.of(0), DenseVec.of(0.1), DenseVec.of(5),
                DenseVec.of(5.1), DenseVec.of(10)), new double[] {2, 2, 7, 7, 9});
        SvmModel model = Svm.fit(three.subset(new int[] {0, 1, 2, 3}), SvmOptions.of(new GaussianKernel(0.5)));
        assertThat(model.classNames()).containsExactly("2", "7");
        // class indices differ (7 is index 1 in the model and in the data, 9 is unknown to the model)
        assertThat(Metrics.predictions(model, three)).containsExactly(0, 0, 1, 1, 1);
        assertThat(Metrics.accuracy(model, three)).isEqualTo(0.8);
    }

    private static List<Vec> scaledUp(LabeledDataset data) {
        List<Vec> out = new ArrayList<>();
        for (Vec v : data.points()) {
            double[] a = v.toArray();
            a[0] = a[0] * 1000 + 50;
            out.add(DenseVec.wrap(a));
        }
        return out;
    }
}
