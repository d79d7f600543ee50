package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.cli.CliEnums.DataFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataFilesTest {

    @Test
    void trainAndTestFilesAreWidenedToTheLargerDimension(@TempDir Path dir) throws Exception {
        // Training uses indices up to 3, the test file up to 5: both become 5-dimensional.
        Path train = Files.writeString(dir.resolve("train.libsvm"), "+1 1:1 3:2\n-1 2:1\n");
        Path test = Files.writeString(dir.resolve("test.libsvm"), "+1 5:4\n");
        Options.Input input = new Options.Input();

        DataFiles.TrainTest tt = DataFiles.readTrainTest(train, test, input);

        assertThat(tt.train().dim()).isEqualTo(5);
        assertThat(tt.test().dim()).isEqualTo(5);
        assertThat(tt.train().x(0).toArray()).containsExactly(1, 0, 2, 0, 0);
        assertThat(tt.test().x(0).toArray()).containsExactly(0, 0, 0, 0, 4);
    }

    @Test
    void readingForAModelKeepsItsDimensionAndRejectsLargerIndices(@TempDir Path dir) throws Exception {
        Path data = Files.writeString(dir.resolve("d.libsvm"), "+1 1:1\n");
        assertThat(DataFiles.readPoints(data, DataFormat.LIBSVM, 4).dim()).isEqualTo(4);
        Path wide = Files.writeString(dir.resolve("wide.libsvm"), "+1 7:1\n");
        assertThatThrownBy(() -> DataFiles.readPoints(wide, DataFormat.LIBSVM, 4))
                .hasMessageContaining("wide.libsvm").hasMessageContaining("7");
    }

    @Test
    void csvBagsAreRefusedForThePointCommandsAndEmptyFilesToo(@TempDir Path dir) throws Exception {
        Path bags = Files.writeString(dir.resolve("b.csv"), "bag,label,f1\nb1,+1,0.5\n");
        assertThatThrownBy(() -> DataFiles.readPoints(bags, DataFormat.CSV_BAGS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("csv-bags").hasMessageContaining("b.csv");
        Path empty = Files.writeString(dir.resolve("empty.libsvm"), "");
        assertThatThrownBy(() -> DataFiles.readTrainTest(empty, null, new Options.Input()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(empty + " holds no data points");
    }
}
