package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.CsvSeriesFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.VariableLengthSeries;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GlobalAlignmentKernel;
import dev.kernelkit.kernel.VariableLengthChannelKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** One alignment kernel per channel on series of any lengths ({@link MultipleKernel#alignmentPerChannel}). */
class VariableLengthAlignmentTest {

    static List<double[][]> series(int n, int channels, int minLen, int maxLen, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<double[][]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int len = minLen + rnd.nextInt(maxLen - minLen + 1);
            double[][] s = new double[channels][len];
            for (int c = 0; c < channels; c++) {
                for (int t = 0; t < len; t++) {
                    s[c][t] = Math.sin(0.3 * (c + 1) * t + i) + 0.2 * rnd.nextGaussian();
                }
            }
            out.add(s);
        }
        return out;
    }

    @Test
    void eachKernelIsTheAlignmentKernelOnItsChannelWhateverThePadding() {
        List<Vec> pts = VariableLengthSeries.encodeAll(series(6, 2, 5, 12, 1));
        MultipleKernel mk = MultipleKernel.alignmentPerChannel(pts, 3);
        assertThat(mk.count()).isEqualTo(2);
        assertThat(mk.dim()).isZero();
        assertThat(mk.acceptsAnyDimension()).isTrue();
        assertThat(mk.normalisation()).isEqualTo(MultipleKernel.Normalisation.UNIT_DIAGONAL);
        Vec other = DenseVec.wrap(VariableLengthSeries.encode(series(1, 2, 20, 20, 9).get(0)));
        assertThat(other.dim()).isNotEqualTo(pts.get(0).dim());
        MultipleKernel raw = MultipleKernel.alignmentPerChannel(pts, 3, 0);
        for (int c = 0; c < 2; c++) {
            // default: each channel resampled to its median training length, then GAK
            VariableLengthChannelKernel k = (VariableLengthChannelKernel) mk.kernel(c);
            int[] len = new int[pts.size()];
            for (int i = 0; i < len.length; i++) {
                len[i] = VariableLengthSeries.length(pts.get(i), c);
            }
            java.util.Arrays.sort(len);
            assertThat(k.resampleTo()).isEqualTo(len[(len.length - 1) / 2]);
            VariableLengthChannelKernel r = (VariableLengthChannelKernel) raw.kernel(c);
            assertThat(r.resampleTo()).isZero();
            for (Vec x : pts) {
                double[] xc = VariableLengthSeries.decode(x)[c];
                double[] oc = VariableLengthSeries.decode(other)[c];
                int to = k.resampleTo();
                assertThat(k.apply(x, other)).isEqualTo(k.alignment().apply(
                        DenseVec.wrap(VariableLengthSeries.resample(xc, to)), DenseVec.wrap(VariableLengthSeries.resample(oc, to))));
                assertThat(r.apply(x, other)).isEqualTo(r.alignment().apply(DenseVec.wrap(xc), DenseVec.wrap(oc)));
            }
        }
        // rows of the combined kernel for a point of another dimension equal the kernel values one by one
        double[] beta = {0.3, 0.7};
        double[] row = new double[pts.size()];
        mk.combined(beta).rows(pts).row(other, row);
        for (int i = 0; i < pts.size(); i++) {
            assertThat(row[i]).isCloseTo(0.3 * mk.kernel(0).apply(other, pts.get(i)) + 0.7 * mk.kernel(1).apply(other, pts.get(i)),
                    within(1e-12));
            assertThat(mk.combined(beta).apply(other, pts.get(i))).isCloseTo(row[i], within(1e-12));
        }
    }

    @Test
    void onSeriesOfOneLengthTheValuesEqualThoseOfTheFlatLayoutBitForBit() {
        List<double[][]> ss = series(7, 3, 9, 9, 2);
        double[] labels = {1, 2, 1, 2, 1, 2, 1};
        CsvSeriesFormat.SeriesSet set = new CsvSeriesFormat.SeriesSet(ss, labels, 3);
        List<Vec> enc = set.encoded().points();
        CsvSeriesFormat.SeriesData flat = set.flat();
        MultipleKernel a = MultipleKernel.alignmentPerChannel(enc, 5);
        MultipleKernel b = MultipleKernel.alignmentPerGroup(flat.data().points(), flat.channelGroups(), 5);
        double[] beta = {0.2, 0.5, 0.3};
        int n = enc.size();
        double[] ga = new double[n * n];
        double[] gb = new double[n * n];
        a.gram(enc, 0L).combinedInto(beta, ga);
        b.gram(flat.data().points(), 0L).combinedInto(beta, gb);
        assertThat(ga).containsExactly(gb);
        double[] ra = new double[n];
        double[] rb = new double[n];
        a.combined(beta).rows(enc).row(enc.get(2), ra);
        b.combined(beta).rows(flat.data().points()).row(flat.data().x(2), rb);
        assertThat(ra).containsExactly(rb);
    }

    @Test
    void aPointThatIsNotAnEncodingOrHasTooFewChannelsIsRefused() {
        List<Vec> pts = VariableLengthSeries.encodeAll(series(4, 2, 4, 6, 3));
        MultipleKernel mk = MultipleKernel.alignmentPerChannel(pts, 1);
        Vec oneChannel = DenseVec.wrap(VariableLengthSeries.encode(new double[][] {{1, 2, 3}}));
        assertThatThrownBy(() -> mk.kernel(1).apply(oneChannel, pts.get(0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("channel 1 requested from a series of 1 channels");
        assertThatThrownBy(() -> MultipleKernel.alignmentPerChannel(List.of(pts.get(0), oneChannel), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("series 1 has 1 channels, series 0 has 2");
        assertThatThrownBy(() -> new VariableLengthChannelKernel(-1, new GlobalAlignmentKernel(1, 0, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("channel must be >= 0, got -1");
    }
}
