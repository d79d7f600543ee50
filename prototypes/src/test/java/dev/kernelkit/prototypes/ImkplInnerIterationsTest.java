package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The inner-CV fits that choose r and the prediction rule stop at {@link ImkplOptions#innerIterationCap}: a cap of i
 * scores the candidates exactly as inner fits run with maxIterations i do, 0 ({@code INNER_ITERATIONS_AS_FINAL}) as
 * the final fit's cap; the option is validated and kept in the model file.
 */
class ImkplInnerIterationsTest {

    private static double[][] innerAccuracies(LabeledDataset train, MultipleKernel ks, ImkplOptions o) {
        return Imkpl.chooseByInnerCv(train, ks, o).accuracy();
    }

    @Test
    void aCapOfIScoresTheCandidatesAsInnerFitsOfIIterationsAndZeroAsTheFinalFitsCap() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(8, 3, 6, 1.2, 61);
        MultipleKernel ks = MultipleKernel.gaussianPerFeature(train.points());
        ImkplOptions o = ImkplOptions.recommended(2, 0.1, 0.1, 0.1).withInnerFolds(3).withSeed(3).withMaxIterations(8);
        double[][] capped = innerAccuracies(train, ks, o.withInnerMaxIterations(1));
        double[][] shortFits = innerAccuracies(train, ks, o.withMaxIterations(1)
                .withInnerMaxIterations(ImkplOptions.INNER_ITERATIONS_AS_FINAL));
        assertThat(capped).isDeepEqualTo(shortFits);
        double[][] asFinal = innerAccuracies(train, ks, o.withInnerMaxIterations(ImkplOptions.INNER_ITERATIONS_AS_FINAL));
        double[][] capAtFinal = innerAccuracies(train, ks, o.withInnerMaxIterations(8));
        double[][] capAboveFinal = innerAccuracies(train, ks, o.withInnerMaxIterations(30));
        assertThat(capAtFinal).isDeepEqualTo(asFinal);
        assertThat(capAboveFinal).isDeepEqualTo(asFinal);
    }

    @Test
    void theCapIsTheOptionBoundedByTheFinalCapAndZeroMeansTheFinalCap() {
        ImkplOptions o = ImkplOptions.recommended(2, 0.1, 0.1, 0.1);
        assertThat(o.innerMaxIterations()).isEqualTo(ImkplOptions.DEFAULT_INNER_MAX_ITERATIONS);
        assertThat(o.innerIterationCap()).isEqualTo(10);
        assertThat(o.withInnerMaxIterations(0).innerIterationCap()).isEqualTo(50);
        assertThat(o.withInnerMaxIterations(70).innerIterationCap()).isEqualTo(50);
        assertThat(o.withMaxIterations(4).innerIterationCap()).isEqualTo(4);
        assertThatThrownBy(() -> o.withInnerMaxIterations(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("innerMaxIterations must be >= 0 (0: as maxIterations), got -1");
    }

    @Test
    void aModelFileKeepsANonDefaultInnerCapAndOmitsTheDefault() throws Exception {
        LabeledDataset train = ImkplBlockStepsTest.blobs(6, 2, 3, 0.7, 8);
        ImkplOptions base = ImkplOptions.of(2, 0.1, 0.2, 0.1).withMaxIterations(2);
        ImkplModel defaults = Imkpl.fit(train, base);
        assertThat(Models.toText(defaults, Map.of())).doesNotContain("options.inner_max_iterations");
        ImkplModel old = Imkpl.fit(train, base.withInnerMaxIterations(7));
        String text = Models.toText(old, Map.of());
        assertThat(text).contains("options.inner_max_iterations = 7");
        ImkplModel back = (ImkplModel) Models.parse("m.model", text).model();
        assertThat(back.options()).isEqualTo(old.options());
        assertThat(((ImkplModel) Models.parse("d.model", Models.toText(defaults, Map.of())).model()).options())
                .isEqualTo(defaults.options());
    }
}
