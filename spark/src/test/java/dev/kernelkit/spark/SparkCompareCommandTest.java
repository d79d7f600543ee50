package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kernelkit.cli.Main;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.testing.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kernelkit compare --engine spark} (the command line in this JVM, on the module's shared
 * session, which the engine must reuse) against {@code --engine local}: the same JSON but for the
 * times and the engine's own keys, which say what ran where; the table says it on one line.
 */
class SparkCompareCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Keys of measured times (seconds), which differ from run to run, and of the engine. */
    private static final Pattern VARYING = Pattern.compile(".*seconds.*|engine|master|tasks|fits");

    @TempDir
    static Path dir;
    static Path moons;
    static Path bags;

    private final SparkSession spark = SharedSpark.session();

    @BeforeAll
    static void data() throws Exception {
        moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(45, 0.3, 4), moons);
        bags = dir.resolve("bags.csv");
        CsvBagFormat.write(TestData.randomBags(30, 4, 3, 3.0, 21), bags);
    }

    record Run(int exitCode, String out, String err, JsonNode json) {
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

    /** A copy without the measured times and the engine's keys, at any depth (also for SparkModuleCvCommandsTest). */
    static JsonNode timeless(JsonNode node) {
        JsonNode copy = node.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (VARYING.matcher(e.getKey()).matches()) {
                    it.remove();
                } else {
                    strip(e.getValue());
                }
            }
        } else if (node.isArray()) {
            node.forEach(SparkCompareCommandTest::strip);
        }
    }

    @Test
    void tunedVectorLearnersOnSparkGiveTheJsonOfTheLocalEngine() throws Exception {
        String[] common = {"--data", moons.toString(), "--learners", "svm,l2-svm", "--folds", "3", "--seed", "7",
                "--tune", "--scale", "standard"};
        Run local = compare("vectors-local", common);
        Run onSpark = compare("vectors-spark", concat(common, "--engine", "spark", "--master", "local[2]"));

        assertThat(local.exitCode()).as(local.err()).isZero();
        assertThat(onSpark.exitCode()).as(onSpark.err()).isZero();
        assertThat(timeless(onSpark.json())).isEqualTo(timeless(local.json()));
        assertThat(local.json().get("engine").asText()).isEqualTo("local");
        assertThat(onSpark.json().get("engine").asText()).isEqualTo("spark");
        // the module's running session was reused, not a second one started on local[2]
        assertThat(onSpark.json().get("master").asText()).isEqualTo(spark.sparkContext().master());
        // per learner and outer split: its grid points x 3 inner splits, and the final fit
        long fits = onSpark.json().get("fits").asLong();
        assertThat(fits).isEqualTo(3 * (3 * gridSize("svm") + 1) + 3 * (3 * gridSize("l2-svm") + 1));
        // as Spark tasks: one per inner split (every grid point fitted on it), and the final fit
        long tasks = onSpark.json().get("tasks").asLong();
        assertThat(tasks).isEqualTo(2 * 3 * (3 + 1));
        double longest = onSpark.json().get("longest_fit_seconds").asDouble();
        double sum = onSpark.json().get("sum_fit_seconds").asDouble();
        assertThat(longest).isPositive();
        assertThat(sum).isGreaterThanOrEqualTo(longest);
        assertThat(onSpark.out()).contains("engine spark (" + spark.sparkContext().master() + "): " + tasks
                + " tasks, longest fit ").contains("; " + fits + " fits, ");
        assertThat(Files.exists(dir.resolve("vectors-spark.json.journal"))).isFalse();
    }

    @Test
    void bagLearnerOnHoldOutSplitsOnSparkGivesTheJsonOfTheLocalEngine() throws Exception {
        String[] common = {"--data", bags.toString(), "--learners", "mikernel", "--splits", "3", "--test-fraction", "0.3",
                "--seed", "5"};
        Run local = compare("bags-local", common);
        Run onSpark = compare("bags-spark", concat(common, "--engine", "spark", "--master", "local[2]"));

        assertThat(local.exitCode()).as(local.err()).isZero();
        assertThat(onSpark.exitCode()).as(onSpark.err()).isZero();
        assertThat(timeless(onSpark.json())).isEqualTo(timeless(local.json()));
        // catalog defaults: one final fit per split
        assertThat(onSpark.json().get("tasks").asLong()).isEqualTo(3);
        assertThat(onSpark.json().get("fits").asLong()).isEqualTo(3);
    }

    @Test
    void aJournalOfALocalRunResumesOnSparkToTheJsonOfAnUninterruptedRun() throws Exception {
        String[] common = {"--data", moons.toString(), "--learners", "svm", "--folds", "3", "--seed", "3", "--tune"};
        Run uninterrupted = compare("uninterrupted", common);
        assertThat(uninterrupted.exitCode()).as(uninterrupted.err()).isZero();

        // a local run's journal as it stood while the run went on (copied by a watcher thread; the run removes it
        // once its JSON is written): keep the first two folds of it, as a run killed during the third would have left
        Path json = dir.resolve("resumed.json");
        Path journal = dir.resolve("resumed.json.journal");
        java.util.concurrent.atomic.AtomicReference<List<String>> seen = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread watcher = new Thread(() -> {
            while (!done.get()) {
                try {
                    List<String> now = Files.readAllLines(journal);
                    if (now.stream().filter(l -> l.startsWith("fold\t")).count() >= 2) {
                        seen.set(now);
                    }
                } catch (java.io.IOException e) {
                    // not there yet, or being replaced: look again
                }
                Thread.onSpinWait();
            }
        });
        watcher.start();
        Run whole = compare("resumed", common);
        done.set(true);
        watcher.join();
        assertThat(whole.exitCode()).as(whole.err()).isZero();
        List<String> lines = seen.get();
        assertThat(lines).as("the journal seen while the run went on").isNotNull();
        List<String> kept = new ArrayList<>(lines.stream().filter(l -> !l.startsWith("fold\t") && !l.startsWith("point\t"))
                .toList());
        kept.addAll(lines.stream().filter(l -> l.startsWith("fold\t")).limit(2).toList());
        assertThat(kept.stream().filter(l -> l.startsWith("fold\t")).count()).isEqualTo(2);
        Files.write(journal, kept);
        Files.delete(json);

        Run resumed = compare("resumed", concat(common, "--resume", "--engine", "spark", "--master", "local[2]"));

        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.err()).contains("resuming from " + journal + ": 2 finished outer fold(s)");
        assertThat(timeless(resumed.json())).isEqualTo(timeless(uninterrupted.json()));
        // only the third fold ran, on Spark: its grid's inner fits and its final fit
        assertThat(resumed.json().get("fits").asLong()).isEqualTo(3 * gridSize("svm") + 1);
        assertThat(resumed.json().get("tasks").asLong()).isEqualTo(3 + 1);
        assertThat(journal).doesNotExist();
    }

    /** The size of a vector learner's catalog grid (the same on every training part of these learners). */
    private static int gridSize(String learner) throws Exception {
        return Learners.vectors(learner).grid(LibsvmFormat.read(moons), 7).size();
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
