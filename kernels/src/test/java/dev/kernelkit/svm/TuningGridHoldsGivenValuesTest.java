package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The SVM catalog's tuning grids with parameters held fixed ({@code compare --tune --param
 * svm.class-weight=balanced}): every point of the held grid fits with the held value and the grid's C and
 * gamma, in the order of the plain grid; holding nothing is the plain grid; a held C or gamma leaves the
 * other searched; a learner whose grid holds nothing refuses a value in one line.
 */
class TuningGridHoldsGivenValuesTest {
    private static final LabeledDataset DATA = ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(60, 12, 5);

    @SuppressWarnings("unchecked")
    private static Learner<Vec> svm() {
        return (Learner<Vec>) new SvmCatalog().learners().stream().filter(l -> l.name().equals("svm")).findFirst()
                .orElseThrow();
    }

    private static ParamValues values(Learner<?> l, Map<String, String> text) {
        return ParamValues.parse(l.name(), l.params(), text);
    }

    private static SvmOptions options(Trainer<?, ?> t) {
        return (SvmOptions) t.options();
    }

    @Test
    void aHeldDuplicatesModeIsInEveryPointOfTheGridAndMergeIsTheDefault() {
        Learner<Vec> svm = svm();
        List<Trainer<Vec, ? extends FittedModel<Vec>>> plain = svm.grid(DATA, 1);
        List<Trainer<Vec, ? extends FittedModel<Vec>>> held = svm.grid(DATA, 1, values(svm, Map.of("duplicates", "keep")));
        assertThat(held).hasSameSizeAs(plain).hasSize(20);
        for (int i = 0; i < plain.size(); i++) {
            assertThat(options(plain.get(i)).duplicates()).isEqualTo(SvmDuplicates.MERGE);
            assertThat(options(held.get(i))).isEqualTo(options(plain.get(i)).withDuplicates(SvmDuplicates.KEEP));
        }
        assertThat(options(svm.trainer(DATA, 1, values(svm, Map.of("duplicates", "keep")))).duplicates())
                .isEqualTo(SvmDuplicates.KEEP);
    }

    @Test
    void aHeldClassWeightIsInEveryPointOfTheGridAndTheCAndGammaAreThePlainGrids() {
        Learner<Vec> svm = svm();
        List<Trainer<Vec, ? extends FittedModel<Vec>>> plain = svm.grid(DATA, 1);
        List<Trainer<Vec, ? extends FittedModel<Vec>>> held = svm.grid(DATA, 1, values(svm, Map.of("class-weight", "balanced")));
        assertThat(held).hasSameSizeAs(plain).hasSize(20);
        for (int i = 0; i < plain.size(); i++) {
            SvmOptions p = options(plain.get(i));
            SvmOptions h = options(held.get(i));
            assertThat(p.classWeights()).isEqualTo(ClassWeights.NONE);
            assertThat(h.classWeights()).isEqualTo(ClassWeights.BALANCED);
            assertThat(h.c()).isEqualTo(p.c());
            assertThat(h.kernel()).isEqualTo(p.kernel());
            // the held point fits what trainer() fits with the same three values given by name
            SvmOptions byName = options(svm.trainer(DATA, 1, values(svm, Map.of("c", Double.toString(p.c()),
                    "gamma", Double.toString(((dev.kernelkit.kernel.GaussianKernel) p.kernel()).gamma()),
                    "class-weight", "balanced"))));
            assertThat(h).isEqualTo(byName);
        }
        List<Object> none = new ArrayList<>();
        for (Trainer<?, ?> t : svm.grid(DATA, 1, ParamValues.NONE)) {
            none.add(t.options());
        }
        assertThat(none).isEqualTo(plain.stream().map(Trainer::options).toList());
    }

    @Test
    void aHeldGammaLeavesTheCGridSearchedAndAHeldCTheGammaGrid() {
        Learner<Vec> svm = svm();
        List<Trainer<Vec, ? extends FittedModel<Vec>>> gammaHeld = svm.grid(DATA, 1, values(svm, Map.of("gamma", "0.25")));
        assertThat(gammaHeld.stream().map(t -> options(t).c()).toList()).isEqualTo(SvmCatalog.C_GRID);
        assertThat(gammaHeld).allSatisfy(t -> assertThat(options(t).kernel())
                .isEqualTo(new dev.kernelkit.kernel.GaussianKernel(0.25)));
        List<Trainer<Vec, ? extends FittedModel<Vec>>> cHeld = svm.grid(DATA, 1, values(svm, Map.of("c", "3")));
        assertThat(cHeld).hasSize(5).allSatisfy(t -> assertThat(options(t).c()).isEqualTo(3.0));
    }

