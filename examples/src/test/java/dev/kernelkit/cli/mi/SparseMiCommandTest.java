package dev.kernelkit.cli.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SparseMiCommandTest {

    private static String run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SparseMiCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
        return out + err.toString();
    }

    @Test
    void trainPredictAndCvOnTheRingProblem(@TempDir Path dir) throws Exception {
        BagDataset ring = SyntheticData.ringBags(15, 4, 6, 21);
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(ring, data);
        Path model = dir.resolve("ring.model");
        String train = run(0, "train", "--data", data.toString(), "--xv", "2", "--gamma", "0.5", "--c", "10",
                "--model", model.toString());
        assertThat(train).contains("training_accuracy 1.0000").contains("bags 30");
        String twice = run(0, "train", "--data", data.toString(), "--xv", "2", "--gamma", "0.5", "--c", "10",
                "--replicate", "2", "--iterations", "3");
        assertThat(twice).contains("bags 60").contains("instances " + 2 * ring.instanceCount());
        String predict = run(0, "predict", "--model", model.toString(), "--data", data.toString());
        assertThat(predict).contains("# accuracy 1.0000").contains("kernel_evals_per_instance 2");
        Path json = dir.resolve("cv.json");
        String cv = run(0, "cv", "--data", data.toString(), "--xv", "2", "--gamma", "0.5", "--c", "10", "--folds",
                "3", "--method", "rsvm", "--json", json.toString());
        assertThat(cv).contains("method rsvm");
        String mik = run(0, "cv", "--data", data.toString(), "--gamma", "0.5", "--c", "10", "--folds", "3",
                "--method", "mikernel");
        assertThat(mik).contains("method mikernel").contains("accuracy ");
        String text = Files.readString(json);
        for (String key : new String[] {"accuracy_mean", "accuracy_sd", "xv", "train_seconds", "predict_seconds",
                "kernel_evals_per_instance"}) {
            assertThat(text).contains("\"" + key + "\"");
        }
    }

    @Test
    void repeatedCvReportsEveryRepeatAndFoldInTheTableAndTheJson(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(9, 3, 4, 8), data);
        Path json = dir.resolve("cv.json");
        String cv = run(0, "cv", "--data", data.toString(), "--method", "mikernel", "--gamma", "0.5", "--c", "10",
                "--folds", "3", "--repeats", "2", "--json", json.toString());
        assertThat(cv).contains("# per repeat: ");
        String text = Files.readString(json);
        assertThat(text).contains("\"accuracy_sd_over_repeats\"").contains("\"method\": \"mikernel\"");
        assertThat(listIn(text, "repeat_accuracies")).hasSize(2);
        assertThat(listIn(text, "fold_accuracies")).hasSize(6);
        Path cmp = dir.resolve("compare.json");
        String out = run(0, "compare", "--data", data.toString(), "--folds", "3", "--repeats", "2", "--methods",
                "mikernel", "--gamma-grid", "1", "--c-grid", "10", "--json", cmp.toString());
        assertThat(out).contains("per repeat: ");
        String compared = Files.readString(cmp);
        assertThat(listIn(compared, "repeat_accuracies")).hasSize(2);
        assertThat(listIn(compared, "fold_accuracies")).hasSize(6);
        // the same folds and (gamma, C): compare's mikernel row is cv's
        assertThat(listIn(compared, "fold_accuracies")).containsExactly(listIn(text, "fold_accuracies"));
    }

    @Test
    void aGridEdgeChosenInMostFoldsIsReportedAndAnInteriorChoiceIsNot(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(12, 3, 5, 8), data);
        // ring against centre bags: a nearly flat kernel (gamma * dim 1e-6) cannot separate them
        String cv = run(0, "cv", "--data", data.toString(), "--method", "mikernel", "--gamma-grid", "1e-6,1e-5,1",
                "--c-grid", "10", "--folds", "3");
        assertThat(cv).containsPattern("# note: gamma chose the grid's largest value in [23] of 3 folds; the best may "
                + "lie beyond it \\(widen --gamma-grid\\)");
        assertThat(cv).doesNotContain("C chose");
        String cmp = run(0, "compare", "--data", data.toString(), "--methods", "mikernel", "--gamma-grid",
                "1e-6,1e-5,1", "--c-grid", "10", "--folds", "3");
        assertThat(cmp).contains("note: gamma chose the grid's largest value");
        // the same grid listed largest first: the same choices (no ties), the same note by value
        String descending = run(0, "cv", "--data", data.toString(), "--method", "mikernel", "--gamma-grid",
                "1,1e-5,1e-6", "--c-grid", "10", "--folds", "3");
        assertThat(descending).containsPattern("# note: gamma chose the grid's largest value in [23] of 3 folds; the best "
                + "may lie beyond it \\(widen --gamma-grid\\)").doesNotContain("smallest");
        String interior = run(0, "cv", "--data", data.toString(), "--method", "mikernel", "--gamma-grid", "1e-6,1,1e6",
                "--c-grid", "10", "--folds", "3");
        assertThat(interior).doesNotContain("# note: gamma");
    }

    /** The numbers of the JSON list under {@code key}. */
    private static String[] listIn(String json, String key) {
        int start = json.indexOf('[', json.indexOf("\"" + key + "\""));
        return json.substring(start + 1, json.indexOf(']', start)).split(",\\s*");
    }

    @Test
    void badOptionsAreReportedByName(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(5, 3, 4, 2), data);
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SparseMiCommand());
        cl.setErr(new PrintWriter(err));
        cl.setExecutionExceptionHandler((ex, line, parse) -> {
            line.getErr().println(ex.getMessage());
            return 1;
        });
        assertThat(cl.execute("cv", "--data", data.toString(), "--gamma", "1")).isEqualTo(1);
        assertThat(err.toString()).contains("give both --gamma and --c");
        assertThat(cl.execute("cv", "--data", data.toString(), "--method", "best", "--gamma", "1", "--c", "1"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("--method must be sparsemi, mikernel, rsvm or rs, got 'best'");
    }

    @Test
    void compareWritesOneSummaryPerChosenMethodAndMarksTheOthers(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(9, 2, 4, 6), data);
        Path json = dir.resolve("compare.json");
        String out = run(0, "compare", "--data", data.toString(), "--folds", "3", "--xv", "2", "--iterations", "2",
                "--methods", "rsvm,mi-SVM,MI-SVM,miles", "--json", json.toString());
        assertThat(out).contains("cccp      not run (--methods)").contains("sparsemi  not run (--methods)");
        String text = Files.readString(json);
        assertThat(text).contains("\"methods\": {");
        for (String m : new String[] {"rsvm", "mi-SVM", "MI-SVM", "miles"}) {
            assertThat(text).contains("\"" + m + "\": {");
        }
        for (String m : new String[] {"sparsemi", "mikernel", "\"rs\"", "mi-svm", "cccp"}) {
            assertThat(text).doesNotContain(m.startsWith("\"") ? m : "\"" + m + "\"");
        }
        for (String key : new String[] {"accuracy_mean", "accuracy_sd", "vectors", "train_seconds", "predict_seconds",
                "unconverged_folds"}) {
            assertThat(text.split("\"" + key + "\"", -1)).hasSize(5);
        }
    }

    @Test
    void compareUsesTheGivenGridsAndKeepsTheDefaultOtherwise(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(6, 2, 4, 6), data);
        // 2 features: gamma = 1/2; a one-point grid fixes (gamma, C) without tuning.
        String out = run(0, "compare", "--data", data.toString(), "--folds", "3", "--xv", "2", "--methods", "rsvm",
                "--gamma-grid", "1", "--c-grid", "10");
        assertThat(out).contains("gamma in [0.5], C in [10.0]");
        String dflt = run(0, "compare", "--data", data.toString(), "--folds", "3", "--xv", "2", "--methods", "rsvm");
        // Default: {1/8, 1/4, 1/2, 1, 2} / 2 and {1, 10, 100}.
        assertThat(dflt).contains("gamma in [0.0625, 0.125, 0.25, 0.5, 1.0], C in [1.0, 10.0, 100.0]");
    }

    @Test
    void compareTunesTheSetKernelFormAndTheWeightingWhenGivenSeveralAndMatchesTheLibraryProtocol(@TempDir Path dir)
            throws Exception {
        BagDataset ring = SyntheticData.ringBags(9, 3, 4, 6);
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(ring, data);
        Path json = dir.resolve("compare.json");
        String out = run(0, "compare", "--data", data.toString(), "--folds", "3", "--methods", "mikernel,MI-SVM",
                "--mikernel-forms", "averaged,summed", "--misvm-weightings", "instance,bag", "--json", json.toString());
        assertThat(out).contains("chosen: ");
        String text = Files.readString(json);
        assertThat(text.split("\"variants_chosen\"", -1)).hasSize(3);
        // the same numbers as the library's variant protocol run directly on the file's bags
        ring = CsvBagFormat.read(data);
        double[] gammas = MiProtocol.defaultGammas(ring.dim());
        Evaluation expected = MiProtocol.tunedVariants(java.util.List.of(
                new MiProtocol.Variant("averaged", (g, c) -> MiKernel.trainer(MiKernelOptions.defaults()
                        .withForm(MiKernelOptions.Form.AVERAGED).withGamma(g).withC(c))),
                new MiProtocol.Variant("summed", (g, c) -> MiKernel.trainer(MiKernelOptions.defaults()
                        .withForm(MiKernelOptions.Form.SUMMED).withGamma(g).withC(c)))),
                3, 1, 1, gammas, MiProtocol.defaultCs(), 1).run(ring);
        assertThat(out).contains(String.format(java.util.Locale.ROOT, "mikernel  %6.2f ± %-8.2f",
                100 * expected.summary().mean(), 100 * expected.summary().sd()));
        assertThat(out).contains("chosen: " + SparseMiCompareCommand.chosenCounts(MiProtocol.variants(expected)));
        assertThat(fail("compare", "--data", data.toString(), "--methods", "mikernel", "--mikernel-forms", "median"))
                .contains("--mikernel-forms: unknown value 'median'; expected one of averaged, normalized, summed");
        assertThat(fail("compare", "--data", data.toString(), "--methods", "mi-SVM", "--misvm-weightings", "uniform"))
                .contains("--misvm-weightings: unknown value 'uniform'");
    }

    @Test
    void chosenCountsListVariantsInFirstChosenOrder() {
        assertThat(SparseMiCompareCommand.chosenCounts(new String[] {"summed", "averaged", "summed"}))
                .isEqualTo("summed 2, averaged 1");
    }

    @Test
    void compareRejectsAnUnknownMethod(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(5, 3, 4, 2), data);
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SparseMiCommand());
        cl.setErr(new PrintWriter(err));
        cl.setExecutionExceptionHandler((ex, line, parse) -> {
            line.getErr().println(ex.getMessage());
            return 1;
        });
        assertThat(cl.execute("compare", "--data", data.toString(), "--methods", "best")).isEqualTo(1);
        assertThat(err.toString()).contains("unknown method 'best'");
    }
    /** Runs with the main command's error handling (message to stderr, exit 1); returns stderr. */
    private static String fail(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SparseMiCommand());
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        cl.setExecutionExceptionHandler((ex, line, parse) -> {
            line.getErr().println(ex.getMessage());
            return 1;
        });
        assertThat(cl.execute(args)).as("exit code; stderr: %s", err).isEqualTo(1);
        return err.toString();
    }

    @Test
    void stepRuleGradientTrainsThePrintedAlgorithmAndAnUnknownRuleIsNamed(@TempDir Path dir) throws Exception {
        BagDataset ring = SyntheticData.ringBags(10, 3, 5, 4);
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(ring, data);
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.5).withC(10).withExpansionVectors(2)
                .withMaxIterations(6).withSeed(2);
        for (SparseMiOptions.StepRule rule : SparseMiOptions.StepRule.values()) {
            double g = SparseMi.fit(ring, o.withStepRule(rule)).finalObjective();
            String train = run(0, "train", "--data", data.toString(), "--xv", "2", "--gamma", "0.5", "--c", "10",
                    "--iterations", "6", "--seed", "2", "--step", rule.name().toLowerCase(java.util.Locale.ROOT));
            assertThat(train).contains(String.format(java.util.Locale.ROOT, "objective %.6g", g));
        }
        String cmp = run(0, "compare", "--data", data.toString(), "--folds", "3", "--xv", "2", "--iterations", "3",
                "--methods", "sparsemi", "--gamma-grid", "1", "--c-grid", "10", "--step", "gradient");
        assertThat(cmp).contains("sparsemi ");
        assertThat(fail("cv", "--data", data.toString(), "--step", "newton"))
                .contains("--step: unknown value 'newton'; expected one of length, gradient");
        assertThat(fail("compare", "--data", data.toString(), "--step", "newton"))
                .contains("--step: unknown value 'newton'");
    }

    @Test
    void restartsKeepTheLowestObjectiveOfTheSingleStarts(@TempDir Path dir) throws Exception {
        BagDataset ring = SyntheticData.ringBags(10, 4, 6, 9);
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(ring, data);
        // Oracle: the library's single starts with the documented seeds 7 + r * 1000003.
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.5).withC(10).withExpansionVectors(2)
                .withMaxIterations(4).withSeed(7);
        double best = Double.POSITIVE_INFINITY;
        for (int r = 0; r < 3; r++) {
            best = Math.min(best, SparseMi.fit(ring, o.withSeed(7 + 1_000_003L * r)).finalObjective());
        }
        String train = run(0, "train", "--data", data.toString(), "--xv", "2", "--gamma", "0.5", "--c", "10",
                "--iterations", "4", "--seed", "7", "--restarts", "3");
        assertThat(train).contains(String.format(java.util.Locale.ROOT, "objective %.6g", best));
        Path json = dir.resolve("cv.json");
        String cv = run(0, "cv", "--data", data.toString(), "--xv", "2", "--gamma-grid", "0.5,4", "--c-grid", "10",
                "--folds", "3", "--iterations", "4", "--restarts", "2", "--inner-repeats", "2", "--json",
                json.toString());
        assertThat(cv).contains("method sparsemi");
        assertThat(Files.readString(json)).contains("\"restarts\": 2").contains("\"inner_repeats\": 2");
        assertThat(fail("cv", "--data", data.toString(), "--restarts", "0")).contains("--restarts must be >= 1, got 0");
        assertThat(fail("cv", "--data", data.toString(), "--inner-repeats", "0"))
                .contains("--inner-repeats must be >= 1, got 0");
        assertThat(fail("cv", "--data", data.toString(), "--restarts", "2", "--method", "rsvm"))
                .contains("--restarts applies to sparsemi only, got --method rsvm");
        assertThat(fail("cv", "--data", data.toString(), "--restarts", "2", "--init", "svm"))
                .contains("--restarts must be 1 with --init svm");
    }

    @Test
    void cvAndTrainWithAutoXvChooseFromTheGridAndReportTheChoices(@TempDir Path dir) throws Exception {
        BagDataset ring = SyntheticData.ringBags(12, 4, 6, 3);
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(ring, data);
        Path json = dir.resolve("auto.json");
        // Inner training parts hold about 2/3 * 2/3 of 24 bags x 4-6 instances, i.e. 40-60
        // instances: with --xv-large skip candidate 500 is skipped, 1 and 3 are tried.
        String cv = run(0, "cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500", "--gamma", "0.5",
                "--c", "10", "--folds", "3", "--iterations", "10", "--xv-large", "skip", "--json", json.toString());
        assertThat(cv).contains("method sparsemi").containsPattern("# chosen per fold: xv \\{[13][^5]*\\}");
        String text = Files.readString(json);
        assertThat(text).contains("\"xv_auto\": true").contains("\"xv_min\"").contains("\"xv_max\"")
                .contains("\"xv_search\": \"staged\"");
        Path jointJson = dir.resolve("joint.json");
        String joint = run(0, "cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3", "--gamma-grid", "0.5,4",
                "--c-grid", "10", "--folds", "3", "--iterations", "5", "--xv-search", "joint", "--json",
                jointJson.toString());
        assertThat(joint).containsPattern("# chosen per fold: xv \\{[13]");
        assertThat(Files.readString(jointJson)).contains("\"xv_search\": \"joint\"");
        assertThat(fail("cv", "--data", data.toString(), "--xv", "auto", "--xv-search", "both"))
                .contains("--xv-search must be staged or joint, got 'both'");
        assertThat(fail("cv", "--data", data.toString(), "--xv", "10", "--xv-search", "joint"))
                .contains("--xv-search applies only with --xv auto, got --xv 10");
        String train = run(0, "train", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3", "--gamma",
                "0.5", "--c", "10", "--iterations", "10");
        assertThat(train).containsPattern("xv [13] ");
        String grid = run(0, "cv", "--data", data.toString(), "--xv", "2", "--gamma-grid", "0.5,4", "--c-grid", "10",
                "--folds", "3", "--iterations", "5");
        // Only the given candidates are chosen: gamma*dim in {0.5, 4}, C = 10 in all 3 folds.
        assertThat(grid).containsPattern("gamma\\*dim \\{(0\\.5000: \\d(, 4\\.000: \\d)?|4\\.000: 3)\\}  C \\{10\\.00: 3\\}");
        assertThat(fail("cv", "--data", data.toString(), "--c-grid", "0,1")).contains("--c-grid values must be > 0, got 0.0");
        assertThat(fail("cv", "--data", data.toString(), "--xv", "auto", "--method", "mikernel"))
                .contains("--xv auto applies to sparsemi, rsvm and rs");
        assertThat(fail("cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "50,10"))
                .contains("--xv-grid must be ascending positive integers, got [50, 10]");
        assertThat(fail("cv", "--data", data.toString(), "--xv", "ten")).contains("--xv must be a positive integer or auto, got 'ten'");
    }

    @Test
    void benchPrintsTheGrowthRatiosAndThePredictionComparison(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(10, 3, 5, 4), data);
        Path json = dir.resolve("bench.json");
        String out = run(0, "bench", "--data", data.toString(), "--xv", "2", "--gamma-dim", "1", "--c", "10",
                "--replicates", "1,2", "--runs", "1", "--iterations", "5", "--json", json.toString());
        assertThat(out).contains("x1 ").contains("x2 ").contains("mikernel").contains("sparsemi");
        // The first row is its own reference: ratio 1.00 in both ratio columns.
        assertThat(out).containsPattern("x1 +\\d+ +[0-9.]+ +\\d+ +[0-9.]+ +1\\.00 +1\\.00");
        String text = Files.readString(json);
        assertThat(text).contains("\"growth\"").contains("\"x2\"").contains("\"kernel_evals_per_bag\"")
                .contains("\"speedup_vs_mikernel\"");
        // SparseMI with 2 XVs evaluates 2 kernels per instance; x2 holds twice the instances.
        assertThat(text).containsPattern("\"sparsemi\": \\{[^}]*\"kernel_evals_per_bag\": ");
    }

    @Test
    void benchCccpTimesBothStepSolversAndTheyAgree(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(15, 3, 5, 4), data);
        Path json = dir.resolve("cccp.json");
        String out = run(0, "bench-cccp", "--data", data.toString(), "--c-grid", "1,10", "--json", json.toString());
        assertThat(out).contains("smo_s").contains("pg/smo");
        String text = Files.readString(json);
        assertThat(text).contains("\"C=1.0\"").contains("\"C=10.0\"").contains("\"projected_gradient_seconds\"");
        // both solvers reach the same optimum: the held-out predictions agree and J matches to 1e-4 relative
        assertThat(text).doesNotContain("\"agreement\": 0");
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("\"objective_smo\": ([0-9.eE+-]+),\\s*\"objective_projected_gradient\": ([0-9.eE+-]+)").matcher(text);
        int rows = 0;
        while (m.find()) {
            double smo = Double.parseDouble(m.group(1));
            double pg = Double.parseDouble(m.group(2));
            assertThat(Math.abs(smo - pg)).isLessThanOrEqualTo(1e-4 * Math.max(1, pg));
            rows++;
        }
        assertThat(rows).isEqualTo(2);
        assertThat(fail("bench-cccp", "--data", data.toString(), "--c-grid", "0")).contains("--c-grid values must be > 0 and finite, got 0.0");
    }

    @Test
    void badInputFilesAreClearErrors(@TempDir Path dir) throws Exception {
        BagDataset ring = SyntheticData.ringBags(5, 3, 4, 2);
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(ring, data);
        // One class only: the positive bags alone.
        int[] positives = java.util.stream.IntStream.range(0, ring.size()).filter(i -> ring.sign(i) > 0).toArray();
        Path one = dir.resolve("one.csv");
        CsvBagFormat.write(ring.subset(positives), one);
        assertThat(fail("train", "--data", one.toString(), "--gamma", "1", "--c", "1", "--xv", "1"))
                .contains("at least 2 classes").contains("only class '+1'");
        // More XVs than training instances with an instance initialisation.
        int n = ring.instanceCount();
        assertThat(fail("train", "--data", data.toString(), "--gamma", "1", "--c", "1", "--xv", String.valueOf(n + 1)))
                .contains("expansionVectors must be <= the number of training instances (" + n + ")")
                .contains("got " + (n + 1));
        // A model for 2 features applied to a 3-feature file.
        Path model = dir.resolve("m.model");
        run(0, "train", "--data", data.toString(), "--gamma", "1", "--c", "1", "--xv", "1", "--iterations", "1",
                "--model", model.toString());
        Path three = dir.resolve("three.csv");
        Files.writeString(three, "bag,label,f1,f2,f3\nb1,+1,1,2,3\nb2,-1,0,0,1\n");
        assertThat(fail("predict", "--model", model.toString(), "--data", three.toString()))
                .contains("dimension 3").contains("expected 2");
        // A bag without instances (possible in multi-instance ARFF) names the file, line and bag.
        Path empty = dir.resolve("e.arff");
        Files.writeString(empty, """
                @relation toy
                @attribute bag_id {b1,b2}
                @attribute bag relational
                  @attribute f1 numeric
                  @attribute f2 numeric
                @end bag
                @attribute class {0,1}
                @data
                b1,'1,2',1
                b2,'',0
                """);
        assertThat(fail("train", "--data", empty.toString(), "--gamma", "1", "--c", "1", "--xv", "1"))
                .contains(empty + ":10").contains("empty bag 'b2'");
    }
}
