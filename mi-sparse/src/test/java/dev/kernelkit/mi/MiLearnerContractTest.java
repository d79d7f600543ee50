package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.testing.LearnerContract;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every learner of the mi-sparse catalog on the learner contract, its model files and its progress reports. */
class MiLearnerContractTest {
    /** The catalog names, in catalog order. */
    static final List<String> NAMES = List.of("sparse-mi", "rs", "rsvm", "mikernel", "mi-SVM", "MI-SVM", "miles",
            "cccp");

    static Stream<String> names() {
        return new MiCatalog().learners().stream().map(Learner::name);
    }

    @Test
    void theCatalogHasExactlyTheEightMiLearnersAndTheServiceLoaderFindsThem() {
        assertThat(new MiCatalog().learners().stream().map(Learner::name).toList()).containsExactlyElementsOf(NAMES);
        // the bag learners on this module's class path: ours, then the kernels module's SVMs on bags
        assertThat(Learners.all(InputKind.BAGS).stream().map(Learner::name).toList()).containsExactlyInAnyOrderElementsOf(
                java.util.stream.Stream.concat(NAMES.stream(), java.util.stream.Stream.of("bag-svm", "bag-l2-svm")).toList());
        for (String name : NAMES) {
            assertThat(Learners.find(name).input()).isEqualTo(InputKind.BAGS);
        }
    }

    @Test
    void everyMiModelTypeHasARegisteredCodec() {
        assertThat(Models.codecs()).containsKeys(SparseMiModel.TYPE, MiKernelModel.TYPE, MiSvmModel.TYPE,
                MilesModel.TYPE, MiCccpModel.TYPE);
        assertThat(Models.codecs().get(SparseMiModel.TYPE)).isInstanceOf(SparseMiCodec.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void fitPredictSaveLoadGivesIdenticalDecisionsAndBadDataIsRefused(String name, @TempDir Path dir)
            throws Exception {
        LearnerContract.check(Learners.find(name), dir);
    }

    /** The contract's bags with every feature multiplied by {@code scale}. */
    static BagDataset scaled(double scale) {
        BagDataset d = LearnerContract.binaryBags();
        List<Bag> bags = new ArrayList<>();
        for (Bag b : d.bags()) {
            List<Vec> inst = new ArrayList<>();
            for (Vec x : b.instances()) {
                double[] v = x.toArray();
                for (int j = 0; j < v.length; j++) {
                    v[j] *= scale;
                }
                inst.add(DenseVec.wrap(v));
            }
            bags.add(new Bag(b.id(), inst));
        }
        return d.withBags(bags);
    }

    /**
     * Scales whose squared norms stay finite (1e150: about 1e300; gamma = g0 follows the scale, so the
     * kernel values are those of the unscaled data) or underflow to 0 (1e-150, 1e-200), for every
     * learner; and 1e200 (squared norms overflow to infinity) for the learners whose kernel
     * matrices do not read the norms.
     */
    static Stream<Arguments> extremes() {
        List<Arguments> out = new ArrayList<>();
        for (String name : NAMES) {
            for (double scale : new double[] {1e150, 1e-150, 1e-200}) {
                out.add(Arguments.of(name, scale));
            }
        }
        for (String name : List.of("mikernel", "mi-SVM", "MI-SVM", "miles", "cccp")) {
            out.add(Arguments.of(name, 1e200));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on features x {1}")
    @MethodSource("extremes")
    @SuppressWarnings("unchecked")
    void aModelTrainedOnExtremeButFiniteFeaturesSavesAndLoadsWithIdenticalDecisions(String name, double scale,
                                                                                   @TempDir Path dir) throws Exception {
        BagDataset data = scaled(scale);
        Learner<Bag> learner = (Learner<Bag>) Learners.find(name);
        FittedModel<Bag> model = learner.trainer(data, 3).fit(data);
        Path file = dir.resolve("extreme.model");
        Models.save(model, file);
        Model<Bag> back = (Model<Bag>) Models.loadClassifier(file);
        assertThat(back.report()).isEqualTo(model.report());
        for (Bag b : data.bags()) {
            assertThat(back.decisions(b)).as("bag %s", b.id()).containsExactly(((Model<Bag>) model).decisions(b));
        }
    }

    /**
     * SparseMI, RS and RSVM read squared distances as ||x||² + ||z||² - 2 x·z; with features of
     * 1e200 the squared norms overflow, and training says so instead of failing deep inside (a
     * non-positive-definite Newton system) or writing a model of meaningless kernel values.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("expansionLearners")
    @SuppressWarnings("unchecked")
    void expansionLearnersRefuseFeaturesWhoseSquaredNormOverflowsNamingTheInstance(String name) {
        BagDataset data = scaled(1e200);
        Learner<Bag> learner = (Learner<Bag>) Learners.find(name);
        assertThatThrownBy(() -> learner.trainer(data, 3).fit(data)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("instance 0 of bag 'b0' has squared norm Infinity")
                .hasMessageContaining("rescale the features");
    }

    static Stream<String> expansionLearners() {
        return Stream.of("sparse-mi", "rs", "rsvm");
    }
}
