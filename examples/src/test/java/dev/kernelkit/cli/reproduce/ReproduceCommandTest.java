package dev.kernelkit.cli.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kernelkit.cli.Journals;
import dev.kernelkit.cli.Main;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.testing.RealData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    Path data;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    @BeforeEach
    void tinyData() throws IOException {
        data = dir.resolve("data");
        Files.createDirectories(data.resolve("tiny"));
        Random r = new Random(3);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            int y = i % 2 == 0 ? 1 : -1;
            b.append(String.format(Locale.ROOT, "%d 1:%.4f 2:%.4f%n", y, y * 0.8 + r.nextGaussian(), r.nextGaussian()));
        }
        Files.writeString(data.resolve("tiny/tiny.libsvm"), b.toString());
    }

    /** Our accuracy of the same svm cv run, made by a separate invocation of the command line. */
    double directAccuracy(long seed, int repeats) throws IOException {
        Path j = dir.resolve("direct-" + seed + "-" + repeats + ".json");
        Run r = run("svm", "cv", "--data", data.resolve("tiny/tiny.libsvm").toString(), "--folds", "3", "--repeats",
                Integer.toString(repeats), "--seed", Long.toString(seed), "--gamma", "0.5", "--c", "1", "--scale", "none",
                "--json", j.toString());
        assertThat(r.code()).as(r.err()).isZero();
        return JSON.readTree(j.toFile()).get("accuracy_mean").asDouble();
    }

    @Test
    void quickRunReadsEachRunsSummaryNamesMissingDataReportsFailuresAndComputesTheDifferenceInStandardErrors() throws IOException {
        Path out = dir.resolve("out.json");
        Run r = run("reproduce", "test-table", "--quick", "--data-dir", data.toString(), "--json", out.toString(),
                "--markdown", dir.resolve("t.md").toString());
        // the bad run fails (C -1), so the exit code says so; the other rows are still there
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        JsonNode j = JSON.readTree(out.toFile());
        JsonNode rows = j.get("rows");
        assertThat(rows).hasSize(5);

        JsonNode svm = rows.get(0);
        double expected = 100 * directAccuracy(1, 1);
        assertThat(svm.get("ours_mean").asDouble()).isCloseTo(expected, within(1e-9));
        assertThat(svm.get("ours_n").asInt()).isEqualTo(3); // the sd is over the 3 fold accuracies
        double sd = svm.get("ours_sd").asDouble();
        double z = (expected - 80.0) / Math.sqrt(sd * sd / 3 + 4.0 * 4.0 / 5);
        assertThat(svm.get("difference_in_se").asDouble()).isCloseTo(z, within(1e-9));
        assertThat(svm.get("extras").get("folds").asDouble()).isEqualTo(3);

        // a run per seed: mean and sample sd over the seeds' accuracies
        double a1 = 100 * directAccuracy(1, 1), a2 = 100 * directAccuracy(2, 1);
        JsonNode seeds = rows.get(1);
        assertThat(seeds.get("ours_mean").asDouble()).isCloseTo((a1 + a2) / 2, within(1e-9));
        assertThat(seeds.get("ours_sd").asDouble()).isCloseTo(Math.abs(a1 - a2) / Math.sqrt(2), within(1e-9));
        assertThat(seeds.get("ours_n").asInt()).isEqualTo(2);

        assertThat(rows.get(2).get("status").asText()).startsWith("not run: missing ").contains("nope.libsvm");
        assertThat(rows.get(2).get("ours_mean").isNull()).isTrue();
        assertThat(rows.get(3).get("status").asText()).isEqualTo("failed: --c must be > 0 and finite, got -1.0");
        assertThat(rows.get(4).get("status").asText()).contains("full protocol only");
        assertThat(r.out()).contains("run missing: not run: missing").contains("run bad: failed");
        assertThat(r.err()).contains("[1/5] svm: kernelkit svm cv");
        // one error line at the end names the failed run (a missing file is "not run", not failed)
        assertThat(r.err().lines().filter(l -> l.startsWith("kernelkit: error: ")).toList())
                .containsExactly("kernelkit: error: 1 of 5 runs failed (bad); their rows are marked in the table, the reasons"
                        + " are above and each run's log is in " + dir.resolve("out.json.runs"));
        assertThat(Files.readString(dir.resolve("t.md"))).contains("| tiny | svm | ").contains("kernelkit reproduce test-table --quick");
        assertThat(Files.exists(dir.resolve("out.json.runs/svm.log"))).isTrue();
    }

    @Test
    void fullRunAppendsTheFullArgumentsAndResumeReusesFinishedRunsWithoutTheirData() throws IOException {
        Path out = dir.resolve("full.json");
        Run first = run("reproduce", "test-table", "--runs", "svm,later", "--data-dir", data.toString(), "--json", out.toString(),
                "--plots", dir.resolve("plots").toString());
        assertThat(first.code()).as(first.err()).isZero();
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(dir.resolve("plots/test-table.png").toFile());
        assertThat(png).as("--plots writes the table's picture").isNotNull();
        assertThat(png.getWidth()).isGreaterThanOrEqualTo(800);
        JsonNode j = JSON.readTree(out.toFile());
        assertThat(j.get("rows").get(0).get("ours_mean").asDouble()).isCloseTo(100 * directAccuracy(1, 2), within(1e-9));
        assertThat(j.get("rows").get(0).get("ours_n").asInt()).isEqualTo(6); // 3 folds x 2 repeats
        assertThat(j.get("rows").get(4).get("status").asText()).isEqualTo("ran");

        // the data file is gone: a resumed run can only have reused the kept summaries
        Files.delete(data.resolve("tiny/tiny.libsvm"));
        Path again = dir.resolve("again.json");
        Run second = run("reproduce", "test-table", "--runs", "svm,later", "--data-dir", data.toString(), "--json", again.toString(),
                "--work-dir", dir.resolve("full.json.runs").toString(), "--resume");
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.err()).contains("reusing");
        assertThat(JSON.readTree(again.toFile()).get("rows")).isEqualTo(j.get("rows"));

        // a quick run's command line differs (--repeats 1): the full run's summary is not taken for it
        Run quick = run("reproduce", "test-table", "--quick", "--runs", "svm", "--data-dir", data.toString(),
                "--work-dir", dir.resolve("full.json.runs").toString(), "--resume");
        assertThat(quick.err()).doesNotContain("reusing").contains("svm: not run, missing");
    }

    /**
     * A sub-run killed before it finished left its fold journal; {@code reproduce --resume} continues it with
     * {@code --resume}, but records the run's own command line in its {@code .args} (commit 05215f7), so that a
     * later {@code reproduce --resume} recognises the finished run and reuses it instead of running it again.
     */
    @Test
    void aSubRunContinuedFromItsJournalRecordsItsArgumentsWithoutResumeSoALaterResumeReusesIt() throws IOException {
        Path work = dir.resolve("runs");
        Files.createDirectories(work);
        Path summary = work.resolve("svm.json");
        // the full command line of run "svm" of test-table (its arguments, then its full ones), as the table spells it
        List<String> own = List.of("svm", "cv", "--data", data.resolve("tiny/tiny.libsvm").toString(), "--folds", "3",
                "--seed", "1", "--gamma", "0.5", "--c", "1", "--scale", "none", "--json", summary.toString(), "--repeats", "2");
        // the journal a kill before the first finished fold leaves: the run's description, no folds yet
        Path journal = Journals.journalFile(summary);
        FoldJournal.start(journal, "kernelkit " + String.join(" ", own));

        Path out = dir.resolve("resumed.json");
        Run resumed = run("reproduce", "test-table", "--runs", "svm", "--data-dir", data.toString(), "--work-dir",
                work.toString(), "--json", out.toString(), "--resume");
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(resumed.err()).as("the sub-run was continued from its journal")
                .contains("svm: kernelkit " + String.join(" ", own) + " --resume" + System.lineSeparator());
        assertThat(journal).as("the sub-run finished and removed its journal").doesNotExist();
        assertThat(Files.readAllLines(work.resolve("svm.args"))).as("the run's own command line, without --resume")
                .isEqualTo(own).doesNotContain("--resume");
        JsonNode rows = JSON.readTree(out.toFile()).get("rows");
        assertThat(rows.get(0).get("status").asText()).isEqualTo("ran");
        assertThat(rows.get(0).get("ours_mean").asDouble()).isCloseTo(100 * directAccuracy(1, 2), within(1e-9));

        // the data file is gone: the next --resume can only reuse the finished run's summary
        Files.delete(data.resolve("tiny/tiny.libsvm"));
        Path again = dir.resolve("again.json");
        Run second = run("reproduce", "test-table", "--runs", "svm", "--data-dir", data.toString(), "--work-dir",
                work.toString(), "--json", again.toString(), "--resume");
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.err()).contains("svm: reusing").doesNotContain("kernelkit svm cv");
        assertThat(JSON.readTree(again.toFile()).get("rows")).isEqualTo(rows);
    }

    @Test
    void anUnknownTableIsAOneLineErrorNamingTheTables() {
        Run r = run("reproduce", "table-9");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().strip()).isEqualTo("kernelkit: error: unknown table 'table-9': choose one of "
                + String.join(", ", TableSpec.TABLES));
    }

    @Test
    void everyShippedTableParsesNamesItsSourceAndEveryRowHasARun() {
        for (String name : TableSpec.TABLES) {
            TableSpec t = TableSpec.load(name);
            assertThat(t.source()).as(name).isNotBlank();
            assertThat(t.rows()).as(name).isNotEmpty();
            for (TableSpec.Row row : t.rows()) {
                assertThat(t.run(row.run())).isNotNull();
            }
        }
    }

    @Test
    void everyRunOfThePaperTablesGoesToTheEngineAndEveryEngineCommandTakesEngine() {
        for (String name : List.of("mkl-table1", "sparse-mi-table1", "imkpl-table")) {
            for (TableSpec.Run r : TableSpec.load(name).runs()) {
                assertThat(ReproduceCommand.ENGINE_COMMANDS).as(name + " " + r.id())
                        .contains(ReproduceCommand.commandOf(r.args()));
            }
        }
        for (String command : ReproduceCommand.ENGINE_COMMANDS) {
            Run help = run((command + " --help").split(" "));
            assertThat(help.code()).as(command).isZero();
            assertThat(help.out()).as(command).contains("--engine=ENGINE").contains("--master=URL");
        }
    }

    /**
     * The recorded sparse-mi-table1 rows used the cold N_XV search; since warm became {@code --xv auto}'s default start
     * (issue #39) every {@code --xv auto} run of the table names {@code --xv-start cold}.
     */
    @Test
    void everyAutoXvRunOfTheSparseMiTableNamesTheColdStartOfTheRecordedRows() {
        int auto = 0;
        for (TableSpec.Run r : TableSpec.load("sparse-mi-table1").runs()) {
            int xv = r.args().indexOf("--xv");
            if (xv >= 0 && r.args().get(xv + 1).equals("auto")) {
                auto++;
                int start = r.args().indexOf("--xv-start");
                assertThat(start).as(r.id()).isNotNegative();
                assertThat(r.args().get(start + 1)).as(r.id()).isEqualTo("cold");
            }
        }
        assertThat(auto).isEqualTo(4);  // MUSK1, Elephant, Fox, Tiger
    }

    @Test
    void everyDataFileAShippedTableNamesExistsInTheSharedData() {
        Path base = RealData.file("heart/heart.libsvm").getParent().getParent();
        List<String> missing = new ArrayList<>();
        for (String name : TableSpec.TABLES) {
            for (TableSpec.Run run : TableSpec.load(name).runs()) {
                for (String f : run.files()) {
                    if (!Files.isRegularFile(base.resolve(f))) {
                        missing.add(name + ": " + f);
                    }
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void theCvmScalingRowsReadKeysThatBenchCvmWrites() throws IOException {
        Path j = dir.resolve("bench.json");
        Run r = run("bench", "cvm", "--n", "1500", "--c", "1e4", "--eps", "1e-5", "--gamma", "0.378", "--json", j.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode summary = JSON.readTree(j.toFile());
        TableSpec t = TableSpec.load("cvm-scaling");
        for (TableSpec.Row row : t.rows()) {
            if (row.run().equals("checker") && row.mean().path().startsWith("runs.0.")) {
                assertThat(RowResult.value(summary, row.mean())).as(row.method()).isBetween(0.0, 100.0);
                for (TableSpec.ValuePath p : row.extras().values()) {
                    assertThat(RowResult.value(summary, p)).as(row.method() + " " + p.path()).isFinite();
                }
            }
        }
    }

    /** The real files: every row of one run per shipped vector / bag table resolves to a number. */
    @Test
    void quickRealDataRunsOfHeartMusk1AndToxGiveANumberForEveryRow() throws IOException {
        Path base = RealData.file("heart/heart.libsvm").getParent().getParent();
        String[][] cases = {{"mkl-table1", "heart"}, {"sparse-mi-table1", "musk1-xv10"}, {"imkpl-table", "tox171-iskpl"}};
        for (String[] c : cases) {
            Path out = dir.resolve(c[0] + ".json");
            Run r = run("reproduce", c[0], "--quick", "--runs", c[1], "--data-dir", base.toString(), "--json", out.toString());
            assertThat(r.code()).as(c[0] + "\n" + r.err()).isZero();
            for (JsonNode row : JSON.readTree(out.toFile()).get("rows")) {
                if (row.get("run").asText().equals(c[1])) {
                    assertThat(row.get("status").asText()).as(c[0] + " " + row.get("method")).isEqualTo("ran");
                    assertThat(row.get("ours_mean").asDouble()).as(c[0] + " " + row.get("method")).isBetween(0.0, 100.0);
                    row.get("extras").forEach(v -> assertThat(v.isNumber()).as(c[0] + " " + row).isTrue());
                } else {
                    assertThat(row.get("status").asText()).isEqualTo("not run: not in --runs");
                }
            }
        }
    }
}
