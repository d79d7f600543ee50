package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariableLengthSeriesTest {
    @TempDir
    Path dir;

    @Test
    void theEncodingIsTheHeaderThenTheChannelsAndDecodesBack() {
        double[][] s = {{1, 2, 3}, {10, 20}};
        double[] x = VariableLengthSeries.encode(s);
        assertThat(x).containsExactly(2, 3, 2, 1, 2, 3, 10, 20);
        Vec v = DenseVec.wrap(x);
        assertThat(VariableLengthSeries.channels(v)).isEqualTo(2);
        assertThat(VariableLengthSeries.length(v, 0)).isEqualTo(3);
        assertThat(VariableLengthSeries.length(v, 1)).isEqualTo(2);
        assertThat(VariableLengthSeries.channel(v, 1).toArray()).containsExactly(10, 20);
        assertThat(VariableLengthSeries.decode(v)).isDeepEqualTo(s);
    }

    @Test
    void encodeAllPadsToTheLongestAndPaddingDoesNotChangeTheChannels() {
        List<Vec> pts = VariableLengthSeries.encodeAll(List.of(new double[][] {{1, 2}}, new double[][] {{5, 6, 7, 8}}));
        assertThat(pts.get(0).toArray()).containsExactly(1, 2, 1, 2, 0, 0);
        assertThat(pts.get(1).toArray()).containsExactly(1, 4, 5, 6, 7, 8);
        assertThat(VariableLengthSeries.channel(pts.get(0), 0).toArray()).containsExactly(1, 2);
        assertThatThrownBy(() -> VariableLengthSeries.encodeAll(List.of(new double[][] {{1}}, new double[][] {{1}, {2}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("series 1 has 2 channels, series 0 has 1");
    }

    @Test
    void invalidEncodingsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> VariableLengthSeries.channels(DenseVec.of(0, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("channel count must be an integer >= 1, got 0.0");
        assertThatThrownBy(() -> VariableLengthSeries.channel(DenseVec.of(1, 5, 1, 2), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("channel 0 of length 5 at offset 2 does not fit in dimension 4");
        assertThatThrownBy(() -> VariableLengthSeries.channel(DenseVec.of(1, 2.5, 1, 2), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length of channel 0 must be an integer");
        assertThatThrownBy(() -> VariableLengthSeries.channel(DenseVec.of(1, 2, 1, 2), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("channel 1 requested from a series of 1 channels");
        assertThatThrownBy(() -> VariableLengthSeries.encode(new double[][] {{}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("channel 0 is empty");
        assertThatThrownBy(() -> VariableLengthSeries.encode(new double[][] {{1, Double.NaN}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-finite");
    }

    @Test
    void resamplingIsExactOnALineAndKeepsTheEndpoints() {
        double[] line = new double[7];
        for (int i = 0; i < line.length; i++) {
            line[i] = 3 + 2.0 * i / (line.length - 1);
        }
        for (int len : new int[] {2, 5, 13, 40}) {
            double[] r = VariableLengthSeries.resample(line, len);
            for (int p = 0; p < len; p++) {
                assertThat(r[p]).isCloseTo(3 + 2.0 * p / (len - 1), within(1e-12));
            }
        }
        assertThat(VariableLengthSeries.resample(new double[] {4}, 3)).containsExactly(4, 4, 4);
        assertThat(VariableLengthSeries.resample(new double[] {1, 5, 2}, 3)).containsExactly(1, 5, 2);
    }

    @Test
    void readSeriesAcceptsUnequalLengthsWhereReadRefusesThemAndWriteReadsBackExactly() throws Exception {
        Path f = dir.resolve("v.csv");
        Files.writeString(f, "series,label,a,b\nx,1,1,10\nx,1,2,20\nx,1,3,30\ny,2,4,40\ny,2,5,50\n");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("v.csv:5: series has length 2, expected 3");
        CsvSeriesFormat.SeriesSet ss = CsvSeriesFormat.readSeries(f);
        assertThat(ss.size()).isEqualTo(2);
        assertThat(ss.channels()).isEqualTo(2);
        assertThat(ss.length(0)).isEqualTo(3);
        assertThat(ss.length(1)).isEqualTo(2);
        assertThat(ss.equalLengths()).isFalse();
        assertThat(ss.get(1)).isDeepEqualTo(new double[][] {{4, 5}, {40, 50}});
        LabeledDataset enc = ss.encoded();
        assertThat(enc.x(0).toArray()).containsExactly(2, 3, 3, 1, 2, 3, 10, 20, 30);
        assertThat(enc.x(1).toArray()).containsExactly(2, 2, 2, 4, 5, 40, 50, 0, 0);
        assertThat(enc.labels()).containsExactly(1, 2);
        assertThatThrownBy(ss::flat).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("series 2 has length 2, series 1 has 3");
        CsvSeriesFormat.SeriesData r = ss.resampled(3);
        assertThat(r.data().x(1).toArray()).containsExactly(4, 4.5, 5, 40, 45, 50);
        Path g = dir.resolve("w.csv");
        CsvSeriesFormat.write(ss, g);
        CsvSeriesFormat.SeriesSet back = CsvSeriesFormat.readSeries(g);
        assertThat(back.labels()).containsExactly(ss.labels());
        for (int i = 0; i < ss.size(); i++) {
            assertThat(back.get(i)).isDeepEqualTo(ss.get(i));
        }
        Path h = dir.resolve("eq.csv");
        Files.writeString(h, "series,label,a\nx,1,1\nx,1,2\ny,2,3\ny,2,4\n");
        assertThat(CsvSeriesFormat.readSeries(h).flat().data().x(1).toArray())
                .containsExactly(CsvSeriesFormat.read(h).data().x(1).toArray());
    }
}
