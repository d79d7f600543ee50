package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Model files of every MI model type beyond the contract's two-class problem: one-vs-rest models
 * (several machines sharing support vectors), MI-Kernel's set-kernel forms, and what a loaded
 * model reports besides its decisions.
 */
class MiModelFilesTest {
    private static final BagDataset THREE = TestData.randomMultiClassBags(36, 3, 4, 3, 3.0, 17);

    /** Every learner but RS (two classes only). */
    static Stream<String> multiClassLearners() {
        return MiLearnerContractTest.NAMES.stream().filter(n -> !n.equals(ReducedSet.NAME));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("multiClassLearners")
    @SuppressWarnings("unchecked")
    void aThreeClassModelLoadsWithIdenticalDecisionsReportAndCosts(String name, @TempDir Path dir) throws Exception {
        Learner<Bag> learner = (Learner<Bag>) Learners.find(name);
        BagClassifier m = (BagClassifier) learner.trainer(THREE, 5).fit(THREE);
        Path file = dir.resolve("three.model");
        Models.save(m, file);
        BagClassifier back = Models.load(file, BagClassifier.class);
        assertThat(back.getClass()).isEqualTo(m.getClass());
        assertThat(back.classNames()).containsExactly("c0", "c1", "c2");
        assertThat(back.report()).isEqualTo(m.report());
        assertThat(back.dim()).isEqualTo(3);
        assertThat(back.kernelEvaluationsPerInstance()).isEqualTo(m.kernelEvaluationsPerInstance());
        assertThat(back.unconvergedMachines()).isEqualTo(m.unconvergedMachines());
        for (Bag b : THREE.bags()) {
            double[] f = m.decisions(b);
            assertThat(f).hasSize(3);
            assertThat(back.decisions(b)).as("bag %s", b.id()).containsExactly(f);
            assertThat(back.predict(b)).isEqualTo(m.predict(b));
        }
    }

    @ParameterizedTest
    @EnumSource(MiKernelOptions.Form.class)
    void everySetKernelFormLoadsWithIdenticalDecisions(MiKernelOptions.Form form, @TempDir Path dir) throws Exception {
        MiKernelModel m = MiKernel.fit(THREE, MiKernelOptions.defaults().withGamma(0.3).withC(10).withForm(form));
        Path file = dir.resolve("mikernel.model");
        Models.save(m, file);
        MiKernelModel back = Models.load(file, MiKernelModel.class);
        assertThat(back.form()).isEqualTo(form);
        assertThat(back.machines()).hasSize(3);
        for (int c = 0; c < 3; c++) {
            assertThat(back.machines().get(c).coefficients()).containsExactly(m.machines().get(c).coefficients());
        }
        for (Bag b : THREE.bags()) {
            assertThat(back.decisions(b)).containsExactly(m.decisions(b));
        }
    }

    @Test
    void miSvmFilesKeepTheVariantRoundsAndConvergenceFlags(@TempDir Path dir) throws Exception {
        for (MiSvmOptions.Variant v : MiSvmOptions.Variant.values()) {
            MiSvmModel m = MiSvm.fit(THREE, MiSvmOptions.defaults(v).withGamma(0.3).withC(10).withMaxRounds(2));
            Path file = dir.resolve(v + ".model");
            Models.save(m, file);
            MiSvmModel back = Models.load(file, MiSvmModel.class);
            assertThat(back.variant()).isEqualTo(v);
            assertThat(back.rounds()).containsExactly(m.rounds());
            assertThat(back.converged()).containsExactly(m.converged());
            assertThat(back.report().learner()).isEqualTo(v.literatureName());
        }
    }

    @Test
    void aSupportBagIndexOutOfRangeIsAFormatErrorNamingFileLineAndKey(@TempDir Path dir) throws Exception {
        MiKernelModel m = MiKernel.fit(THREE, MiKernelOptions.defaults().withGamma(0.3));
        Path file = dir.resolve("bad.model");
        Models.save(m, file);
        Files.writeString(file, Files.readString(file).replaceFirst("(?m)^machine\\.1\\.bags = \\d+", "machine.1.bags = 999"));
        assertThatThrownBy(() -> Models.load(file)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("bad.model line").hasMessageContaining("support bag index 999 out of range");
    }

    @Test
    void anUnknownMiSvmVariantIsAFormatErrorListingTheKnownOnes(@TempDir Path dir) throws Exception {
        MiSvmModel m = MiSvm.fit(THREE, MiSvmOptions.defaults(MiSvmOptions.Variant.BAG).withGamma(0.3).withMaxRounds(2));
        Path file = dir.resolve("variant.model");
        Models.save(m, file);
        Files.writeString(file, Files.readString(file).replace("variant = BAG", "variant = WITNESS"));
        assertThatThrownBy(() -> Models.load(file)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("variant.model line").hasMessageContaining("[INSTANCE, BAG]")
                .hasMessageContaining("'WITNESS'");
    }

    @Test
    void aMilesFileWithTooFewWeightsIsAFormatError(@TempDir Path dir) throws Exception {
        MilesModel m = Miles.fit(THREE, MilesOptions.defaults().withGamma(0.3).withC(10));
        Path file = dir.resolve("miles.model");
        Models.save(m, file);
        Files.writeString(file, Files.readString(file).replaceFirst("(?m)^(weights\\.2 = \\S+).*$", "$1"));
        assertThatThrownBy(() -> Models.load(file)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("miles.model line").hasMessageContaining("for 'weights.2', found 1");
    }

    @Test
    void aCccpFileWithoutAMachinesObjectiveIsAFormatErrorNamingTheKey(@TempDir Path dir) throws Exception {
        MiCccpModel m = MiCccp.fit(THREE, MiCccpOptions.defaults().withGamma(0.3).withMaxIterations(2));
        Path file = dir.resolve("cccp.model");
        Models.save(m, file);
        Files.writeString(file, Files.readString(file).replaceFirst("(?m)^machine\\.1\\.objective = .*\\n", ""));
        assertThatThrownBy(() -> Models.load(file)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("cccp.model").hasMessageContaining("missing key 'machine.1.objective'");
    }

    @Test
    void aSparseMiFileWithAKernelSparseMiCannotUseOrAnUnknownStopReasonIsAFormatError(@TempDir Path dir)
            throws Exception {
        SparseMiModel m = SparseMi.fit(THREE, SparseMiOptions.defaults().withGamma(0.3).withExpansionVectors(2)
                .withMaxIterations(2));
        Path file = dir.resolve("sparse.model");
        Models.save(m, file);
        String text = Files.readString(file);
        Files.writeString(file, text.replace("kernel = gaussian:gamma=0.3", "kernel = laplacian:gamma=0.3"));
        assertThatThrownBy(() -> Models.load(file)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("sparse.model line")
                .hasMessageContaining("expected a gaussian, polynomial or linear kernel, found 'laplacian:gamma=0.3'");
        Files.writeString(file, text.replaceFirst("(?m)^stop = .*$", "stop = TIRED"));
        assertThatThrownBy(() -> Models.load(file)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("sparse.model line").hasMessageContaining("'TIRED'")
                .hasMessageContaining("MAX_ITERATIONS, CONVERGED, NO_DECREASE");
    }

    static Stream<Arguments> legacyFiles() {
        return Stream.of(Arguments.of("ring", SyntheticData.ringBags(15, 4, 6, 21)),
                Arguments.of("four", SyntheticData.fourGaussianBags(12, 4, 6, 5)));
    }

    /**
     * Files written by {@code SparseMiModel.save} before the learner contract (commit eb519ac, see
     * {@code legacy/README.md}) load through {@link Models} and give, bag by bag, the decisions and
     * classes that code computed, to the bit.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("legacyFiles")
    void sparseMiFilesWrittenBeforeTheContractLoadAndPredictAsTheyDidThen(String name, BagDataset data)
            throws Exception {
        Path dir = Path.of(MiModelFilesTest.class.getResource("legacy/" + name + ".model").toURI()).getParent();
        SparseMiModel m = Models.load(dir.resolve(name + ".model"), SparseMiModel.class);
        assertThat(m.report().learner()).isEqualTo(SparseMi.NAME);
        assertThat(m.report().objective()).containsExactly(m.objectiveTrace());
        List<String> lines = Files.readAllLines(dir.resolve(name + ".decisions"));
        assertThat(lines).hasSize(data.size());
        for (int i = 0; i < data.size(); i++) {
            String[] t = lines.get(i).split(" ");
            Bag b = data.bag(i);
            assertThat(t[0]).isEqualTo(b.id());
            double[] expected = new double[t.length - 2];
            for (int k = 0; k < expected.length; k++) {
                expected[k] = Double.parseDouble(t[k + 1]);
            }
            assertThat(m.decisions(b)).as("bag %s", b.id()).containsExactly(expected);
            assertThat(m.predict(b)).isEqualTo(Integer.parseInt(t[t.length - 1]));
        }
    }
}