    @Test
    void theBagSvmGridHoldsAClassWeightInEveryPointInThePlainOrder() {
        @SuppressWarnings("unchecked")
        Learner<Bag> bags = (Learner<Bag>) new SvmCatalog().learners().stream()
                .filter(l -> l.name().equals(BagSvm.NAME)).findFirst()
                .orElseThrow();
        BagDataset data = dev.kernelkit.data.synthetic.SyntheticData.ringBags(8, 2, 4, 3);
        List<Trainer<Bag, ? extends FittedModel<Bag>>> plain = bags.grid(data, 1);
        List<Trainer<Bag, ? extends FittedModel<Bag>>> held = bags.grid(data, 1,
                values(bags, Map.of("class-weight", "balanced")));
        assertThat(held).hasSameSizeAs(plain).hasSize(15);
        for (int i = 0; i < plain.size(); i++) {
            BagSvmOptions p = (BagSvmOptions) plain.get(i).options();
            BagSvmOptions h = (BagSvmOptions) held.get(i).options();
            assertThat(h).isEqualTo(p.withClassWeights(ClassWeights.BALANCED));
            assertThat(p.classWeights()).isEqualTo(ClassWeights.NONE);
        }
    }

    @Test
    void aLearnerWhoseGridHoldsNothingRefusesAGivenValueInOneLine() {
        Learner<?> other = new Learner<Vec>() {
            @Override
            public String name() {
                return "plain";
            }

            @Override
            public String description() {
                return "a learner with the default grid";
            }

            @Override
            public dev.kernelkit.data.InputKind input() {
                return dev.kernelkit.data.InputKind.VECTORS;
            }

            @Override
            public dev.kernelkit.learn.Task task() {
                return dev.kernelkit.learn.Task.CLASSIFICATION;
            }

            @Override
            public List<dev.kernelkit.learn.Param> params() {
                return List.of(SvmCatalog.C);
            }

            @Override
            public Trainer<Vec, ? extends FittedModel<Vec>> trainer(dev.kernelkit.data.Dataset<Vec> training, long seed,
                                                                     ParamValues values) {
                return Svm.trainer(SvmOptions.of(new dev.kernelkit.kernel.GaussianKernel(1)));
            }
        };
        assertThatThrownBy(() -> other.checkGridCanHold(values(other, Map.of("c", "2"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'plain': --param c cannot be combined with --tune (its tuning grid sets it; "
                        + "it holds no parameter fixed)");
        svm().checkGridCanHold(values(svm(), Map.of("class-weight", "balanced", "c", "2")));  // held: no error
        assertThat(svm().gridCanHold()).containsExactly("c", "gamma", "class-weight", "duplicates");
    }

    @SuppressWarnings("unchecked")
    private static Learner<Vec> vectorLearner(String name) {
        return (Learner<Vec>) new SvmCatalog().learners().stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow();
    }

    @Test
    void theSvrGridHoldsAGivenEpsilonInEveryPointAndANuSvmGridAGivenGammaWhileItSearchesNu() {
        Learner<Vec> svr = vectorLearner(EpsilonSvr.NAME);
        List<Trainer<Vec, ? extends FittedModel<Vec>>> plain = svr.grid(DATA, 1);
        List<Trainer<Vec, ? extends FittedModel<Vec>>> held = svr.grid(DATA, 1, values(svr, Map.of("epsilon", "0.25")));
        assertThat(held).hasSameSizeAs(plain).hasSize(20);
        for (int i = 0; i < plain.size(); i++) {
            EpsilonSvrOptions p = (EpsilonSvrOptions) plain.get(i).options();
            assertThat(held.get(i).options()).isEqualTo(p.withEpsilon(0.25));
        }
        assertThat(svr.grid(DATA, 1, ParamValues.NONE).stream().map(Trainer::options).toList())
                .isEqualTo(plain.stream().map(Trainer::options).toList());

        Learner<Vec> nu = vectorLearner(NuSvm.NAME);
        List<Trainer<Vec, ? extends FittedModel<Vec>>> gammaHeld = nu.grid(DATA, 1, values(nu, Map.of("gamma", "0.5")));
        assertThat(gammaHeld).isNotEmpty().allSatisfy(t -> assertThat(((NuSvmOptions) t.options()).kernel())
                .isEqualTo(new dev.kernelkit.kernel.GaussianKernel(0.5)));
        // the nu values of the held grid are those the plain grid tries at each gamma
        List<Double> plainNus = nu.grid(DATA, 1).stream().map(t -> ((NuSvmOptions) t.options()).nu()).distinct().toList();
        assertThat(gammaHeld.stream().map(t -> ((NuSvmOptions) t.options()).nu()).toList()).isEqualTo(plainNus);
    }
}
