package dev.kernelkit.cli.reproduce;

import dev.kernelkit.plot.GroupedBarChart;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The picture of a reproduced table: our mean beside the paper's for every row that has one of them. */
final class PaperComparisonChart {
    private PaperComparisonChart() {
    }

    static void write(TableSpec t, List<RowResult> rows, Path file) throws IOException {
        List<String> labels = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        for (RowResult r : rows) {
            if (Double.isFinite(r.mean()) || Double.isFinite(r.row().paperMean())) {
                labels.add(r.row().dataset() + " " + r.row().method());
                values.add(new double[] {r.mean(), r.row().paperMean()});
            }
        }
        if (labels.isEmpty()) {
            return;
        }
        double[] ours = new double[labels.size()], paper = new double[labels.size()];
        for (int i = 0; i < labels.size(); i++) {
            ours[i] = values.get(i)[0];
            paper[i] = values.get(i)[1];
        }
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put("kernelkit", ours);
        series.put("paper / reference", paper);
        new GroupedBarChart(labels, series, t.title(), "value").writePng(file);
    }
}
