package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code svm cv --metric}: the inner grid search maximises the named metric. The reference is the search written
 * out by hand (as in {@link SvmCvHarnessTest}): every grid point fitted on every inner split, its predictions scored
 * by accuracy or by a balanced accuracy counted here (the mean over the classes of the inner test part of the
 * fraction of that class predicted as it), the first point of the highest mean winning. On an imbalanced seeded
 * subset of two moons the two metrics choose differently in some outer fold, and the command chooses, fold by fold,
 * the point of the by-hand search of its metric. The default writes the JSON of {@code --metric accuracy}.
 */
public class SvmCvMetricTest {
    @TempDir
    Path dir;

    /** Scores an inner test part from its true and predicted labels. */
    @FunctionalInterface
    interface Score {
        double of(double[] truth, double[] predicted);
    }

    static double accuracy(double[] truth, double[] predicted) {
        int ok = 0;
        for (int i = 0; i < truth.length; i++) {
            ok += truth[i] == predicted[i] ? 1 : 0;
        }
        return (double) ok / truth.length;
    }

    /** The mean over the classes present in {@code truth} of the fraction of each predicted as itself. */
    public static double balancedAccuracy(double[] truth, double[] predicted) {
        java.util.TreeMap<Double, int[]> perClass = new java.util.TreeMap<>();
        for (int i = 0; i < truth.length; i++) {
            int[] c = perClass.computeIfAbsent(truth[i], k -> new int[2]);
            c[0]++;
            c[1] += truth[i] == predicted[i] ? 1 : 0;
        }
        double sum = 0;
        for (int[] c : perClass.values()) {
            sum += (double) c[1] / c[0];
        }
        return sum / perClass.size();
    }

