package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.ScaledRegressionModel;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The cvm module's model files through the one entry point {@link Models} ({@link CvmCodec}, {@link CvrCodec}, {@link OneClassCvmCodec}). */
class CvmModelFileTest {
    @TempDir
    Path dir;

    private static FittedModel<?> roundTrip(FittedModel<?> m, Path file) throws IOException {
        Models.save(m, file);
        return Models.load(file);
    }

    @Test
    void classifierRoundTripGivesIdenticalDecisionsReportAndMachines() throws IOException {
        LabeledDataset d = SyntheticData.twoMoons(150, 0.2, 4);
        CvmModel m = CoreVectorMachine.fit(d, CvmOptions.jmlr(new GaussianKernel(1.0), 10, 1e-4));
        CvmModel back = (CvmModel) roundTrip(m, dir.resolve("m.model"));
        assertThat(back.classes()).containsExactly(m.classes());
        assertThat(back.dim()).isEqualTo(2);
        assertThat(back.report()).isEqualTo(m.report());
        assertThat(back.report().learner()).isEqualTo("cvm");
        assertThat(back.coreVectorCount()).isEqualTo(m.coreVectorCount());
        assertThat(back.machines().get(0).rho()).isEqualTo(m.machines().get(0).rho());
        assertThat(back.machines().get(0).coreIndices()).containsExactly(m.machines().get(0).coreIndices());
        for (int i = 0; i < d.size(); i++) {
            assertThat(back.decision(d.x(i))).isEqualTo(m.decision(d.x(i)));
            assertThat(back.predict(d.x(i))).isEqualTo(m.predict(d.x(i)));
        }
    }

    @Test
    void multiClassRegressionAndOneClassRoundTrip() throws IOException {
        List<Vec> x = new ArrayList<>();
        double[] y = new double[60];
        for (int i = 0; i < 60; i++) {
            x.add(DenseVec.of(i % 3 + 0.01 * i, (i % 3) * 0.5 - 0.02 * i));
            y[i] = i % 3;
        }
        LabeledDataset d = new LabeledDataset(x, y);
        CvmModel m = BallVectorMachine.fit(d, CvmOptions.jmlr(new GaussianKernel(1.0), 10, 1e-3)
                .withMultiClass(CvmOptions.MultiClass.ONE_VS_ONE));
        CvmModel back = (CvmModel) roundTrip(m, dir.resolve("mc.model"));
        assertThat(back.report().learner()).isEqualTo("bvm");
        assertThat(back.multiClass()).isEqualTo(CvmOptions.MultiClass.ONE_VS_ONE);
        for (Vec p : x) {
            assertThat(back.decisions(p)).containsExactly(m.decisions(p));
            assertThat(back.machineDecisions(p)).containsExactly(m.machineDecisions(p));
            assertThat(back.predict(p)).isEqualTo(m.predict(p));
        }
        CvrModel r = CoreVectorRegression.fit(d, new CvrOptions(new GaussianKernel(1.0), 10, 0.5, CoreSetOptions.jmlr(1e-3)));
        CvrModel rb = (CvrModel) roundTrip(r, dir.resolve("r.model"));
        OneClassCvmModel o = OneClassCvm.fit(x, new OneClassCvmOptions(new GaussianKernel(1.0), 5, CoreSetOptions.jmlr(1e-3)));
        OneClassCvmModel ob = (OneClassCvmModel) roundTrip(o, dir.resolve("o.model"));
        assertThat(rb.report()).isEqualTo(r.report());
        assertThat(rb.epsilonBar()).isEqualTo(r.epsilonBar());
        assertThat(ob.report()).isEqualTo(o.report());
        for (Vec p : x) {
            assertThat(rb.predict(p)).isEqualTo(r.predict(p));
            assertThat(ob.decision(p)).isEqualTo(o.decision(p));
        }
        assertThatThrownBy(() -> Models.load(dir.resolve("r.model"), CvmModel.class))
                .isInstanceOf(ModelFormatException.class).hasMessageContaining("expected a CvmModel model, found type 'cvr'");
    }

