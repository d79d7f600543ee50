package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitReport;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ImkplCodecTest {

    /**
     * The text the writer before the one model-file entry point produced (version 1 of the imkpl layout): no
     * report.*, options.summary, classes.* or provenance lines and no options added since, the classes as
     * numbers, the trace and convergence as lines.
     */
    static String legacyText(ImkplModel m) {
        String body = Models.toText(m, Map.of()).lines().filter(l -> !l.startsWith("report.") && !l.startsWith("provenance.")
                        && !l.startsWith("options.prediction_rule") && !l.startsWith("options.inner_folds")
                        && !l.startsWith("options.summary") && !l.startsWith("classes.")
                        && !l.equals("calibration.kind = none") && !l.equals("scaling.kind = none"))
                .map(l -> l.equals("version = 2") ? "version = 1" : l)
                .collect(Collectors.joining("\n"));
        String trace = Arrays.stream(m.objectiveHistory()).mapToObj(Double::toString).collect(Collectors.joining(" "));
        String classes = Arrays.stream(m.classValues()).mapToObj(Double::toString).collect(Collectors.joining(" "));
        return body + "\nclasses = " + classes + "\nconverged = " + m.converged() + "\nobjective_history = " + trace + "\n";
    }

    @Test
    void aFileOfTheFormerWriterLoadsWithTheSameDecisionsAndARebuiltReport() throws Exception {
        LabeledDataset train = ImkplBlockStepsTest.blobs(8, 3, 4, 0.7, 41);
        // the former writer's options had 5 inner folds, which a file without the field is read with
        ImkplModel model = Imkpl.fit(train, ImkplOptions.of(3, 0.1, 0.2, 0.1).withMaxIterations(3).withSeed(9)
                .withInnerFolds(ImkplOptions.LEGACY_INNER_FOLDS));
        ImkplModel back = (ImkplModel) Models.parse("old.model", legacyText(model)).model();
        FitReport r = back.report();
        assertThat(r.learner()).isEqualTo("imkpl");
        assertThat(r.seed()).isEqualTo(9);
        assertThat(r.objective()).containsExactly(model.objectiveHistory());
        assertThat(r.iterations()).isEqualTo(model.report().iterations());
        assertThat(r.converged()).isEqualTo(model.converged());
        assertThat(r.options()).isEqualTo(model.options().toString());
        for (Vec z : train.points()) {
            assertThat(back.decisions(z)).containsExactly(model.decisions(z));
        }
    }

    @Test
    void badFilesAreRefusedWithFileAndKey() throws Exception {
        LabeledDataset train = ImkplBlockStepsTest.blobs(8, 3, 4, 0.7, 42);
        ImkplModel model = Imkpl.fit(train, ImkplOptions.of(3, 0.1, 0.2, 0.1).withMaxIterations(2));
        String text = Models.toText(model, Map.of());
        String badGroup = text.replaceFirst("kernels.group.1 = 1", "kernels.group.1 = 7");
        assertThat(badGroup).isNotEqualTo(text);
        assertThatThrownBy(() -> Models.parse("bad.model", badGroup)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("bad.model").hasMessageContaining("feature index 7 of 'kernels.group.1' outside dimension 4");
        String badClass = text.replaceFirst("prototypes.class = \\d", "prototypes.class = 9");
        assertThatThrownBy(() -> Models.parse("bad.model", badClass)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("index 9 in 'prototypes.class' outside [0, 3)");
        String badBeta = text.replaceFirst("beta = [^ ]+", "beta = -1");
        assertThatThrownBy(() -> Models.parse("bad.model", badBeta)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("kernel weight 0 must be >= 0 and finite, got -1.0");
    }
}
