package dev.kernelkit.plot;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/**
 * Bars of several named series side by side per category (e.g. our accuracy beside the paper's
 * for each row of a table), drawn by XChart with a legend, headless, in kernelkit's colours and
 * fonts. A missing value (NaN) leaves its bar out; a series may carry a ± whisker per bar (e.g. the
 * sd over repeats), drawn in {@link #WHISKER}. Immutable.
 */
public final class GroupedBarChart {
    private static final Color[] COLOURS = {BarChart.BAR, new Color(0xBF, 0x5F, 0x1F), new Color(0x3F, 0x9F, 0x3F)};
    /** The colour of the ± whiskers. */
    public static final Color WHISKER = new Color(0x20, 0x20, 0x20);

    private final List<String> categories;
    private final Map<String, double[]> series;
    private final Map<String, double[]> whiskers;
    private final String title;
    private final String yLabel;

    /**
     * @param categories the category labels, one group of bars each
     * @param series series name to one value per category (NaN: no bar); at most three series
     * @param title the title
     * @param yLabel the y axis label
     * @throws IllegalArgumentException for no category, a series of the wrong length, or more than three series
     */
    public GroupedBarChart(List<String> categories, Map<String, double[]> series, String title, String yLabel) {
        this(categories, series, Map.of(), title, yLabel);
    }

    /**
     * @param categories the category labels, one group of bars each
     * @param series series name to one value per category (NaN: no bar); at most three series
     * @param whiskers series name to the half-length of the ± whisker on each of its bars; a series without
     *        an entry, or whose half-lengths are all NaN or 0, has none; in a series with whiskers a NaN or 0
     *        half-length leaves a flat tick at its bar's top (and none on a missing bar)
     * @param title the title
     * @param yLabel the y axis label
     * @throws IllegalArgumentException for no category, a series of the wrong length, more than three series,
     *         whiskers of a series not drawn, of the wrong length, or negative
     */
    public GroupedBarChart(List<String> categories, Map<String, double[]> series, Map<String, double[]> whiskers,
                           String title, String yLabel) {
        if (categories.isEmpty()) {
            throw new IllegalArgumentException("a grouped bar chart needs at least one category");
        }
        if (series.isEmpty() || series.size() > COLOURS.length) {
            throw new IllegalArgumentException("a grouped bar chart draws 1 to " + COLOURS.length + " series, got " + series.size());
        }
        Map<String, double[]> copy = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> e : series.entrySet()) {
            if (e.getValue().length != categories.size()) {
                throw new IllegalArgumentException("series " + e.getKey() + " has " + e.getValue().length
                        + " values for " + categories.size() + " categories");
            }
            copy.put(e.getKey(), e.getValue().clone());
        }
        Map<String, double[]> w = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> e : whiskers.entrySet()) {
            if (!copy.containsKey(e.getKey())) {
                throw new IllegalArgumentException("whiskers for " + e.getKey() + ", which is not a series " + copy.keySet());
            }
            if (e.getValue().length != categories.size()) {
                throw new IllegalArgumentException("whiskers of " + e.getKey() + " have " + e.getValue().length
                        + " values for " + categories.size() + " categories");
            }
            for (double h : e.getValue()) {
                if (h < 0 || h == Double.POSITIVE_INFINITY) {
                    throw new IllegalArgumentException("whiskers of " + e.getKey()
                            + " must be finite and >= 0 (NaN: none), got " + h);
                }
            }
            w.put(e.getKey(), e.getValue().clone());
        }
        this.categories = List.copyOf(categories);
        this.series = copy;
        this.whiskers = w;
        this.title = title;
        this.yLabel = yLabel;
    }

    /** Renders the chart, 120 pixels per category wide (at least 800). */
    public BufferedImage render() {
        int width = Math.max(800, 120 * categories.size());
        CategoryChart chart = new CategoryChartBuilder().width(width).height(520).title(title)
                .xAxisTitle("").yAxisTitle(yLabel).build();
        CategoryStyler st = chart.getStyler();
        PlotFrame.style(st, title, width);
        st.setLegendVisible(true);
        st.setLegendPosition(Styler.LegendPosition.InsideNE);
        st.setAvailableSpaceFill(0.7);
        st.setXAxisLabelRotation(30);
        st.setYAxisDecimalPattern("0.0");
        st.setErrorBarsColor(WHISKER);
        int c = 0;
        for (Map.Entry<String, double[]> e : series.entrySet()) {
            List<String> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> err = new ArrayList<>();
            double[] h = whiskers.get(e.getKey());
            boolean anyWhisker = false;
            for (int i = 0; i < categories.size(); i++) {
                x.add(categories.get(i));
                double v = e.getValue()[i];
                y.add(Double.isFinite(v) ? v : null);
                double half = h != null && Double.isFinite(v) && Double.isFinite(h[i]) ? h[i] : 0.0;
                err.add(half);
                anyWhisker |= half > 0;
            }
            // XChart draws a flat tick for a zero whisker, so a series with no whisker at all gets no list
            CategorySeries s = anyWhisker ? chart.addSeries(e.getKey(), x, y, err) : chart.addSeries(e.getKey(), x, y);
            s.setFillColor(COLOURS[c++]);
        }
        return BitmapEncoder.getBufferedImage(chart);
    }

    /** Renders and writes a PNG file atomically (parent folders are created). */
    public void writePng(Path file) throws IOException {
        PlotFrame.writePng(render(), file);
    }
}
