package dev.kernelkit.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.svm.BagSvm;
import dev.kernelkit.svm.BagSvmModel;
import dev.kernelkit.svm.BagSvmOptions;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibratedModelFileTest {
    private static final Trainer<Vec, SvmModel> SVM = Svm.trainer(SvmOptions.of(new GaussianKernel(0.5)));

    /** Points far from the training data too, where a sigmoid saturates. */
    private static List<Vec> probes(int d) {
        List<Vec> out = new ArrayList<>(TestData.randomDense(100, d, 21));
        for (double s : new double[] {-50, -5, 5, 50}) {
            double[] p = new double[d];
            java.util.Arrays.fill(p, s);
            out.add(DenseVec.wrap(p));
        }
        return out;
    }

    /** Three 2-D classes 0, 1, 2 centred on a circle of radius 3, ~ N(centre, I). */
    private static LabeledDataset threeClasses(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = i % 3;
            double a = 2 * Math.PI * y[i] / 3;
            x.add(DenseVec.of(3 * Math.cos(a) + TestData.gaussian(rnd), 3 * Math.sin(a) + TestData.gaussian(rnd)));
        }
        return new LabeledDataset(x, y);
    }

    @SuppressWarnings("unchecked")
    private static <X> Model<X> reload(Model<X> model, Path file) throws Exception {
        Models.save(model, file, Map.of("data", "test"));
        return (Model<X>) Models.loadClassifier(file);
    }

    private static <X> void assertSameOutputs(Model<X> a, Model<X> b, List<X> points) {
        for (X x : points) {
            assertThat(b.probabilities(x)).containsExactly(a.probabilities(x));
            assertThat(b.decisions(x)).containsExactly(a.decisions(x));
            assertThat(b.predict(x)).isEqualTo(a.predict(x));
        }
    }

    @Test
    void aTwoClassCalibratedModelRoundTripsWithBitIdenticalProbabilities(@TempDir Path dir) throws Exception {
        CalibratedModel<Vec> model = Calibrated.trainer(SVM, 5, 1).fit(TestData.gaussianBlobs(60, 3, 2.0, 1));
        Path file = dir.resolve("platt.model");
        Model<Vec> back = reload(model, file);
        String text = Files.readString(file);
        assertThat(text).contains("type = svm").contains("calibration.kind = platt\n")
                .contains("calibration.a = ").contains("calibration.b = ");
        assertThat(back).isInstanceOf(CalibratedModel.class);
        CalibratedModel<Vec> loaded = (CalibratedModel<Vec>) back;
        assertThat(loaded.sigmoids()).isEqualTo(model.sigmoids());
        assertThat(loaded.report()).isEqualTo(model.report());
        assertThat(loaded.inner()).isInstanceOf(SvmModel.class);
        assertSameOutputs(model, back, probes(3));
    }

    @Test
    void aThreeClassCalibratedModelRoundTripsWithOneSigmoidPerClass(@TempDir Path dir) throws Exception {
        CalibratedModel<Vec> model = Calibrated.trainer(SVM, 3, 2).fit(threeClasses(60, 2));
        Path file = dir.resolve("ovr.model");
        Model<Vec> back = reload(model, file);
        assertThat(Files.readString(file)).contains("calibration.kind = platt-ovr\n");
        assertThat(((CalibratedModel<Vec>) back).sigmoids()).hasSize(3).isEqualTo(model.sigmoids());
        assertSameOutputs(model, back, probes(2));
    }

    @Test
    void aScaledAndCalibratedModelRoundTripsAsCalibratedAroundScaled(@TempDir Path dir) throws Exception {
        LabeledDataset raw = TestData.gaussianBlobs(60, 3, 2.0, 3);
        CalibratedModel<Vec> model = Calibrated.trainer(ScaledModel.trainer(FeatureScaling.STANDARD, SVM), 3, 3)
                .fit(raw);
        Path file = dir.resolve("scaled-platt.model");
        Model<Vec> back = reload(model, file);
        assertThat(Files.readString(file)).contains("scaling.kind = standard").contains("calibration.kind = platt\n");
        assertThat(back).isInstanceOf(CalibratedModel.class);
        assertThat(((CalibratedModel<Vec>) back).inner()).isInstanceOf(ScaledModel.class);
        assertThat(Scaled.innermost(back)).isInstanceOf(SvmModel.class);
        assertSameOutputs(model, back, probes(3));
        assertSameOutputs(model, back, raw.points());
    }

    @Test
    void aCalibratedModelBehindAScalerLoadsInTheCanonicalOrderWithTheSameProbabilities(@TempDir Path dir)
            throws Exception {
        LabeledDataset raw = threeClasses(60, 4);
        ScaledModel<Vec> model = ScaledModel.trainer(FeatureScaling.MINMAX, Calibrated.trainer(SVM, 3, 4)).fit(raw);
        Model<Vec> back = reload(model, dir.resolve("platt-scaled.model"));
        assertThat(back).isInstanceOf(CalibratedModel.class);
        assertThat(((CalibratedModel<Vec>) back).inner()).isInstanceOf(ScaledModel.class);
        assertThat(back.report()).isEqualTo(model.report());
        assertSameOutputs(model, back, probes(2));
    }

    @Test
    void aCalibratedBagModelRoundTrips(@TempDir Path dir) throws Exception {
        BagDataset bags = TestData.randomBags(40, 4, 3, 3.0, 5);
        CalibratedModel<Bag> model = Calibrated.trainer(
                BagSvm.trainer(BagSvmOptions.of(new SetKernel(new GaussianKernel(0.3)))), 4, 5).fit(bags);
        Model<Bag> back = reload(model, dir.resolve("bags.model"));
        assertThat(Scaled.innermost(back)).isInstanceOf(BagSvmModel.class);
        assertSameOutputs(model, back, bags.bags());
    }

    @Test
    void aFileWithoutCalibrationLoadsExactlyAsBefore() throws Exception {
        CalibratedModel<Vec> model = Calibrated.trainer(SVM, 3, 6).fit(TestData.gaussianBlobs(40, 2, 2.0, 6));
        String text = Models.toText(model, Map.of());
        String old = text.lines().map(l -> l.startsWith("calibration.kind") ? "calibration.kind = none" : l)
                .filter(l -> !l.startsWith("calibration.")  || l.equals("calibration.kind = none"))
                .reduce("", (a, b) -> a + b + "\n");
        // apart from the wall time and the time of writing, the file of the bare inner model
        assertThat(withoutSeconds(old)).isEqualTo(withoutSeconds(Models.toText(model.inner(), Map.of())));
        Model<?> back = (Model<?>) Models.parse("old.model", old).model();
        assertThat(back).isInstanceOf(SvmModel.class);
        @SuppressWarnings("unchecked")
        Model<Vec> typed = (Model<Vec>) back;
        assertThat(typed.decisions(DenseVec.of(0.1, 0.2))).containsExactly(model.decisions(DenseVec.of(0.1, 0.2)));
    }

    private static String withoutSeconds(String text) {
        return text.lines().filter(l -> !l.startsWith("report.seconds") && !l.startsWith("provenance.time"))
                .reduce("", (x, y) -> x + y + "\n");
    }

    @Test
    void everyBadCalibrationNumberLoadsWithValidProbabilitiesOrFailsWithOneLineNamingTheFile() throws Exception {
        String[] bad = {"NaN", "Infinity", "-Infinity", "1e309", "-1e308", "1e308", "0", "-0", "1e-320", "abc", "",
                "+", "--1", "0x10"};
        CalibratedModel<Vec> model = Calibrated.trainer(SVM, 3, 8).fit(threeClasses(45, 8));
        String text = Models.toText(model, Map.of());
        for (String key : new String[] {"calibration.a", "calibration.b"}) {
            for (String value : bad) {
                String corrupted = text.replaceFirst("(?m)^" + key + " = (\\S+) ", key + " = " + value + " ");
                assertThat(corrupted).as("%s = %s", key, value).isNotEqualTo(text);
                Model<Vec> back;
                try {
                    @SuppressWarnings("unchecked")
                    Model<Vec> m = (Model<Vec>) Models.parse("f.model", corrupted).model();
                    back = m;
                } catch (ModelFormatException e) {
                    assertThat(e.getMessage()).as("%s = %s", key, value).startsWith("f.model").doesNotContain("\n");
                    continue;
                }
                for (Vec x : probes(2)) {
                    double[] p = back.probabilities(x);
                    assertThat(p[0] + p[1] + p[2]).as("%s = %s", key, value).isCloseTo(1.0, within(1e-12));
                    assertThat(Math.min(p[0], Math.min(p[1], p[2]))).isGreaterThanOrEqualTo(0.0);
                }
            }
        }
    }

    @Test
    void aBadCalibrationIsAFormatErrorNamingTheKey() throws Exception {
        CalibratedModel<Vec> model = Calibrated.trainer(SVM, 3, 7).fit(TestData.gaussianBlobs(40, 2, 2.0, 7));
        String text = Models.toText(model, Map.of());
        assertThatThrownBy(() -> Models.parse("m.model", text.replace("calibration.kind = platt", "calibration.kind = iso")))
                .isInstanceOf(ModelFormatException.class)
                .hasMessageMatching("m.model line \\d+: expected 'platt' or 'platt-ovr' for 'calibration.kind', found 'iso'");
        assertThatThrownBy(() -> Models.parse("m.model", text.replace("calibration.kind = platt", "calibration.kind = platt-ovr")))
                .isInstanceOf(ModelFormatException.class)
                .hasMessageMatching("m.model line \\d+: expected 'platt' for 'calibration.kind' of a model of 2 classes,"
                        + " found 'platt-ovr'");
        String twoValues = text.replaceFirst("calibration.a = (\\S+)", "calibration.a = $1 $1");
        assertThatThrownBy(() -> Models.parse("m.model", twoValues)).isInstanceOf(ModelFormatException.class)
                .hasMessageMatching("m.model line \\d+: expected 1 numbers for 'calibration.a', found 2");
        String noKind = text.lines().filter(l -> !l.startsWith("calibration.kind")).reduce("", (x, y) -> x + y + "\n");
        assertThatThrownBy(() -> Models.parse("m.model", noKind)).isInstanceOf(ModelFormatException.class)
                .hasMessage("m.model: missing key 'calibration.kind'");
        String noneWithValues = text.replace("calibration.kind = platt", "calibration.kind = none");
        assertThatThrownBy(() -> Models.parse("m.model", noneWithValues)).isInstanceOf(ModelFormatException.class)
                .hasMessageMatching("m.model line \\d+: unexpected 'calibration.a' with calibration.kind = none");
    }
}
