package dev.kernelkit.cli.mi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.cli.Main;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Metric;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.ScoredPoint;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.MiProtocol;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sparse-mi cv --metric balanced-accuracy} on an imbalanced seeded bag set (10 positive against 40 negative
 * MUSK-like bags): the protocol's inner search maximises balanced accuracy. The reference is the library protocol
 * ({@link MiProtocol#tuned}) with the metric set as its inner metric: in every outer fold its choice is the first
 * point of highest summed inner score among the inner scores it reports, picked here by hand; on this seed it differs
 * from the accuracy protocol's choice in some fold; and the command's fold accuracies are the reference's, with
 * {@code --metric balanced-accuracy} those of the balanced protocol and by default those of the accuracy one.
 */
class SparseMiCvMetricTest {
    static final double[] GAMMA_GRID = {0.25, 1, 4};
    static final double[] C_GRID = {0.1, 1, 10, 100};

    @TempDir
    Path dir;

    private static ModelSelection<Bag> reference(BagDataset d, long seed, String metric) {
        double[] gammas = new double[GAMMA_GRID.length];
        for (int i = 0; i < gammas.length; i++) {
            gammas[i] = GAMMA_GRID[i] / d.dim();
        }
        ModelSelection<Bag> p = MiProtocol.tuned((g, c) -> MiKernel.trainer(MiKernelOptions.defaults().withGamma(g)
                .withC(c)), 3, 1, seed, gammas, C_GRID, 1);
        return metric.equals("accuracy") ? p : p.withInnerMetric(Metric.named(metric));
    }

    /** The first searched point of highest summed split score. */
    private static Point byHand(OuterFold f) {
        Point best = null;
        double bestSum = Double.NEGATIVE_INFINITY;
        for (ScoredPoint s : f.selection().searched()) {
            double sum = 0;
            for (double v : s.splitScores()) {
                sum += v;
            }
            if (best == null || sum > bestSum) {
                best = s.point();
                bestSum = sum;
            }
        }
        return best;
    }

    private JsonNode run(Path file, String name, String... extra) throws Exception {
        Path json = dir.resolve(name + ".json");
        List<String> a = new ArrayList<>(List.of("sparse-mi", "cv", "--data", file.toString(), "--method", "mikernel",
                "--gamma-grid", "0.25,1,4", "--c-grid", "0.1,1,10,100", "--folds", "3", "--seed", "6", "--json",
                json.toString()));
        a.addAll(List.of(extra));
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), a.toArray(String[]::new));
        assertThat(code).as(err.toString()).isZero();
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile());
    }

    private static List<Double> doubles(JsonNode array) {
        List<Double> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asDouble()));
        return out;
    }

    private static List<Double> scores(Evaluation e) {
        return java.util.Arrays.stream(e.scores()).boxed().toList();
    }

    @Test
    void balancedAccuracyChoosesTheBestInnerScoresAndOtherPointsThanAccuracyOnImbalancedBags() throws Exception {
        BagDataset d = SyntheticData.muskLikeBags(10, 40, 250, 6, 6);
        Path file = dir.resolve("bags.csv");
        CsvBagFormat.write(d, file);
        Evaluation acc = reference(d, 6, "accuracy").run(d);
        Evaluation bal = reference(d, 6, "balanced-accuracy").run(d);
        boolean differ = false;
        for (int f = 0; f < 3; f++) {
            assertThat(bal.folds().get(f).chosen()).as("fold %d", f).isEqualTo(byHand(bal.folds().get(f)));
            assertThat(acc.folds().get(f).chosen()).as("fold %d", f).isEqualTo(byHand(acc.folds().get(f)));
            differ |= !bal.folds().get(f).chosen().equals(acc.folds().get(f).chosen());
        }
        assertThat(differ).as("the two metrics choose differently in some fold on this seed").isTrue();

        JsonNode byDefault = run(file, "default");
        JsonNode balanced = run(file, "balanced", "--metric", "balanced-accuracy");
        assertThat(doubles(byDefault.get("fold_accuracies"))).isEqualTo(scores(acc));
        assertThat(doubles(balanced.get("fold_accuracies"))).isEqualTo(scores(bal));
        assertThat(byDefault.get("metric").asText()).isEqualTo("accuracy");
        assertThat(balanced.get("metric").asText()).isEqualTo("balanced-accuracy");
        assertThat(balanced.get("balanced_accuracy_mean").asDouble())
                .isEqualTo(bal.classificationMetrics().get("balanced_accuracy_mean"));
    }
}
