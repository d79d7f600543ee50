package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.testing.LearnerContract;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ImkplLearnerContractTest {

    static Stream<String> names() {
        return new ImkplCatalog().learners().stream().map(Learner::name);
    }

    @Test
    void theModuleRegistersImkplAndIskplAndTheImkplCodec() {
        assertThat(names().toList()).containsExactly("imkpl", "iskpl");
        List<String> registered = new ArrayList<>();
        for (LearnerCatalog c : ServiceLoader.load(LearnerCatalog.class)) {
            if (c instanceof ImkplCatalog) {
                registered.addAll(c.learners().stream().map(Learner::name).toList());
            }
        }
        assertThat(registered).containsExactly("imkpl", "iskpl");
        assertThat(Models.codecs().get(ImkplModel.TYPE)).isInstanceOf(ImkplCodec.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void fitPredictSaveLoadGivesIdenticalDecisionsAndBadDataIsRefused(String name, @TempDir Path dir) throws Exception {
        LearnerContract.check(Learners.find(name), dir);
    }

    @Test
    void innerFoldsIsANamedParameterThatSetsTheFoldsOfTheInnerCvAndRefusesFewerThanTwo() {
        LabeledDataset data = ImkplBlockStepsTest.blobs(4, 3, 3, 0.5, 2);
        for (boolean single : new boolean[] {false, true}) {
            String name = single ? "iskpl" : "imkpl";
            // imkpl 4 folds (its inner CV also chooses r), iskpl the former 5 (the rule alone)
            assertThat(ImkplCatalog.options(data, single, 7, ParamValues.NONE).innerFolds())
                    .isEqualTo(single ? ImkplCatalog.ISKPL_INNER_FOLDS : ImkplOptions.DEFAULT_INNER_FOLDS)
                    .isEqualTo(single ? 5 : 4);
            assertThat(ImkplCatalog.options(data, single, 7, ParamValues.parse(name, ImkplCatalog.PARAMS,
                    Map.of("inner-folds", "3"))).innerFolds()).isEqualTo(3);
            assertThatThrownBy(() -> ParamValues.parse(name, ImkplCatalog.PARAMS, Map.of("inner-folds", "1")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("inner-folds");
        }
        // the fit's report names the folds its inner CV used (min(inner-folds, smallest class) = 3 here)
        @SuppressWarnings("unchecked")
        Learner<Vec> imkpl = (Learner<Vec>) Learners.find("imkpl");
        ImkplModel m = (ImkplModel) imkpl.trainer(data, 7, ParamValues.parse("imkpl", ImkplCatalog.PARAMS,
                Map.of("inner-folds", "3", "max-iterations", "2"))).fit(data);
        assertThat(m.report().options()).contains("3-fold inner CV chose");
    }

    @Test
    void defaultsAreTheRecommendedVariantWithTByClassSizeAndTheGridsAreTheTunedRowsOfResults() {
        LabeledDataset data = ImkplBlockStepsTest.blobs(4, 3, 3, 0.5, 2);
        double w = ImkplOptions.DEFAULT_WEIGHT;
        ImkplOptions o = ImkplCatalog.defaults(false, 7);
        assertThat(o).isEqualTo(ImkplOptions.recommended(ImkplOptions.T_BY_CLASS_SIZE, w, w, w).withSeed(7));
        assertThat(o.betaStep()).isEqualTo(ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP);
        assertThat(o.lsForm()).isEqualTo(ImkplOptions.LsForm.DISTANCE_DIFFERENCE);
        assertThat(o.kernelCap()).isEqualTo(ImkplOptions.KERNEL_CAP_BY_INNER_CV);
        assertThat(o.predictionRule()).isEqualTo(ImkplOptions.PredictionRule.BY_INNER_CV);
        assertThat(o.innerFolds()).isEqualTo(ImkplOptions.DEFAULT_INNER_FOLDS).isEqualTo(4);
        // T by class size: the smallest class of the set a fit gets (4 here), the default 15 on larger classes
        assertThat(Imkpl.smallestClass(data)).isEqualTo(4);
        assertThat(o.resolveT(Imkpl.smallestClass(data)).t()).isEqualTo(4);
        assertThat(Imkpl.fit(data, o.withMaxIterations(2)).t()).isEqualTo(4);
        assertThat(o.resolveT(40).t()).isEqualTo(ImkplOptions.DEFAULT_T).isEqualTo(15);
        assertThat(o.withT(3).resolveT(1).t()).isEqualTo(3);
        ImkplOptions single = ImkplCatalog.defaults(true, 7);
        assertThat(single).isEqualTo(ImkplOptions.of(ImkplOptions.T_BY_CLASS_SIZE, w, w, w).withSeed(7)
                .withBetaStep(ImkplOptions.BetaStep.FIXED).withPredictionRule(ImkplOptions.PredictionRule.BY_INNER_CV)
                .withInnerFolds(5));
        List<Object> imkpl = grid("imkpl", data).stream().map(t -> t.options()).collect(Collectors.toList());
        List<Object> iskpl = grid("iskpl", data).stream().map(t -> t.options()).collect(Collectors.toList());
        assertThat(imkpl).hasSize(6).allSatisfy(x -> assertThat(((ImkplOptions) x).mu()).isEqualTo(w));
        assertThat(imkpl.stream().map(x -> ((ImkplOptions) x).lambda() + "/" + ((ImkplOptions) x).tau()).toList())
                .containsExactly("0.1/0.1", "0.1/0.3", "0.3/0.1", "0.3/0.3", "1.0/0.1", "1.0/0.3");
        assertThat(iskpl.stream().map(x -> ((ImkplOptions) x).lambda() + "/" + ((ImkplOptions) x).mu()).toList())
                .containsExactly("0.1/0.1", "0.1/0.3", "0.3/0.1", "0.3/0.3", "1.0/0.1", "1.0/0.3");
        assertThat(grid("iskpl", data)).allSatisfy(t -> assertThat(t.name()).isEqualTo("iskpl"));
    }

    @SuppressWarnings("unchecked")
    static List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(String name, Dataset<Vec> data) {
        return ((Learner<Vec>) Learners.find(name)).grid(data, 7);
    }

    @Test
    void theLearnedKernelReproducesTheModelsOwnDecisions() {
        // K(beta) handed out by the model, evaluated pair by pair through Kernel.apply, gives the kernel rows the
        // model codes new points with, and from them the model's decision values
        LabeledDataset train = ImkplBlockStepsTest.blobs(8, 3, 4, 0.7, 31);
        LabeledDataset test = ImkplBlockStepsTest.blobs(4, 3, 4, 0.7, 32);
        ImkplModel model = Imkpl.fit(train, ImkplOptions.of(3, 0.1, 0.2, 0.1)
                .withBetaStep(ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP).withKernelCap(2).withMaxIterations(4));
        assertThat(model.machineCount()).isEqualTo(1);
        assertThat(model.kernelWeights(0)).containsExactly(model.kernelWeights());
        assertThat(model.averageKernelWeights()).containsExactly(model.kernelWeights());
        assertThat(model.baseKernels().normalisation()).isEqualTo(MultipleKernel.Normalisation.UNIT_DIAGONAL);
        Kernel<Vec> learned = model.learnedKernel(0);
        List<Vec> stored = model.storedPoints();
        List<Vec> all = new ArrayList<>(train.points());
        all.addAll(test.points());
        for (Vec z : all) {
            double[] kz = new double[stored.size()];
            for (int s = 0; s < kz.length; s++) {
                kz[s] = learned.apply(z, stored.get(s));
            }
            double[] own = model.kernelRowOf(z);
            for (int s = 0; s < kz.length; s++) {
                assertThat(kz[s]).isCloseTo(own[s], within(1e-12));
            }
            double[] f = model.decisions(z);
            double[] g = model.decisionsFromKernelRow(kz);
            assertThat(g).hasSameSizeAs(f);
            for (int c = 0; c < f.length; c++) {
                assertThat(g[c]).isCloseTo(f[c], within(1e-9));
            }
            assertThat(Model.classOf(g)).isEqualTo(model.predict(z));
        }
    }

    @Test
    void decisionsAgreeWithPredictForTwoAndForManyClassesAndTheLabelIsTheClassValue() {
        LabeledDataset two = LearnerContract.binaryVectors();
        ImkplModel binary = Imkpl.fit(two, ImkplOptions.of(3, 0.1, 0.1, 0.1).withMaxIterations(3));
        LabeledDataset four = ImkplBlockStepsTest.blobs(6, 4, 3, 0.6, 8);
        ImkplModel multi = Imkpl.fit(four, ImkplOptions.of(2, 0.1, 0.1, 0.1).withMaxIterations(3));
        for (ImkplModel m : List.of(binary, multi)) {
            LabeledDataset d = m == binary ? two : four;
            assertThat(m.classNames()).hasSize(m.classCount());
            for (Vec z : d.points()) {
                double[] f = m.decisions(z);
                assertThat(f).hasSize(m.classCount() == 2 ? 1 : m.classCount());
                assertThat(Model.classOf(f)).isEqualTo(m.predict(z));
                assertThat(m.predictLabel(z)).isEqualTo(m.classValues()[m.predict(z)]);
            }
        }
    }

    @Test
    void theListenerHearsEveryObjectiveAndTheReportKeepsThem() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(8, 3, 4, 0.7, 33);
        List<FitProgress> seen = new ArrayList<>();
        ImkplOptions o = ImkplOptions.of(3, 0.1, 0.2, 0.1).withMaxIterations(4).withSeed(5);
        ImkplModel m = Imkpl.fit(train, MultipleKernel.gaussianPerFeature(train.points()), o, seen::add);
        assertThat(seen.stream().mapToDouble(FitProgress::objective).toArray()).containsExactly(m.objectiveHistory());
        assertThat(seen.stream().map(FitProgress::iteration).toList())
                .isEqualTo(java.util.stream.IntStream.range(0, seen.size()).boxed().toList());
        assertThat(seen).allSatisfy(p -> assertThat(p.learner()).isEqualTo("imkpl"));
        assertThat(m.report().seed()).isEqualTo(5);
        assertThat(m.report().iterations()).isEqualTo(seen.size() - 1);
        assertThat(m.report().learner()).isEqualTo("imkpl");
        assertThat(Imkpl.fit(train, o.withBetaStep(ImkplOptions.BetaStep.FIXED)).report().learner()).isEqualTo("iskpl");
    }

    @Test
    void kernelsThatAreNotUnitDiagonalAreRefused() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(8, 3, 4, 0.7, 34);
        MultipleKernel raw = MultipleKernel.of(List.of(new GaussianKernel(0.5)));
        assertThatThrownBy(() -> Imkpl.fit(train, raw, ImkplOptions.of(2, 0.1, 0.1, 0.1), p -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unit diagonal");
        ImkplModel m = Imkpl.fit(train, raw.withUnitDiagonal(), ImkplOptions.of(2, 0.1, 0.1, 0.1).withMaxIterations(2),
                p -> { });
        assertThatThrownBy(() -> Models.toText(m, Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Gaussian-per-group and alignment-per-channel");
    }
}
