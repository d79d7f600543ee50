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
import dev.kernelkit.eval.Summary;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code svm cv} on the shared harness (ModelSelection) against the loop it replaced: the old command's
 * code (a loop over Splits.repeatedStratifiedKFold, a grid search with the scaler refitted in every inner
 * fold, the first point of highest mean inner accuracy deciding — the pre-contract CrossValidation and
 * GridSearch classes, written out here as plain loops), kept here as the reference. Same folds, same seeds, the
 * same chosen kernels and C and the same fold accuracies, to the bit.
 */
class SvmCvHarnessTest {
    @TempDir
    Path dir;

    /** One old fold: the chosen kernel (its specification), C and the accuracy. */
    record Old(String kernel, double c, double accuracy) {
    }

    record Point(Kernel<Vec> kernel, double c) {
    }

    /** The old SvmCvCommand's loop (commit 6a13b4e), without --kernel-from. */
    static List<Old> oldPath(LabeledDataset data, int k, int repeats, long seed, Kernel<Vec> fixedKernel, Double fixedC,
                             FeatureScaling scaling, SvmLoss loss, double cacheMb) {
        List<Splits.Split> splits = Splits.repeatedStratifiedKFold(data.labels(), k, repeats, seed);
        boolean grid = fixedKernel == null || fixedC == null;
        List<Old> folds = new ArrayList<>();
        for (int f = 0; f < splits.size(); f++) {
            int[] trainIdx = splits.get(f).train();
            int[] testIdx = splits.get(f).test();
            LabeledDataset foldTrain = data.subset(trainIdx);
            Point chosen = grid ? choose(foldTrain, fixedKernel, fixedC, scaling, loss, seed + 1000L + f, cacheMb)
                    : new Point(fixedKernel, fixedC);
            FittedScaler scaler = scaling.fit(foldTrain);
            SvmModel model = Svm.fit(scaler.apply(foldTrain), options(chosen, loss, cacheMb));
            double acc = CommandSupport.accuracy(model, scaler.apply(data.subset(testIdx)));
            folds.add(new Old(Kernels.format(chosen.kernel()), chosen.c(), acc));
        }
        return folds;
    }

