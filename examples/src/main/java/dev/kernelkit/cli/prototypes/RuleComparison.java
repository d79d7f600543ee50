package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.prototypes.ImkplOptions;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The three IMKPL prediction rules ({@link ImkplOptions.PredictionRule}) side by side on each test split of
 * {@code prototypes cv}: every rule reads the same fitted prototypes, so one fit per split gives the test
 * accuracy and DR of each (DR of the code the rule predicts from, {@code ImkplModel.ruleCode}; measured by the
 * protocol of {@link InnerCvTuning#selection}); IP does not
 * depend on the rule. Beside them the rule the fit chose (by inner CV on the training part when asked).
 */
final class RuleComparison {
    private static final List<ImkplOptions.PredictionRule> RULES = InnerCvTuning.RULES;

    private final double[][] acc;
    private final double[][] dr;
    private final List<String> chosen = new ArrayList<>();

    RuleComparison(int splits) {
        acc = new double[RULES.size()][splits];
        dr = new double[RULES.size()][splits];
    }

    /** Records every rule's score on the split of {@code f} (the measures of {@link InnerCvTuning}) and prints one line. */
    synchronized void add(OuterFold f, PrintWriter out) {
        int r = f.index();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "split %d rules:", r + 1));
        for (int a = 0; a < RULES.size(); a++) {
            acc[a][r] = f.measure(InnerCvTuning.ruleAccuracy(RULES.get(a)));
            dr[a][r] = f.measure(InnerCvTuning.ruleDr(RULES.get(a)));
            sb.append(String.format(Locale.ROOT, "  %s accuracy %.4f DR %.1f%%", RULES.get(a), acc[a][r], 100 * dr[a][r]));
        }
        ImkplOptions.PredictionRule rule = ImkplOptions.PredictionRule.values()[(int) f.measure(InnerCvTuning.PREDICTION_RULE)];
        chosen.add(rule.name());
        sb.append("  (model's rule: ").append(rule).append(')');
        out.println(sb);
        out.flush();
    }

    /** Prints the mean per rule and adds {@code rule_<name>_accuracy_mean/sd}, {@code _dr_mean} and the chosen rules. */
    void summarise(PrintWriter out, JsonSummary js) {
        for (int a = 0; a < RULES.size(); a++) {
            Summary s = Summary.of(acc[a]);
            double d = Summary.of(dr[a]).mean();
            out.printf(Locale.ROOT, "rule %s: accuracy %.4f ± %.4f  DR %.1f%%%n", RULES.get(a), s.mean(), s.sd(), 100 * d);
            String key = "rule_" + RULES.get(a).name().toLowerCase(Locale.ROOT);
            js.put(key + "_accuracy_mean", s.mean()).put(key + "_accuracy_sd", s.sd()).put(key + "_dr_mean", d)
                    .putList(key + "_accuracy_per_split", acc[a]);
        }
        js.putList("prediction_rule_per_split", chosen);
        out.println("prediction rule per split: " + chosen);
        out.flush();
    }
}
