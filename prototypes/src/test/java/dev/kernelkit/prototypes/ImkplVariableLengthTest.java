package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.CsvSeriesFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.VariableLengthSeries;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitListener;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** IMKPL on multivariate series of unequal lengths: one alignment kernel per channel on the variable-length encoding. */
class ImkplVariableLengthTest {
    static CsvSeriesFormat.SeriesSet all;
    static LabeledDataset train;
    static LabeledDataset test;
    static ImkplModel model;

    @BeforeAll
    static void fit() {
        all = SyntheticChannels.generateSeries(15, 3, 20, 40);
        LabeledDataset enc = all.encoded();
        Splits.Split s = Splits.repeatedStratifiedHoldOut(enc.labels(), 0.7, 1, 4).get(0);
        train = enc.subset(s.train());
        test = enc.subset(s.test());
        model = Imkpl.fit(train, MultipleKernel.alignmentPerChannel(train.points(), 3),
                ImkplOptions.of(2, 0.2, 0.1, 0.2).withBetaStep(ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP).withKernelCap(3)
                        .withMaxIterations(5), FitListener.SILENT);
    }

    /** The series with every channel linearly resampled to {@code length} time steps. */
    static Vec stretched(Vec x, int length) {
        double[][] ch = VariableLengthSeries.decode(x);
        double[][] out = new double[ch.length][];
        for (int c = 0; c < ch.length; c++) {
            out[c] = VariableLengthSeries.resample(ch[c], length);
        }
        return DenseVec.wrap(VariableLengthSeries.encode(out));
    }

    @Test
    void theSyntheticSeriesHaveUnequalLengthsAndTheModelSeparatesThem() {
        assertThat(all.equalLengths()).isFalse();
        int right = 0;
        for (int i = 0; i < test.size(); i++) {
            right += model.predictLabel(test.x(i)) == test.y(i) ? 1 : 0;
        }
        // 4 classes: chance is 25 %
        assertThat((double) right / test.size()).isGreaterThanOrEqualTo(0.75);
    }

    @Test
    void aSeriesAndItsTimeStretchedCopyLandInTheSameClass() {
        // stretched or compressed uniformly to the shortest and the longest length of the recordings (20 and 40
        // steps: factors 0.5 to 2) and beyond (15 and 80 steps), under every prediction rule
        for (ImkplOptions.PredictionRule r : Imkpl.RULES) {
            ImkplModel m = model.withPredictionRule(r);
            for (int len : new int[] {15, 20, 40, 80}) {
                for (Vec z : test.points()) {
                    Vec s = stretched(z, len);
                    assertThat(VariableLengthSeries.length(s, 0)).isEqualTo(len);
                    assertThat(m.predict(s)).as("%s, stretched to %d steps", r, len).isEqualTo(m.predict(z));
                }
            }
        }
    }

    @Test
    void asRecordedAlignmentKernelsAreNotStretchInvariantWhichIsWhyTheDefaultResamples() {
        // the alignment kernel on the series as recorded (no resampling): the normalised GAK of a series and its
        // copy stretched to twice the length is far below that of the series with itself (1)
        MultipleKernel raw = MultipleKernel.alignmentPerChannel(train.points(), 3, 0);
        MultipleKernel def = model.baseKernels();
        Vec z = test.x(0);
        Vec s = stretched(z, 2 * VariableLengthSeries.length(z, 0));
        for (int c = 0; c < raw.count(); c++) {
            assertThat(raw.kernel(c).apply(z, s)).isLessThan(0.5);
            assertThat(def.kernel(c).apply(z, s)).isGreaterThan(0.9);
        }
    }

    @Test
    void theModelFileKeepsTheSeriesKernelsAndPredictsPointsOfAnyPadding() throws Exception {
        String text = Models.toText(model, Map.of());
        assertThat(text).contains("kernels.dim = 0").contains("kernels.series.0 = 0")
                .containsPattern("kernels\\.series\\.0\\.resample = [0-9]+");
        ImkplModel back = (ImkplModel) Models.parse("series.model", text).model();
        for (Vec z : test.points()) {
            assertThat(back.decisions(z)).containsExactly(model.decisions(z));
            Vec s = stretched(z, 40);
            assertThat(back.decisions(s)).containsExactly(model.decisions(s));
        }
        String bad = text.replace("kernels.series.0 = 0", "kernels.series.0 = -3");
        assertThatThrownBy(() -> Models.parse("bad.model", bad)).hasMessageContaining("bad.model")
                .hasMessageContaining("channel -3 of base kernel 0 must be >= 0");
        Vec flat = DenseVec.wrap(new double[] {1, 2, 3});
        assertThatThrownBy(() -> model.predict(flat)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("requested from a series of 1 channels");
    }
}