    static Point choose(LabeledDataset rawTrain, Kernel<Vec> fixedKernel, Double fixedC, FeatureScaling scaling,
                        SvmLoss loss, long seed, double cacheMb) {
        List<Kernel<Vec>> kernels = new ArrayList<>();
        if (fixedKernel != null) {
            kernels.add(fixedKernel);
        } else {
            double g0 = oldScaleGamma(scaling.fit(rawTrain).apply(rawTrain));
            for (double factor : new double[] {1.0 / 16, 1.0 / 4, 1, 4, 16}) {
                kernels.add(new GaussianKernel(new java.math.BigDecimal(g0 * factor)
                        .round(new java.math.MathContext(4)).doubleValue()));
            }
        }
        double[] cs = fixedC != null ? new double[] {fixedC} : new double[] {0.1, 1, 10, 100};
        List<Point> points = new ArrayList<>();
        for (Kernel<Vec> kernel : kernels) {
            for (double c : cs) {
                points.add(new Point(kernel, c));
            }
        }
        Map<Double, Integer> counts = new TreeMap<>();
        for (double y : rawTrain.labels()) {
            counts.merge(y, 1, Integer::sum);
        }
        int inner = Math.min(3, counts.values().stream().mapToInt(Integer::intValue).min().orElse(0));
        List<Splits.Split> innerSplits = Splits.stratifiedKFold(rawTrain.labels(), inner, seed);
        int best = 0;
        double bestMean = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < points.size(); p++) {
            double[] scores = new double[innerSplits.size()];
            for (int f = 0; f < innerSplits.size(); f++) {
                LabeledDataset part = rawTrain.subset(innerSplits.get(f).train());
                FittedScaler scaler = scaling.fit(part);
                SvmModel m = Svm.fit(scaler.apply(part), options(points.get(p), loss, cacheMb));
                scores[f] = CommandSupport.accuracy(m, scaler.apply(rawTrain.subset(innerSplits.get(f).test())));
            }
            double mean = Summary.of(scores).mean();
            if (p == 0 || mean > bestMean) {
                best = p;
                bestMean = mean;
            }
        }
        return points.get(best);
    }

    static double oldScaleGamma(LabeledDataset data) {
        int d = data.dim();
        int n = data.size();
        double[] mean = new double[d];
        double[] sq = new double[d];
        for (Vec v : data.points()) {
            v.forEachStored((j, x) -> {
                mean[j] += x;
                sq[j] += x * x;
            });
        }
        double var = 0;
        for (int j = 0; j < d; j++) {
            double m = mean[j] / n;
            var += Math.max(sq[j] / n - m * m, 0);
        }
        var /= d;
        return var > 0 ? 1.0 / (d * var) : 1.0 / d;
    }

    private static SvmOptions options(Point p, SvmLoss loss, double cacheMb) {
        return SvmOptions.of(p.kernel()).withC(p.c()).withLoss(loss)
                .withSolver(SmoSolver.Options.defaults().withCacheMb(cacheMb));
    }

    private void assertSame(LabeledDataset data, List<Old> old, String... args) throws Exception {
        Path file = dir.resolve("d.libsvm");
        LibsvmFormat.write(data, file);
        Path json = dir.resolve("cv.json");
        List<String> a = new ArrayList<>(List.of("svm", "cv", "--data", file.toString(), "--json", json.toString()));
        a.addAll(List.of(args));
        CliRun r = CliRun.of(a.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        List<Double> acc = TestJson.doubles(j.get("fold_accuracies"));
        List<Double> cs = TestJson.doubles(j.get("fold_c"));
        assertThat(acc).hasSize(old.size());
        for (int f = 0; f < old.size(); f++) {
            assertThat(acc.get(f)).as("fold %d accuracy", f).isEqualTo(old.get(f).accuracy());
            assertThat(cs.get(f)).as("fold %d C", f).isEqualTo(old.get(f).c());
            assertThat(j.get("fold_kernels").get(f).asText()).as("fold %d kernel", f).isEqualTo(old.get(f).kernel());
        }
        double mean = old.stream().mapToDouble(Old::accuracy).sum() / old.size();
        assertThat(j.get("accuracy_mean").doubleValue()).isEqualTo(mean);
    }

    @Test
    void theGridSearchedRunChoosesAndScoresFoldByFoldAsTheOldLoop() throws Exception {
        LabeledDataset d = SyntheticData.twoMoons(90, 0.3, 11);
        List<Old> old = oldPath(d, 3, 2, 5, null, null, FeatureScaling.STANDARD, SvmLoss.HINGE, 200);
        // the old loop chose more than one setting, so the comparison covers the search
        assertThat(old.stream().map(o -> o.kernel() + o.c()).distinct().count()).isGreaterThan(1);
        assertSame(d, old, "--folds", "3", "--repeats", "2", "--seed", "5", "--scale", "standard");
    }

    @Test
    void fixedParametersAndAGridOverCAloneGiveTheOldLoopsFolds() throws Exception {
        LabeledDataset d = SyntheticData.twoMoons(80, 0.25, 12);
        assertSame(d, oldPath(d, 4, 1, 7, new GaussianKernel(1.5), 3.0, FeatureScaling.NONE, SvmLoss.SQUARED_HINGE, 200),
                "--folds", "4", "--seed", "7", "--gamma", "1.5", "--c", "3", "--loss", "squared-hinge");
        assertSame(d, oldPath(d, 4, 2, 8, new GaussianKernel(0.7), null, FeatureScaling.MINMAX, SvmLoss.HINGE, 200),
                "--folds", "4", "--repeats", "2", "--seed", "8", "--gamma", "0.7", "--scale", "minmax");
    }
}
