package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.prototypes.PrototypeMeasures;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The three IMKPL prediction rules ({@link ImkplOptions.PredictionRule}) side by side on each test split of
 * {@code prototypes cv}: every rule reads the same fitted prototypes, so one fit per split gives the test
 * accuracy and DR of each (DR of the code the rule predicts from, {@link ImkplModel#ruleCode}); IP does not
 * depend on the rule. Beside them the rule the fit chose (by inner CV on the training part when asked).
 */
final class RuleComparison {
    private static final ImkplOptions.PredictionRule[] RULES = {ImkplOptions.PredictionRule.PROTOTYPE_VOTE,
            ImkplOptions.PredictionRule.CLASS_RECONSTRUCTION, ImkplOptions.PredictionRule.NEAREST_PROTOTYPE};

    private final double[][] acc;
    private final double[][] dr;
    private final List<String> chosen = new ArrayList<>();

    RuleComparison(int splits) {
        acc = new double[RULES.length][splits];
        dr = new double[RULES.length][splits];
    }

    /** Scores every rule on split {@code r}'s test part and prints one line. */
    void add(int r, ImkplModel m, LabeledDataset test, PrintWriter out) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "split %d rules:", r + 1));
        for (int a = 0; a < RULES.length; a++) {
            ImkplModel mr = m.withPredictionRule(RULES[a]);
            acc[a][r] = Metrics.accuracy(test.labels(), mr.predictLabels(test.points()));
            dr[a][r] = PrototypeMeasures.discrimination(mr, PrototypeMeasures.ruleCodes(mr, test), test.labels());
            sb.append(String.format(Locale.ROOT, "  %s accuracy %.4f DR %.1f%%", RULES[a], acc[a][r], 100 * dr[a][r]));
        }
        chosen.add(m.predictionRule().name());
        sb.append("  (model's rule: ").append(m.predictionRule()).append(')');
        out.println(sb);
        out.flush();
    }

    /** Prints the mean per rule and adds {@code rule_<name>_accuracy_mean/sd}, {@code _dr_mean} and the chosen rules. */
    void summarise(PrintWriter out, JsonSummary js) {
        for (int a = 0; a < RULES.length; a++) {
            Summary s = Summary.of(acc[a]);
            double d = Summary.of(dr[a]).mean();
            out.printf(Locale.ROOT, "rule %s: accuracy %.4f ± %.4f  DR %.1f%%%n", RULES[a], s.mean(), s.sd(), 100 * d);
            String key = "rule_" + RULES[a].name().toLowerCase(Locale.ROOT);
            js.put(key + "_accuracy_mean", s.mean()).put(key + "_accuracy_sd", s.sd()).put(key + "_dr_mean", d)
                    .putList(key + "_accuracy_per_split", acc[a]);
        }
        js.putList("prediction_rule_per_split", chosen);
        out.println("prediction rule per split: " + chosen);
        out.flush();
    }
}
