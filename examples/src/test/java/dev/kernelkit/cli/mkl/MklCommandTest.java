package dev.kernelkit.cli.mkl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.testing.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MklCommandTest {

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = new CommandLine(new MklCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    static Path libsvm(Path dir, String name, LabeledDataset d) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < d.size(); i++) {
            sb.append(d.y(i) > 0 ? "+1" : "-1");
            double[] x = d.x(i).toArray();
            for (int j = 0; j < x.length; j++) {
                sb.append(String.format(Locale.ROOT, " %d:%s", j + 1, Double.toString(x[j])));
            }
            sb.append('\n');
        }
        Path p = dir.resolve(name);
        Files.writeString(p, sb.toString());
        return p;
    }

    @Test
    void trainPredictAndCompareWriteTheDocumentedJsonKeys(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(60, 2, 3.0, 1));
        Path test = libsvm(dir, "test.libsvm", TestData.gaussianBlobs(40, 2, 3.0, 2));
        Path model = dir.resolve("m.model");
        Run t = run("train", "--data", train.toString(), "--method", "sm1", "--c", "100", "--theta", "0.1",
                "--model", model.toString());
        assertThat(t.code()).as(t.err()).isZero();
        Run p = run("predict", "--data", test.toString(), "--model", model.toString(), "--json", dir.resolve("p.json").toString());
        assertThat(p.code()).as(p.err()).isZero();
        assertThat(p.out()).contains("accuracy").contains("AP ");
        assertThat(Files.readString(dir.resolve("p.json"))).contains("\"average_precision\"");
        Path json = dir.resolve("c.json");
        Run c = run("compare", "--data", train.toString(), "--splits", "2", "--c", "100", "--theta", "0.1", "--p", "2",
                "--json", json.toString());
        assertThat(c.code()).as(c.err()).isZero();
        String text = Files.readString(json);
        for (String method : new String[] {"sm1", "sm2", "lp", "simple", "ave"}) {
            assertThat(text).contains("\"" + method + "\"");
        }
        for (String key : new String[] {"accuracy_mean", "accuracy_sd", "average_precision_mean", "kernels_selected_mean",
                "train_seconds_mean", "svm_solves_mean"}) {
            assertThat(text).contains("\"" + key + "\"");
        }
    }

    @Test
    void userKernelsReplaceTheProtocolListAndTravelWithTheModel(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(60, 3, 3.0, 1));
        Path model = dir.resolve("u.model");
        Run t = run("train", "--data", train.toString(), "--method", "sm1", "--c", "10", "--theta", "0.5",
                "--kernel", "gaussian:gamma=0.5", "--kernel", "linear", "--model", model.toString());
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out()).contains("of 2,");
        assertThat(Files.readString(model)).contains("kernels.count = 2").contains("gaussian:gamma=0.5");
        Run p = run("predict", "--data", train.toString(), "--model", model.toString());
        assertThat(p.code()).as(p.err()).isZero();
        // theta is checked against the user's M = 2, not the protocol's 52
        Run small = run("cv", "--data", train.toString(), "--method", "sm1", "--c", "10", "--theta", "0.1", "--splits", "1",
                "--kernel", "gaussian:gamma=0.5", "--kernel", "linear");
        assertThat(small.code()).isNotZero();
        assertThat(small.err()).contains("1/M = 1/2");
        Run bad = run("cv", "--data", train.toString(), "--method", "ave", "--c", "10", "--splits", "1", "--kernel", "gaussian:gama=1");
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("--kernel 'gaussian:gama=1'").contains("unknown parameter 'gama'");
        Run bench = run("bench", "--data", train.toString(), "--method", "ave", "--c", "10", "--splits", "1", "--kernel", "linear");
        assertThat(bench.code()).isNotZero();
        assertThat(bench.err()).contains("--kernel is not supported");
    }

    @Test
    void noiseRatioAppendsRandomFeatures(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(40, 5, 3.0, 1));
        Path json = dir.resolve("n.json");
        // r = 0.4, d = 5: 2 noise features, dimension 7
        Run c = run("compare", "--data", train.toString(), "--methods", "ave", "--splits", "1", "--c", "10",
                "--noise-ratio", "0.4", "--json", json.toString());
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(Files.readString(json)).contains("\"dim\": 7");
        Run v = run("compare", "--data", train.toString(), "--methods", "ave,sm2", "--splits", "2", "--c", "10",
                "--theta", "1", "--verbose");
        assertThat(v.code()).as(v.err()).isZero();
        // method by method (each method's run on the engine): every split of ave before any of sm2
        assertThat(v.out().indexOf("split 1 ave:")).isLessThan(v.out().indexOf("split 1 sm2:")).isNotNegative();
        assertThat(v.out().indexOf("split 2 ave:")).isLessThan(v.out().indexOf("split 1 sm2:")).isNotNegative();
        assertThat(v.out()).contains("split 2 sm2:");
    }

    @Test
    void benchComparesOursWithTheStraightforwardFit(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(40, 2, 3.0, 1));
        Run b = run("bench", "--data", train.toString(), "--method", "sm1", "--c", "10", "--theta", "0.1", "--splits", "1");
        assertThat(b.code()).as(b.err()).isZero();
        assertThat(b.out()).contains("straightforward / ours");
        Run missing = run("bench", "--data", train.toString(), "--method", "sm1", "--c", "10", "--splits", "1");
        assertThat(missing.code()).isNotZero();
        assertThat(missing.err()).contains("--theta");
    }

    @Test
    void benchRowsTimesBothPathsAndTheyAgree(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(40, 2, 3.0, 1));
        Path json = dir.resolve("rows.json");
        Run b = run("bench-rows", "--data", train.toString(), "--splits", "1", "--repeats", "1", "--json", json.toString());
        assertThat(b.code()).as(b.err()).isZero();
        assertThat(b.out()).contains("M = 39 kernels").contains("column-wise rows").contains("entry by entry").contains("speed-up");
        String text = java.nio.file.Files.readString(json);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"max_relative_difference\": ([0-9.eE+-]+)").matcher(text);
        assertThat(m.find()).as(text).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isLessThan(1e-12);
        assertThat(text).contains("\"column_wise_seconds\"").contains("\"entry_wise_seconds\"").contains("\"speedup\"");
        Run bad = run("bench-rows", "--data", train.toString(), "--splits", "1", "--repeats", "0");
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("--repeats must be >= 1, got 0");
    }

    @Test
    void badMethodAndThetaAreReported(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(30, 2, 3.0, 1));
        Run bad = run("cv", "--data", train.toString(), "--method", "sm7", "--c", "1");
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("unknown MKL method 'sm7'");
        // M = 13 * 3 = 39 kernels: theta must be >= 1/39
        Run theta = run("cv", "--data", train.toString(), "--method", "sm1", "--c", "1", "--theta", "0.01", "--splits", "1");
        assertThat(theta.code()).isNotZero();
        assertThat(theta.err()).contains("theta must be >= 1/M = 1/39");
    }

    @Test
    void noiseCommandPrintsOneRowPerRatioAndWritesTheCurve(@TempDir Path dir) throws Exception {
        Path data = libsvm(dir, "blobs.libsvm", TestData.gaussianBlobs(40, 5, 3.0, 1));
        Path json = dir.resolve("noise.json");
        Run n = run("noise", "--data", data.toString(), "--methods", "ave,sm1", "--ratios", "0,0.4", "--c", "10",
                "--theta", "0.5", "--plots", dir.toString(), "--json", json.toString());
        assertThat(n.code()).as(n.err()).isZero();
        // d = 5: r = 0.4 appends round(2.0) = 2 features, M = 13 (5 + 2 + 1) = 104; r = 0 keeps M = 13 * 6 = 78
        assertThat(n.out()).containsPattern("(?m)^\\s*0\\.0\\s+0\\s+78\\s").containsPattern("(?m)^\\s*0\\.4\\s+2\\s+104\\s");
        assertThat(Files.size(dir.resolve("mkl-noise.png"))).isPositive();
        String text = Files.readString(json);
        assertThat(text).contains("\"ratios\"").contains("\"sm1\"").contains("\"ave\"").contains("\"accuracy\"");
        // per method: the fits' convergence counts (fixed C and theta: no tuning fits, one final fit per ratio)
        assertThat(text).containsPattern("\"sm1\": \\{[^}]*\"tuning_fits\": 0,\\s*\"tuning_fits_unconverged\": 0,"
                + "\\s*\"final_fits_unconverged\": 0").contains("\"svm_solves\"").contains("\"train_seconds\"");
        Run bad = run("noise", "--data", data.toString(), "--ratios", "0,-1", "--c", "10", "--theta", "0.5");
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("--ratios: every ratio must be >= 0 and finite, got -1.0");
    }

    @Test
    void demoSectionKeepsTheNoiseFeatureOutOfTheLearnedKernels(@TempDir Path dir) throws Exception {
        MklDemo.Result r = MklDemo.run(1);
        assertThat(r.rows()).extracting(MklDemo.Row::method).containsExactly("sm1", "sm2", "simple", "ave");
        // 52 kernels, 13 of which read only the noise feature 3: AveKernel gives them 13/52 = 0.25
        assertThat(r.kernels().count()).isEqualTo(52);
        for (MklDemo.Row row : r.rows()) {
            double expected = row.method().equals("ave") ? 0.25 : 0.0;
            assertThat(MklDemo.noiseWeight(r.kernels(), row.mu())).as(row.method())
                    .isCloseTo(expected, org.assertj.core.api.Assertions.within(1e-6));
            assertThat(row.accuracy()).as(row.method()).isGreaterThan(0.85);
        }
        Run d = run("demo", "--seed", "1", "--plots", dir.toString());
        assertThat(d.code()).as(d.err()).isZero();
        assertThat(d.out()).contains("sm1").contains("simple").contains("weight on kernels that read only the noise feature 3");
        assertThat(Files.size(dir.resolve("demo-mkl-kernel-weights.png"))).isPositive();
        assertThat(Files.size(dir.resolve("demo-mkl-subset-weights.png"))).isPositive();
    }

    @Test
    void tuneMaxTunesOnAStratifiedSubsetOfThatSizeAndRejectsANegativeValue(@TempDir Path dir) throws Exception {
        LabeledDataset d = TestData.gaussianBlobs(100, 2, 3.0, 1); // 50 positives, 50 negatives
        MklParameters p = new MklParameters();
        p.cGrid = "1,10";
        p.nuGrid = "0";
        p.sm2Grid = "1";
        p.pGrid = "2";
        p.tuneMax = 40;
        p.innerFolds = 4;
        // the inner folds of the CV seeded 7 cover a stratified subset: round(0.4 * 50) = 20 of each class
        java.util.List<dev.kernelkit.data.Splits.Split> inner = p.tuning(dev.kernelkit.mkl.MklMethod.AVERAGE)
                .innerSplits(dev.kernelkit.eval.SeedRule.constant(7)).splits(d, 0);
        int[] covered = inner.stream().flatMapToInt(s -> java.util.Arrays.stream(s.test())).sorted().toArray();
        assertThat(covered).hasSize(40).doesNotHaveDuplicates();
        assertThat(java.util.Arrays.stream(covered).filter(i -> d.y(i) > 0).count()).isEqualTo(20);
        // the subset is the former tuning part: the stratified hold-out of 40 points seeded 7
        int[] former = dev.kernelkit.data.Splits.repeatedStratifiedHoldOut(d.labels(), 40.0 / 100, 1, 7).get(0).train()
                .clone();
        java.util.Arrays.sort(former);
        assertThat(covered).containsExactly(former);
        // same seed, same subset; another seed, another subset
        int[] again = p.tuning(dev.kernelkit.mkl.MklMethod.AVERAGE).innerSplits(dev.kernelkit.eval.SeedRule.constant(7))
                .splits(d, 0).stream().flatMapToInt(s -> java.util.Arrays.stream(s.test())).sorted().toArray();
        assertThat(again).containsExactly(covered);
        int[] other = p.tuning(dev.kernelkit.mkl.MklMethod.AVERAGE).innerSplits(dev.kernelkit.eval.SeedRule.constant(8))
                .splits(d, 0).stream().flatMapToInt(s -> java.util.Arrays.stream(s.test())).sorted().toArray();
        assertThat(other).hasSize(40).isNotEqualTo(covered);
        p.tuneMax = 0; // off: the whole part
        assertThat(p.tuning(dev.kernelkit.mkl.MklMethod.AVERAGE).innerSplits(dev.kernelkit.eval.SeedRule.constant(7))
                .splits(d, 0).stream().mapToInt(s -> s.test().length).sum()).isEqualTo(100);
        p.tuneMax = 200;
        assertThat(p.tuning(dev.kernelkit.mkl.MklMethod.AVERAGE).innerSplits(dev.kernelkit.eval.SeedRule.constant(7))
                .splits(d, 0).stream().mapToInt(s -> s.test().length).sum()).isEqualTo(100);
        Path data = libsvm(dir, "d.libsvm", d);
        Run r = run("cv", "--data", data.toString(), "--method", "ave", "--splits", "1", "--tune-max", "-1");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("--tune-max must be >= 0, got -1");
    }

    @Test
    void unconvergedFitsAreNamedPerSplitAndPerMethod() {
        dev.kernelkit.mkl.MklOptions o = dev.kernelkit.mkl.MklOptions.sm2(10, 1);
        MklSplitResult clean = new MklSplitResult(1, o, 0.9, 0.95, 5, 1, 2, 10, 45, 0, 1, 0);
        MklSplitResult bad = new MklSplitResult(2, o, 0.8, 0.85, 5, 1, 2, 10, 45, 3, 1, 1);
        assertThat(clean.convergenceNote()).isEmpty();
        assertThat(bad.convergenceNote()).isEqualTo(" [UNCONVERGED: 3 of 45 tuning fits, 1 of 1 final]");
        StringWriter none = new StringWriter(), some = new StringWriter();
        MklReports.printUnconverged(new PrintWriter(none, true), "sm2", java.util.List.of(clean, clean));
        MklReports.printUnconverged(new PrintWriter(some, true), "sm2", java.util.List.of(clean, bad));
        assertThat(none.toString()).isEmpty();
        // sums over the two splits: tuning 0 + 3 of 45 + 45, final 0 + 1 of 1 + 1
        assertThat(some.toString()).startsWith("sm2: 3 of 90 tuning fits and 1 of 2 final fits ended unconverged");
    }
}
