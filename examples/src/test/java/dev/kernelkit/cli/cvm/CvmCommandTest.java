package dev.kernelkit.cli.cvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CvmCommandTest {
    @TempDir
    Path dir;

    private String run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    @Test
    void trainThenPredictGivesTheSamePredictionsAndWritesTheJsonKeys() throws Exception {
        LabeledDataset train = SyntheticData.twoMoons(200, 0.15, 1);
        LabeledDataset test = SyntheticData.twoMoons(100, 0.15, 2);
        Path trainFile = dir.resolve("train.libsvm");
        Path testFile = dir.resolve("test.libsvm");
        LibsvmFormat.write(train, trainFile);
        LibsvmFormat.write(test, testFile);
        Path model = dir.resolve("m.model");
        Path json = dir.resolve("t.json");
        String out = run(new CvmCommand(), "train", "--data", trainFile.toString(), "--test", testFile.toString(),
                "--gamma", "2", "--c", "10", "--eps", "1e-4", "--seed", "3", "--model", model.toString(),
                "--json", json.toString());
        assertThat(out).contains("core vectors");
        String j = Files.readString(json);
        assertThat(j).contains("\"accuracy\"", "\"core_vectors\"", "\"train_seconds\"");
        Path preds = dir.resolve("p.txt");
        run(new CvmCommand(), "predict", "--model", model.toString(), "--data", testFile.toString(), "--output",
                preds.toString());
        List<String> lines = Files.readAllLines(preds);
        assertThat(lines).hasSize(test.size());
        // the file through the one model-file door: a classifier whose class names are the labels
        @SuppressWarnings("unchecked")
        dev.kernelkit.learn.Model<Vec> t = (dev.kernelkit.learn.Model<Vec>) dev.kernelkit.io.Models.load(model);
        int right = 0;
        for (int i = 0; i < test.size(); i++) {
            double label = Double.parseDouble(t.predictName(test.x(i)));
            assertThat(Double.parseDouble(lines.get(i))).isEqualTo(label);
            right += label == test.y(i) ? 1 : 0;
        }
        assertThat((double) right / test.size()).isGreaterThan(0.9);
    }

    /** Two moons with the second feature stretched to [~ -500, ~ 1000] + 2000: unusable raw for gamma 2. */
    private static LabeledDataset stretched(LabeledDataset d) {
        List<Vec> x = new ArrayList<>();
        for (Vec v : d.points()) {
            x.add(DenseVec.of(v.get(0), 1000 * v.get(1) + 2000));
        }
        return new LabeledDataset(x, d.labels());
    }

    @Test
    void scaleIsStoredInTheModelAndAppliedByPredict() throws Exception {
        LabeledDataset train = stretched(SyntheticData.twoMoons(200, 0.15, 1));
        LabeledDataset test = stretched(SyntheticData.twoMoons(100, 0.15, 2));
        Path trainFile = dir.resolve("train.libsvm");
        Path testFile = dir.resolve("test.libsvm");
        LibsvmFormat.write(train, trainFile);
        LibsvmFormat.write(test, testFile);
        Path model = dir.resolve("scaled.model");
        run(new CvmCommand(), "train", "--data", trainFile.toString(), "--scale", "minmax", "--gamma", "20", "--c", "10",
                "--eps", "1e-4", "--seed", "3", "--model", model.toString());
        assertThat(Files.readString(model)).contains("scaling.kind = minmax");
        Path preds = dir.resolve("p.txt");
        Path json = dir.resolve("p.json");
        run(new CvmCommand(), "predict", "--model", model.toString(), "--data", testFile.toString(), "--output",
                preds.toString(), "--json", json.toString());
        List<String> lines = Files.readAllLines(preds);
        // Independent route: scaler fitted here on the raw training points, the library CVM on the
        // scaled data with the CLI's parameters (libcvm mode, the default; one-vs-rest), raw test points scaled here.
        FittedScaler scaler = FeatureScaling.MINMAX.fit(train);
        CvmModel direct = CoreVectorMachine.fit(scaler.apply(train), new CvmOptions(new GaussianKernel(20), 10,
                CoreSetOptions.libcvm(1e-4).withSeed(3).withCacheMb(2048), CvmOptions.MultiClass.ONE_VS_REST));
        int correct = 0;
        for (int i = 0; i < test.size(); i++) {
            double expected = direct.predictLabel(scaler.apply(test.x(i)));
            assertThat(Double.parseDouble(lines.get(i))).isEqualTo(expected);
            correct += expected == test.y(i) ? 1 : 0;
        }
        // scaled, the moons are separable at this gamma; raw, every test point is ~1000 away from
        // every core vector in the stretched coordinate and would get the bias's class (about 50 %)
        assertThat(correct / (double) test.size()).isGreaterThan(0.9);
        assertThat(Files.readString(json)).contains("\"accuracy\"");
    }

    @Test
    void regressionReportsMse() throws Exception {
        LabeledDataset d = SyntheticData.twoMoons(80, 0.1, 4);
        Path f = dir.resolve("r.libsvm");
        LibsvmFormat.write(d, f);
        Path json = dir.resolve("r.json");
        run(new CvmCommand(), "cv", "--data", f.toString(), "--method", "cvr", "--gamma", "1", "--folds", "3",
                "--eps", "1e-4", "--json", json.toString());
        assertThat(Files.readString(json)).contains("\"mse\"", "\"core_vectors\"", "\"train_seconds\"");
    }

    /** Runs 'kernelkit ARGS' through Main's error handling; returns exit code and stderr. */
    private static String[] main(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = dev.kernelkit.cli.Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new String[] {Integer.toString(code), err.toString()};
    }

    @Test
    void theIssuesBadInputListGivesClearErrorsOnTheCommandLine() throws Exception {
        LabeledDataset d = SyntheticData.twoMoons(40, 0.15, 1);
        Path f = dir.resolve("d.libsvm");
        LibsvmFormat.write(d, f);
        List<Vec> x = new ArrayList<>(d.points());
        double[] ones = new double[x.size()];
        java.util.Arrays.fill(ones, 1.0);
        Path single = dir.resolve("one-class.libsvm");
        LibsvmFormat.write(new LabeledDataset(x, ones), single);
        String[][] cases = {
            {f.toString(), "--eps", "0", "epsilon must be in (0, 1), got 0.0"},
            {f.toString(), "--eps", "1", "epsilon must be in (0, 1), got 1.0"},
            {f.toString(), "--c", "0", "c must be > 0 and finite, got 0.0"},
            {f.toString(), "--c", "-2", "c must be > 0 and finite, got -2.0"},
            {single.toString(), "--method", "bvm", "classification needs at least two classes, got only class 1.0"},
            {single.toString(), "--method", "cvm", "classification needs at least two classes, got only class 1.0"},
            {f.toString(), "--final-scan", "yes", "--final-scan must be on or off, got 'yes'"},
            {f.toString(), "--multi-class", "all", "--multi-class must be ovr or ovo, got 'all'"},
            {f.toString(), "--inner-stop", "exact", "--inner-stop must be fw or libcvm, got 'exact'"},
        };
        for (String[] c : cases) {
            String[] r = main("cvm", "train", "--data", c[0], "--gamma", "1", c[1], c[2]);
            assertThat(r[0]).as(String.join(" ", c)).isNotEqualTo("0");
            assertThat(r[1]).as(String.join(" ", c)).contains("kernelkit: error: ").contains(c[3])
                    .doesNotContain("internal error");
        }
    }

    @Test
    void demoSectionRunsThreeSizesPrintsThemAndWritesBothPlots() throws Exception {
        CvmDemo.Result r = CvmDemo.run(1);
        assertThat(r.runs()).extracting(CvmBenchCommand.Run::n).containsExactly(500, 1000, 2000);
        for (CvmBenchCommand.Run x : r.runs()) {
            // SMO and LIBSVM solve the same C-SVC problem: same test accuracy up to a few points
            assertThat(Math.abs(x.smoAccuracy() - x.libsvmAccuracy())).isLessThanOrEqualTo(0.005);
            assertThat(x.coreVectors()).isPositive().isLessThan(x.n());
        }
        // the checkerboard is learnable at n = 2000 with gamma 0.378 (bench cvm measured ~96 %)
        assertThat(r.runs().get(2).cvmAccuracy()).isGreaterThan(0.9);
        StringWriter text = new StringWriter();
        CvmDemo.print(new PrintWriter(text), r);
        assertThat(text.toString()).contains("checkerboard", "   2000  ");
        StringWriter log = new StringWriter();
        CvmDemo.writePlots(dir, r, new PrintWriter(log));
        assertThat(Files.size(dir.resolve("demo-cvm-time-vs-n.png"))).isPositive();
        assertThat(Files.size(dir.resolve("demo-cvm-core-vectors.png"))).isPositive();
    }

    @Test
    void numberLabelsAreShortAndScientificOutsideOneThousandthToTenThousand() {
        assertThat(CvmPlots.num(1e-4)).isEqualTo("1e-4");
        assertThat(CvmPlots.num(5e-7)).isEqualTo("5e-7");
        assertThat(CvmPlots.num(8.29e-7)).isEqualTo("8.29e-7");
        assertThat(CvmPlots.num(1e4)).isEqualTo("1e4");
        assertThat(CvmPlots.num(1e6)).isEqualTo("1e6");
        assertThat(CvmPlots.num(0.378)).isEqualTo("0.378");
        assertThat(CvmPlots.num(100)).isEqualTo("100");
    }

    @Test
    void multiClassOneVsOneTrainsOneMachinePerPairAndPredictReadsItBack() throws Exception {
        // three Gaussian blobs: three pairwise machines under ovo, three class-vs-rest under ovr;
        // four blobs tell them apart (6 vs 4 machines)
        List<Vec> x = new ArrayList<>();
        List<Double> labels = new ArrayList<>();
        java.util.SplittableRandom r = new java.util.SplittableRandom(4);
        double[][] centres = {{0, 0}, {4, 0}, {0, 4}, {4, 4}};
        for (int i = 0; i < 160; i++) {
            double[] ctr = centres[i % 4];
            x.add(DenseVec.of(ctr[0] + r.nextGaussian() * 0.5, ctr[1] + r.nextGaussian() * 0.5));
            labels.add((double) (i % 4 + 1));
        }
        LabeledDataset d = new LabeledDataset(x, labels.stream().mapToDouble(Double::doubleValue).toArray());
        Path f = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(d, f);
        Path model = dir.resolve("ovo.model");
        run(new CvmCommand(), "train", "--data", f.toString(), "--gamma", "1", "--c", "10", "--eps", "1e-4",
                "--multi-class", "ovo", "--model", model.toString());
        CvmModel m = dev.kernelkit.io.Models.load(model, CvmModel.class);
        assertThat(m.multiClass()).isEqualTo(CvmOptions.MultiClass.ONE_VS_ONE);
        assertThat(m.machines()).hasSize(6);
        int ok = 0;
        for (int i = 0; i < d.size(); i++) {
            ok += m.predictLabel(d.x(i)) == d.y(i) ? 1 : 0;
        }
        assertThat(ok).isGreaterThan(150);
    }

    @Test
    void modeOptionsMapToTheCoreSetPresetsAndOverridesApplyOnTop() {
        CoreSetOptions libcvm = CvmCli.coreSetOptions("libcvm", 1e-6, 7, 64, null, null);
        assertThat(libcvm).isEqualTo(CoreSetOptions.libcvm(1e-6).withSeed(7).withCacheMb(64));
        assertThat(libcvm.finalFullScan()).isFalse();
        CoreSetOptions scanned = CvmCli.coreSetOptions("LibCVM", 1e-6, 7, 64, "libcvm", "on");
        assertThat(scanned.finalFullScan()).isTrue();
        assertThat(scanned.innerStop()).isEqualTo(CoreSetOptions.InnerStop.LIBCVM_DYNAMIC);
        assertThat(scanned.sampleSize()).isEqualTo(60);
        CoreSetOptions jmlr = CvmCli.coreSetOptions("jmlr", 1e-6, 7, 64, "fw", "off");
        assertThat(jmlr.finalFullScan()).isFalse();
        assertThat(jmlr.init()).isEqualTo(CoreSetOptions.Init.FURTHEST_PAIR);
        assertThat(CvmCli.coreSetOptions("jmlr", 1e-6, 7, 64, null, null).finalFullScan()).isTrue();
    }

    @Test
    void theDefaultModeIsLibcvmAndJmlrIsTheNamedReference() throws Exception {
        LabeledDataset train = SyntheticData.twoMoons(300, 0.15, 1);
        LabeledDataset test = SyntheticData.twoMoons(100, 0.15, 2);
        Path trainFile = dir.resolve("train.libsvm");
        Path testFile = dir.resolve("test.libsvm");
        LibsvmFormat.write(train, trainFile);
        LibsvmFormat.write(test, testFile);
        String[] common = {"--data", trainFile.toString(), "--c", "10", "--eps", "1e-4", "--seed", "3"};
        Path byDefault = dir.resolve("default.model");
        Path libcvm = dir.resolve("libcvm.model");
        Path jmlr = dir.resolve("jmlr.model");
        run(new CvmCommand(), concat(new String[] {"train", "--model", byDefault.toString()}, common));
        run(new CvmCommand(), concat(new String[] {"train", "--mode", "libcvm", "--model", libcvm.toString()}, common));
        run(new CvmCommand(), concat(new String[] {"train", "--mode", "jmlr", "--model", jmlr.toString()}, common));
        // the same automatic gamma in all three; without --mode the model is libcvm mode's, not jmlr's
        CvmModel d = dev.kernelkit.io.Models.load(byDefault, CvmModel.class);
        CvmModel l = dev.kernelkit.io.Models.load(libcvm, CvmModel.class);
        CvmModel j = dev.kernelkit.io.Models.load(jmlr, CvmModel.class);
        assertThat(d.machines().get(0).coreIndices()).containsExactly(l.machines().get(0).coreIndices());
        assertThat(d.machines().get(0).alpha()).containsExactly(l.machines().get(0).alpha());
        assertThat(j.machines().get(0).coreIndices()).isNotEqualTo(l.machines().get(0).coreIndices());
        StringWriter help = new StringWriter();
        CommandLine cl = new CommandLine(new CvmCommand());
        cl.setOut(new PrintWriter(help));
        cl.execute("train", "--help");
        assertThat(help.toString().replaceAll("\\s+", " "))
                .contains("libcvm (LibCVM 2.2's algorithm").contains("or jmlr (the JMLR 2005 reference")
                .contains("default libcvm");
    }

    @Test
    void trainPrintsTheFitTimeAloneAndScoresTheTrainingDataOnlyWithoutTestOrWhenAsked() throws Exception {
        LabeledDataset train = SyntheticData.twoMoons(200, 0.15, 1);
        LabeledDataset test = SyntheticData.twoMoons(100, 0.15, 2);
        Path trainFile = dir.resolve("train.libsvm");
        Path testFile = dir.resolve("test.libsvm");
        LibsvmFormat.write(train, trainFile);
        LibsvmFormat.write(test, testFile);
        Path json = dir.resolve("t.json");
        String withTest = run(new CvmCommand(), "train", "--data", trainFile.toString(), "--test", testFile.toString(),
                "--scale", "minmax", "--c", "10", "--eps", "1e-4", "--json", json.toString());
        assertThat(withTest).contains("cvm (libcvm mode): ", "trained in", "test accuracy").doesNotContain("train accuracy");
        assertThat(withTest).containsPattern("not in the training time: the automatic gamma \\([0-9.]+ s\\), "
                + "scaling \\([0-9.]+ s\\), scoring test data \\([0-9.]+ s\\)");
        assertThat(Files.readString(json)).contains("\"gamma_seconds\"", "\"scale_seconds\"", "\"score_seconds\"",
                "\"scored_on\"");
        String asked = run(new CvmCommand(), "train", "--data", trainFile.toString(), "--test", testFile.toString(),
                "--gamma", "2", "--c", "10", "--eps", "1e-4", "--train-score");
        assertThat(asked).contains("train accuracy", "test accuracy")
                .contains("not in the training time: scoring training and test data (");
        String noTest = run(new CvmCommand(), "train", "--data", trainFile.toString(), "--gamma", "2", "--c", "10",
                "--eps", "1e-4");
        assertThat(noTest).contains("train accuracy").doesNotContain("test accuracy")
                .contains("not in the training time: scoring training data (");
        String cv = run(new CvmCommand(), "cv", "--data", trainFile.toString(), "--folds", "3", "--c", "10", "--eps", "1e-4");
        assertThat(cv).contains("over 3 folds (libcvm mode)")
                .containsPattern("not in the training time: the automatic gamma \\([0-9.]+ s\\), scoring the held-out folds");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void badMethodIsAnError() {
        CommandLine cl = new CommandLine(new CvmCommand());
        cl.setErr(new PrintWriter(new StringWriter()));
        assertThat(cl.execute("train", "--data", dir.resolve("none").toString(), "--method", "svm")).isNotZero();
    }
}
