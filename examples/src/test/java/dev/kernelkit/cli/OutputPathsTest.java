package dev.kernelkit.cli;

import static dev.kernelkit.cli.PredictCommandTest.assertOneErrorLine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Nothing lost, whatever the paths (issue #35): an output that names an input or another output of
 * the run is refused before any work in one line and the file is untouched; FIFOs, /dev/null and
 * other non-regular files are written through and stay what they were.
 */
class OutputPathsTest {
    @TempDir
    Path dir;
    Path data;
    String dataText;

    @BeforeEach
    void data() throws Exception {
        data = CliEndToEndTest.blobs(dir, "heart.libsvm", 40, 1);
        dataText = Files.readString(data);
    }

    private CliRun train(String... outputs) {
        List<String> a = new ArrayList<>(List.of("svm", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1"));
        a.addAll(List.of(outputs));
        return CliRun.of(a.toArray(String[]::new));
    }

    @Test
    void everyPathOptionOfEveryCommandHasARole() {
        CommandLine root = Main.commandLine(new java.io.PrintWriter(new java.io.StringWriter()),
                new java.io.PrintWriter(new java.io.StringWriter()));
        List<String> unclassified = new ArrayList<>();
        collect(root, unclassified);
        assertThat(unclassified).as("path options RunPaths does not know (add them to its sets)").isEmpty();
    }

    private static void collect(CommandLine cl, List<String> unclassified) {
        CommandSpec spec = cl.getCommandSpec();
        for (OptionSpec o : spec.options()) {
            if (o.type() == Path.class && RunPaths.role(spec, o.longestName()).equals(RunPaths.UNCLASSIFIED)) {
                unclassified.add(spec.qualifiedName() + " " + o.longestName());
            }
        }
        cl.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, unclassified));
    }

    @Test
    void aChartTheRunDerivesInsideItsPlotsFolderNeverReplacesItsData() throws IOException {
        // --plots names the data's folder and the data file has the name of the chart prototypes train writes
        Path folder = Files.createDirectory(dir.resolve("charts"));
        Path named = folder.resolve("imkpl-prototype-composition.png");
        Files.copy(data, named);
        CliRun r = CliRun.of("prototypes", "train", "--data", named.toString(), "--format", "libsvm", "--plots",
                folder.toString(), "--model", dir.resolve("p.model").toString());
        assertOneErrorLine(r, named + ": is an input of this run: refusing to write over it");
        assertThat(Files.readString(named)).isEqualTo(dataText);
    }

    @Test
    void aModelOrJsonNamingTheDataFileIsRefusedAndTheDataKept() throws IOException {
        assertOneErrorLine(train("--model", data.toString()), "--model " + data + " names the input --data " + data,
                "refusing to write over it");
        assertOneErrorLine(train("--model", dir.resolve("m").toString(), "--json", data.toString()), "--json " + data
                + " names the input --data " + data);
        assertThat(Files.readString(data)).isEqualTo(dataText);
    }

    @Test
    void theDataFileSpelledWithDotsALinkOrAHardLinkIsStillTheDataFile() throws IOException {
        Files.createDirectory(dir.resolve("sub"));
        Path link = Files.createSymbolicLink(dir.resolve("link.libsvm"), data);
        Path hard = Files.createLink(dir.resolve("hard.libsvm"), data);
        for (String spelling : List.of(dir.resolve("sub/../heart.libsvm").toString(), dir.resolve("./heart.libsvm").toString(),
                link.toString(), hard.toString())) {
            assertOneErrorLine(train("--model", spelling), "--model " + spelling + " names the input --data");
        }
        assertThat(Files.readString(data)).isEqualTo(dataText);
    }

    @Test
    void aModelAndAJsonNamingOneFileAreRefusedBeforeTraining() {
        Path out = dir.resolve("out");
        CliRun r = train("--model", out.toString(), "--json", out.toString());
        assertOneErrorLine(r, "--json " + out + " and --model " + out + " name the same file");
        assertThat(r.out()).doesNotContain("model written");
        assertThat(out).doesNotExist();
    }

    @Test
    void predictionsNamingTheModelFileAreRefusedAndTheModelKept() throws IOException {
        Path model = dir.resolve("heart.model");
        assertThat(train("--model", model.toString()).exitCode()).isZero();
        String modelText = Files.readString(model);
        for (String command : List.of("predict", "svm predict")) {
            List<String> a = new ArrayList<>(List.of(command.split(" ")));
            a.addAll(List.of("--model", model.toString(), "--data", data.toString(), "--output", model.toString()));
            assertOneErrorLine(CliRun.of(a.toArray(String[]::new)), "--output " + model + " names the input --model " + model);
        }
        assertThat(Files.readString(model)).isEqualTo(modelText);
    }

    @Test
    void aJsonOnAFolderIsRefusedBeforeTrainingNamingTheUsersPath() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("adir"));
        CliRun r = train("--model", dir.resolve("m").toString(), "--json", folder.toString());
        assertOneErrorLine(r, "--json " + folder + ": is a folder");
        assertThat(r.err()).doesNotContain(".tmp");
        assertThat(dir.resolve("m")).doesNotExist();
    }

    @Test
    void devNullTakesAnOutputAndStaysADevice() {
        assumeTrue(Files.exists(Path.of("/dev/null")), "/dev/null");
        CliRun r = train("--model", "/dev/null", "--json", "/dev/null");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.isRegularFile(Path.of("/dev/null"))).isFalse();
    }

    @Test
    void aFifoTakesTheJsonStreamedAndStaysAFifo() throws Exception {
        Path fifo = dir.resolve("json.fifo");
        assumeTrue(OutputPathsFuzzTest.mkfifo(fifo), "mkfifo");
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CliRun r = train("--model", dir.resolve("m").toString(), "--json", fifo.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(read.get(120, TimeUnit.SECONDS)).startsWith("{").contains("\"support_vectors\"");
        assertThat(Files.isRegularFile(fifo)).isFalse();
    }

    @Test
    void aLegal250ByteFileNameIsWrittenAfterTraining() throws IOException {
        String name = "m".repeat(250);
        CliRun r = train("--model", dir.resolve(name).toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(dir.resolve(name)).exists();
    }
}
