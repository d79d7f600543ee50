package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kernelkit.cli.Main;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.testing.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module commands' {@code cv} with {@code --engine spark} (the command line in this JVM, on the module's
 * shared session) against {@code --engine local}: {@code svm cv} (its own grid and inner search; on bags with
 * fixed parameters), {@code cvm cv} (cvm on points, cvr's plain k-fold and mean squared error, cvm on bags),
 * {@code sparse-mi cv} (fixed and searched) and {@code compare}, {@code mkl cv} and {@code compare} and {@code prototypes cv} give the same JSON but for
 * the times and the engine's own keys, and the task counts of their protocols.
 */
class SparkModuleCvCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Keys of measured times (seconds), which differ from run to run, and of the engine. */

    @TempDir
    static Path dir;
    static Path moons;
    static Path bags;
    static Path sine;
    static Path ring;
    static Path threeClasses;

    private final SparkSession spark = SharedSpark.session();

    @BeforeAll
    static void data() throws Exception {
        moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(45, 0.3, 4), moons);
        bags = dir.resolve("bags.csv");
        CsvBagFormat.write(TestData.randomBags(30, 4, 3, 3.0, 21), bags);
        sine = dir.resolve("sine.libsvm");
        SplittableRandom r = new SplittableRandom(6);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[40];
        for (int i = 0; i < y.length; i++) {
            double a = -2 + 4 * r.nextDouble();
            x.add(DenseVec.of(a, r.nextDouble()));
            y[i] = Math.sin(a) + 0.05 * r.nextGaussian();
        }
        LibsvmFormat.write(new LabeledDataset(x, y), sine);
        ring = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(15, 4, 6, 21), ring);
        threeClasses = dir.resolve("three.libsvm");
        SplittableRandom q = new SplittableRandom(3);
        List<Vec> xs = new ArrayList<>();
        double[] ys = new double[36];
        for (int i = 0; i < ys.length; i++) {
            xs.add(DenseVec.of(i % 3 + 0.3 * q.nextGaussian(), q.nextGaussian()));
            ys[i] = i % 3 + 1;
        }
        LibsvmFormat.write(new LabeledDataset(xs, ys), threeClasses);
    }

    record Run(int exitCode, String out, String err, JsonNode json) {
    }

    private static Run run(String name, List<String> args) throws Exception {
        Path json = dir.resolve(name + ".json");
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--json", json.toString()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
        return new Run(code, out.toString(), err.toString(), code == 0 ? JSON.readTree(json.toFile()) : null);
    }

    /**
     * Runs the command locally and on Spark ({@code local[2]}, the shared session) and checks the two JSON
     * files are equal but for the times and the engine's keys.
     *
     * @return the Spark run's JSON
     */
    private JsonNode sameOnSpark(String name, List<String> args) throws Exception {
        Run local = run(name + "-local", args);
        List<String> onSparkArgs = new ArrayList<>(args);
        onSparkArgs.addAll(List.of("--engine", "spark", "--master", "local[2]"));
        Run onSpark = run(name + "-spark", onSparkArgs);

        assertThat(local.exitCode()).as(local.err()).isZero();
        assertThat(onSpark.exitCode()).as(onSpark.err()).isZero();
        assertThat(SparkCompareCommandTest.timeless(onSpark.json()))
                .isEqualTo(SparkCompareCommandTest.timeless(local.json()));
        assertThat(local.json().get("engine").asText()).isEqualTo("local");
        assertThat(onSpark.json().get("engine").asText()).isEqualTo("spark");
        assertThat(onSpark.json().get("master").asText()).isEqualTo(spark.sparkContext().master());
        assertThat(onSpark.out()).contains("engine spark (" + spark.sparkContext().master() + "): "
                + onSpark.json().get("tasks").asLong() + " tasks, longest fit ").contains("; "
                + onSpark.json().get("fits").asLong() + " fits, ");
        return onSpark.json();
    }

    @Test
    void svmCvWithItsGridSearchOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("svm-grid", List.of("svm", "cv", "--data", moons.toString(), "--folds", "3",
                "--seed", "7", "--scale", "standard", "--c", "10"));
        assertThat(j.get("grid_search").asBoolean()).isTrue();
        // per outer fold: 5 gammas x 1 C on 3 inner splits, and the final fit
        assertThat(j.get("fits").asLong()).isEqualTo(3 * (5 * 3 + 1));
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void svmCvMaximisingBalancedAccuracyOnSparkGivesTheJsonOfTheLocalEngineAndItsOwnChoices() throws Exception {
        // two moons with three quarters of class -1 left out (seeded), as examples' SvmCvMetricTest: on these splits
        // balanced accuracy chooses other grid points than accuracy, so the executors must use the recipe's metric
        LabeledDataset twoMoons = SyntheticData.twoMoons(160, 0.35, 21);
        SplittableRandom r = new SplittableRandom(21);
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < twoMoons.size(); i++) {
            if (twoMoons.y(i) > 0 || r.nextDouble() < 0.25) {
                keep.add(i);
            }
        }
        Path imbalanced = dir.resolve("imbalanced-moons.libsvm");
        LibsvmFormat.write(twoMoons.subset(keep.stream().mapToInt(Integer::intValue).toArray()), imbalanced);
        List<String> args = List.of("svm", "cv", "--data", imbalanced.toString(), "--folds", "3", "--seed", "3",
                "--scale", "standard");
        List<String> balanced = new ArrayList<>(args);
        balanced.addAll(List.of("--metric", "balanced-accuracy"));
        JsonNode j = sameOnSpark("svm-balanced", balanced);
        assertThat(j.get("metric").asText()).isEqualTo("balanced-accuracy");
        JsonNode byAccuracy = run("svm-accuracy", args).json();
        assertThat(List.of(j.get("fold_kernels"), j.get("fold_c")))
                .isNotEqualTo(List.of(byAccuracy.get("fold_kernels"), byAccuracy.get("fold_c")));
    }

    @Test
    void svmCvOnBagsWithFixedParametersOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("svm-bags", List.of("svm", "cv", "--data", bags.toString(), "--gamma", "0.5", "--c", "1",
                "--folds", "3", "--repeats", "2", "--seed", "5"));
        assertThat(j.get("input").asText()).isEqualTo("bags");
        assertThat(j.get("fits").asLong()).isEqualTo(6);
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void cvmCvOnPointsOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("cvm-points", List.of("cvm", "cv", "--data", moons.toString(), "--folds", "3",
                "--seed", "2", "--scale", "minmax", "--cache-mb", "16"));
        assertThat(j.get("fold_core_vectors")).hasSize(3);
        assertThat(j.get("fits").asLong()).isEqualTo(3);
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void cvrCvOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("cvr", List.of("cvm", "cv", "--data", sine.toString(), "--method", "cvr", "--gamma", "1",
                "--folds", "4", "--seed", "3", "--cache-mb", "16"));
        assertThat(j.get("fold_mse")).hasSize(4);
        assertThat(j.get("fits").asLong()).isEqualTo(4);
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void cvmCvOnBagsOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("cvm-bags", List.of("cvm", "cv", "--data", bags.toString(), "--folds", "3", "--seed", "4",
                "--cache-mb", "16"));
        assertThat(j.get("input").asText()).isEqualTo("bags");
        assertThat(j.get("fits").asLong()).isEqualTo(3);
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void sparseMiCvWithFixedParametersOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("sparse-mi-fixed", List.of("sparse-mi", "cv", "--data", ring.toString(), "--xv", "2",
                "--gamma", "0.5", "--c", "10", "--folds", "3", "--method", "rsvm"));
        assertThat(j.get("fold_accuracies")).hasSize(3);
        assertThat(j.get("fits").asLong()).isEqualTo(3);
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void sparseMiCvWithItsInnerSearchOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("sparse-mi-grid", List.of("sparse-mi", "cv", "--data", ring.toString(), "--xv", "2",
                "--gamma-grid", "0.5,4", "--c-grid", "10", "--folds", "3", "--iterations", "4", "--seed", "7"));
        assertThat(j.get("fold_accuracies")).hasSize(3);
        assertThat(j.get("fits").asLong()).isGreaterThan(3);
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void mklCvOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("mkl", List.of("mkl", "cv", "--data", moons.toString(), "--method", "sm1",
                "--splits", "2", "--kernel", "gaussian:gamma=0.5", "--kernel", "linear", "--c-grid", "1,10",
                "--nu-grid", "0,1", "--inner-folds", "2", "--seed", "3"));
        assertThat(j.get("fits").asLong()).isGreaterThan(2);
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void mklCompareOfTwoMethodsOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("mkl-compare", List.of("mkl", "compare", "--data", moons.toString(), "--methods",
                "sm1,ave", "--splits", "2", "--kernel", "gaussian:gamma=0.5", "--kernel", "linear", "--c-grid", "1,10",
                "--nu-grid", "0,1", "--inner-folds", "2", "--seed", "3"));
        assertThat(j.get("methods").get("sm1").get("split_accuracies")).hasSize(2);
        assertThat(j.get("methods").get("ave").get("split_accuracies")).hasSize(2);
        // sm1 per split: 2 C x 2 nu on 2 inner splits and the final fit; ave: 2 C on 2 inner splits and the final fit
        assertThat(j.get("fits").asLong()).isEqualTo(2 * (2 * 2 * 2 + 1) + 2 * (2 * 2 + 1));
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void prototypesCvOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("prototypes", List.of("prototypes", "cv", "--data", threeClasses.toString(), "--t", "2",
                "--splits", "2", "--max-iterations", "2", "--inner-folds", "2"));
        assertThat(j.get("accuracy_per_split")).hasSize(2);
        assertThat(j.get("fits").asLong()).isEqualTo(2);
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void sparseMiCompareOfTwoMethodsOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        JsonNode j = sameOnSpark("sparse-mi-compare", List.of("sparse-mi", "compare", "--data", ring.toString(),
                "--methods", "rsvm,mikernel", "--xv", "2", "--gamma-grid", "0.5,4", "--c-grid", "10", "--folds", "3",
                "--seed", "2"));
        assertThat(j.get("methods").get("rsvm").get("fold_accuracies")).hasSize(3);
        assertThat(j.get("methods").get("mikernel").get("fold_accuracies")).hasSize(3);
        // per method and outer fold: 2 gammas x 1 C on 3 inner splits, and the final fit
        assertThat(j.get("fits").asLong()).isEqualTo(2 * 3 * (2 * 3 + 1));
        assertThat(j.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(j.get("fits").asLong());
    }

    @Test
    void reproduceOnSparkRunsItsRunsOnTheSessionAndGivesTheRowsOfTheLocalEngine() throws Exception {
        Path data = dir.resolve("reproduce-data");
        java.nio.file.Files.createDirectories(data.resolve("tiny"));
        java.nio.file.Files.copy(moons, data.resolve("tiny/tiny.libsvm"));
        Path json = dir.resolve("reproduce.json");
        List<String> common = List.of("reproduce", "spark-test-table", "--data-dir", data.toString(), "--work-dir",
                dir.resolve("reproduce-work").toString(), "--json", json.toString());
        Run local = reproduce(common);
        List<String> onSparkArgs = new ArrayList<>(common);
        onSparkArgs.addAll(List.of("--engine", "spark", "--master", "local[2]"));
        Run onSpark = reproduce(onSparkArgs);

        assertThat(local.exitCode()).as(local.err()).isZero();
        assertThat(onSpark.exitCode()).as(onSpark.err()).isZero();
        assertThat(SparkCompareCommandTest.timeless(onSpark.json()))
                .isEqualTo(SparkCompareCommandTest.timeless(local.json()));
        // each run went to the session: its summary names the engine and counts its tasks
        JsonNode svm = JSON.readTree(dir.resolve("reproduce-work").resolve(
                java.nio.file.Files.list(dir.resolve("reproduce-work")).map(p -> p.getFileName().toString())
                        .filter(n -> n.startsWith("svm") && n.endsWith(".json")).findFirst().orElseThrow()).toFile());
        assertThat(svm.get("engine").asText()).isEqualTo("spark");
        assertThat(svm.get("fits").asLong()).isEqualTo(3 * (5 * 3 + 1));
        assertThat(svm.get("tasks").asLong()).isPositive().isLessThanOrEqualTo(svm.get("fits").asLong());
        assertThat(onSpark.err()).contains("kernelkit svm cv").contains("--engine spark")
                .contains("kernelkit mkl compare").doesNotContain("has no --engine");
        JsonNode mkl = JSON.readTree(dir.resolve("reproduce-work").resolve(
                java.nio.file.Files.list(dir.resolve("reproduce-work")).map(p -> p.getFileName().toString())
                        .filter(n -> n.startsWith("mkl") && n.endsWith(".json")).findFirst().orElseThrow()).toFile());
        assertThat(mkl.get("engine").asText()).isEqualTo("spark");
        assertThat(mkl.get("tasks").asLong()).isPositive();
    }

    /** A reproduce run (its JSON read when it succeeds). */
    private static Run reproduce(List<String> args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new));
        Path json = Path.of(args.get(args.indexOf("--json") + 1));
        return new Run(code, out.toString(), err.toString(), code == 0 ? JSON.readTree(json.toFile()) : null);
    }
}
