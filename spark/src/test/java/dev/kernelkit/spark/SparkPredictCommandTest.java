package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kernelkit.cli.Main;
import dev.kernelkit.data.CsvBagFormat;
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
                + "scores labelled LIBSVM data or CSV bags");
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

    /** The lines of the part files in partition order, each file's CSV header (when {@code header}) dropped. */
    private static List<String> partLines(Path folder, String suffix, String header) throws Exception {
        List<Path> parts;
        try (Stream<Path> files = Files.list(folder)) {
            parts = files.sorted().toList();
        }
        List<String> all = new ArrayList<>();
        for (Path p : parts) {
            assertThat(p.getFileName().toString()).matches("part-\\d{5}\\." + suffix);
            List<String> lines = Files.readAllLines(p);
            if (header != null) {
                assertThat(lines.get(0)).as("each part file is a whole CSV with the local header").isEqualTo(header);
                lines = lines.subList(1, lines.size());
            }
            all.addAll(lines);
        }
        return all;
    }

    /**
     * A bag file cut into three files of a folder at rows {@code cuts} (each with the header), so that bags may run
     * from one file into the next.
     */
    private static Path cutInto(Path all, Path folder, int... cuts) throws Exception {
        List<String> lines = Files.readAllLines(all);
        Files.createDirectories(folder);
        int from = 1;
        for (int f = 0; f <= cuts.length; f++) {
            int to = f < cuts.length ? cuts[f] : lines.size();
            List<String> part = new ArrayList<>(List.of(lines.get(0)));
            part.addAll(lines.subList(from, to));
            Files.write(folder.resolve((char) ('a' + f) + ".csv"), part);
            from = to;
        }
        return folder;
    }

    @Test
    void csvBagsSplitOverFilesAndPartitionsOnSparkGiveTheLocalAccuracyAndPredictionsInOrder(@TempDir Path dir)
            throws Exception {
        CsvBagFormat.write(SyntheticData.fourGaussianBags(8, 3, 7, 5), dir.resolve("train.csv"));
        Path all = dir.resolve("all.csv");
        CsvBagFormat.write(SyntheticData.fourGaussianBags(15, 3, 7, 6), all);
        List<String> rows = Files.readAllLines(all);
        // cut inside bags: the rows around each cut belong to one bag (checked), which must stay one bag
        int[] cuts = {insideABag(rows, rows.size() / 3), insideABag(rows, 2 * rows.size() / 3)};
        for (int cut : cuts) {
            assertThat(rows.get(cut - 1).split(",")[0]).isEqualTo(rows.get(cut).split(",")[0]);
        }
        Path folder = cutInto(all, dir.resolve("test"), cuts);
        // a byte order mark before the first header, which the local reader skips
        Files.writeString(folder.resolve("a.csv"), "\uFEFF" + Files.readString(folder.resolve("a.csv")));
        Path model = dir.resolve("mikernel.model");
        Run train = kernelkit("train", "--learner", "mikernel", "--data", dir.resolve("train.csv").toString(),
                "--model", model.toString(), "--seed", "2", "--probability");
        assertThat(train.exitCode()).as(train.err()).isZero();
        String maxSplit = spark.sparkContext().hadoopConfiguration()
                .get("mapreduce.input.fileinputformat.split.maxsize");
        try {
            // splits of 1 kB, so that each file is read by several tasks and bags also cross split boundaries
            spark.sparkContext().hadoopConfiguration().set("mapreduce.input.fileinputformat.split.maxsize", "1024");
            for (String[] columns : List.of(new String[0], new String[] {"--probability", "--decisions"})) {
                String tag = String.join("", columns).replace("--", "-");
                boolean csv = columns.length > 0;
                Path local = dir.resolve("local" + tag + (csv ? ".csv" : ".txt"));
                List<String> localArgs = new ArrayList<>(List.of("predict", "--model", model.toString(), "--data",
                        all.toString(), "--output", local.toString()));
                localArgs.addAll(List.of(columns));
                Run here = kernelkit(localArgs.toArray(String[]::new));
                assertThat(here.exitCode()).as(here.err()).isZero();
                Path out = dir.resolve("spark" + tag);
                Path json = dir.resolve("spark" + tag + ".json");
                List<String> sparkArgs = new ArrayList<>(List.of("predict", "--model", model.toString(), "--data",
                        folder.toString(), "--output", out.toString(), "--engine", "spark", "--json",
                        json.toString()));
                sparkArgs.addAll(List.of(columns));
                Run onSpark = kernelkit(sparkArgs.toArray(String[]::new));
                assertThat(onSpark.exitCode()).as(onSpark.err()).isZero();

                String localLine = here.out().lines().findFirst().orElseThrow();
                assertThat(localLine).startsWith("all.csv: 45 bags predicted by mikernel, accuracy ");
                assertThat(onSpark.out().lines().findFirst().orElseThrow())
                        .isEqualTo("test" + localLine.substring("all.csv".length()));
                List<String> localLines = Files.readAllLines(local);
                List<String> sparkLines = partLines(out, csv ? "csv" : "txt", csv ? localLines.get(0) : null);
                // the part files in partition order are the local predictions in file order, numbers as written
                assertThat(sparkLines).hasSize(45).isEqualTo(csv ? localLines.subList(1, localLines.size())
                        : localLines);
                JsonNode j = new ObjectMapper().readTree(json.toFile());
                assertThat(j.get("input").asText()).isEqualTo("bags");
                assertThat(j.get("n").asLong()).isEqualTo(45);
                assertThat(j.get("partitions").asInt()).isGreaterThanOrEqualTo(3);
            }
        } finally {
            if (maxSplit == null) {
                spark.sparkContext().hadoopConfiguration().unset("mapreduce.input.fileinputformat.split.maxsize");
            } else {
                spark.sparkContext().hadoopConfiguration().set("mapreduce.input.fileinputformat.split.maxsize",
                        maxSplit);
            }
        }
    }

    @Test
    void malformedBagInputIsOneLineNamingTheFileAndLineAndWritesNothing(@TempDir Path dir) throws Exception {
        CsvBagFormat.write(SyntheticData.fourGaussianBags(6, 3, 5, 5), dir.resolve("train.csv"));
        Path model = dir.resolve("mikernel.model");
        assertThat(kernelkit("train", "--learner", "mikernel", "--data", dir.resolve("train.csv").toString(),
                "--model", model.toString(), "--seed", "2").exitCode()).isZero();
        Path all = dir.resolve("all.csv");
        CsvBagFormat.write(SyntheticData.fourGaussianBags(4, 3, 5, 6), all);
        List<String> rows = Files.readAllLines(all);
        String firstBag = rows.get(1).split(",")[0];

        // a bad number on line 3 of b.csv
        Path badNumber = cutInto(all, dir.resolve("bad-number"), 10);
        List<String> b = new ArrayList<>(Files.readAllLines(badNumber.resolve("b.csv")));
        b.set(2, b.get(2).replaceFirst(",[^,]+$", ",x"));
        Files.write(badNumber.resolve("b.csv"), b);
        // the first bag's first row again at the end of c.csv: the bag is split apart
        Path reappears = cutInto(all, dir.resolve("reappears"), 10, 20);
        List<String> c = new ArrayList<>(Files.readAllLines(reappears.resolve("c.csv")));
        c.add(rows.get(1));
        Files.write(reappears.resolve("c.csv"), c);
        // another label on the second row of the first bag
        Path label = cutInto(all, dir.resolve("label"), 10);
        List<String> a = new ArrayList<>(Files.readAllLines(label.resolve("a.csv")));
        String[] second = a.get(2).split(",", 3);
        assertThat(second[0]).isEqualTo(firstBag);
        a.set(2, second[0] + ",other," + second[2]);
        Files.write(label.resolve("a.csv"), a);
        // a header of three features for a model of two
        Path header = cutInto(all, dir.resolve("header"), 10);
        List<String> h = new ArrayList<>(Files.readAllLines(header.resolve("b.csv")));
        h.set(0, h.get(0) + ",f3");
        Files.write(header.resolve("b.csv"), h);

        int reappearsLine = c.size();
        java.util.Map<Path, String> expected = new java.util.LinkedHashMap<>();
        expected.put(badNumber, badNumber.resolve("b.csv") + ":3: feature 2: bad number 'x'");
        expected.put(reappears, reappears.resolve("c.csv") + ":" + reappearsLine + ": bag '" + firstBag
                + "' reappears after other bags (its rows are at " + reappears.resolve("a.csv") + ":2 to "
                + reappears.resolve("a.csv") + ":" + rowsOfFirstBag(rows) + "); rows of a bag must be contiguous "
                + "(a bag may run from the end of one file into the start of the next, in name order)");
        expected.put(label, label.resolve("a.csv") + ":3: bag '" + firstBag + "' has label 'other' but label '"
                + rows.get(1).split(",")[1] + "' at line 2");
        expected.put(header, header.resolve("b.csv") + ":1: the header declares 3 features, the model's dimension "
                + "is 2");
        for (var e : expected.entrySet()) {
            Path out = dir.resolve("out-" + e.getKey().getFileName());
            Run r = kernelkit("predict", "--model", model.toString(), "--data", e.getKey().toString(), "--output",
                    out.toString(), "--engine", "spark");
            assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).isEqualTo("kernelkit: error: " + e.getValue() + System.lineSeparator());
            assertThat(out).doesNotExist();
        }
    }

    /** The first row from {@code from} on whose previous row is of the same bag. */
    private static int insideABag(List<String> lines, int from) {
        int i = from;
        while (!lines.get(i - 1).split(",")[0].equals(lines.get(i).split(",")[0])) {
            i++;
        }
        return i;
    }

    /** The line of the last row of the file's first bag (the header is line 1). */
    private static int rowsOfFirstBag(List<String> lines) {
        String id = lines.get(1).split(",")[0];
        int last = 1;
        while (last + 1 < lines.size() && lines.get(last + 1).split(",")[0].equals(id)) {
            last++;
        }
        return last + 1;
    }
}
