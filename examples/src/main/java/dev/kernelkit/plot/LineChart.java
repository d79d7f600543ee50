package dev.kernelkit.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart of one or more named series over a common x axis, e.g. the objective per iteration
 * of an iterative trainer. Points are joined by lines and marked when there are few of them (at
 * most 60). Drawn by XChart (axes, ticks, grid, legend, title), headless, in kernelkit's colours
 * and fonts. Immutable; build with {@link #builder()}.
 */
public final class LineChart {
    /** Series colours, in order (colour-blind-safe palette). */
    public static final List<Color> PALETTE = List.of(new Color(0x1F, 0x5F, 0xBF), new Color(0xD0, 0x30, 0x20),
            new Color(0x1A, 0x8A, 0x3A), new Color(0x8E, 0x44, 0xAD), new Color(0xE6, 0x8A, 0x00));

    /** One named series of (x, y) points. */
    public record Series(String name, double[] x, double[] y) {
        /** @throws IllegalArgumentException for different lengths, no points or a non-finite value */
        public Series {
            Objects.requireNonNull(name, "name");
            if (x.length != y.length) {
                throw new IllegalArgumentException("series '" + name + "': x and y must have equal length, got "
                        + x.length + " and " + y.length);
            }
            if (x.length == 0) {
                throw new IllegalArgumentException("series '" + name + "' has no points");
            }
            for (int i = 0; i < x.length; i++) {
                if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
                    throw new IllegalArgumentException("series '" + name + "': point " + i + " must be finite, got ("
                            + x[i] + ", " + y[i] + ")");
                }
            }
            x = x.clone();
            y = y.clone();
        }

        @Override
        public double[] x() {
            return x.clone();
        }

        @Override
        public double[] y() {
            return y.clone();
        }
    }

    private final List<Series> series;
    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final int width;
    private final int height;

    private LineChart(Builder b) {
        this.series = List.copyOf(b.series);
        this.title = b.title;
        this.xLabel = b.xLabel;
        this.yLabel = b.yLabel;
        this.width = b.width;
        this.height = b.height;
    }

    /** A builder; at least one series is required. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Renders the chart.
     *
     * @return a new RGB image of the chart's size
     */
    public BufferedImage render() {
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title)
                .xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        XYStyler st = chart.getStyler();
        PlotFrame.style(st, title, width);
        st.setLegendPosition(quietestCorner());
        st.setLegendVisible(true);
        st.setMarkerSize(7);
        st.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        BasicStroke line = new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
        for (int k = 0; k < series.size(); k++) {
            Series s = series.get(k);
            Color c = PALETTE.get(k % PALETTE.size());
            XYSeries xy = chart.addSeries(s.name, s.x, s.y);
            xy.setLineColor(c);
            xy.setLineStyle(line);
            xy.setMarkerColor(c);
            xy.setMarker(s.x.length <= 60 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
        }
        return BitmapEncoder.getBufferedImage(chart);
    }

    /**
     * The legend's corner: the one of NE, NW, SE, SW (first on ties) whose part of the plot (the
     * outer 40% of the x range, 30% of the y range) the lines cross least, counted at 16 points
     * along every segment.
     */
    Styler.LegendPosition quietestCorner() {
        double x0 = Double.POSITIVE_INFINITY, x1 = Double.NEGATIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY, y1 = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.x.length; i++) {
                x0 = Math.min(x0, s.x[i]);
                x1 = Math.max(x1, s.x[i]);
                y0 = Math.min(y0, s.y[i]);
                y1 = Math.max(y1, s.y[i]);
            }
        }
        double sx = x1 > x0 ? x1 - x0 : 1, sy = y1 > y0 ? y1 - y0 : 1;
        int[] count = new int[4]; // NE, NW, SE, SW
        for (Series s : series) {
            for (int i = 0; i < s.x.length; i++) {
                int steps = i + 1 < s.x.length ? 16 : 1;
                for (int t = 0; t < steps; t++) {
                    double f = t / 16.0;
                    double u = (s.x[i] + (steps > 1 ? f * (s.x[i + 1] - s.x[i]) : 0) - x0) / sx;
                    double v = (s.y[i] + (steps > 1 ? f * (s.y[i + 1] - s.y[i]) : 0) - y0) / sy;
                    boolean top = v > 0.7, bottom = v < 0.3, right = u > 0.6, left = u < 0.4;
                    count[0] += top && right ? 1 : 0;
                    count[1] += top && left ? 1 : 0;
                    count[2] += bottom && right ? 1 : 0;
                    count[3] += bottom && left ? 1 : 0;
                }
            }
        }
        int best = 0;
        for (int k = 1; k < 4; k++) {
            best = count[k] < count[best] ? k : best;
        }
        return List.of(Styler.LegendPosition.InsideNE, Styler.LegendPosition.InsideNW, Styler.LegendPosition.InsideSE,
                Styler.LegendPosition.InsideSW).get(best);
    }

    /**
     * Renders and writes a PNG file (parent folders are created; never a half-written file).
     *
     * @param file the PNG file
     * @throws IOException when it cannot be written
     */
    public void writePng(Path file) throws IOException {
        PlotFrame.writePng(render(), file);
    }

    /** Collects the parts of a {@link LineChart}. */
    public static final class Builder {
        private final List<Series> series = new ArrayList<>();
        private final Set<String> names = new HashSet<>();
        private String title = "";
        private String xLabel = "iteration";
        private String yLabel = "objective";
        private int width = 800;
        private int height = 500;

        private Builder() {
        }

        /**
         * Adds a series of (x, y) points.
         *
         * @param name the name in the legend, different from the other series' names
         * @param x the x values
         * @param y the y values, as many as x values
         * @return this builder
         * @throws IllegalArgumentException for a name already used, different lengths, no points or a non-finite value
         */
        public Builder series(String name, double[] x, double[] y) {
            Series s = new Series(name, x, y);
            if (!names.add(name)) {
                throw new IllegalArgumentException("series name '" + name + "' is used twice");
            }
            series.add(s);
            return this;
        }

        /** Adds a series plotted against 1, 2, ..., n (e.g. objective per iteration). */
        public Builder series(String name, double[] y) {
            double[] x = new double[y.length];
            for (int i = 0; i < y.length; i++) {
                x[i] = i + 1;
            }
            return series(name, x, y);
        }

        /** Title above the chart. */
        public Builder title(String title) {
            this.title = Objects.requireNonNull(title, "title");
            return this;
        }

        /** Axis labels (default "iteration" and "objective"). */
        public Builder axisLabels(String x, String y) {
            this.xLabel = Objects.requireNonNull(x, "x");
            this.yLabel = Objects.requireNonNull(y, "y");
            return this;
        }

        /** Image size in pixels (default 800 x 500). */
        public Builder size(int width, int height) {
            this.width = width;
            this.height = height;
            return this;
        }

        /** @throws IllegalArgumentException without a series or for a too small size */
        public LineChart build() {
            if (series.isEmpty()) {
                throw new IllegalArgumentException("a line chart needs at least one series");
            }
            if (width < 200 || height < 150) {
                throw new IllegalArgumentException("plot size must be at least 200 x 150 pixels, got " + width + " x " + height);
            }
            return new LineChart(this);
        }
    }
}
