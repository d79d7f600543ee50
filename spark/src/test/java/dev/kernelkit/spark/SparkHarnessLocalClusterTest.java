package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kernelkit.cli.Main;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.testing.TestData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness on {@code local-cluster[2,1,1024]}: {@code compare --engine spark} whose fits run in two
 * executor JVMs (each deserialising the recipe, reading the broadcast data and fitting the catalog
 * learners there), against {@code --engine local} in this JVM: the same JSON but for the times and the
 * engine's keys, for tuned vector learners and for a bag learner. Runs in surefire's local-cluster
 * execution (its own JVM, the driver at -Xmx256m; SPARK_HOME, SPARK_DIST_CLASSPATH set there).
 */
class SparkHarnessLocalClusterTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MASTER = LocalClusterSpark.MASTER;
    private static SparkSession spark;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws IOException {
        spark = LocalClusterSpark.start("kernelkit-spark-harness-local-cluster");
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    private record Run(int exitCode, String out, String err, JsonNode json) {
    }

    private static Run compare(String name, String... args) throws Exception {
        Path json = dir.resolve(name + ".json");
        List<String> all = new ArrayList<>(List.of("compare", "--json", json.toString()));
        all.addAll(List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
        return new Run(code, out.toString(), err.toString(), code == 0 ? JSON.readTree(json.toFile()) : null);
    }

    private static String[] with(String[] common, String... more) {
        List<String> all = new ArrayList<>(List.of(common));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void tunedVectorLearnersOnTwoExecutorJvmsGiveTheJsonOfTheLocalEngine() throws Exception {
        Path moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(45, 0.3, 4), moons);
        String[] common = {"--data", moons.toString(), "--learners", "svm,l2-svm", "--folds", "3", "--seed", "7",
                "--tune", "--scale", "standard"};
        Run local = compare("vectors-local", common);
        Run cluster = compare("vectors-cluster", with(common, "--engine", "spark", "--master", MASTER));

        assertThat(local.exitCode()).as(local.err()).isZero();
        assertThat(cluster.exitCode()).as(cluster.err()).isZero();
        assertThat(SparkCompareCommandTest.timeless(cluster.json()))
                .isEqualTo(SparkCompareCommandTest.timeless(local.json()));
        assertThat(cluster.json().get("engine").asText()).isEqualTo("spark");
        assertThat(cluster.json().get("master").asText()).isEqualTo(MASTER);
        // the tasks ran on the two executors (not all on the driver while a context started)
        assertThat(cluster.json().get("tasks").asLong()).isPositive();
        assertThat(spark.sparkContext().statusTracker().getExecutorInfos()).as("the driver and two executors").hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void aBagLearnerOnTwoExecutorJvmsGivesTheJsonOfTheLocalEngine() throws Exception {
        Path bags = dir.resolve("bags.csv");
        CsvBagFormat.write(TestData.randomBags(30, 4, 3, 3.0, 21), bags);
        String[] common = {"--data", bags.toString(), "--learners", "mikernel,MI-SVM", "--splits", "3",
                "--test-fraction", "0.3", "--seed", "5"};
        Run local = compare("bags-local", common);
        Run cluster = compare("bags-cluster", with(common, "--engine", "spark", "--master", MASTER));

        assertThat(local.exitCode()).as(local.err()).isZero();
        assertThat(cluster.exitCode()).as(cluster.err()).isZero();
        assertThat(SparkCompareCommandTest.timeless(cluster.json()))
                .isEqualTo(SparkCompareCommandTest.timeless(local.json()));
        assertThat(cluster.json().get("fits").asLong()).isEqualTo(6);
    }
}