    @Test
    void aModelBehindItsScalerStoresItAndPredictsOnRawPoints() throws IOException {
        List<Vec> x = List.of(DenseVec.of(1, 100), DenseVec.of(3, 300), DenseVec.of(2, 1000), DenseVec.of(5, 0));
        LabeledDataset d = new LabeledDataset(x, new double[] {1, -1, 1, -1});
        FittedScaler scaler = FeatureScaling.LOG1P_MINMAX.fit(d);
        CvmModel m = CoreVectorMachine.fit(scaler.apply(d), CvmOptions.jmlr(new GaussianKernel(1.0), 10, 1e-3));
        Path file = dir.resolve("scaled.model");
        Models.save(new ScaledModel<>(scaler, m), file);
        assertThat(Files.readString(file)).contains("scaling.kind = log1p-minmax");
        ScaledModel<?> back = (ScaledModel<?>) Models.load(file);
        assertThat(back.scaler().kind()).isEqualTo(FeatureScaling.LOG1P_MINMAX);
        // log1p-minmax on feature 1: log1p(x) over the training range [log1p(0), log1p(1000)];
        // the raw point (2, 1000) therefore maps to second coordinate exactly 1.
        assertThat(back.scaler().apply(DenseVec.of(2, 1000)).get(1)).isEqualTo(1.0);
        @SuppressWarnings("unchecked")
        ScaledModel<Vec> typed = (ScaledModel<Vec>) back;
        for (Vec p : x) {
            assertThat(typed.decisions(p)).containsExactly(m.decisions(scaler.apply(p)));
        }
        Models.save(m, dir.resolve("raw.model"));
        assertThat(Models.load(dir.resolve("raw.model"))).isInstanceOf(CvmModel.class);
        CvrModel r = CoreVectorRegression.fit(scaler.apply(d), new CvrOptions(new GaussianKernel(1.0), 10, 0.5,
                CoreSetOptions.jmlr(1e-3)));
        Models.save(new ScaledRegressionModel<>(scaler, r), dir.resolve("r.model"));
        @SuppressWarnings("unchecked")
        ScaledRegressionModel<Vec> rb = (ScaledRegressionModel<Vec>) Models.load(dir.resolve("r.model"));
        for (Vec p : x) {
            assertThat(rb.predict(p)).isEqualTo(r.predict(scaler.apply(p)));
        }
    }

    private static Path legacy(String name) {
        try {
            return Path.of(CvmModelFileTest.class.getResource("legacy/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Files written by {@code cvm train} before this module had model codecs (commit eb519ac: no
     * report, no dim), with the predictions {@code cvm predict} of that version printed for their
     * training data (labels, +1/-1 for one-class, values for cvr).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "cvm-binary-standard, binary.libsvm, dev.kernelkit.cvm.CvmModel, standard",
        "cvm-three-ovo, three.libsvm, dev.kernelkit.cvm.CvmModel, none",
        "bvm-three-ovr, three.libsvm, dev.kernelkit.cvm.CvmModel, none",
        "one-class-minmax, binary.libsvm, dev.kernelkit.cvm.OneClassCvmModel, minmax",
        "cvr, regression.libsvm, dev.kernelkit.cvm.CvrModel, none"})
    void filesWrittenBeforeTheCodecsLoadAndPredictAsThen(String model, String data, String type, String scaling)
            throws IOException {
        FittedModel<?> loaded = Models.load(legacy(model + ".model"));
        FittedModel<?> inner = Scaled.innermost(loaded);
        assertThat(inner.getClass().getName()).isEqualTo(type);
        assertThat(inner.report().learner()).isEqualTo(model.startsWith("one-class") ? "one-class-cvm"
                : model.startsWith("cvr") ? "cvr" : "cvm");
        assertThat(inner.report().options()).isEqualTo("unknown");
        if (scaling.equals("none")) {
            assertThat(loaded).isSameAs(inner);
        } else {
            assertThat(((Scaled<?>) loaded).scaler().kind()).isEqualTo(FeatureScaling.parse(scaling));
        }
        LabeledDataset d = LibsvmFormat.readDense(legacy(data));
        assertThat(inner.dim()).isEqualTo(d.dim());
        List<String> expected = Files.readAllLines(legacy(model + ".expected"));
        assertThat(expected).hasSize(d.size());
        for (int i = 0; i < d.size(); i++) {
            Vec raw = d.x(i);
            Vec x = loaded instanceof Scaled<?> s ? s.scaler().apply(raw) : raw;
            double p;
            if (inner instanceof CvmModel c) {
                p = c.predictLabel(x);
            } else if (inner instanceof OneClassCvmModel o) {
                // that version measured a new point's distance without its own 1/C coordinate (fixed since, see
                // OneClassBallModel): its label is the sign of today's decision plus 1/C
                p = o.decision(x) + 1 / o.c() > 0 ? 1.0 : -1.0;
            } else {
                p = ((CvrModel) inner).predict(x);
            }
            assertThat(p).as("prediction %d of %s", i, model).isEqualTo(Double.parseDouble(expected.get(i)));
        }
    }

    @Test
    void malformedFilesAreRefusedNamingFileLineAndKey() throws IOException {
        LabeledDataset d = SyntheticData.twoMoons(40, 0.2, 4);
        CvmModel m = CoreVectorMachine.fit(d, CvmOptions.jmlr(new GaussianKernel(1.0), 10, 1e-3));
        String text = Models.toText(m, Map.of());
        Path bad = dir.resolve("bad.model");
        Files.writeString(bad, text.replace("multiclass = ONE_VS_REST", "multiclass = SOME"));
        assertThatThrownBy(() -> Models.load(bad)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("bad.model line").hasMessageContaining("expected ONE_VS_REST or ONE_VS_ONE");
        Files.writeString(bad, text.replace("dim = 2", "dim = 3"));
        assertThatThrownBy(() -> Models.load(bad)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("bad.model line").hasMessageContaining("expected dimension 3");
        Files.writeString(bad, text.replaceFirst("kernel = gaussian:gamma=1.0", "kernel = gaussian:gamma=-1"));
        assertThatThrownBy(() -> Models.load(bad)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("bad kernel 'gaussian:gamma=-1'");
    }
}
