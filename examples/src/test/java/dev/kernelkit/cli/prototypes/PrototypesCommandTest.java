package dev.kernelkit.cli.prototypes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.prototypes.PrototypeMeasures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class PrototypesCommandTest {

    private static int run(StringWriter out, String... args) {
        CommandLine cl = new CommandLine(new PrototypesCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    @Test
    void demoWritesAccuracyAndNineChannelWeights(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("demo.json");
        StringWriter out = new StringWriter();
        assertThat(run(out, "demo", "--json", json.toString())).isZero();
        String text = Files.readString(json);
        // The 28 test samples of the 4 well-separated classes are all classified correctly (the
        // experiment's known outcome); JSON may write the number 1.0 as 1.
        java.util.regex.Matcher acc = java.util.regex.Pattern.compile("\"accuracy\": ([0-9.eE+-]+)").matcher(text);
        assertThat(acc.find()).as(text).isTrue();
        assertThat(Double.parseDouble(acc.group(1))).isEqualTo(1.0);
        String weights = text.substring(text.indexOf('[') + 1, text.indexOf(']'));
        assertThat(weights.split(",")).hasSize(9);
        assertThat(out.toString()).contains("channel 9");
    }

    @Test
    void trainPredictAndCvOnAFile(@TempDir Path dir) throws Exception {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        java.util.List<dev.kernelkit.data.Vec> xs = new java.util.ArrayList<>();
        double[] ys = new double[30];
        for (int i = 0; i < 30; i++) {
            int q = i % 3;
            xs.add(dev.kernelkit.data.DenseVec.of(q + 0.3 * rnd.nextGaussian(), -q + 0.3 * rnd.nextGaussian(),
                    rnd.nextGaussian()));
            ys[i] = q + 1;
        }
        LabeledDataset data = new LabeledDataset(xs, ys);
        Path file = dir.resolve("d.libsvm");
        LibsvmFormat.write(data, file);
        Path model = dir.resolve("m.model");
        StringWriter out = new StringWriter();
        assertThat(run(out, "train", "--data", file.toString(), "--model", model.toString(), "--t", "2",
                "--max-iterations", "3")).isZero();
        assertThat(Files.exists(model)).isTrue();
        StringWriter pred = new StringWriter();
        assertThat(run(pred, "predict", "--data", file.toString(), "--model", model.toString())).isZero();
        assertThat(pred.toString().lines().filter(l -> !l.startsWith("#")).count()).isEqualTo(data.size());
        Path json = dir.resolve("cv.json");
        assertThat(run(new StringWriter(), "cv", "--data", file.toString(), "--t", "2", "--splits", "2",
                "--max-iterations", "2", "--json", json.toString())).isZero();
        String text = Files.readString(json);
        for (String key : new String[] {"accuracy_mean", "accuracy_sd", "ip_mean", "dr_mean", "own_class_code_mass_mean",
                "code_size_mean", "kernels_selected_mean", "train_seconds_mean", "rule_prototype_vote_accuracy_mean",
                "rule_class_reconstruction_dr_mean", "rule_nearest_prototype_accuracy_per_split",
                "prediction_rule_per_split"}) {
            assertThat(text).contains("\"" + key + "\"");
        }
    }

    @Test
    void tIsMinOfFifteenAndTheSmallestClassByDefaultAndAnExplicitTLargerThanAClassIsOneErrorLine(@TempDir Path dir)
            throws Exception {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        java.util.List<dev.kernelkit.data.Vec> xs = new java.util.ArrayList<>();
        double[] ys = new double[30];
        for (int i = 0; i < 30; i++) {
            int q = i % 3;
            xs.add(dev.kernelkit.data.DenseVec.of(q + 0.3 * rnd.nextGaussian(), -q + 0.3 * rnd.nextGaussian()));
            ys[i] = q + 1;
        }
        Path file = dir.resolve("d.libsvm");
        LibsvmFormat.write(new LabeledDataset(xs, ys), file);
        Path model = dir.resolve("m.model");
        StringWriter out = new StringWriter();
        assertThat(run(out, "train", "--data", file.toString(), "--model", model.toString(), "--max-iterations", "2"))
                .isZero();
        // every class has 10 points, below the default 15: T = 10, so c*T = 30 prototypes
        assertThat(ImkplOptions.DEFAULT_T).isEqualTo(15);
        assertThat(out.toString()).contains(": 30 prototypes,");
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new PrototypesCommand());
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((e, c, p) -> {
            c.getErr().println(e.getMessage());
            return 2;
        });
        assertThat(cl.execute("train", "--data", file.toString(), "--model", dir.resolve("n.model").toString(),
                "--t", "11")).isNotZero();
        assertThat(err.toString()).contains("has 10 training samples, fewer than T = 11");
        assertThat(Files.exists(dir.resolve("n.model"))).isFalse();
        assertThat(cl.execute("train", "--data", file.toString(), "--model", dir.resolve("n.model").toString(),
                "--t", "0")).isNotZero();
        assertThat(err.toString()).contains("--t must be 'auto' or an integer >= 1, got '0'");
        assertThat(cl.execute("train", "--data", file.toString(), "--model", dir.resolve("n.model").toString(),
                "--kernel-cap", "-1")).isNotZero();
        assertThat(err.toString()).contains("--kernel-cap must be 'auto' or an integer >= 0, got '-1'");
        assertThat(cl.execute("train", "--data", file.toString(), "--model", dir.resolve("n.model").toString(),
                "--t", "ten")).isNotZero();
        assertThat(err.toString()).contains("--t must be 'auto' or an integer >= 1, got 'ten'");
        assertThat(Files.exists(dir.resolve("n.model"))).isFalse();
    }

    /** As {@link #seriesCsv} with lengths 6 to 13: the file {@code read} refuses and {@code readSeries} takes. */
    private static String unequalSeriesCsv() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        StringBuilder sb = new StringBuilder("series,label,signal,noise\n");
        for (int i = 0; i < 8; i++) {
            int q = i % 2 + 1;
            int len = 6 + i;
            for (int t = 0; t < len; t++) {
                double u = 8.0 * t / (len - 1);
                double sig = (q == 1 ? Math.sin(u) : Math.cos(2 * u)) + 0.05 * rnd.nextGaussian();
                sb.append("s").append(i).append(',').append(q).append(',').append(sig).append(',')
                        .append(rnd.nextGaussian()).append('\n');
            }
        }
        return sb.toString();
    }

    @Test
    void seriesOfUnequalLengthsTrainPredictAndRefuseGaussianKernels(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("v.csv");
        Files.writeString(f, unequalSeriesCsv());
        Path model = dir.resolve("v.model");
        StringWriter out = new StringWriter();
        assertThat(run(out, "train", "--data", f.toString(), "--format", "csv-series", "--model", model.toString(),
                "--t", "2", "--max-iterations", "3", "--prediction-rule", "class_reconstruction")).isZero();
        assertThat(Files.readString(model)).contains("options.prediction_rule = CLASS_RECONSTRUCTION")
                .contains("kernels.series.1 = 1");
        StringWriter pred = new StringWriter();
        assertThat(run(pred, "predict", "--data", f.toString(), "--format", "csv-series", "--model", model.toString())).isZero();
        assertThat(pred.toString().lines().filter(l -> !l.startsWith("#")).count()).isEqualTo(8);
        assertThat(pred.toString()).contains("(prediction rule CLASS_RECONSTRUCTION)");
        StringWriter err = new StringWriter();
        assertThat(run(err, "train", "--data", f.toString(), "--format", "csv-series", "--kernel", "gaussian", "--model",
                model.toString())).isNotZero();
        assertThat(run(new StringWriter(), "demo", "--lengths", "9:3")).isNotZero();
    }

    /** 4 series per class, 2 classes, length 8, 2 channels: channel 1 carries the class, channel 2 is noise. */
    private static String seriesCsv() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(4);
        StringBuilder sb = new StringBuilder("series,label,signal,noise\n");
        for (int i = 0; i < 8; i++) {
            int q = i % 2 + 1;
            for (int t = 0; t < 8; t++) {
                double sig = (q == 1 ? Math.sin(t) : Math.cos(2 * t)) + 0.05 * rnd.nextGaussian();
                sb.append("s").append(i).append(',').append(q).append(',').append(sig).append(',')
                        .append(rnd.nextGaussian()).append('\n');
            }
        }
        return sb.toString();
    }

    @Test
    void trainOnCsvSeriesWithAlignmentKernelsWritesModelAndPlots(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.csv");
        Files.writeString(f, seriesCsv());
        Path model = dir.resolve("m.model");
        StringWriter out = new StringWriter();
        assertThat(run(out, "train", "--data", f.toString(), "--format", "csv-series", "--model", model.toString(),
                "--t", "2", "--max-iterations", "3", "--plots", dir.toString())).isZero();
        assertThat(out.toString()).contains("of 2 kernels selected");
        assertThat(Files.size(dir.resolve("imkpl-prototype-composition.png"))).isPositive();
        assertThat(Files.size(dir.resolve("imkpl-kernel-weights.png"))).isPositive();
        assertThat(dev.kernelkit.io.Models.load(model, dev.kernelkit.prototypes.ImkplModel.class).baseKernels().kernel(0))
                .isInstanceOf(dev.kernelkit.kernel.VariableLengthChannelKernel.class);
        StringWriter pred = new StringWriter();
        assertThat(run(pred, "predict", "--data", f.toString(), "--format", "csv-series", "--model", model.toString())).isZero();
        assertThat(pred.toString().lines().filter(l -> !l.startsWith("#")).count()).isEqualTo(8);
        assertThat(run(new StringWriter(), "train", "--data", f.toString(), "--model", model.toString(), "--kernel", "gak"))
                .isNotZero();
    }

    @Test
    void demoPlotsWriteTheKernelBarsAndTheCompositionChart(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        assertThat(run(out, "demo", "--plots", dir.toString())).isZero();
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(dir.resolve("demo-prototype-composition.png").toFile());
        assertThat(img.getWidth()).isEqualTo(900);
        assertThat(Files.size(dir.resolve("demo-prototypes-kernel-weights.png"))).isPositive();
        assertThat(out.toString()).contains("demo-prototype-composition.png");
    }

    @Test
    void innerFoldsDefaultToFourForTheChoiceOfRAndTheRuleAndToThePapersFiveForTune() {
        PrototypesCvCommand c = new PrototypesCvCommand();
        new CommandLine(c).parseArgs("--data", "d.libsvm");
        PrototypesCvCommand.Recipe r = new PrototypesCvCommand.Recipe(c.hyper, c.fmt, null, null, c.innerFolds, 1, 0.3,
                "accuracy");
        assertThat(r.base().innerFolds()).isEqualTo(ImkplOptions.DEFAULT_INNER_FOLDS).isEqualTo(4);
        assertThat(r.tuneFolds()).isEqualTo(5);
        // --inner-folds sets both, as before
        PrototypesCvCommand given = new PrototypesCvCommand();
        new CommandLine(given).parseArgs("--data", "d.libsvm", "--inner-folds", "5");
        PrototypesCvCommand.Recipe five = new PrototypesCvCommand.Recipe(given.hyper, given.fmt, null, null,
                given.innerFolds, 1, 0.3, "accuracy");
        assertThat(five.base().innerFolds()).isEqualTo(5);
        assertThat(five.tuneFolds()).isEqualTo(5);
        // prototypes train fits with the same default
        assertThat(c.hyper.options().innerFolds()).isEqualTo(4);
    }

    @Test
    void tuneChoosesByInnerCvAndRejectsUnknownKeys(@TempDir Path dir) throws Exception {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        java.util.List<dev.kernelkit.data.Vec> xs = new java.util.ArrayList<>();
        double[] ys = new double[30];
        for (int i = 0; i < 30; i++) {
            int q = i % 3;
            xs.add(dev.kernelkit.data.DenseVec.of(q + 0.3 * rnd.nextGaussian(), rnd.nextGaussian()));
            ys[i] = q + 1;
        }
        Path file = dir.resolve("d.libsvm");
        LibsvmFormat.write(new LabeledDataset(xs, ys), file);
        StringWriter out = new StringWriter();
        Path json = dir.resolve("cv.json");
        assertThat(run(out, "cv", "--data", file.toString(), "--t", "2", "--splits", "2", "--max-iterations", "2",
                "--inner-folds", "2", "--tune", "beta-step=FIXED;beta-step=capped_simplex_lp,kernel-cap=1,dis-form=label_only",
                "--json", json.toString())).isZero();
        assertThat(out.toString()).containsPattern("split 1: inner CV accuracies \\[[0-9.]+, [0-9.]+\\] -> beta-step=");
        // The JSON names the candidate chosen on each split, in split order, as printed.
        java.util.regex.Matcher printed = java.util.regex.Pattern.compile("-> (beta-step=[^\\n\\r]+)").matcher(out.toString());
        java.util.List<String> expected = new java.util.ArrayList<>();
        while (printed.find()) {
            expected.add("\"" + printed.group(1).trim() + "\"");
        }
        assertThat(expected).hasSize(2);
        String text = Files.readString(json);
        assertThat(text).contains("\"tuned_choices\": [" + String.join(", ", expected) + "]");
        assertThat(text).contains("\"accuracy_per_split\": [");
        assertThat(run(new StringWriter(), "cv", "--data", file.toString(), "--tune", "gamma=1")).isNotZero();
    }

    @Test
    void tunedCvEqualsItsStepsRecomputedIndependentlySplitBySplit() {
        // outer split r: 70/30 stratified hold-out seeded 5 + r; inner 2-fold seeded 5 + 1000 + r; each candidate
        // fitted on every inner fold, mean accuracy, first maximum; the choice refitted with seed 5 + r and tested
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        java.util.List<dev.kernelkit.data.Vec> xs = new java.util.ArrayList<>();
        double[] ys = new double[36];
        for (int i = 0; i < ys.length; i++) {
            int q = i % 3;
            xs.add(dev.kernelkit.data.DenseVec.of(q + 0.6 * rnd.nextGaussian(), rnd.nextGaussian(), -q + 0.6 * rnd.nextGaussian()));
            ys[i] = q + 1;
        }
        LabeledDataset data = new LabeledDataset(xs, ys);
        ImkplOptions base = new ImkplOptions(2, 0.1, 0.1, 0.1, ImkplOptions.BetaStep.SIMPLEX_LP, ImkplOptions.LsForm.SIMILARITY,
                3, 1e-4, true, ImkplOptions.SelfCoding.HIDE_SELF_PROTOTYPE, 0, 5, ImkplOptions.DisForm.DISTANCE);
        java.util.List<InnerCvTuning.Candidate> cands = InnerCvTuning.parse("lambda=0.1;lambda=1,mu=0.3;beta-step=FIXED", base);
        dev.kernelkit.eval.Evaluation e = InnerCvTuning.selection(dev.kernelkit.eval.Resampling.stratifiedHoldOut(0.7, 2, 5),
                base, cands, 2, 5, Imkpl::trainer).withThreads(2).run(data);
        java.util.List<Splits.Split> outer = Splits.repeatedStratifiedHoldOut(data.labels(), 0.7, 2, 5);
        for (int r = 0; r < 2; r++) {
            LabeledDataset train = data.subset(outer.get(r).train()), test = data.subset(outer.get(r).test());
            double[] mean = new double[cands.size()];
            java.util.List<Splits.Split> inner = Splits.stratifiedKFold(train.labels(), 2, 5 + 1000 + r);
            for (int c = 0; c < cands.size(); c++) {
                double sum = 0;
                for (Splits.Split s : inner) {
                    LabeledDataset va = train.subset(s.test());
                    sum += Metrics.accuracy(va.labels(), Imkpl.fit(train.subset(s.train()), cands.get(c).options())
                            .predictLabels(va.points()));
                }
                mean[c] = sum / inner.size();
            }
            int best = 0;
            for (int c = 1; c < mean.length; c++) {
                best = mean[c] > mean[best] ? c : best;
            }
            dev.kernelkit.eval.OuterFold f = e.folds().get(r);
            assertThat(f.selection().searched().stream().mapToDouble(dev.kernelkit.eval.ScoredPoint::score).toArray())
                    .as("split %d", r).containsExactly(mean);
            assertThat(f.chosen().value(InnerCvTuning.CANDIDATE)).isEqualTo(cands.get(best).text());
            ImkplModel m = Imkpl.fit(train, cands.get(best).options().withSeed(5 + r));
            assertThat(f.score()).isEqualTo(Metrics.accuracy(test.labels(), m.predictLabels(test.points())));
            assertThat(f.measure(InnerCvTuning.DR)).isEqualTo(PrototypeMeasures.discrimination(m, test));
            assertThat(f.measure(InnerCvTuning.IP)).isEqualTo(PrototypeMeasures.interpretability(m));
            assertThat(f.measure(InnerCvTuning.ITERATIONS)).isEqualTo(m.objectiveHistory().length - 1);
        }
    }
}
