package dev.kernelkit.cli.reproduce;

import dev.kernelkit.plot.GroupedBarChart;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The picture of a reproduced table: our mean beside the paper's for every row that has one of them, each
 * with a ± sd whisker where the sd is known (ours over the protocol's repeats, the paper's as printed).
 */
final class PaperComparisonChart {
    private PaperComparisonChart() {
    }

    static void write(TableSpec t, List<RowResult> rows, Path file) throws IOException {
        List<RowResult> drawn = rows.stream()
                .filter(r -> Double.isFinite(r.mean()) || Double.isFinite(r.row().paperMean())).toList();
        if (drawn.isEmpty()) {
            return;
        }
        int m = drawn.size();
        List<String> labels = new ArrayList<>(m);
        double[] ours = new double[m], oursSd = new double[m], paper = new double[m], paperSd = new double[m];
        for (int i = 0; i < m; i++) {
            RowResult r = drawn.get(i);
            labels.add(r.row().dataset() + " " + r.row().method());
            ours[i] = r.mean();
            oursSd[i] = r.sd();
            paper[i] = r.row().paperMean();
            paperSd[i] = r.row().paperSd();
        }
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put("kernelkit (± sd)", ours);
        series.put("paper / reference (± sd)", paper);
        Map<String, double[]> whiskers = new LinkedHashMap<>();
        whiskers.put("kernelkit (± sd)", oursSd);
        whiskers.put("paper / reference (± sd)", paperSd);
        new GroupedBarChart(labels, series, whiskers, t.title(), "value").writePng(file);
    }
}
