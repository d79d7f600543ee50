package dev.kernelkit.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.TestData;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The pieces of the model-file convention inside {@code io}: the version-1 rewrite of an svm file (keys moved,
 * line numbers kept for messages, a clash named), the provenance record's checks, and the version check.
 */
class ModelFileVersionsTest {

    /** A version-1 svm file as the build of 2026-12-01 wrote it (one machine, two support vectors). */
    static final String V1 = String.join("\n",
            "# kernelkit model",
            "format = kernelkit-model",
            "version = 1",
            "type = svm",
            "report.learner = svm",
            "report.options = SvmOptions[c=1.0]",
            "report.seed = 0",
            "report.iterations = 3",
            "report.converged = true",
            "report.objective = -1.5",
            "report.seconds = 0.01",
            "trained.data = two.libsvm",
            "dim = 2",
            "svm.classes = -1.0 1.0",
            "svm.machines = 1",
            "svm.machine.0.kernel = gaussian:gamma=0.5",
            "svm.machine.0.bias = 0.25",
            "svm.machine.0.coefficients = -1.0 1.0",
            "svm.machine.0.sv.count = 2",
            "svm.machine.0.sv.0 = dense 2 0.0 0.0",
            "svm.machine.0.sv.1 = dense 2 1.0 1.0",
            "");

    @Test
    void aVersionOneSvmFileIsRewrittenIntoTheConventionAndGivesTheSameDecisionAsItsKeysSay() throws Exception {
        ModelFile v1 = ModelFileReader.parse("old.model", V1);
        ModelFile current = Models.current(v1);
        assertThat(current.version()).isEqualTo(2);
        assertThat(current.getStrings("classes")).containsExactly("-1", "1");
        assertThat(current.getInt("machines")).isEqualTo(1);
        assertThat(current.getString("options.summary")).isEqualTo("SvmOptions[c=1.0]");
        assertThat(current.getString("scaling.kind")).isEqualTo("none");
        assertThat(current.getString("calibration.kind")).isEqualTo("none");
        assertThat(current.getString("provenance.data")).isEqualTo("two.libsvm");
        assertThat(current.keys()).noneMatch(k -> k.startsWith("svm.") || k.startsWith("trained.")
                || k.equals("report.options"));

        SvmModel m = (SvmModel) Models.parse("old.model", V1).model();
        // f(x) = -k(0, x) + k(1, x) + 0.25 with k(a, x) = exp(-0.5 |a - x|^2), computed here by hand
        Vec x = dev.kernelkit.data.DenseVec.of(0.5, 0.0);
        double expected = -Math.exp(-0.5 * 0.25) + Math.exp(-0.5 * (0.25 + 1.0)) + 0.25;
        assertThat(m.decisions(x)[0]).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-15));
        assertThat(m.classes()).containsExactly(-1.0, 1.0);
    }

    @Test
    void aRenamedKeyKeepsItsLineForMessagesAndAnAddedOneHasNone() throws Exception {
        ModelFile v1 = ModelFileReader.parse("old.model", V1.replace("svm.machine.0.bias = 0.25", "svm.machine.0.bias = x"));
        ModelFile current = Models.current(v1);
        // svm.machine.0.bias is on line 17 of the version-1 text
        assertThatThrownBy(() -> current.getDouble("machine.0.bias")).isInstanceOf(ModelFormatException.class)
                .hasMessage("old.model line 17: expected a number for 'machine.0.bias', found 'x'");
        assertThatThrownBy(() -> current.getInt("scaling.kind")).isInstanceOf(ModelFormatException.class)
                .hasMessage("old.model: expected an integer for 'scaling.kind', found 'none'");
    }

    @Test
    void aVersionOneFileHoldingAKeyOfTheNewLayoutIsOneLineNamingIt() throws Exception {
        ModelFile v1 = ModelFileReader.parse("odd.model", V1 + "machines = 4\n");
        assertThatThrownBy(() -> Models.current(v1)).isInstanceOf(ModelFormatException.class)
                .hasMessage("odd.model: key 'machines' of the version 2 layout is already present (line 22) in this "
                        + "version 1 file");
    }

    @Test
    void aNewerVersionIsRefusedBeforeAnyKeyIsRead() throws Exception {
        String newer = V1.replace("version = 1", "version = 7").replace("dim = 2", "dim = not a number");
        assertThatThrownBy(() -> Models.parse("n.model", newer)).isInstanceOf(ModelFormatException.class)
                .hasMessage("model file n.model: type svm version 7 is newer than this kernelkit reads (2)");
    }

    @Test
    void aFileWrittenNowHasItsCodecsVersionAndNoFormerKeys() {
        LabeledDataset d = TestData.gaussianBlobs(30, 2, 2.0, 3);
        SvmModel m = Svm.fit(d, SvmOptions.of(new GaussianKernel(0.5)));
        String text = Models.toText(m, Provenance.none());
        assertThat(text).contains("\nversion = 2\ntype = svm\n").contains("\nclasses.count = 2\n")
                .contains("\nmachines = 1\n").contains("\nscaling.kind = none\n").contains("\ncalibration.kind = none\n")
                .doesNotContain("svm.").doesNotContain("report.options");
    }

    @Test
    void provenanceChecksItsValuesAndKeepsItsLinesInOrder() {
        assertThatThrownBy(() -> Provenance.ofData("d", "ABC", 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("data_sha256 must be 64 lower-case hex digits");
        assertThatThrownBy(() -> Provenance.ofData("d", "", -1, 1)).hasMessageContaining("n and dim must be >= 0");
        assertThatThrownBy(() -> Provenance.none().with("data", "x")).hasMessageContaining("not one of");
        assertThatThrownBy(() -> Provenance.none().with("bad key", "x")).hasMessageContaining("got 'bad key'");
        assertThatThrownBy(() -> Provenance.none().withCommand("a\nb")).hasMessageContaining("line break");
        assertThatThrownBy(() -> Provenance.fromLines(Map.of("n", "many")))
                .hasMessage("expected an integer for 'provenance.n', found 'many'");

        Provenance p = Provenance.ofData("d.csv", "", 5, 2).withSeed(9).withCommand("run").with("z", "1").with("a", "2");
        assertThat(p.lines()).containsExactly(Map.entry("data", "d.csv"), Map.entry("n", "5"), Map.entry("dim", "2"),
                Map.entry("seed", "9"), Map.entry("command", "run"), Map.entry("z", "1"), Map.entry("a", "2"));
        assertThat(Provenance.fromLines(p.lines())).isEqualTo(p);
        assertThat(Provenance.none().lines()).isEmpty();
        assertThat(Provenance.none().seed()).isEqualTo(OptionalLong.empty());
    }
}
