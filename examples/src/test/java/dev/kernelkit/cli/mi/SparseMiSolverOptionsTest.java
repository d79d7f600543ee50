package dev.kernelkit.cli.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.cli.Main;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Choosers;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Point;
import dev.kernelkit.io.Models;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SparseMI options of issue #24 part 2 on the command line (--tolerance, --trial-limit, --inner-solver,
 * --inner-tolerance, --xv-ties, --xv-large, --iterations auto): each run's model or fold accuracies equal the
 * library's {@link SparseMi} / {@link MiProtocol} result with the same options, and bad values are one-line errors.
 */
class SparseMiSolverOptionsTest {

    /** Runs {@code kernelkit ARGS} as the real main does; returns stdout + stderr after checking the exit code. */
    private static String main(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.commandLine(new PrintWriter(out), new PrintWriter(err)).execute(args);
        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
        return out + err.toString();
    }

    /** The stderr of a failing {@code kernelkit ARGS}: exactly one line, no stack trace. */
    private static String oneLineError(String... args) {
        StringWriter err = new StringWriter();
        int code = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err)).execute(args);
        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(Main.BAD_INPUT);
        String text = err.toString().strip();
        assertThat(text.lines().count()).as("one line: %s", text).isEqualTo(1);
        assertThat(text).doesNotContain("Exception").doesNotContain("\tat ");
        return text;
    }

    private static Path ring(Path dir, int perClass, int seed) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(perClass, 3, 5, seed), data);
        return data;
    }

    private static double[] numbers(String json, String key) {
        int start = json.indexOf('[', json.indexOf("\"" + key + "\""));
        String inside = json.substring(start + 1, json.indexOf(']', start)).strip();
        return inside.isEmpty() ? new double[0]
                : Arrays.stream(inside.split(",\\s*")).mapToDouble(Double::parseDouble).toArray();
    }

    private static void assertSameModel(SparseMiModel actual, SparseMiModel expected) {
        assertThat(actual.expansionVectors()).hasSameSizeAs(expected.expansionVectors());
        for (int j = 0; j < expected.expansionVectors().size(); j++) {
            Vec a = actual.expansionVectors().get(j);
            Vec e = expected.expansionVectors().get(j);
            for (int i = 0; i < e.dim(); i++) {
                assertThat(a.get(i)).isEqualTo(e.get(i));
            }
        }
        assertThat(actual.beta(0)).containsExactly(expected.beta(0));
        assertThat(actual.rho(0)).isEqualTo(expected.rho(0));
        assertThat(actual.objectiveTrace()).containsExactly(expected.objectiveTrace());
        assertThat(actual.stopReason()).isEqualTo(expected.stopReason());
    }

    @Test
    void trainWithTheStoppingRulesAndLbfgsSavesTheLibrarysModelAndTheOptionsChangeIt(@TempDir Path dir)
            throws Exception {
        Path data = ring(dir, 10, 4);
        BagDataset bags = CsvBagFormat.read(data);
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.5).withC(10).withExpansionVectors(3)
                .withMaxIterations(12).withSeed(3).withTolerance(1e-3)
                .withTrialLimit(SparseMiOptions.TrialLimit.PRINTED)
                .withInnerSolver(SparseMiOptions.InnerSolver.LBFGS, 1e-2);
        SparseMiModel expected = SparseMi.fit(bags, o);
        // the options matter on this problem: the default solve and stop give another model
        SparseMiModel plain = SparseMi.fit(bags, SparseMiOptions.defaults().withGamma(0.5).withC(10)
                .withExpansionVectors(3).withMaxIterations(12).withSeed(3));
        assertThat(plain.objectiveTrace()).isNotEqualTo(expected.objectiveTrace());
        Path model = dir.resolve("m.model");
        String out = main(0, "sparse-mi", "train", "--data", data.toString(), "--xv", "3", "--gamma", "0.5", "--c",
                "10", "--iterations", "12", "--seed", "3", "--tolerance", "1e-3", "--trial-limit", "printed",
                "--inner-solver", "lbfgs", "--inner-tolerance", "1e-2", "--model", model.toString());
        assertThat(out).contains(String.format(Locale.ROOT, "objective %.6g", expected.finalObjective()));
        assertSameModel(Models.load(model, SparseMiModel.class), expected);
        // without the options: the library's defaults, value by value
        Path dflt = dir.resolve("d.model");
        main(0, "sparse-mi", "train", "--data", data.toString(), "--xv", "3", "--gamma", "0.5", "--c", "10",
                "--iterations", "12", "--seed", "3", "--model", dflt.toString());
        assertSameModel(Models.load(dflt, SparseMiModel.class), plain);
    }

    @Test
    void cvWithLargerTiesAndClampedSizesEqualsTheLibrarysProtocol(@TempDir Path dir) throws Exception {
        Path data = ring(dir, 12, 3);
        BagDataset bags = CsvBagFormat.read(data);
        MiProtocol.SizedFactory learner = (g, c, k) -> SparseMi.trainer(SparseMiOptions.defaults().withGamma(g)
                .withC(c).withExpansionVectors(k).withMaxIterations(5).withSeed(1));
        int[] sizes = {1, 3, 500};
        Evaluation expected = MiProtocol.tunedSize(learner, 3, 1, 1, new double[] {0.5}, new double[] {10}, sizes, 1,
                MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.CLAMP).run(bags);
        Evaluation dflt = MiProtocol.tunedSize(learner, 3, 1, 1, new double[] {0.5}, new double[] {10}, sizes, 1,
                MiProtocol.SizeSearch.STAGED).run(bags);
        // the rules matter here: the clamped, larger choice uses more vectors than the default's
        assertThat(MiProtocol.mean(MiProtocol.vectors(expected))).isGreaterThan(MiProtocol.mean(MiProtocol.vectors(dflt)));
        Path json = dir.resolve("cv.json");
        main(0, "sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500", "--gamma", "0.5",
                "--c", "10", "--folds", "3", "--iterations", "5", "--xv-ties", "larger", "--xv-large", "clamp",
                "--xv-start", "cold", "--json", json.toString());
        String text = Files.readString(json);
        assertThat(numbers(text, "fold_accuracies")).containsExactly(expected.scores());
        assertThat(text).contains("\"xv_ties\": \"larger\"").contains("\"xv_large\": \"clamp\"");
        java.util.regex.Matcher xv = java.util.regex.Pattern.compile("\"xv\": ([0-9.eE+-]+)").matcher(text);
        assertThat(xv.find()).isTrue();
        assertThat(Double.parseDouble(xv.group(1))).isEqualTo(MiProtocol.mean(MiProtocol.vectors(expected)));
        // larger ties and clamping are --xv auto's defaults (RESULTS.md, issue #24 part 2): the same run without them
        // (cold sizes named, since the default start is warm: the expected evaluation is the cold search)
        Path dfltJson = dir.resolve("default.json");
        main(0, "sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500", "--gamma", "0.5",
                "--c", "10", "--folds", "3", "--iterations", "5", "--xv-start", "cold", "--json", dfltJson.toString());
        String dfltText = Files.readString(dfltJson);
        assertThat(numbers(dfltText, "fold_accuracies")).containsExactly(expected.scores());
        assertThat(dfltText).contains("\"xv_ties\": \"larger\"").contains("\"xv_large\": \"clamp\"")
                .contains("\"xv_start\": \"cold\"");
        // train: the same chooser on all the bags, the final fit clamped to them
        Point chosen = MiProtocol.select(bags, MiProtocol.grid(MiProtocol.clamped(learner), sizes, new double[] {0.5},
                        new double[] {10}), MiProtocol.chooser(MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER,
                        MiProtocol.LargeSizes.CLAMP), 1, 1).chosen();
        int k = Math.min(chosen.value(MiProtocol.XV, Integer.class), bags.instanceCount());
        Path model = dir.resolve("m.model");
        main(0, "sparse-mi", "train", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500", "--gamma",
                "0.5", "--c", "10", "--iterations", "5", "--xv-ties", "larger", "--xv-large", "clamp", "--xv-start",
                "cold", "--model", model.toString());
        assertSameModel(Models.load(model, SparseMiModel.class), SparseMi.fit(bags, SparseMiOptions.defaults()
                .withGamma(0.5).withC(10).withExpansionVectors(k).withMaxIterations(5).withSeed(1)));
    }

    @Test
    void xvStartWarmInCvAndTrainEqualsTheLibrarysWarmSearch(@TempDir Path dir) throws Exception {
        Path data = ring(dir, 12, 4);
        BagDataset bags = CsvBagFormat.read(data);
        MiProtocol.OptionsFactory options = (g, c) -> SparseMiOptions.defaults().withGamma(g).withC(c)
                .withExpansionVectors(1).withMaxIterations(5).withSeed(1);
        int[] sizes = {1, 3, 500};
        double[] gammas = {0.5 / bags.dim()};  // --gamma-grid is gamma times the feature count
        double[] cs = {1, 10};
        Evaluation expected = MiProtocol.tunedSizeWarm(options, 3, 1, 1, gammas, cs, sizes, 1,
                MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.CLAMP,
                MiProtocol.WARM_ITERATIONS).run(bags);
        Path json = dir.resolve("warm.json");
        main(0, "sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500", "--gamma-grid",
                "0.5", "--c-grid", "1,10", "--folds", "3", "--iterations", "5", "--xv-start", "warm", "--json",
                json.toString());
        String text = Files.readString(json);
        assertThat(numbers(text, "fold_accuracies")).containsExactly(expected.scores());
        assertThat(text).contains("\"xv_start\": \"warm\"");
        // train: the same search on all the bags, then the chain up to the chosen size on them
        Point chosen = MiProtocol.select(bags, MiProtocol.warmGrid(options, sizes, gammas, cs,
                MiProtocol.WARM_ITERATIONS), MiProtocol.chooser(MiProtocol.SizeSearch.STAGED,
                MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.CLAMP), 1, 1).chosen();
        SparseMiModel expectedModel = (SparseMiModel) MiProtocol.warmGrid(options, sizes, gammas, cs,
                MiProtocol.WARM_ITERATIONS).trainer(chosen).fit(bags);
        Path model = dir.resolve("warm.model");
        main(0, "sparse-mi", "train", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500",
                "--gamma-grid", "0.5", "--c-grid", "1,10", "--iterations", "5", "--xv-start", "warm", "--model",
                model.toString());
        assertSameModel(Models.load(model, SparseMiModel.class), expectedModel);
        // warm is --xv auto's default start where it applies (issue #39's paired rule, BENCHMARKS.md): the same runs
        // without --xv-start
        Path dfltJson = dir.resolve("default.json");
        main(0, "sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500", "--gamma-grid",
                "0.5", "--c-grid", "1,10", "--folds", "3", "--iterations", "5", "--json", dfltJson.toString());
        String dfltText = Files.readString(dfltJson);
        assertThat(numbers(dfltText, "fold_accuracies")).containsExactly(expected.scores());
        assertThat(dfltText).contains("\"xv_start\": \"warm\"");
        Path dfltModel = dir.resolve("default.model");
        main(0, "sparse-mi", "train", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500",
                "--gamma-grid", "0.5", "--c-grid", "1,10", "--iterations", "5", "--model", dfltModel.toString());
        assertSameModel(Models.load(dfltModel, SparseMiModel.class), expectedModel);
        // the cold search stays reachable by name
        Evaluation cold = MiProtocol.tunedSize((g, c, k) -> SparseMi.trainer(options.options(g, c)
                        .withExpansionVectors(k)), 3, 1, 1, gammas, cs, sizes, 1, MiProtocol.SizeSearch.STAGED,
                MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.CLAMP).run(bags);
        Path coldJson = dir.resolve("cold.json");
        main(0, "sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3,500", "--gamma-grid",
                "0.5", "--c-grid", "1,10", "--folds", "3", "--iterations", "5", "--xv-start", "cold", "--json",
                coldJson.toString());
        String coldText = Files.readString(coldJson);
        assertThat(numbers(coldText, "fold_accuracies")).containsExactly(cold.scores());
        assertThat(coldText).contains("\"xv_start\": \"cold\"");
        // where warm does not apply, the default is cold instead of an error
        for (String[] other : new String[][] {{"--method", "rsvm"}, {"--init", "kmeans"}, {"--restarts", "2"}}) {
            Path j = dir.resolve("other.json");
            main(0, "sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-grid", "1,3", "--gamma", "0.5",
                    "--c", "10", "--folds", "3", "--iterations", "3", other[0], other[1], "--json", j.toString());
            assertThat(Files.readString(j)).as(other[0]).contains("\"xv_start\": \"cold\"");
        }
        assertThat(oneLineError("sparse-mi", "cv", "--data", data.toString(), "--xv-start", "warm"))
                .contains("--xv-start applies only with --xv auto, got --xv 10");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-start", "hot"))
                .contains("--xv-start must be cold or warm, got 'hot'");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-start", "warm",
                "--init", "kmeans")).contains("--xv-start warm needs --init random, got --init kmeans");
        assertThat(oneLineError("sparse-mi", "train", "--data", data.toString(), "--xv", "auto", "--xv-start", "warm",
                "--method", "rsvm")).contains("--xv-start warm applies to --method sparsemi, got --method rsvm");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data.toString(), "--xv", "auto", "--xv-start", "warm",
                "--restarts", "2")).contains("--xv-start warm needs --restarts 1, got 2");
    }

    @Test
    void iterationsAutoInCvAndTrainEqualsTheLibrarysTunedIterations(@TempDir Path dir) throws Exception {
        Path data = ring(dir, 12, 5);
        BagDataset bags = CsvBagFormat.read(data);
        MiProtocol.OptionsFactory options = (g, c) -> SparseMiOptions.defaults().withGamma(g).withC(c)
                .withExpansionVectors(2).withSeed(1);
        double[] gammas = {0.25, 2};
        double[] cs = {10};
        int[] grid = {0, 2, 8};
        Evaluation expected = MiProtocol.tunedIterations(options, 3, 1, 1, gammas, cs, grid, 1).run(bags);
        Path json = dir.resolve("cv.json");
        String out = main(0, "sparse-mi", "cv", "--data", data.toString(), "--xv", "2", "--gamma-grid", "0.5,4",
                "--c-grid", "10", "--folds", "3", "--iterations", "auto", "--iterations-grid", "0,2,8", "--json",
                json.toString());
        assertThat(out).contains("# chosen t_max per fold: ");
        String text = Files.readString(json);
        assertThat(numbers(text, "fold_accuracies")).containsExactly(expected.scores());
        assertThat(numbers(text, "iterations_chosen")).containsExactly(MiProtocol.chosen(expected, MiProtocol.ITERATIONS));
        assertThat(text).contains("\"iterations_auto\": true");
        Point chosen = MiProtocol.select(bags, MiProtocol.iterationGrid(options, grid, gammas, cs), Choosers.best(), 1, 1)
                .chosen();
        int t = chosen.value(MiProtocol.ITERATIONS, Integer.class);
        Path model = dir.resolve("m.model");
        String train = main(0, "sparse-mi", "train", "--data", data.toString(), "--xv", "2", "--gamma-grid", "0.5,4",
                "--c-grid", "10", "--iterations", "auto", "--iterations-grid", "0,2,8", "--model", model.toString());
        assertThat(train).contains("t_max " + t + " (inner CV)");
        assertSameModel(Models.load(model, SparseMiModel.class), SparseMi.fit(bags,
                options.options(chosen.number(MiProtocol.GAMMA), chosen.number(MiProtocol.C)).withMaxIterations(t)));
    }

    @Test
    void compareRunsSparseMiWithTheSolverOptionsAsTheLibrarysProtocol(@TempDir Path dir) throws Exception {
        Path data = ring(dir, 9, 6);
        BagDataset bags = CsvBagFormat.read(data);
        SparseMiOptions base = SparseMiOptions.defaults().withExpansionVectors(2).withMaxIterations(6).withSeed(1)
                .withTolerance(1e-2).withInnerSolver(SparseMiOptions.InnerSolver.LBFGS, 1e-3);
        Evaluation expected = MiProtocol.tuned((g, c) -> SparseMi.trainer(base.withGamma(g).withC(c)), 3, 1, 1,
                new double[] {0.5}, new double[] {1, 10}, 1).run(bags);
        Path json = dir.resolve("compare.json");
        main(0, "sparse-mi", "compare", "--data", data.toString(), "--folds", "3", "--xv", "2", "--iterations", "6",
                "--methods", "sparsemi", "--gamma-grid", "1", "--c-grid", "1,10", "--tolerance", "1e-2",
                "--inner-solver", "lbfgs", "--json", json.toString());
        String text = Files.readString(json);
        assertThat(numbers(text, "fold_accuracies")).containsExactly(expected.scores());
        assertThat(text).contains("\"inner_solver\": \"lbfgs\"").contains("\"tolerance\": 0.01");
    }

    @Test
    void helpNamesTheNewOptionsAndTheirDefaults() {
        for (String command : List.of("cv", "train")) {
            // picocli wraps the descriptions: compare without whitespace
            String help = main(0, "sparse-mi", command, "--help").replaceAll("\\s+", "");
            for (String s : List.of("--tolerance=TOL", "(default:1e-6)", "--trial-limit=no-decrease|printed",
                    "(default:no-decrease)", "--inner-solver=newton|lbfgs", "(default:newton)", "--inner-tolerance=TOL",
                    "(default:1e-3)", "--xv-ties=smaller|larger", "--xv-large=skip|clamp", "--xv-start=cold|warm", "--iterations=T|auto",
                    "--iterations-grid=LIST", "(default:0,1,2,5,10,20,50)")) {
                assertThat(help).contains(s);
            }
            assertThat(help).containsPattern("keptbytheinnerCV\\(default:" + SparseMiLearnerOptions.DEFAULT_XV_TIES + "\\)")
                    .containsPattern("\\(default:" + SparseMiLearnerOptions.DEFAULT_XV_LARGE + "\\)")
                    .contains("(default:" + SparseMiLearnerOptions.DEFAULT_XV_START + "whereitapplies,elsecold)");
        }
        String compare = main(0, "sparse-mi", "compare", "--help").replaceAll("\\s+", "");
        assertThat(compare).contains("--inner-solver=newton|lbfgs").contains("--trial-limit=no-decrease|printed")
                .contains("--tolerance=TOL").contains("(default:1e-6)");
    }

    @Test
    void badValuesAreOneLineErrorsNamingTheOptionAndTheValue(@TempDir Path dir) throws Exception {
        String data = ring(dir, 5, 2).toString();
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--tolerance", "-1"))
                .contains("--tolerance must be >= 0 and finite, got -1.0");
        assertThat(oneLineError("sparse-mi", "train", "--data", data, "--tolerance", "NaN"))
                .contains("--tolerance must be >= 0 and finite, got NaN");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--trial-limit", "always"))
                .contains("--trial-limit must be no-decrease or printed, got 'always'");
        assertThat(oneLineError("sparse-mi", "train", "--data", data, "--inner-solver", "cg"))
                .contains("--inner-solver must be newton or lbfgs, got 'cg'");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--inner-tolerance", "0.1"))
                .contains("--inner-tolerance applies only with --inner-solver lbfgs, got --inner-solver newton");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--inner-solver", "lbfgs", "--inner-tolerance", "1"))
                .contains("--inner-tolerance must be in (0, 1), got 1.0");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--xv-ties", "larger"))
                .contains("--xv-ties applies only with --xv auto, got --xv 10");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--xv-large", "clamp"))
                .contains("--xv-large applies only with --xv auto, got --xv 10");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--xv", "auto", "--xv-ties", "middle"))
                .contains("--xv-ties must be smaller or larger, got 'middle'");
        assertThat(oneLineError("sparse-mi", "train", "--data", data, "--xv", "auto", "--xv-large", "keep"))
                .contains("--xv-large must be skip or clamp, got 'keep'");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--iterations", "many"))
                .contains("--iterations must be a non-negative integer or auto, got 'many'");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--iterations", "-2"))
                .contains("--iterations must be >= 0, got -2");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--iterations", "auto", "--iterations-grid", "5,5"))
                .contains("--iterations-grid must be distinct integers >= 0, got [5, 5]");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--iterations", "auto", "--xv", "auto"))
                .contains("--iterations auto and --xv auto cannot be combined");
        assertThat(oneLineError("sparse-mi", "cv", "--data", data, "--iterations", "auto", "--method", "rsvm"))
                .contains("--iterations auto applies to --method sparsemi, got --method rsvm");
        assertThat(oneLineError("sparse-mi", "train", "--data", data, "--iterations", "auto", "--restarts", "2"))
                .contains("--iterations auto needs --restarts 1");
        assertThat(oneLineError("sparse-mi", "compare", "--data", data, "--inner-solver", "cg"))
                .contains("--inner-solver must be newton or lbfgs, got 'cg'");
        assertThat(oneLineError("sparse-mi", "compare", "--data", data, "--trial-limit", "x"))
                .contains("--trial-limit must be no-decrease or printed, got 'x'");
        assertThat(oneLineError("sparse-mi", "compare", "--data", data, "--iterations", "-1"))
                .contains("--iterations must be >= 0, got -1");
    }
}
