package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kernelkit example-data}: the demo's generators written as files; existing files are never replaced silently. */
class ExampleDataCommandTest {

    @Test
    void writesTheSeededGeneratorsFilesAndRefusesToReplaceThemWithoutForce(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("data");
        CliRun r = CliRun.of("example-data", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(LibsvmFormat.read(out.resolve("moons.libsvm")).points())
                .isEqualTo(LibsvmFormat.read(write(dir, SyntheticData.twoMoons(400, 0.3, 1))).points());
        assertThat(CsvBagFormat.read(out.resolve("rings.csv")).size()).isEqualTo(60);
        assertThat(CsvBagFormat.read(out.resolve("four-gaussians.csv")).classCount()).isEqualTo(3);
        byte[] before = Files.readAllBytes(out.resolve("moons.libsvm"));
        CliRun again = CliRun.of("example-data", "--out", out.toString(), "--seed", "5");
        assertThat(again.exitCode()).isEqualTo(1);
        assertThat(again.err()).isEqualTo("kernelkit: error: " + out.resolve("moons.libsvm")
                + " exists: give another --out, or --force to replace it" + System.lineSeparator());
        assertThat(Files.readAllBytes(out.resolve("moons.libsvm"))).isEqualTo(before);
        assertThat(CliRun.of("example-data", "--out", out.toString(), "--seed", "5", "--force").exitCode()).isZero();
        assertThat(Files.readAllBytes(out.resolve("moons.libsvm"))).isNotEqualTo(before);
    }

    private static Path write(Path dir, dev.kernelkit.data.LabeledDataset d) throws Exception {
        Path f = dir.resolve("expected.libsvm");
        LibsvmFormat.write(d, f);
        return f;
    }
}
