package dev.kernelkit.mkl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.LearnerContract;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MklLearnerContractTest {

    static Stream<String> names() {
        return new MklCatalog().learners().stream().map(Learner::name);
    }

    @Test
    void theModuleRegistersOneLearnerPerMethodAndTheMklCodec() {
        assertThat(new MklCatalog().learners().stream().map(Learner::name).toList())
                .containsExactly("sm1", "sm2", "lp", "simple", "ave");
        List<String> registered = new ArrayList<>();
        for (LearnerCatalog c : ServiceLoader.load(LearnerCatalog.class)) {
            if (c instanceof MklCatalog) {
                registered.addAll(c.learners().stream().map(Learner::name).toList());
            }
        }
        assertThat(registered).containsExactly("sm1", "sm2", "lp", "simple", "ave");
        assertThat(Learners.find("sm2").input()).isEqualTo(dev.kernelkit.data.InputKind.VECTORS);
        assertThat(Models.codecs()).containsKey(MklModel.TYPE);
        assertThat(Models.codecs().get(MklModel.TYPE)).isInstanceOf(MklCodec.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void fitPredictSaveLoadGivesIdenticalDecisionsAndBadDataIsRefused(String name, @TempDir Path dir) throws Exception {
        LearnerContract.check(Learners.find(name), dir);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void theCatalogTrainerIsTheProtocolsStandardiseUnitTraceFitWithTheDefaults(String name) {
        // the catalog's model equals the protocol written out by hand with the same options, decision by decision:
        // standardise on the data, protocol kernels with unit trace on the scaled data, fit
        LabeledDataset data = LearnerContract.binaryVectors();
        MklOptions o = MklCatalog.options(MklMethod.parse(name), data.dim(), data.size(),
                dev.kernelkit.learn.ParamValues.NONE);
        ScaledModel<?> viaCatalog = (ScaledModel<?>) Learners.find(name).trainer((dev.kernelkit.data.Dataset) data, 1L)
                .fit((dev.kernelkit.data.Dataset) data);
        dev.kernelkit.data.FittedScaler scaler = dev.kernelkit.data.FeatureScaling.STANDARD.fit(data);
        LabeledDataset st = scaler.apply(data);
        MklModel byHand = SoftMarginMkl.fit(st, MultipleKernel.simpleMklProtocol(st.dim()).withUnitTrace(st.points()), o);
        MklModel a = (MklModel) viaCatalog.inner();
        assertThat(a.options()).isEqualTo(o);
        assertThat(a.report().learner()).isEqualTo(name);
        for (int i = 0; i < data.size(); i++) {
            Vec raw = data.x(i);
            assertThat(((ScaledModel<Vec>) (ScaledModel) viaCatalog).decisions(raw))
                    .containsExactly(byHand.decisions(scaler.apply(raw)));
        }
    }

    @Test
    void theDefaultGridIsThePapersGridForEveryMethod() {
        LabeledDataset data = LearnerContract.binaryVectors();
        // C x nu (11) for SM1, C x theta (11) for SM2, C x p (8) for Lp, C (5) for SimpleMKL and AveKernel
        assertThat(Learners.find("sm1").grid((dev.kernelkit.data.Dataset) data, 1L)).hasSize(55);
        assertThat(Learners.find("sm2").grid((dev.kernelkit.data.Dataset) data, 1L)).hasSize(55);
        assertThat(Learners.find("lp").grid((dev.kernelkit.data.Dataset) data, 1L)).hasSize(40);
        assertThat(Learners.find("simple").grid((dev.kernelkit.data.Dataset) data, 1L)).hasSize(5);
        assertThat(Learners.find("ave").grid((dev.kernelkit.data.Dataset) data, 1L)).hasSize(5);
        // M = 13 (3 + 1) = 52: the SM1 ratio nu = 0.1 is theta = 1 / 5.2
        assertThat(MklCatalog.defaults(MklMethod.SM1, 3).theta()).isCloseTo(1 / 5.2, within(1e-15));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void anSvmExpansionOverTheLearnedKernelGivesTheModelsDecisions(String name) {
        // three classes: one machine, one learned kernel per class (one-vs-rest)
        LabeledDataset data = SoftMarginMklTest.threeClasses(60, 2, 4.0, 8, 4.0);
        MultipleKernel k = MultipleKernel.simpleMklProtocol(2).withUnitTrace(data.points());
        MklModel model = SoftMarginMkl.fit(data, k, MklCatalog.defaults(MklMethod.parse(name), 2));
        assertThat(model.machineCount()).isEqualTo(3);
        assertThat(model.baseKernels()).isSameAs(k);
        List<KernelExpansionModel<Vec>> expansions = new ArrayList<>();
        double[] avg = new double[k.count()];
        for (int c = 0; c < 3; c++) {
            MklModel.Machine m = model.machines().get(c);
            assertThat(model.kernelWeights(c)).containsExactly(m.mu());
            expansions.add(KernelExpansionModel.of(model.learnedKernel(c), model.supportVectors(), m.coefficients(),
                    m.bias()));
            for (int j = 0; j < avg.length; j++) {
                avg[j] += m.mu()[j] / 3;
            }
        }
        assertThat(model.averageKernelWeights()).containsExactly(avg, within(1e-15));
        SvmModel svm = SvmModel.of(model.classes(), expansions, 2, model.report());
        for (int i = 0; i < data.size(); i++) {
            double[] f = model.decisions(data.x(i));
            double[] g = svm.decisions(data.x(i));
            for (int c = 0; c < 3; c++) {
                assertThat(g[c]).as("point %d, class %d", i, c).isCloseTo(f[c], within(1e-9));
            }
            assertThat(svm.predict(data.x(i))).isEqualTo(model.predict(data.x(i)));
        }
    }

    @Test
    void aPlainSvmOnTheAverageKernelsLearnedKernelIsAveKernel() {
        // AveKernel is one SVM on K(1/M): the SVM of the kernels module on its learned kernel solves the same dual
        LabeledDataset data = SoftMarginMklTest.TRAIN;
        MultipleKernel k = MultipleKernel.simpleMklProtocol(data.dim()).withUnitTrace(data.points());
        MklModel ave = SoftMarginMkl.fit(data, k, MklOptions.average(1.0).withSolver(SoftMarginMklTest.TIGHT));
        SvmModel svm = Svm.fit(data, SvmOptions.of(ave.learnedKernel(0)).withC(1.0).withSolver(SoftMarginMklTest.TIGHT));
        for (Vec v : SoftMarginMklTest.TEST.points()) {
            assertThat(svm.decision(v)).isCloseTo(ave.decision(v), within(1e-5));
        }
    }

    @Test
    void theListenerHearsEveryMachineWithItsIndexAndTheReportSumsTheIterations() {
        LabeledDataset data = SoftMarginMklTest.threeClasses(45, 2, 4.0, 3, 4.0);
        MultipleKernel k = MultipleKernel.simpleMklProtocol(2).withUnitTrace(data.points());
        List<FitProgress> seen = new ArrayList<>();
        MklModel model = SoftMarginMkl.fit(data, k, MklOptions.sm1(10.0, 0.1), seen::add);
        long iterations = 0;
        for (int c = 0; c < 3; c++) {
            final int machine = c;
            double[] trace = seen.stream().filter(p -> p.machine() == machine).mapToDouble(FitProgress::objective).toArray();
            assertThat(trace).containsExactly(model.machines().get(c).objectives());
            iterations += trace.length - 1;
        }
        assertThat(seen).allSatisfy(p -> {
            assertThat(p.learner()).isEqualTo("sm1");
            assertThat(p.machines()).isEqualTo(3);
        });
        assertThat(model.report().iterations()).isEqualTo(iterations);
        assertThat(model.report().objective()).containsExactly(model.machines().get(0).objectives());
        assertThat(model.report().converged()).isEqualTo(model.unconvergedMachines() == 0);
        assertThat(model.report().seed()).isZero();
    }
}