    /** Two moons with three quarters of class -1 left out (seeded): about 1 to 4. */
    public static LabeledDataset imbalanced(int n, long seed) {
        LabeledDataset d = SyntheticData.twoMoons(n, 0.35, seed);
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            if (d.y(i) > 0 || r.nextDouble() < 0.25) {
                keep.add(i);
            }
        }
        return d.subset(keep.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The by-hand choice of every outer fold: "kernel C" of the first point of best mean inner score. */
    static List<String> chosenByHand(LabeledDataset data, int k, long seed, FeatureScaling scaling, Score score) {
        List<Splits.Split> outer = Splits.repeatedStratifiedKFold(data.labels(), k, 1, seed);
        List<String> out = new ArrayList<>();
        for (int s = 0; s < outer.size(); s++) {
            LabeledDataset train = data.subset(outer.get(s).train());
            double[] gammas = SvmCvCommand.vectorGammas(train, scaling);
            List<Splits.Split> inner = Splits.stratifiedKFold(train.classIndices(), 3, seed + 1000L + s);
            String best = null;
            double bestMean = Double.NEGATIVE_INFINITY;
            for (double g : gammas) {
                for (double c : SvmCvCommand.C_GRID) {
                    double sum = 0;
                    for (Splits.Split f : inner) {
                        LabeledDataset part = train.subset(f.train());
                        LabeledDataset test = train.subset(f.test());
                        FittedScaler scaler = scaling.fit(part);
                        SvmModel m = Svm.fit(scaler.apply(part), SvmOptions.of(new GaussianKernel(g)).withC(c)
                                .withSolver(SmoSolver.Options.defaults()));
                        LabeledDataset scaled = scaler.apply(test);
                        double[] predicted = new double[test.size()];
                        for (int i = 0; i < predicted.length; i++) {
                            predicted[i] = m.predictLabel(scaled.x(i));
                        }
                        sum += score.of(test.labels(), predicted);
                    }
                    double mean = sum / inner.size();
                    if (best == null || mean > bestMean) {
                        best = Kernels.format(new GaussianKernel(g)) + " " + c;
                        bestMean = mean;
                    }
                }
            }
            out.add(best);
        }
        return out;
    }

    private JsonNode run(Path file, String name, String... extra) throws Exception {
        Path json = dir.resolve(name + ".json");
        List<String> a = new ArrayList<>(List.of("svm", "cv", "--data", file.toString(), "--folds", "3", "--seed", "3",
                "--scale", "standard", "--json", json.toString()));
        a.addAll(List.of(extra));
        CliRun r = CliRun.of(a.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return TestJson.read(json);
    }

    private static List<String> chosen(JsonNode j) {
        List<String> out = new ArrayList<>();
        for (int f = 0; f < j.get("fold_c").size(); f++) {
            out.add(j.get("fold_kernels").get(f).asText() + " " + j.get("fold_c").get(f).asDouble());
        }
        return out;
    }

    @Test
    void balancedAccuracyChoosesTheGridPointsOfTheByHandSearchAndOtherOnesThanAccuracyOnImbalancedMoons()
            throws Exception {
        LabeledDataset d = imbalanced(160, 21);
        Path file = dir.resolve("moons.libsvm");
        LibsvmFormat.write(d, file);
        List<String> byAccuracy = chosenByHand(d, 3, 3, FeatureScaling.STANDARD, SvmCvMetricTest::accuracy);
        List<String> byBalanced = chosenByHand(d, 3, 3, FeatureScaling.STANDARD, SvmCvMetricTest::balancedAccuracy);
        assertThat(byBalanced).as("the metrics choose differently on this seed").isNotEqualTo(byAccuracy);

        JsonNode acc = run(file, "accuracy");
        JsonNode bal = run(file, "balanced", "--metric", "balanced-accuracy");
        assertThat(chosen(acc)).isEqualTo(byAccuracy);
        assertThat(chosen(bal)).isEqualTo(byBalanced);
        assertThat(acc.get("metric").asText()).isEqualTo("accuracy");
        assertThat(bal.get("metric").asText()).isEqualTo("balanced-accuracy");
        // the test parts stay scored by accuracy: accuracy_mean is the mean of the folds' accuracies
        assertThat(bal.get("accuracy_mean").asDouble()).isEqualTo(TestJson.doubles(bal.get("fold_accuracies")).stream()
                .mapToDouble(Double::doubleValue).sum() / 3);
    }

    @Test
    void theDefaultMetricWritesTheJsonOfMetricAccuracy() throws Exception {
        LabeledDataset d = imbalanced(100, 5);
        Path file = dir.resolve("moons.libsvm");
        LibsvmFormat.write(d, file);
        JsonNode byDefault = run(file, "default");
        JsonNode named = run(file, "named", "--metric", "accuracy");
        assertThat(SvmCvMetricTest.timeless(byDefault)).isEqualTo(SvmCvMetricTest.timeless(named));
    }

    /** The JSON without the keys of times, environment and the data file's name. */
    static JsonNode timeless(JsonNode j) {
        com.fasterxml.jackson.databind.node.ObjectNode o = j.deepCopy();
        List<String> drop = new ArrayList<>();
        o.fieldNames().forEachRemaining(k -> {
            if (k.contains("seconds") || k.startsWith("java") || k.startsWith("jvm") || k.equals("available_processors")
                    || k.equals("max_heap_bytes")) {
                drop.add(k);
            }
        });
        drop.forEach(o::remove);
        return o;
    }

    @Test
    void anUnknownMetricIsOneUsageErrorLineAndAucOnThreeClassesIsOneErrorLine() throws Exception {
        Path blobs = dir.resolve("three.libsvm");
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            rows.append(1 + i % 3).append(" 1:").append(i % 3 + 0.1 * (i % 7)).append(" 2:").append(0.05 * i).append('\n');
        }
        java.nio.file.Files.writeString(blobs, rows);
        CliRun bad = CliRun.of("svm", "cv", "--data", blobs.toString(), "--metric", "precision");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err().strip().lines()).hasSize(1);
        assertThat(bad.err()).contains("--metric").contains("precision").contains("balanced-accuracy");
        CliRun auc = CliRun.of("svm", "cv", "--data", blobs.toString(), "--metric", "auc", "--folds", "3");
        assertThat(auc.exitCode()).isEqualTo(1);
        assertThat(auc.err().strip().lines()).hasSize(1);
        assertThat(auc.err()).contains("--metric auc needs two classes").contains("has 3");
    }
}
