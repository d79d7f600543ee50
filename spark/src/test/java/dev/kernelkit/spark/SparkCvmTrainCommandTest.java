package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kernelkit.cli.Main;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Model;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kernelkit cvm train --engine spark} (the command line in this JVM, on the module's shared session) against
 * {@code cvm train --engine local} on the same seeded checkerboard LIBSVM file: the same model file but for the
 * provenance time, so the same decision on every training point; the same accuracies and JSON but for the times
 * and the engine's keys; options the Spark path does not support are refused in one line naming them.
 */
class SparkCvmTrainCommandTest {
    private final SparkSession spark = SharedSpark.session();

    record Run(int exitCode, String out, String err) {
    }

    private static Run kernelkit(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String[] with(String[] args, String... more) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(new String[0]);
    }

    /** The model file's lines but the times (provenance.time, report.seconds, machine.N.seconds). */
    private static List<String> timeless(Path model) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(model));
        lines.removeIf(l -> l.startsWith("provenance.time") || l.matches("[a-z0-9.]*seconds = .*"));
        return lines;
    }

    /** The JSON without the times and the engine's own keys. */
    private static JsonNode comparable(Path json) throws Exception {
        ObjectNode o = (ObjectNode) new ObjectMapper().readTree(json.toFile());
        o.remove(List.of("train_seconds", "gamma_seconds", "scale_seconds", "score_seconds", "engine", "master",
                "cost"));
        return o;
    }

    /** Trains with both engines; returns the two model files (local, spark) after checking files and JSONs agree. */
    private Path[] bothEngines(Path dir, String name, String... args) throws Exception {
        Path local = dir.resolve(name + "-local.model");
        Path onSpark = dir.resolve(name + "-spark.model");
        Run l = kernelkit(with(args, "--model", local.toString(), "--json", dir.resolve(name + "-local.json").toString()));
        Run s = kernelkit(with(args, "--model", onSpark.toString(), "--engine", "spark", "--json",
                dir.resolve(name + "-spark.json").toString()));
        assertThat(l.exitCode()).as(l.err()).isZero();
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(timeless(onSpark)).isEqualTo(timeless(local));
        assertThat(comparable(dir.resolve(name + "-spark.json"))).isEqualTo(comparable(dir.resolve(name + "-local.json")));
        JsonNode sparkJson = new ObjectMapper().readTree(dir.resolve(name + "-spark.json").toFile());
        assertThat(sparkJson.get("engine").asText()).isEqualTo("spark");
        // the module's running session was used, not a second one started
        assertThat(sparkJson.get("master").asText()).isEqualTo(spark.sparkContext().master());
        assertThat(s.out()).contains("engine spark on " + spark.sparkContext().master());
        // the accuracy line (the first) is the local run's but for the time
        assertThat(s.out().lines().findFirst().orElseThrow().replaceAll("trained in [0-9.]+ s", ""))
                .isEqualTo(l.out().lines().findFirst().orElseThrow().replaceAll("trained in [0-9.]+ s", ""));
        return new Path[] {local, onSpark};
    }

    @Test
    void libcvmModeWithTheAutomaticGammaWritesTheLocalModelFileAndDecisions(@TempDir Path dir) throws Exception {
        // 6,000 points: the automatic gamma reads every second point (LibCVM's subsample of at most 5,000)
        Path data = dir.resolve("checkerboard.libsvm");
        LabeledDataset d = SyntheticData.checkerboard(6000, 4, 21);
        LibsvmFormat.write(d, data);
        Path[] models = bothEngines(dir, "libcvm", "cvm", "train", "--data", data.toString(), "--seed", "3");
        Model<?> local = Models.loadClassifier(models[0]);
        Model<?> onSpark = Models.loadClassifier(models[1]);
        LabeledDataset read = LibsvmFormat.readDense(data);
        for (int i = 0; i < read.size(); i++) {
            assertThat(decision(onSpark, read, i)).isEqualTo(decision(local, read, i));
        }
        assertThat(Files.readString(models[1])).contains("gamma");
    }

    @SuppressWarnings("unchecked")
    private static double decision(Model<?> m, LabeledDataset d, int i) {
        return ((Model<Object>) m).decisions(d.x(i))[0];
    }

    @Test
    void jmlrModeWithATestFileGivesTheLocalModelFileAndTestAccuracy(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("train.libsvm");
        Path test = dir.resolve("test.libsvm");
        LibsvmFormat.write(SyntheticData.checkerboard(1500, 4, 5), data);
        LibsvmFormat.write(SyntheticData.checkerboard(800, 4, 6), test);
        Path[] models = bothEngines(dir, "jmlr", "cvm", "train", "--data", data.toString(), "--test", test.toString(),
                "--train-score", "--mode", "jmlr", "--gamma", "6", "--c", "1000", "--eps", "1e-5", "--seed", "9");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("jmlr-spark.json").toFile());
        assertThat(json.get("scored_on").asText()).isEqualTo("test");
        assertThat(json.get("accuracy").asDouble()).isGreaterThan(0.9);
        assertThat(models[1]).exists();
    }

    @Test
    void oneClassWithATestFileGivesTheLocalModelFileAndAccuracy(@TempDir Path dir) throws Exception {
        // the training file: one cell colour of a checkerboard (label 1); the test file: both colours (1 inlier,
        // -1 outlier)
        LabeledDataset board = SyntheticData.checkerboard(1200, 2, 7);
        List<dev.kernelkit.data.Vec> inliers = new ArrayList<>();
        for (int i = 0; i < board.size(); i++) {
            if (board.y(i) == 1) {
                inliers.add(board.x(i));
            }
        }
        double[] ones = new double[inliers.size()];
        java.util.Arrays.fill(ones, 1.0);
        Path data = dir.resolve("inliers.libsvm");
        Path test = dir.resolve("both.libsvm");
        LibsvmFormat.write(new LabeledDataset(inliers, ones), data);
        LabeledDataset both = SyntheticData.checkerboard(600, 2, 8);
        double[] y = both.labels();
        for (int i = 0; i < y.length; i++) {
            y[i] = y[i] == 1 ? 1 : -1;
        }
        LibsvmFormat.write(new LabeledDataset(both.points(), y), test);
        bothEngines(dir, "one-class", "cvm", "train", "--method", "one-class", "--data", data.toString(), "--test",
                test.toString(), "--train-score", "--c", "10", "--seed", "5");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("one-class-spark.json").toFile());
        assertThat(json.get("accuracy").asDouble()).isGreaterThan(0.6);
    }

    @Test
    void everyScaleFittedOnTheExecutorsGivesTheLocalModelFileWithItsScaler(@TempDir Path dir) throws Exception {
        // checkerboard points with a third feature constant at 0.1 (the standard scaler's recomputed case)
        LabeledDataset board = SyntheticData.checkerboard(1200, 4, 9);
        List<dev.kernelkit.data.Vec> x = new ArrayList<>();
        for (int i = 0; i < board.size(); i++) {
            double[] v = board.x(i).toArray();
            x.add(dev.kernelkit.data.DenseVec.of(new double[] {v[0] * 40 + 2, v[1], 0.1}));
        }
        Path data = dir.resolve("scaled.libsvm");
        Path test = dir.resolve("test.libsvm");
        LibsvmFormat.write(new LabeledDataset(x, board.labels()), data);
        LibsvmFormat.write(new LabeledDataset(x.subList(0, 300), java.util.Arrays.copyOf(board.labels(), 300)), test);
        for (String scale : List.of("standard", "minmax", "log1p-minmax")) {
            Path[] models = bothEngines(dir, scale, "cvm", "train", "--data", data.toString(), "--test", test.toString(),
                    "--scale", scale, "--seed", "4", "--c", "1000");
            assertThat(Files.readString(models[1])).contains("scaling");
            JsonNode json = new ObjectMapper().readTree(dir.resolve(scale + "-spark.json").toFile());
            assertThat(json.get("scale").asText()).isEqualTo(scale);
            assertThat(json.get("scale_seconds").asDouble()).isGreaterThan(0);
        }
    }

    @Test
    void ballVectorMachineGivesTheLocalModelFileAndAccuracy(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("train.libsvm");
        LibsvmFormat.write(SyntheticData.checkerboard(1500, 4, 15), data);
        bothEngines(dir, "bvm", "cvm", "train", "--method", "bvm", "--data", data.toString(), "--seed", "2",
                "--scale", "minmax");
    }

    @Test
    void threeClassesOneVsRestAndOneVsOneGiveTheLocalModelFiles(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("three.libsvm");
        LibsvmFormat.write(SparkCoreVectorMachineTest.threeClasses(1200, 17), data);
        bothEngines(dir, "ovr", "cvm", "train", "--data", data.toString(), "--seed", "3", "--multi-class", "ovr");
        bothEngines(dir, "ovo", "cvm", "train", "--data", data.toString(), "--seed", "3", "--multi-class", "ovo");
    }

    @Test
    void aFolderOfPartFilesGivesTheModelOfTheirConcatenationOnOneMachine(@TempDir Path dir) throws Exception {
        LabeledDataset d = SyntheticData.checkerboard(1000, 4, 19);
        Path all = dir.resolve("all.libsvm");
        LibsvmFormat.write(d, all);
        List<String> lines = Files.readAllLines(all);
        Path folder = Files.createDirectories(dir.resolve("parts"));
        Files.write(folder.resolve("part-00000"), lines.subList(0, 400));
        Files.write(folder.resolve("part-00001"), lines.subList(400, lines.size()));
        Path local = dir.resolve("local.model");
        Path onSpark = dir.resolve("spark.model");
        Run l = kernelkit("cvm", "train", "--data", all.toString(), "--seed", "6", "--model", local.toString());
        Run s = kernelkit("cvm", "train", "--data", folder.toString(), "--seed", "6", "--model", onSpark.toString(),
                "--engine", "spark");
        assertThat(l.exitCode()).as(l.err()).isZero();
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(timeless(onSpark)).isEqualTo(timeless(local));
    }

    @Test
    void aFolderGivenAsAFileUriGivesTheSameModelAndAMissingUriIsOneLine(@TempDir Path dir) throws Exception {
        LabeledDataset d = SyntheticData.checkerboard(600, 4, 23);
        Path folder = Files.createDirectories(dir.resolve("parts"));
        LibsvmFormat.write(d, folder.resolve("part-00000"));
        Path plain = dir.resolve("plain.model");
        Path uri = dir.resolve("uri.model");
        // what a cluster user writes (hdfs://..., file:///...): handed to Spark as given, not checked on this disk
        String location = folder.toUri().toString();
        assertThat(location).startsWith("file:///");
        Run p = kernelkit("cvm", "train", "--data", folder.toString(), "--seed", "2", "--model", plain.toString(),
                "--engine", "spark");
        Run u = kernelkit("cvm", "train", "--data", location, "--test", folder.resolve("part-00000").toUri().toString(),
                "--seed", "2", "--model", uri.toString(), "--engine", "spark");
        assertThat(p.exitCode()).as(p.err()).isZero();
        assertThat(u.exitCode()).as(u.err()).isZero();
        assertThat(timeless(uri)).isEqualTo(timeless(plain));
        Path nowhere = dir.resolve("missing");
        Run missing = kernelkit("cvm", "train", "--data", nowhere.toUri().toString(), "--model",
                dir.resolve("m.model").toString(), "--engine", "spark");
        assertThat(missing.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(missing.err()).startsWith("kernelkit: error: no such file or folder: " + nowhere.toUri())
                .contains("Input path does not exist").hasLineCount(1);
        assertThat(dir.resolve("m.model")).doesNotExist();
    }

    @Test
    void optionsTheSparkPathDoesNotSupportAreRefusedInOneLineNamingThem(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("train.libsvm");
        LibsvmFormat.write(SyntheticData.checkerboard(200, 4, 5), data);
        Path model = dir.resolve("m.model");
        Run threads = kernelkit("cvm", "train", "--data", data.toString(), "--engine", "spark", "--threads", "2",
                "--model", model.toString());
        Run format = kernelkit("cvm", "train", "--data", data.toString(), "--engine", "spark", "--format", "arff",
                "--model", model.toString());
        assertThat(threads.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(threads.err()).isEqualTo("kernelkit: error: --threads (the executors' cores are Spark's: --master): "
                + "not supported with --engine spark yet (use --engine local)" + System.lineSeparator());
        assertThat(format.err()).isEqualTo("kernelkit: error: --format arff (Spark reads LIBSVM files): not supported "
                + "with --engine spark yet (use --engine local)" + System.lineSeparator());
        assertThat(model).doesNotExist();
    }

    @Test
    void aBadLineIsOneErrorNamingTheFileAndLineAndWritesNoModel(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("bad.libsvm");
        Files.writeString(data, "1 1:0.5 2:1\n-1 1:0.25\n1 2:x\n-1 1:1\n");
        Path model = dir.resolve("m.model");
        Run r = kernelkit("cvm", "train", "--data", data.toString(), "--engine", "spark", "--gamma", "1",
                "--model", model.toString());
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: " + data + ":3: bad value of feature 2 'x'"
                + System.lineSeparator());
        assertThat(model).doesNotExist();
    }
}
