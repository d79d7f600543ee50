package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.testing.LearnerContract;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The learner contract over the cvm module's catalog, and what its defaults, grids and listener give. */
class CvmLearnerContractTest {

    static Stream<String> names() {
        return new CvmCatalog().learners().stream().map(Learner::name);
    }

    @Test
    void theCvmModuleRegistersItsSevenLearnersAndFiveModelTypes() {
        assertThat(names().toList()).containsExactly("cvm", "bvm", "one-class-cvm", "cvr", "bag-cvm", "bag-bvm",
                "bag-one-class-cvm");
        for (String name : names().toList()) {
            assertThat(Learners.find(name).getClass().getEnclosingClass()).isEqualTo(CvmCatalog.class);
        }
        assertThat(Learners.find("cvm").task()).isEqualTo(Task.CLASSIFICATION);
        assertThat(Learners.find("bvm").task()).isEqualTo(Task.CLASSIFICATION);
        assertThat(Learners.find("one-class-cvm").task()).isEqualTo(Task.ONE_CLASS);
        assertThat(Learners.find("cvr").task()).isEqualTo(Task.REGRESSION);
        assertThat(Learners.find("bag-cvm").task()).isEqualTo(Task.CLASSIFICATION);
        assertThat(Learners.find("bag-one-class-cvm").task()).isEqualTo(Task.ONE_CLASS);
        assertThat(Models.codecs()).containsKeys("cvm", "cvr", "one-class-cvm", "bag-cvm", "bag-one-class-cvm");
    }

