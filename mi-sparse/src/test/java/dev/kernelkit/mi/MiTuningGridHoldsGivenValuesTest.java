package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.svm.ClassWeights;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The multi-instance catalog's tuning grids with parameters held ({@code compare --tune --param
 * mikernel.class-weight=balanced}, {@code sparse-mi.xv=5}): the held value is in every point,
 * the searched gamma and C are those of the plain grid in its order, and holding nothing is the plain grid.
 */
class MiTuningGridHoldsGivenValuesTest {
    private static final BagDataset BAGS = SyntheticData.ringBags(10, 3, 5, 4);

    @SuppressWarnings("unchecked")
    private static Learner<Bag> learner(String name) {
        return (Learner<Bag>) new MiCatalog().learners().stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow();
    }

    private static List<Object> options(List<Trainer<Bag, ? extends FittedModel<Bag>>> grid) {
        return grid.stream().map(t -> t.options()).toList();
    }

    @Test
    void miKernelHoldsAClassWeightInEveryPointOfItsGrid() {
        Learner<Bag> mk = learner(MiKernel.NAME);
        List<Object> plain = options(mk.grid(BAGS, 1));
        List<Object> held = options(mk.grid(BAGS, 1, ParamValues.parse(mk.name(), mk.params(),
                Map.of("class-weight", "balanced"))));
        assertThat(plain).hasSize(15);
        assertThat(held).hasSameSizeAs(plain);
        for (int i = 0; i < plain.size(); i++) {
            MiKernelOptions p = (MiKernelOptions) plain.get(i);
            assertThat(p.classWeights()).isEqualTo(ClassWeights.NONE);
            assertThat(held.get(i)).isEqualTo(p.withClassWeights(ClassWeights.BALANCED));
        }
        assertThat(options(mk.grid(BAGS, 1, ParamValues.NONE))).isEqualTo(plain);
    }

    @Test
    void sparseMiHoldsItsExpansionVectorsAndAHeldCLeavesGammaSearched() {
        Learner<Bag> sm = learner(SparseMi.NAME);
        List<Object> plain = options(sm.grid(BAGS, 1));
        List<Object> held = options(sm.grid(BAGS, 1, ParamValues.parse(sm.name(), sm.params(),
                Map.of("xv", "5", "c", "10"))));
        assertThat(held).hasSize(5);  // the gamma factors, C held
        for (Object o : held) {
            SparseMiOptions h = (SparseMiOptions) o;
            assertThat(h.expansionVectors()).isEqualTo(5);
            assertThat(h.c()).isEqualTo(10.0);
        }
        // the held points are the plain grid's C = 10 points with N_XV = 5
        List<Object> plainAtTen = plain.stream().filter(o -> ((SparseMiOptions) o).c() == 10.0)
                .map(o -> (Object) ((SparseMiOptions) o).withExpansionVectors(5)).toList();
        assertThat(held).isEqualTo(plainAtTen);
    }
}
