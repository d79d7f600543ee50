package dev.kernelkit.cli.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.eval.Summary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One row of a reproduced table: our mean, sd and count (from one run's JSON summary, or the mean
 * and sample sd over a run repeated per seed), the paper's mean and sd, and the difference in
 * standard errors z = (ours − paper) / sqrt(sd_ours² / n_ours + sd_paper² / n_paper), where a
 * term whose sd is missing or over fewer than two repeats is left out (z is absent when both are).
 *
 * @param row the table row
 * @param status "ran", or why the row has no number
 * @param mean our mean (NaN when not run)
 * @param sd our sd (NaN when none)
 * @param n the count our sd is over (0 when not run)
 * @param z the difference in standard errors (NaN when it cannot be formed)
 * @param extras the row's further values (NaN where missing)
 */
public record RowResult(TableSpec.Row row, String status, double mean, double sd, int n, double z,
                        Map<String, Double> extras) {

    static RowResult of(TableSpec.Row row, ReproduceCommand.Outcome outcome, int paperN) {
        if (outcome == null || !outcome.ran()) {
            String why = outcome == null ? "not run" : outcome.status();
            return new RowResult(row, why, Double.NaN, Double.NaN, 0, Double.NaN, Map.of());
        }
        List<JsonNode> runs = outcome.summaries();
        double mean, sd;
        int n;
        if (runs.size() > 1) {
            double[] v = new double[runs.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = value(runs.get(i), row.mean());
            }
            mean = mean(v);
            sd = sampleSd(v);
            n = v.length;
        } else {
            JsonNode j = runs.get(0);
            mean = value(j, row.mean());
            sd = row.sd() == null ? Double.NaN : value(j, row.sd());
            n = row.nPath() == null ? row.nFixed() : count(j, row.nPath());
        }
        Map<String, Double> extras = new LinkedHashMap<>();
        for (Map.Entry<String, TableSpec.ValuePath> e : row.extras().entrySet()) {
            double[] v = new double[runs.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = value(runs.get(i), e.getValue());
            }
            extras.put(e.getKey(), mean(v));
        }
        String status = Double.isNaN(mean) ? "ran, but its summary has no " + row.mean().path() : "ran";
        return new RowResult(row, status, mean, sd, n, z(mean, sd, n, row.paperMean(), row.paperSd(), paperN), extras);
    }

    /**
     * The difference in standard errors.
     *
     * @return NaN when either mean is missing or neither side has an sd over two or more repeats
     */
    public static double z(double mean, double sd, int n, double paperMean, double paperSd, int paperN) {
        if (Double.isNaN(mean) || Double.isNaN(paperMean)) {
            return Double.NaN;
        }
        double var = 0;
        boolean any = false;
        if (!Double.isNaN(sd) && n >= 2) {
            var += sd * sd / n;
            any = true;
        }
        if (!Double.isNaN(paperSd) && paperN >= 2) {
            var += paperSd * paperSd / paperN;
            any = true;
        }
        if (!any || var <= 0) {
            return Double.NaN;
        }
        return (mean - paperMean) / Math.sqrt(var);
    }

    /** The number at a dotted path times its factor; NaN when the path leads nowhere or not to a number. */
    static double value(JsonNode root, TableSpec.ValuePath p) {
        JsonNode n = at(root, p.path());
        return n != null && n.isNumber() ? n.asDouble() * p.factor() : Double.NaN;
    }

    /** A count: the number at the path, or the size of the list there. */
    static int count(JsonNode root, String path) {
        JsonNode n = at(root, path);
        if (n == null) {
            return 0;
        }
        return n.isArray() ? n.size() : n.isNumber() ? n.asInt() : 0;
    }

    static JsonNode at(JsonNode root, String path) {
        JsonNode n = root;
        for (String part : path.split("\\.")) {
            if (n == null) {
                return null;
            }
            n = n.isArray() && part.matches("\\d+") ? n.get(Integer.parseInt(part)) : n.get(part);
        }
        return n;
    }

    /** The mean of the values through {@link Summary}, or NaN when one is missing (NaN). */
    private static double mean(double[] v) {
        return hasMissing(v) ? Double.NaN : Summary.of(v).mean();
    }

    /** The sample sd of the values through {@link Summary}, or NaN when one is missing or there are fewer than two. */
    private static double sampleSd(double[] v) {
        return v.length < 2 || hasMissing(v) ? Double.NaN : Summary.of(v).sd();
    }

    private static boolean hasMissing(double[] v) {
        for (double x : v) {
            if (Double.isNaN(x)) {
                return true;
            }
        }
        return false;
    }

    String oursText() {
        return Double.isNaN(mean) ? "—" : fmt(mean);
    }

    String sdText() {
        if (Double.isNaN(mean)) {
            return "";
        }
        return (Double.isNaN(sd) || n < 2 ? "—" : fmt(sd)) + " (" + n + ")";
    }

    String paperText() {
        if (Double.isNaN(row.paperMean())) {
            return "—";
        }
        return fmt(row.paperMean()) + (Double.isNaN(row.paperSd()) ? "" : " ± " + fmt(row.paperSd()));
    }

    String zText() {
        return Double.isNaN(z) ? "—" : String.format(Locale.ROOT, "%+.1f", z);
    }

    String extrasText() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Double> e : extras.entrySet()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(e.getKey()).append(' ').append(Double.isNaN(e.getValue()) ? "—" : fmt(e.getValue()));
        }
        if (!status.equals("ran")) {
            b.append(b.length() > 0 ? "; " : "").append(status);
        }
        if (!row.note().isBlank()) {
            b.append(b.length() > 0 ? "; " : "").append(row.note());
        }
        return b.toString();
    }

    /** Two decimals below 1,000, none above, three significant digits below 1. */
    static String fmt(double v) {
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 1 || a == 0) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    JsonSummary toJson() {
        JsonSummary j = new JsonSummary().put("dataset", row.dataset()).put("method", row.method()).put("run", row.run())
                .put("status", status).putOptional("ours_mean", finite(mean)).putOptional("ours_sd", finite(sd))
                .put("ours_n", (long) n).putOptional("paper_mean", finite(row.paperMean()))
                .putOptional("paper_sd", finite(row.paperSd())).putOptional("difference_in_se", finite(z));
        JsonSummary ex = new JsonSummary();
        for (Map.Entry<String, Double> e : extras.entrySet()) {
            ex.putOptional(e.getKey(), finite(e.getValue()));
        }
        return j.put("extras", ex).put("note", row.note());
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
