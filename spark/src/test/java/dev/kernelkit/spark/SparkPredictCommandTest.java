package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kernelkit.cli.Main;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kernelkit predict --engine spark} (the command line in this JVM, on the module's shared session) against
 * {@code predict} on one machine: a folder of LIBSVM files scored partition by partition gives the accuracy line of
 * the local run on the same rows, and its predictions files hold the local predictions.
 */
class SparkPredictCommandTest {
    private final SparkSession spark = SharedSpark.session();

    record Run(int exitCode, String out, String err) {
    }

    private static Run kernelkit(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** Rows [from, to) of the data. */
    private static LabeledDataset rows(LabeledDataset d, int from, int to) {
        List<Vec> x = new ArrayList<>();
        double[] y = new double[to - from];
        for (int i = from; i < to; i++) {
            x.add(d.x(i));
            y[i - from] = d.y(i);
        }
        return new LabeledDataset(x, y);
    }

    private static List<String> sortedLines(List<Path> files) throws Exception {
        List<String> all = new ArrayList<>();
        for (Path f : files) {
            all.addAll(Files.readAllLines(f));
        }
        all.sort(null);
        return all;
    }

    @Test
    void aFolderScoredPartitionByPartitionOnSparkGivesTheLocalAccuracyAndPredictions(@TempDir Path dir)
            throws Exception {
        LibsvmFormat.write(SyntheticData.twoMoons(80, 0.25, 3), dir.resolve("train.libsvm"));
        LabeledDataset test = SyntheticData.twoMoons(150, 0.25, 4);
        LibsvmFormat.write(test, dir.resolve("all.libsvm"));
        Path folder = Files.createDirectories(dir.resolve("test"));
        LibsvmFormat.write(rows(test, 0, 50), folder.resolve("a.libsvm"));
        LibsvmFormat.write(rows(test, 50, 100), folder.resolve("b.libsvm"));
        LibsvmFormat.write(rows(test, 100, 150), folder.resolve("c.libsvm"));
        String maxBytes = spark.conf().get("spark.sql.files.maxPartitionBytes");
        String openCost = spark.conf().get("spark.sql.files.openCostInBytes");
        try {
            // small partitions, so that three small files make several of them
            spark.conf().set("spark.sql.files.maxPartitionBytes", "2048");
            spark.conf().set("spark.sql.files.openCostInBytes", "2048");
            for (String learner : List.of("svm", "cvm")) {   // cvm: a model predict scores as dense vectors
                Path model = dir.resolve(learner + ".model");
                assertThat(kernelkit("train", "--learner", learner, "--data", dir.resolve("train.libsvm").toString(),
                        "--model", model.toString(), "--seed", "2").exitCode()).isZero();
                Path local = dir.resolve(learner + "-local.txt");
                Run here = kernelkit("predict", "--model", model.toString(), "--data",
                        dir.resolve("all.libsvm").toString(), "--output", local.toString());
                Path out = dir.resolve(learner + "-spark");
                Path json = dir.resolve(learner + "-spark.json");
                Run onSpark = kernelkit("predict", "--model", model.toString(), "--data", folder.toString(),
                        "--output", out.toString(), "--engine", "spark", "--json", json.toString());

                assertThat(onSpark.exitCode()).as(onSpark.err()).isZero();
                String localLine = here.out().lines().findFirst().orElseThrow();
                String sparkLine = onSpark.out().lines().findFirst().orElseThrow();
                assertThat(localLine).startsWith("all.libsvm: 150 vectors predicted by " + learner + ", accuracy ");
                assertThat(sparkLine).isEqualTo("test" + localLine.substring("all.libsvm".length()));
                List<Path> parts;
                try (Stream<Path> files = Files.list(out)) {
                    parts = files.sorted().toList();
                }
                assertThat(parts).hasSizeGreaterThanOrEqualTo(3)
                        .allSatisfy(p -> assertThat(p.getFileName().toString()).matches("part-\\d{5}\\.txt"));
                assertThat(onSpark.out()).contains("predictions written to " + out + " (" + parts.size() + " files, "
                        + "one per partition; engine spark on local[2,4])");
                assertThat(sortedLines(parts)).isEqualTo(sortedLines(List.of(local)));
                JsonNode j = new ObjectMapper().readTree(json.toFile());
                assertThat(j.get("n").asLong()).isEqualTo(150);
                assertThat(j.get("engine").asText()).isEqualTo("spark");
                assertThat(j.get("partitions").asInt()).isEqualTo(parts.size());
                assertThat(dev.kernelkit.cli.TablePrinter.percent(j.get("accuracy").asDouble()))
                        .isEqualTo(localLine.substring(localLine.lastIndexOf(' ') + 1));
            }
        } finally {
            spark.conf().set("spark.sql.files.maxPartitionBytes", maxBytes);
            spark.conf().set("spark.sql.files.openCostInBytes", openCost);
        }
    }

    @Test
    void anExistingOutputFolderAndLocalOnlyOptionsAreOneLineErrors(@TempDir Path dir) throws Exception {
        LibsvmFormat.write(SyntheticData.twoMoons(40, 0.25, 3), dir.resolve("train.libsvm"));
        Path model = dir.resolve("svm.model");
        assertThat(kernelkit("train", "--learner", "svm", "--data", dir.resolve("train.libsvm").toString(), "--model",
                model.toString()).exitCode()).isZero();
        Path out = Files.createDirectories(dir.resolve("out"));

        Run exists = kernelkit("predict", "--model", model.toString(), "--data", dir.resolve("train.libsvm").toString(),
                "--output", out.toString(), "--engine", "spark");
        Run probability = kernelkit("predict", "--model", model.toString(), "--data",
                dir.resolve("train.libsvm").toString(), "--output", dir.resolve("new").toString(), "--engine", "spark",
                "--probability");
        Run csvFormat = kernelkit("predict", "--model", model.toString(), "--data",
                dir.resolve("train.libsvm").toString(), "--output", dir.resolve("new").toString(), "--engine", "spark",
                "--label-column", "y");

        assertThat(exists.exitCode()).isEqualTo(1);
        assertThat(exists.err().strip()).isEqualTo("kernelkit: error: --output " + out + " exists: --engine spark writes a new "
                + "folder of predictions files (choose a new name)");
        assertThat(probability.exitCode()).isEqualTo(1);
        assertThat(probability.err().strip()).startsWith("kernelkit: error: ").endsWith(
                "was trained without probability outputs: train it with --probability (learner svm)")
                .doesNotContain("\n");
        assertThat(csvFormat.exitCode()).isEqualTo(1);
        assertThat(csvFormat.err().strip()).endsWith("--label-column applies to --engine local only: --engine spark "
                + "scores labelled LIBSVM data");
        assertThat(dir.resolve("new")).doesNotExist();
    }

    @Test
    void probabilitiesAndDecisionValuesOnSparkAreTheLocalCsvRowsWithAHeaderPerPartFile(@TempDir Path dir)
            throws Exception {
        LibsvmFormat.write(SyntheticData.twoMoons(80, 0.25, 3), dir.resolve("train.libsvm"));
        LabeledDataset test = SyntheticData.twoMoons(120, 0.25, 4);
        LibsvmFormat.write(test, dir.resolve("all.libsvm"));
        Path folder = Files.createDirectories(dir.resolve("test"));
        LibsvmFormat.write(rows(test, 0, 60), folder.resolve("a.libsvm"));
        LibsvmFormat.write(rows(test, 60, 120), folder.resolve("b.libsvm"));
        Path model = dir.resolve("svm.model");
        assertThat(kernelkit("train", "--learner", "svm", "--data", dir.resolve("train.libsvm").toString(),
                "--model", model.toString(), "--seed", "2", "--probability").exitCode()).isZero();
        for (String[] columns : List.of(new String[] {"--probability"}, new String[] {"--decisions"},
                new String[] {"--probability", "--decisions"})) {
            String tag = String.join("", columns).replace("--", "-");
            Path local = dir.resolve("local" + tag + ".csv");
            List<String> localArgs = new ArrayList<>(List.of("predict", "--model", model.toString(), "--data",
                    dir.resolve("all.libsvm").toString(), "--output", local.toString()));
            localArgs.addAll(List.of(columns));
            Run here = kernelkit(localArgs.toArray(String[]::new));
            assertThat(here.exitCode()).as(here.err()).isZero();
            Path out = dir.resolve("spark" + tag);
            Path json = dir.resolve("spark" + tag + ".json");
            List<String> sparkArgs = new ArrayList<>(List.of("predict", "--model", model.toString(), "--data",
                    folder.toString(), "--output", out.toString(), "--engine", "spark", "--json", json.toString()));
            sparkArgs.addAll(List.of(columns));
            Run onSpark = kernelkit(sparkArgs.toArray(String[]::new));
            assertThat(onSpark.exitCode()).as(onSpark.err()).isZero();

            List<Path> parts;
            try (Stream<Path> files = Files.list(out)) {
                parts = files.sorted().toList();
            }
            List<String> localLines = Files.readAllLines(local);
            String header = localLines.get(0);
            assertThat(header).startsWith("prediction,");
            List<String> rows = new ArrayList<>();
            for (Path p : parts) {
                assertThat(p.getFileName().toString()).matches("part-\\d{5}\\.csv");
                List<String> lines = Files.readAllLines(p);
                assertThat(lines.get(0)).as("each part file is a whole CSV with the local header").isEqualTo(header);
                rows.addAll(lines.subList(1, lines.size()));
            }
            // every row, numbers as written (Double.toString), is the local run's row of that point
            List<String> localRows = new ArrayList<>(localLines.subList(1, localLines.size()));
            rows.sort(null);
            localRows.sort(null);
            assertThat(rows).hasSize(120).isEqualTo(localRows);
            JsonNode j = new ObjectMapper().readTree(json.toFile());
            assertThat(j.get("probability").asBoolean()).isEqualTo(List.of(columns).contains("--probability"));
            assertThat(j.get("decisions").asBoolean()).isEqualTo(List.of(columns).contains("--decisions"));
        }
    }
}
