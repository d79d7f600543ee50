package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Runs the real command line in-process (picocli execute with captured streams). */
class CliEndToEndTest {

    /**
     * Writes a LIBSVM file of two classes told apart by feature 1 (centres -1 and +1, Gaussian noise
     * of standard deviation {@code noise}; 0.3 separates them, 1.0 makes about 16% overlap) plus an uninformative feature 2 of standard deviation 1000 and a small feature 3. Without
     * scaling, feature 2 dominates every distance, so a Gaussian kernel with gamma 0.5 is almost
     * the identity; with standard scaling the classes separate.
     */
    static Path blobs(Path dir, String name, int n, long seed) throws Exception {
        return blobs(dir, name, n, seed, 0.3);
    }

    static Path blobs(Path dir, String name, int n, long seed, double noise) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            int y = i % 2 == 0 ? 1 : -1;
            double f1 = y + noise * gaussian(r);
            double f2 = 1000 * gaussian(r);
            double f3 = 0.1 * gaussian(r);
            sb.append(y > 0 ? "+1" : "-1").append(String.format(Locale.ROOT, " 1:%.6f 2:%.4f 3:%.6f%n", f1, f2, f3));
        }
        return Files.writeString(dir.resolve(name), sb.toString());
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void helpWorksOnEveryCommandAndSubCommand() {
        CommandLine root = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        List<List<String>> paths = new ArrayList<>();
        collect(root, new ArrayList<>(), paths);
        assertThat(paths).extracting(p -> String.join(" ", p))
                .contains("", "demo", "svm", "svm train", "svm predict", "svm cv", "bench", "bench gram", "bench svm");
        for (List<String> path : paths) {
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertThat(r.exitCode()).as("exit code of %s --help", path).isZero();
            assertThat(r.out()).as("usage of %s", path).startsWith("Usage: kernelkit" + (path.isEmpty() ? "" : " " + String.join(" ", path)));
            assertThat(r.err()).isEmpty();
        }
        assertThat(CliRun.of("help", "svm").out()).startsWith("Usage: kernelkit svm");
    }

    private static void collect(CommandLine cl, List<String> prefix, List<List<String>> out) {
        out.add(List.copyOf(prefix));
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) {
                continue;
            }
            List<String> p = new ArrayList<>(prefix);
            p.add(e.getKey());
            collect(e.getValue(), p, out);
        }
    }

    @Test
    void aCommandGroupWithoutSubCommandIsAUsageError() {
        CliRun r = CliRun.of("svm");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("Missing command: choose one of train, predict, cv");
    }

    @Test
    void demoRunsBothSolversOnBothProblemsAndWritesPlots(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("demo", "--points", "60", "--bags", "6", "--seed", "3", "--plots", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        String[] lines = r.out().split("\n");
        // Header line, table header, rule, 4 rows (2 problems x 2 solvers).
        assertThat(lines[1]).startsWith("problem").contains("solver", "train acc", "test acc", "#SV", "dual objective", "seconds");
        assertThat(lines[3]).startsWith("two-moons").contains("smo (ours)");
        assertThat(lines[4]).startsWith("two-moons").contains("libsvm");
        assertThat(lines[5]).startsWith("checkerboard").contains("smo (ours)");
        assertThat(lines[6]).startsWith("checkerboard").contains("libsvm");
        // Both solvers solve the same dual: the reported relative difference is small.
        Matcher m = Pattern.compile("two-moons: dual objectives of smo and libsvm differ by ([0-9.eE+-]+)").matcher(r.out());
        assertThat(m.find()).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isLessThan(1e-3);
        for (String name : List.of("demo-two-moons.png", "demo-checkerboard.png", "demo-sparsemi-ring.png",
                "demo-sparsemi-four-gaussians.png")) {
            BufferedImage img = ImageIO.read(dir.resolve(name).toFile());
            assertThat(img.getWidth()).as(name).isEqualTo(800);
            assertThat(img.getHeight()).as(name).isEqualTo(640);
        }
        for (String name : List.of("demo-sparsemi-ring-objective.png", "demo-sparsemi-four-gaussians-objective.png",
                "demo-prototypes-kernel-weights.png")) {
            BufferedImage img = ImageIO.read(dir.resolve(name).toFile());
            assertThat(img.getWidth()).as(name).isEqualTo(800);
            assertThat(img.getHeight()).as(name).isEqualTo(500);
        }

        // SparseMI section: 6 + 6 ring bags and 4 + 4 + 4 four-Gaussian bags (3/4 of 6, rounded down).
        assertThat(r.out()).contains("6 + 6 bags (ring), 4 + 4 + 4 bags (four Gaussians)");
        Matcher ring = Pattern.compile("(?m)^ring +sparsemi +([0-9.]+)% +([0-9.]+)% +1 +([0-9]+) ").matcher(r.out());
        assertThat(ring.find()).as(r.out()).isTrue();
        assertThat(Integer.parseInt(ring.group(3))).as("ring iterations").isPositive();
        Matcher fg = Pattern.compile("(?m)^four-gaussians +sparsemi +([0-9.]+)% +([0-9.]+)% +2 +([0-9]+) ").matcher(r.out());
        assertThat(fg.find()).as(r.out()).isTrue();
        // Starts as given in DemoCommand.miProblems: one XV on the ring, two in the empty middle.
        assertThat(r.out()).contains("ring: XVs moved (2.00, 0.30) -> (")
                .contains("four-gaussians: XVs moved (0.50, 0.00) -> (");

        // Prototypes section: accuracy and nine channel weights that sum to 1 (simplex-LP step).
        assertThat(r.out()).contains("synthetic 9-channel data (4 classes x 25, train 72 / test 28): accuracy");
        Matcher beta = Pattern.compile("(?m)^  channel ([1-9])  beta ([0-9.]+)").matcher(r.out());
        double sum = 0;
        int channels = 0;
        while (beta.find()) {
            channels++;
            assertThat(Integer.parseInt(beta.group(1))).isEqualTo(channels);
            sum += Double.parseDouble(beta.group(2));
        }
        assertThat(channels).isEqualTo(9);
        assertThat(sum).isCloseTo(1.0, org.assertj.core.api.Assertions.within(5e-4));
        // Channels 8 and 9 are constant (no information): they get no weight.
        assertThat(r.out()).contains("  channel 8  beta 0.0000  (constant)", "  channel 9  beta 0.0000  (constant)");
        // The section is 'prototypes demo' with data seed 3 + 10: the same lines.
        CliRun p = CliRun.of("prototypes", "demo", "--seed", "13");
        assertThat(p.exitCode()).as(p.err()).isZero();
        assertThat(r.out()).contains("IMKPL prototypes (as 'kernelkit prototypes demo --seed 13'):\n" + p.out());
    }

    @Test
    void trainThenPredictGivesTheSameAccuracyAndAppliesTheStoredScaler(@TempDir Path dir) throws Exception {
        Path train = blobs(dir, "train.libsvm", 80, 1, 0.7);
        Path test = blobs(dir, "test.libsvm", 40, 2, 0.7);
        Path model = dir.resolve("models/blobs.model");
        Path trainJson = dir.resolve("train.json");

        CliRun t = CliRun.of("svm", "train", "--data", train.toString(), "--test", test.toString(), "--gamma", "0.5",
                "--c", "1", "--scale", "standard", "--model", model.toString(), "--json", trainJson.toString());
        assertThat(t.exitCode()).as(t.err()).isZero();
        assertThat(t.out()).contains("model written to " + model);
        JsonNode tj = TestJson.read(trainJson);
        double trainAccuracy = tj.get("train_accuracy").doubleValue();
        double testAccuracy = tj.get("test_accuracy").doubleValue();
        assertThat(tj.get("accuracy_mean").doubleValue()).isEqualTo(testAccuracy);
        assertThat(trainAccuracy).isGreaterThan(0.85);

        for (Object[] c : new Object[][] {{train, trainAccuracy}, {test, testAccuracy}}) {
            Path data = (Path) c[0];
            Path predictions = dir.resolve(data.getFileName() + ".predictions");
            Path predictJson = dir.resolve(data.getFileName() + ".predict.json");
            CliRun p = CliRun.of("svm", "predict", "--model", model.toString(), "--data", data.toString(),
                    "--output", predictions.toString(), "--json", predictJson.toString());
            assertThat(p.exitCode()).as(p.err()).isZero();
            double reported = TestJson.read(predictJson).get("accuracy_mean").doubleValue();
            assertThat(reported).isEqualTo((Double) c[1]);
            // Recount the accuracy from the predictions file and the labels of the data file.
            List<String> predicted = Files.readAllLines(predictions);
            List<String> rows = Files.readAllLines(data);
            assertThat(predicted).hasSameSizeAs(rows);
            int hits = 0;
            for (int i = 0; i < rows.size(); i++) {
                double truth = Double.parseDouble(rows.get(i).split(" ")[0]);
                hits += truth == Double.parseDouble(predicted.get(i)) ? 1 : 0;
            }
            assertThat((double) hits / rows.size()).isEqualTo((Double) c[1]);
        }
    }

    @Test
    void withoutScalingTheHugeNoiseFeatureRuinsTheModelSoScalingReallyMatters(@TempDir Path dir) throws Exception {
        // Control for the round-trip test: the same data unscaled give a near-chance model, so a
        // predict that forgot the stored scaler could not reproduce the scaled model's accuracy.
        Path train = blobs(dir, "train.libsvm", 80, 1);
        Path test = blobs(dir, "test.libsvm", 40, 2);
        Path json = dir.resolve("raw.json");
        CliRun t = CliRun.of("svm", "train", "--data", train.toString(), "--test", test.toString(), "--gamma", "0.5",
                "--c", "1", "--model", dir.resolve("raw.model").toString(), "--json", json.toString());
        assertThat(t.exitCode()).as(t.err()).isZero();
        assertThat(TestJson.read(json).get("test_accuracy").doubleValue()).isLessThan(0.75);
    }

    @Test
    void cvReportsMeanAndSdOfTheFoldAccuracies(@TempDir Path dir) throws Exception {
        Path data = blobs(dir, "cv.libsvm", 60, 5, 1.0);
        Path json = dir.resolve("cv.json");
        CliRun r = CliRun.of("svm", "cv", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--scale", "standard",
                "--folds", "3", "--repeats", "2", "--seed", "11", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();

        JsonNode j = TestJson.read(json);
        List<Double> folds = TestJson.doubles(j.get("fold_accuracies"));
        assertThat(folds).hasSize(6);
        double mean = folds.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double ss = folds.stream().mapToDouble(a -> (a - mean) * (a - mean)).sum();
        assertThat(j.get("accuracy_mean").doubleValue()).isCloseTo(mean, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(j.get("accuracy_sd").doubleValue()).isCloseTo(Math.sqrt(ss / 5), org.assertj.core.data.Offset.offset(1e-12));
        // Table header and rule, 6 fold rows, the summary line.
        assertThat(r.out().split("\n")).hasSize(2 + 6 + 1);
        assertThat(folds.stream().distinct().count()).as("noisy data: fold accuracies vary").isGreaterThan(1);

        // Same seed, same folds, same numbers.
        Path again = dir.resolve("again.json");
        CliRun.of("svm", "cv", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--scale", "standard",
                "--folds", "3", "--repeats", "2", "--seed", "11", "--json", again.toString());
        assertThat(TestJson.doubles(TestJson.read(again).get("fold_accuracies"))).isEqualTo(folds);
    }

    @Test
    void cvWithoutParametersChoosesThemByInnerGridSearch(@TempDir Path dir) throws Exception {
        Path data = blobs(dir, "cv.libsvm", 48, 6);
        Path json = dir.resolve("grid.json");
        CliRun r = CliRun.of("svm", "cv", "--data", data.toString(), "--scale", "standard", "--folds", "3",
                "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        assertThat(j.get("grid_search").isBoolean()).isTrue();
        assertThat(j.get("grid_search").booleanValue()).isTrue();
        List<Double> cs = TestJson.doubles(j.get("fold_c"));
        assertThat(cs).hasSize(3).allSatisfy(c -> assertThat(c).isIn(0.1, 1.0, 10.0, 100.0));
        assertThat(j.get("accuracy_mean").doubleValue()).isGreaterThan(0.8);
    }

    @Test
    void missingFileExitsWith1AndOneLineWithoutStackTrace(@TempDir Path dir) {
        Path missing = dir.resolve("nope.libsvm");
        CliRun r = CliRun.of("svm", "train", "--data", missing.toString(), "--gamma", "1", "--c", "1",
                "--model", dir.resolve("m").toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("kernelkit: error: --data: no such file: " + missing + System.lineSeparator());
        assertThat(r.out()).isEmpty();
    }

    @Test
    void badCValueExitsWith1NamingTheOption(@TempDir Path dir) throws Exception {
        Path data = blobs(dir, "d.libsvm", 20, 1);
        CliRun r = CliRun.of("svm", "train", "--data", data.toString(), "--gamma", "1", "--c", "-3",
                "--model", dir.resolve("m").toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("kernelkit: error: --c must be > 0 and finite, got -3.0" + System.lineSeparator());
        assertThat(Files.exists(dir.resolve("m"))).isFalse();
    }

    @Test
    void benchCvmNonNumericEpsilonExitsWith1NamingTheOptionAndTheValue() {
        CliRun r = CliRun.of("bench", "cvm", "--n", "200", "--eps", "abc", "--svm-max-n", "0");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("kernelkit: error: --eps must be a number > 0 or auto, got 'abc'"
                + System.lineSeparator());
    }

    @Test
    void malformedDataFileExitsWith1NamingFileAndLine(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.libsvm"), "+1 1:0.5 2:1\n-1 1:x\n");
        CliRun r = CliRun.of("svm", "cv", "--data", bad.toString(), "--gamma", "1", "--c", "1");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith("kernelkit: error: ").contains("bad.libsvm").contains("2")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err().lines()).hasSize(1);
        CliRun debug = CliRun.of("svm", "cv", "--data", bad.toString(), "--gamma", "1", "--c", "1", "--debug");
        assertThat(debug.err()).contains("\tat ");
    }

    @Test
    void predictWithAFileThatIsNotAModelExitsWith1(@TempDir Path dir) throws Exception {
        Path data = blobs(dir, "d.libsvm", 20, 1);
        CliRun r = CliRun.of("svm", "predict", "--model", data.toString(), "--data", data.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith("kernelkit: error: ").contains("d.libsvm");
        assertThat(r.err().lines()).hasSize(1);
    }

    @Test
    void predictOnDataWithMoreFeaturesThanTheModelNamesFileLineAndModel(@TempDir Path dir) throws Exception {
        Path train = blobs(dir, "train.libsvm", 20, 1);
        Path model = dir.resolve("m.model");
        assertThat(CliRun.of("svm", "train", "--data", train.toString(), "--gamma", "1", "--c", "1",
                "--model", model.toString()).exitCode()).isZero();
        Path wide = Files.writeString(dir.resolve("wide.libsvm"), "+1 1:0.5\n-1 1:0.2 4:1\n");
        CliRun r = CliRun.of("svm", "predict", "--model", model.toString(), "--data", wide.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith("kernelkit: error: ").contains("wide.libsvm").contains(":2")
                .contains("exceeds the dimension 3 of the model " + model);
        assertThat(r.err().lines()).hasSize(1);
    }

    @Test
    void jsonSummariesHoldTheKeysTheReadmeDocuments(@TempDir Path dir) throws Exception {
        Map<String, List<String>> documented = ReadmeKeys.read();
        Path train = blobs(dir, "train.libsvm", 40, 1);
        Path test = blobs(dir, "test.libsvm", 20, 2);
        Path model = dir.resolve("m.model");
        Map<String, String[]> runs = new java.util.LinkedHashMap<>();
        runs.put("svm train", new String[] {"svm", "train", "--data", train.toString(), "--test", test.toString(),
                "--gamma", "0.5", "--c", "1", "--scale", "standard", "--model", model.toString()});
        runs.put("svm predict", new String[] {"svm", "predict", "--model", model.toString(), "--data", test.toString()});
        runs.put("svm cv", new String[] {"svm", "cv", "--data", train.toString(), "--gamma", "0.5", "--c", "1",
                "--folds", "2"});
        runs.put("bench gram", new String[] {"bench", "gram", "--n", "120", "--d", "5", "--repeats", "1"});
        runs.put("bench svm", new String[] {"bench", "svm", "--data", train.toString(), "--test", test.toString(),
                "--gamma", "0.5", "--c", "1", "--cache-mb", "10"});
        assertThat(documented.keySet()).containsAll(runs.keySet());
        for (Map.Entry<String, String[]> e : runs.entrySet()) {
            Path json = dir.resolve(e.getKey().replace(' ', '-') + ".json");
            List<String> args = new ArrayList<>(List.of(e.getValue()));
            args.add("--json");
            args.add(json.toString());
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(e.getKey() + ": " + r.err()).isZero();
            JsonNode j = TestJson.read(json);
            assertThat(TestJson.keys(j)).as(e.getKey()).containsAll(documented.get(e.getKey()))
                    .contains("accuracy_mean", "accuracy_sd", "train_seconds", "jvm_flags", "available_processors");
        }
    }
}
