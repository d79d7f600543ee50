package dev.kernelkit.cli.cvm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kernelkit.cvm.BallVectorMachine;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CoreVectorRegression;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.cvm.CvrModel;
import dev.kernelkit.cvm.CvrOptions;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.cvm.OneClassCvmOptions;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code cvm cv} on the shared harness (ModelSelection) and the catalog learners against the k-fold loop it
 * replaced, kept here as the reference (the old CvmCvCommand's loop, its fits written against the solvers): the same folds (stratified k-fold, plain k-fold for
 * cvr, both seeded --seed), the same fits and the same fold scores and core-vector counts, to the bit.
 */
class CvmCvHarnessTest {
    @TempDir
    Path dir;

    /**
     * The old command's loop, its fits written out against the solvers (as the removed CvmCli.fit made them):
     * per fold the scaler fitted on the training part, the solver of the method with the options' values and
     * defaults (gamma: LibCVM's automatic one; C 100, cvr 1e4 max|y|; epsilon LibCVM's automatic one, 1e-6 for
     * one-class and cvr), the test part scored by hand: [score, core vectors, balanced accuracy (NaN for cvr)].
     */
    static List<double[]> oldPath(LabeledDataset d, int folds, CvmCli.Parameters p) {
        boolean regression = p.method() == CvmCli.Method.CVR;
        List<Splits.Split> splits = regression ? oldKFold(d.size(), folds, p.seed)
                : Splits.stratifiedKFold(d.labels(), folds, p.seed);
        List<double[]> out = new ArrayList<>();
        for (Splits.Split s : splits) {
            LabeledDataset rawTrain = d.subset(s.train());
            dev.kernelkit.data.FittedScaler scaler = p.scale.fit(rawTrain);
            LabeledDataset train = scaler.apply(rawTrain);
            LabeledDataset test = scaler.apply(d.subset(s.test()));
            double gamma = p.gamma != null ? p.gamma : CoreVectorMachine.autoGamma(train.points());
            dev.kernelkit.kernel.GaussianKernel kernel = new dev.kernelkit.kernel.GaussianKernel(gamma);
            double[] predicted = new double[test.size()];
            int cores;
            if (regression) {
                double maxAbs = 0;
                for (double v : train.labels()) {
                    maxAbs = Math.max(maxAbs, Math.abs(v));
                }
                CvrModel m = CoreVectorRegression.fit(train, new CvrOptions(kernel, p.c != null ? p.c : 1e4 * maxAbs,
                        p.mu != null ? p.mu : 0.02 * maxAbs, coreSet(p, p.eps != null ? p.eps : 1e-6)));
                for (int i = 0; i < predicted.length; i++) {
                    predicted[i] = m.predict(test.x(i));
                }
                cores = m.coreSize();
            } else if (p.method() == CvmCli.Method.ONE_CLASS) {
                OneClassCvmModel m = OneClassCvm.fit(train.points(), new OneClassCvmOptions(kernel,
                        p.c != null ? p.c : 100.0, coreSet(p, p.eps != null ? p.eps : 1e-6)));
                for (int i = 0; i < predicted.length; i++) {
                    predicted[i] = m.predictLabel(test.x(i));
                }
                cores = m.supportVectors().size();
            } else {
                double c = p.c != null ? p.c : 100.0;
                CvmOptions o = new CvmOptions(kernel, c, coreSet(p, p.eps != null ? p.eps : CvmOptions.autoEpsilon(1.0, c)),
                        CvmOptions.MultiClass.ONE_VS_REST);
                CvmModel m = p.method() == CvmCli.Method.BVM ? BallVectorMachine.fit(train, o)
                        : CoreVectorMachine.fit(train, o);
                for (int i = 0; i < predicted.length; i++) {
                    predicted[i] = m.predictLabel(test.x(i));
                }
                cores = m.coreVectorCount();
            }
            double score = 0;
            for (int i = 0; i < predicted.length; i++) {
                double e = predicted[i] - test.y(i);
                score += regression ? e * e : predicted[i] == test.y(i) ? 1 : 0;
            }
            out.add(new double[] {score / predicted.length, cores, regression ? Double.NaN
                    : dev.kernelkit.cli.SvmCvMetricTest.balancedAccuracy(test.labels(), predicted)});
        }
        return out;
    }

    /** The core-set options of --mode, --seed and --cache-mb at this epsilon, capped at 50000 core vectors. */
    private static CoreSetOptions coreSet(CvmCli.Parameters p, double eps) {
        CoreSetOptions o = p.mode.equals("jmlr") ? CoreSetOptions.jmlr(eps) : CoreSetOptions.libcvm(eps);
        return o.withSeed(p.seed).withCacheMb(p.cacheMb).withMaxCoreVectors(50_000);
    }

