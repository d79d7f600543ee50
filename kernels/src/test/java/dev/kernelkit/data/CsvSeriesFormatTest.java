package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvSeriesFormatTest {
    @TempDir
    Path dir;

    @Test
    void csvSeriesIsReadChannelAfterChannel() throws Exception {
        Path f = dir.resolve("s.csv");
        Files.writeString(f, "series,label,a,b\nx,1,1,10\nx,1,2,20\nx,1,3,30\ny,2,4,40\ny,2,5,50\ny,2,6,60\n");
        CsvSeriesFormat.SeriesData sd = CsvSeriesFormat.read(f);
        assertThat(sd.channels()).isEqualTo(2);
        assertThat(sd.length()).isEqualTo(3);
        assertThat(sd.data().size()).isEqualTo(2);
        // channel a at times 0..2, then channel b
        assertThat(sd.data().x(1).toArray()).containsExactly(4, 5, 6, 40, 50, 60);
        assertThat(sd.data().labels()).containsExactly(1, 2);
        assertThat(sd.channelGroups()).isDeepEqualTo(new int[][] {{0, 1, 2}, {3, 4, 5}});
    }

    @Test
    void csvSeriesErrorsNameTheFileAndLine() throws Exception {
        Path f = dir.resolve("bad.csv");
        Files.writeString(f, "series,label,a\nx,1,1\ny,2,3\nx,1,4\n");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("bad.csv:4: series 'x' reappears after another series");
        Files.writeString(f, "series,label,a\nx,1,1\nx,1,2\ny,2,3\n");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("bad.csv:4: series has length 1, expected 2");
        Files.writeString(f, "series,label,a\nx,1,1\nx,2,2\n");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("bad.csv:3: series 'x' has label 1.0 at line 2 but 2.0 here");
        Files.writeString(f, "id,label,a\nx,1,1\n");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("bad.csv:1: expected a header 'series,label,c1,...,cd'");
        Files.writeString(f, "series,label,a\nx,1.5,1\n");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("bad.csv:2: label must be an integer class, got 1.5");
        Files.writeString(f, "series,label,a\nx,1,NaN\n");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("bad.csv:2: column 3 must be finite");
        Files.writeString(f, "series,label,a\n\n");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessage(f + ":2: no series after the header");
        Files.writeString(f, "");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("bad.csv: empty file");
    }

    @Test
    void missingFileIsANoSuchFileExceptionNamingIt() {
        Path f = dir.resolve("none.csv");
        assertThatThrownBy(() -> CsvSeriesFormat.read(f)).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(f.toString());
    }

    @Test
    void writerOutputIsTheHandWrittenTextAndReadsBack() throws IOException {
        // two series of length 2 with channels (a, b): point = a0 a1 b0 b1
        LabeledDataset pts = new LabeledDataset(List.of(DenseVec.of(1, 2, 10, 20), DenseVec.of(0.5, -0.0, 3, 4)),
                new double[] {-1, 7});
        CsvSeriesFormat.SeriesData sd = new CsvSeriesFormat.SeriesData(pts, 2, 2);
        Path f = dir.resolve("w.csv");
        CsvSeriesFormat.write(sd, f);
        assertThat(Files.readString(f)).isEqualTo("series,label,c1,c2\ns1,-1,1,10\ns1,-1,2,20\ns2,7,0.5,3\ns2,7,-0.0,4\n");
        CsvSeriesFormat.SeriesData back = CsvSeriesFormat.read(f);
        assertThat(back.channels()).isEqualTo(2);
        assertThat(back.length()).isEqualTo(2);
        assertThat(back.data().labels()).containsExactly(-1, 7);
        assertThat(back.data().x(1).toArray()).containsExactly(0.5, -0.0, 3, 4);
    }

    @Test
    void writerRefusesNonIntegerLabelsAndShapesThatDoNotFit() {
        LabeledDataset pts = new LabeledDataset(List.of(DenseVec.of(1, 2)), new double[] {0.5});
        assertThatThrownBy(() -> CsvSeriesFormat.write(new CsvSeriesFormat.SeriesData(pts, 1, 2), dir.resolve("x.csv")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("integer class, got 0.5");
        assertThatThrownBy(() -> new CsvSeriesFormat.SeriesData(pts, 3, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must have dimension 3, got 2");
    }
}