    @Test
    void onBagDataTheVectorNamesMeanTheBagLearners() {
        assertThat(Learners.bags("cvm").name()).isEqualTo("bag-cvm");
        assertThat(Learners.bags("bvm").name()).isEqualTo("bag-bvm");
        assertThat(Learners.bags("one-class-cvm").name()).isEqualTo("bag-one-class-cvm");
        assertThat(Learners.find("cvm", InputKind.BAGS).input()).isEqualTo(InputKind.BAGS);
        assertThat(Learners.vectors("cvm").name()).isEqualTo("cvm");
        assertThat(Learners.find("cvm").input()).isEqualTo(InputKind.VECTORS);
        assertThatThrownBy(() -> Learners.vectors("bag-cvm")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'bag-cvm' learns from bags, not vectors");
        assertThatThrownBy(() -> Learners.bags("cvr")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'cvr' learns from vectors, not bags");
    }

    @Test
    void bagDefaultsAreTheSetKernelAtTheInstanceWidthAndGridsInPreferenceOrder() {
        BagDataset d = LearnerContract.binaryBags();
        List<Vec> inst = new ArrayList<>();
        d.bags().forEach(b -> inst.addAll(b.instances()));
        double g0 = GammaHeuristic.scale(inst);
        BagCvmOptions o = (BagCvmOptions) Learners.bags("cvm").trainer(d, 5).options();
        assertThat(o).isEqualTo(new BagCvmOptions(new SetKernel(new GaussianKernel(GammaHeuristic.roundTo4Digits(g0))), 100,
                CoreSetOptions.libcvm(CvmOptions.autoEpsilon(1, 100)).withSeed(5), CvmOptions.MultiClass.ONE_VS_REST));
        BagCvmOptions b = (BagCvmOptions) Learners.bags("bvm").trainer(d, 5).options();
        assertThat(b.kernel()).isEqualTo(SetKernel.normalized(new GaussianKernel(GammaHeuristic.roundTo4Digits(g0))));
        List<String> seen = new ArrayList<>();
        for (Trainer<?, ?> t : Learners.bags("cvm").grid(d, 1)) {
            BagCvmOptions g = (BagCvmOptions) t.options();
            double gamma = ((GaussianKernel) ((SetKernel) g.kernel()).instance()).gamma();
            seen.add(gamma + "/" + g.c());
        }
        List<String> expected = new ArrayList<>();
        for (double f : List.of(0.125, 0.25, 0.5, 1.0, 2.0)) {
            for (double c : List.of(1.0, 10.0, 100.0, 1000.0)) {
                expected.add(GammaHeuristic.roundTo4Digits(g0 * f) + "/" + c);
            }
        }
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(Learners.bags("bvm").grid(d, 1)).hasSize(15);
        assertThat(Learners.bags("one-class-cvm").grid(LearnerContract.oneClassBags(), 1)).hasSize(15);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void fitPredictSaveLoadGivesIdenticalDecisionsAndBadDataIsRefused(String name, @TempDir Path dir)
            throws Exception {
        LearnerContract.check(Learners.find(name), dir);
    }

    @Test
    void defaultsAreCvmTrainsLibcvmGammaEpsilonAndIteration() {
        LabeledDataset d = LearnerContract.binaryVectors();
        @SuppressWarnings("unchecked")
        Learner<Vec> cvm = (Learner<Vec>) Learners.find("cvm");
        CvmOptions o = (CvmOptions) cvm.trainer(d, 5).options();
        double gamma = CoreVectorMachine.autoGamma(d.points());
        assertThat(o).isEqualTo(new CvmOptions(new dev.kernelkit.kernel.GaussianKernel(gamma), 100,
                CoreSetOptions.libcvm(CvmOptions.autoEpsilon(1, 100)).withSeed(5), CvmOptions.MultiClass.ONE_VS_REST));
        // eta = 2.01 at C = 100: the spec's 8.29e-7
        assertThat(o.coreSet().epsilon()).isCloseTo(8.2919e-7, within(1e-10));
        @SuppressWarnings("unchecked")
        Learner<Vec> cvr = (Learner<Vec>) Learners.find("cvr");
        LabeledDataset r = LearnerContract.regressionVectors();
        double maxAbs = 0;
        for (double v : r.labels()) {
            maxAbs = Math.max(maxAbs, Math.abs(v));
        }
        CvrOptions ro = (CvrOptions) cvr.trainer(r, 5).options();
        assertThat(ro.c()).isEqualTo(1e4 * maxAbs);
        assertThat(ro.mu()).isEqualTo(0.02 * maxAbs);
        assertThat(ro.coreSet()).isEqualTo(CoreSetOptions.libcvm(1e-6).withSeed(5));
    }

    @Test
    void gridsListTheirSettingsInPreferenceOrder() {
        LabeledDataset d = LearnerContract.binaryVectors();
        double g0 = CoreVectorMachine.autoGamma(d.points());
        List<String> seen = new ArrayList<>();
        for (Trainer<?, ?> t : Learners.find("cvm").grid(cast(d), 1)) {
            CvmOptions o = (CvmOptions) t.options();
            seen.add(((dev.kernelkit.kernel.GaussianKernel) o.kernel()).gamma() / g0 + "/" + o.c());
            assertThat(o.coreSet().epsilon()).isEqualTo(CvmOptions.autoEpsilon(1, o.c()));
        }
        assertThat(seen).containsExactly("0.25/1.0", "0.25/100.0", "0.25/10000.0", "0.25/1000000.0", "1.0/1.0",
                "1.0/100.0", "1.0/10000.0", "1.0/1000000.0", "4.0/1.0", "4.0/100.0", "4.0/10000.0", "4.0/1000000.0");
        assertThat(Learners.find("bvm").grid(cast(d), 1)).hasSize(9);
        assertThat(Learners.find("one-class-cvm").grid(cast(LearnerContract.oneClassVectors()), 1)).hasSize(9);
        assertThat(Learners.find("cvr").grid(cast(LearnerContract.regressionVectors()), 1)).hasSize(9);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <X> dev.kernelkit.data.Dataset<X> cast(LabeledDataset d) {
        return (dev.kernelkit.data.Dataset) d;
    }

    @Test
    void theListenerHearsEveryOuterIterationOfEveryMachineAndTheReportTracesTheFirst() {
        // three classes one-vs-rest: three machines
        LabeledDataset d = LearnerContract.binaryVectors();
        double[] y = d.labels();
        for (int i = 0; i < y.length; i += 3) {
            y[i] = 7;
        }
        LabeledDataset three = d.withLabels(y);
        List<FitProgress> events = new ArrayList<>();
        CvmOptions o = CvmOptions.libcvm(new dev.kernelkit.kernel.GaussianKernel(0.5), 10, 1e-4)
                .withMultiClass(CvmOptions.MultiClass.ONE_VS_REST);
        CvmModel m = CoreVectorMachine.trainer(o).fit(three, events::add);
        FitReport r = m.report();
        assertThat(r.learner()).isEqualTo("cvm");
        assertThat(r.seed()).isEqualTo(o.coreSet().seed());
        long sum = 0;
        for (int k = 0; k < 3; k++) {
            int machine = k;
            List<FitProgress> mine = events.stream().filter(e -> e.machine() == machine).toList();
            CvmMachine<Vec> cm = m.machines().get(k);
            // iteration 0 (the initial core set) and one event per outer iteration
            assertThat(mine).hasSize((int) cm.iterations() + 1);
            for (int i = 0; i < mine.size(); i++) {
                assertThat(mine.get(i).iteration()).isEqualTo(i);
                assertThat(mine.get(i).machines()).isEqualTo(3);
                assertThat(mine.get(i).learner()).isEqualTo("cvm");
            }
            sum += cm.iterations();
            if (k == 0) {
                assertThat(r.objective()).containsExactly(mine.stream().mapToDouble(FitProgress::objective).toArray());
            }
            // the last R^2 is the machine's (recomputed in double from the problem's entries at the end)
            assertThat(mine.get(mine.size() - 1).objective()).isCloseTo(cm.radius2(), within(1e-6));
        }
        assertThat(r.iterations()).isEqualTo(sum);
        assertThat(r.converged()).isTrue();
    }

    @Test
    void bvmOneClassAndCvrReportToTheListenerToo() {
        LabeledDataset d = LearnerContract.binaryVectors();
        List<FitProgress> events = new ArrayList<>();
        CvmModel b = BallVectorMachine.trainer(CvmOptions.libcvm(new dev.kernelkit.kernel.GaussianKernel(0.5), 10, 1e-4))
                .fit(d, events::add);
        assertThat(events).isNotEmpty().allSatisfy(e -> assertThat(e.learner()).isEqualTo("bvm"));
        // one event at the start and one per core vector added after the first
        assertThat(events).hasSize(b.machines().get(0).coreSize());
        assertThat(b.report().objective()).hasSize(events.size());
        assertThat(b.report().iterations()).isEqualTo(b.machines().get(0).iterations());
        events.clear();
        OneClassCvmModel o = OneClassCvm.trainer(new OneClassCvmOptions(new dev.kernelkit.kernel.GaussianKernel(0.5), 10,
                CoreSetOptions.jmlr(1e-4))).fit(LearnerContract.oneClassVectors(), events::add);
        assertThat(events).hasSize((int) o.report().iterations() + 1);
        assertThat(o.report().learner()).isEqualTo("one-class-cvm");
        events.clear();
        FittedModel<Vec> r = CoreVectorRegression.trainer(new CvrOptions(new dev.kernelkit.kernel.GaussianKernel(0.5), 10,
                0.5, CoreSetOptions.jmlr(1e-4))).fit(LearnerContract.regressionVectors(), events::add);
        assertThat(events).hasSize((int) r.report().iterations() + 1);
        assertThat(r.report().objective()).containsExactly(events.stream().mapToDouble(FitProgress::objective).toArray());
    }
}