    /** The old command's plain k-fold over a seeded permutation. */
    static List<Splits.Split> oldKFold(int n, int k, long seed) {
        int[] perm = java.util.stream.IntStream.range(0, n).toArray();
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
        }
        List<Splits.Split> out = new ArrayList<>();
        for (int f = 0; f < k; f++) {
            List<Integer> tr = new ArrayList<>();
            List<Integer> te = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                (i % k == f ? te : tr).add(perm[i]);
            }
            out.add(new Splits.Split(tr.stream().mapToInt(Integer::intValue).sorted().toArray(),
                    te.stream().mapToInt(Integer::intValue).sorted().toArray()));
        }
        return out;
    }

    private static CvmCli.Parameters parameters(String method, Double gamma, Double c, Double eps, String mode, long seed,
                                                FeatureScaling scale) {
        CvmCli.Parameters p = new CvmCli.Parameters();
        p.method = method;
        p.gamma = gamma;
        p.c = c;
        p.eps = eps;
        p.mode = mode;
        p.seed = seed;
        p.scale = scale;
        p.cacheMb = 64;
        return p;
    }

    private void assertSame(LabeledDataset d, int folds, CvmCli.Parameters p, String... args) throws Exception {
        List<double[]> old = oldPath(d, folds, p);
        Path file = dir.resolve("d.libsvm");
        LibsvmFormat.write(d, file);
        Path json = dir.resolve("cv.json");
        List<String> a = new ArrayList<>(List.of("cv", "--data", file.toString(), "--folds", Integer.toString(folds),
                "--json", json.toString(), "--cache-mb", "64"));
        a.addAll(List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new CvmCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        assertThat(cl.execute(a.toArray(String[]::new))).as(err.toString()).isZero();
        JsonNode j = JsonMapper.builder().build().readTree(json.toFile());
        boolean regression = p.method().equals(CvmCli.Method.CVR);
        JsonNode scores = j.get(regression ? "fold_mse" : "fold_accuracies");
        assertThat(scores).hasSize(old.size());
        double sum = 0;
        double cores = 0;
        for (int f = 0; f < old.size(); f++) {
            assertThat(scores.get(f).doubleValue()).as("fold %d score", f).isEqualTo(old.get(f)[0]);
            assertThat(j.get("fold_core_vectors").get(f).doubleValue()).as("fold %d core vectors", f).isEqualTo(old.get(f)[1]);
            sum += old.get(f)[0];
            cores += old.get(f)[1];
        }
        assertThat(j.get(regression ? "mse" : "accuracy").doubleValue()).isEqualTo(sum / old.size());
        assertThat(j.get("core_vectors").doubleValue()).isEqualTo(cores / old.size());
        // the old command printed these lines; the new one prints them the same way
        for (int f = 0; f < old.size(); f++) {
            assertThat(out.toString()).contains(String.format("fold %d: %s %.6f, %d core vectors", f + 1,
                    regression ? "mse" : "accuracy", old.get(f)[0], (long) old.get(f)[1]));
        }
    }

    @Test
    void metricBalancedAccuracyReportsTheMeanOfTheFoldsBalancedAccuraciesCountedByHandAndCvrRefusesIt()
            throws Exception {
        LabeledDataset d = dev.kernelkit.cli.SvmCvMetricTest.imbalanced(120, 8);
        CvmCli.Parameters p = parameters("cvm", 1.0, 10.0, null, "libcvm", 3, FeatureScaling.STANDARD);
        List<double[]> old = oldPath(d, 3, p);
        String[] args = {"--gamma", "1", "--c", "10", "--seed", "3", "--scale", "standard", "--metric",
            "balanced-accuracy"};
        assertSame(d, 3, p, args);
        JsonNode j = JsonMapper.builder().build().readTree(dir.resolve("cv.json").toFile());
        double sum = 0;
        for (double[] f : old) {
            sum += f[2];
        }
        assertThat(j.get("metric").asText()).isEqualTo("balanced-accuracy");
        assertThat(j.get("balanced_accuracy_mean").doubleValue())
                .isCloseTo(sum / old.size(), org.assertj.core.api.Assertions.within(1e-12));
        // the folds' balanced accuracies differ from their accuracies on these imbalanced moons
        assertThat(j.get("balanced_accuracy_mean").doubleValue()).isNotEqualTo(j.get("accuracy").doubleValue());

        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new CvmCommand());
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        cl.setExecutionExceptionHandler((e, c, r) -> {
            c.getErr().println(e.getMessage());
            return 1;
        });
        Path file = dir.resolve("d.libsvm");
        assertThat(cl.execute("cv", "--data", file.toString(), "--method", "cvr", "--metric", "f1")).isEqualTo(1);
        assertThat(err.toString()).contains("--metric f1 scores classifiers; --method cvr");
    }

    @Test
    void cvmBvmAndOneClassFoldsAreTheOldLoopsToTheBit() throws Exception {
        LabeledDataset d = SyntheticData.twoMoons(150, 0.25, 3);
        assertSame(d, 5, parameters("cvm", null, null, null, "libcvm", 1, FeatureScaling.NONE));
        assertSame(d, 4, parameters("cvm", 2.0, 10.0, 1e-4, "jmlr", 9, FeatureScaling.STANDARD),
                "--gamma", "2", "--c", "10", "--eps", "1e-4", "--mode", "jmlr", "--seed", "9", "--scale", "standard");
        assertSame(d, 3, parameters("bvm", 1.0, 100.0, null, "libcvm", 2, FeatureScaling.NONE),
                "--method", "bvm", "--gamma", "1", "--c", "100", "--seed", "2");
        assertSame(d, 3, parameters("one-class", 1.0, 10.0, null, "libcvm", 4, FeatureScaling.MINMAX),
                "--method", "one-class", "--gamma", "1", "--c", "10", "--seed", "4", "--scale", "minmax");
    }

    @Test
    void cvrFoldsArePlainKFoldAndTheOldLoopsToTheBit() throws Exception {
        java.util.SplittableRandom r = new java.util.SplittableRandom(6);
        List<dev.kernelkit.data.Vec> x = new ArrayList<>();
        double[] y = new double[80];
        for (int i = 0; i < y.length; i++) {
            double a = -2 + 4 * r.nextDouble();
            x.add(dev.kernelkit.data.DenseVec.of(a, r.nextDouble()));
            y[i] = Math.sin(a) + 0.05 * r.nextGaussian();
        }
        LabeledDataset d = new LabeledDataset(x, y);
        assertSame(d, 4, parameters("cvr", 1.0, null, null, "libcvm", 3, FeatureScaling.NONE),
                "--method", "cvr", "--gamma", "1", "--seed", "3");
    }
}
