package dev.kernelkit.it.weka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.MiProtocol;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The helpers behind WekaComparison's "+scale" variants (the variant protocol itself is
 * MiProtocol.tunedVariants, tested in mi-sparse).
 */
class WekaComparisonHelpersTest {
    private static final MiProtocol.Fit MIKERNEL =
            (d, g, c) -> MiKernel.fit(d, MiKernelOptions.defaults().withGamma(g).withC(c));

    @Test
    void totalVarianceIsTheSumOfPerFeaturePopulationVariances() {
        // instances (0, 1), (2, 1) in one bag and (4, 4) in another:
        // feature 0: mean 2, variance (4 + 0 + 4) / 3 = 8/3; feature 1: mean 2, variance (1 + 1 + 4) / 3 = 2
        BagDataset d = new BagDataset(List.of(new Bag("a", List.of(DenseVec.of(0, 1), DenseVec.of(2, 1))),
                new Bag("b", List.of(DenseVec.of(4, 4)))), BagDataset.BINARY_CLASSES, new int[] {0, 1});
        assertThat(WekaComparison.totalVariance(d)).isCloseTo(8.0 / 3 + 2, within(1e-12));
    }

    @Test
    void minmaxRelativeLearnerSeesMinMaxFeaturesAndTheVarianceScaledGamma() {
        BagDataset d = new BagDataset(List.of(new Bag("a", List.of(DenseVec.of(0, 10), DenseVec.of(2, 10))),
                new Bag("b", List.of(DenseVec.of(4, 30)))), BagDataset.BINARY_CLASSES, new int[] {0, 1});
        // min-max: feature 0 -> 0, 0.5, 1 (variance 1/6); feature 1 -> 0, 0, 1 (mean 1/3, variance 2/9)
        // gamma 0.7 -> 0.7 * 2 / (1/6 + 2/9) = 0.7 * 2 / (7/18) = 3.6
        double[] seen = new double[2];
        MiProtocol.Factory probe = MiProtocol.factory("probe", (train, g, c) -> {
            seen[0] = g;
            seen[1] = train.bag(1).instance(0).get(1);
            return MIKERNEL.fit(train, g, c);
        });
        WekaComparison.minmaxRelative(probe).trainer(0.7, 1).fit(d);
        assertThat(seen[0]).isCloseTo(3.6, within(1e-12));
        assertThat(seen[1]).isEqualTo(1.0);
    }

    @Test
    void wideSuffixKeepsAVariantMethodsVariantsAndWidensOnlyTheGammaGrid() {
        // "mi-SVM+scale@wide" once ran only its first variant: the suffix hid the variant list
        assertThat(WekaComparison.variants("mi-SVM+scale@wide")).extracting(MiProtocol.Variant::name)
                .containsExactly("standardised", "minmax");
        assertThat(WekaComparison.variants("mi-SVM@wide")).isEmpty();
        assertThat(WekaComparison.gammas("mi-SVM+scale@wide", 4)).hasSize(9).contains(8.0);
        assertThat(WekaComparison.gammas("mi-SVM+scale", 4)).hasSize(5).contains(0.5);
    }

    @Test
    void innerRepeatsSuffixIsParsedStrippedAndRejectedOnWekaOrWithoutACount() {
        assertThat(WekaComparison.innerRepeats("mikernel")).isEqualTo(1);
        assertThat(WekaComparison.innerRepeats("mikernel+form@ir3")).isEqualTo(3);
        assertThat(WekaComparison.withoutInnerRepeats("mikernel+form@ir3")).isEqualTo("mikernel+form");
        assertThat(WekaComparison.withoutInnerRepeats("mi-SVM")).isEqualTo("mi-SVM");
        assertThat(WekaComparison.learner("mi-SVM@ir2")).isNotNull();
        assertThatThrownBy(() -> WekaComparison.learner("mikernel@ir0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive integer");
        assertThatThrownBy(() -> WekaComparison.learner("mikernel@irx"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'x'");
        assertThatThrownBy(() -> WekaComparison.learner("weka-MISMO@ir3"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ours only");
    }
}
