package dev.kernelkit.mkl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.ScaledModel;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MklCodecTest {

    static LabeledDataset raw() {
        // blobs shifted and stretched so that the standardisation matters
        LabeledDataset d = SoftMarginMklTest.threeClasses(45, 2, 4.0, 11, 4.0);
        java.util.List<Vec> x = new java.util.ArrayList<>();
        for (Vec v : d.points()) {
            x.add(dev.kernelkit.data.DenseVec.of(10 + 3 * v.get(0), -5 + 0.2 * v.get(1)));
        }
        return new LabeledDataset(x, d.labels());
    }

    /**
     * The text the writer before the one model-file entry point produced for the same model (version 1 of the
     * mkl layout): no report.*, dim, normalisation, options.summary, classes.* or provenance lines, the options at
     * the top level, the classes as numbers, machines.count and machines.K, the scaler under scaler.* (its keys
     * were written in this order, before the machines).
     */
    static String legacyText(String text, double[] classes) {
        String body = text.lines()
                .filter(l -> !l.startsWith("report.") && !l.startsWith("dim =") && !l.startsWith("normalisation =")
                        && !l.startsWith("provenance.") && !l.startsWith("options.summary") && !l.startsWith("classes.")
                        && !l.equals("calibration.kind = none") && !l.equals("scaling.kind = none"))
                .map(l -> l.equals("version = 2") ? "version = 1" : l)
                .map(l -> l.startsWith("options.") ? l.substring("options.".length()) : l)
                .map(l -> l.startsWith("scaling.") ? "scaler." + l.substring("scaling.".length()) : l)
                .map(l -> l.startsWith("machines =") ? "machines.count =" + l.substring("machines =".length()) : l)
                .map(l -> l.startsWith("machine.") ? "machines." + l.substring("machine.".length()) : l)
                .collect(Collectors.joining("\n"));
        return body + "\nclasses = " + java.util.Arrays.stream(classes).mapToObj(Double::toString)
                .collect(Collectors.joining(" ")) + "\n";
    }

    @Test
    void aFileOfTheFormerWriterLoadsBehindItsScalerWithTheSameDecisionsAndARebuiltReport() throws Exception {
        LabeledDataset data = raw();
        FittedScaler scaler = FeatureScaling.STANDARD.fit(data);
        LabeledDataset st = scaler.apply(data);
        MklModel model = SoftMarginMkl.fit(st, MultipleKernel.simpleMklProtocol(2).withUnitTrace(st.points()),
                MklOptions.sm2(10.0, 1.0));
        ScaledModel<Vec> scaled = new ScaledModel<>(scaler, model);
        String legacy = legacyText(Models.toText(scaled, Map.of()), model.classes());
        assertThat(legacy).contains("scaler.kind = standard").contains("machines.count = 3").contains("c = 10.0")
                .doesNotContain("report.").doesNotContain("scaling.").doesNotContain("options.");
        FittedModel<?> back = Models.parse("old.model", legacy).model();
        assertThat(back).isInstanceOf(ScaledModel.class);
        @SuppressWarnings("unchecked")
        ScaledModel<Vec> sb = (ScaledModel<Vec>) back;
        assertThat(sb.scaler().offsets()).containsExactly(scaler.offsets());
        MklModel inner = (MklModel) sb.inner();
        assertThat(inner.dim()).isEqualTo(2);
        for (Vec v : data.points()) {
            assertThat(sb.decisions(v)).containsExactly(scaled.decisions(v));
        }
        FitReport r = inner.report();
        assertThat(r.learner()).isEqualTo("sm2");
        assertThat(r.options()).isEqualTo(model.options().toString());
        assertThat(r.iterations()).isEqualTo(model.report().iterations());
        assertThat(r.objective()).containsExactly(model.machines().get(0).objectives());
    }

    @Test
    void aSavedModelWritesItsScalerUnderScalingAndReadsBackExactly() throws Exception {
        LabeledDataset data = raw();
        FittedScaler scaler = FeatureScaling.STANDARD.fit(data);
        LabeledDataset st = scaler.apply(data);
        MklModel model = SoftMarginMkl.fit(st, MultipleKernel.simpleMklProtocol(2).withUnitTrace(st.points()),
                MklOptions.simple(10.0));
        String text = Models.toText(new ScaledModel<>(scaler, model), Map.of());
        assertThat(text).contains("scaling.kind = standard").doesNotContain("scaler.").contains("type = mkl")
                .contains("dim = 2").contains("normalisation = UNIT_TRACE");
        MklModel back = (MklModel) ((ScaledModel<?>) Models.parse("m.model", text).model()).inner();
        assertThat(back.report()).isEqualTo(model.report());
        assertThat(back.baseKernels().scales()).containsExactly(model.baseKernels().scales());
        assertThat(back.baseKernels().kernels()).isEqualTo(model.baseKernels().kernels());
        for (Vec v : st.points()) {
            assertThat(back.decisions(v)).containsExactly(model.decisions(v));
        }
    }

    @Test
    void inconsistentFilesAreRefusedWithTheKey() throws Exception {
        LabeledDataset st = FeatureScaling.STANDARD.fit(raw()).apply(raw());
        MklModel model = SoftMarginMkl.fit(st, MultipleKernel.simpleMklProtocol(2).withUnitTrace(st.points()),
                MklOptions.average(1.0));
        String text = Models.toText(model, Map.of());
        String oneMachine = text.replace("machines = 3", "machines = 1");
        assertThatThrownBy(() -> Models.parse("bad.model", oneMachine)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("bad.model").hasMessageContaining("expected 3 machines for 3 classes, found 1");
        String badKernel = text.replaceFirst("kernels.0 = gaussian:gamma=32.0", "kernels.0 = gaussian:gamma=-1");
        assertThat(badKernel).isNotEqualTo(text);
        assertThatThrownBy(() -> Models.parse("bad.model", badKernel)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("base kernel 'gaussian:gamma=-1'");
        String badScale = text.replaceFirst("scales = [^ ]+", "scales = -1");
        assertThatThrownBy(() -> Models.parse("bad.model", badScale)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("scale 0 must be > 0 and finite, got -1.0");
    }
}
