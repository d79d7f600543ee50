package dev.kernelkit.plot;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;

/**
 * A bar chart of values v_1 .. v_n at x = 1 .. n (e.g. IMKPL's kernel weight per channel), each
 * bar labelled with its value to three decimals; the y axis runs from 0 (or 10% of the range below
 * the smallest value, when one is negative) to 10% of the range above the largest. Drawn by XChart
 * as a category chart (bars, axes, ticks, grid, value labels, title), headless, in kernelkit's
 * colours and fonts. Immutable; build with {@link #builder()}.
 */
public final class BarChart {
    /** Fill colour of the bars. */
    public static final Color BAR = new Color(0x1F, 0x5F, 0xBF);

    private final double[] values;
    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final int width;
    private final int height;

    private BarChart(Builder b) {
        this.values = b.values;
        this.title = b.title;
        this.xLabel = b.xLabel;
        this.yLabel = b.yLabel;
        this.width = b.width;
        this.height = b.height;
    }

    /** A builder; the values are required. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Renders the chart.
     *
     * @return a new RGB image of the chart's size
     */
    public BufferedImage render() {
        double lo = 0, hi = 0;
        for (double v : values) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        if (hi == lo) {
            hi = 1;
        }
        double pad = (hi - lo) * 0.1;
        CategoryChart chart = new CategoryChartBuilder().width(width).height(height).title(title)
                .xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        CategoryStyler st = chart.getStyler();
        PlotFrame.style(st, title, width);
        st.setLegendVisible(false);
        st.setYAxisMin(lo < 0 ? lo - pad : 0).setYAxisMax(hi + pad);
        st.setAvailableSpaceFill(0.6);
        // Every bar's index under it unless they are closer than 24 pixels (then every k-th).
        st.setXAxisTickMarkSpacingHint(24);
        // Value labels 4 pixels above each bar (below a negative one), written with the y axis' pattern.
        st.setLabelsVisible(true);
        st.setLabelsPosition(1.04);
        st.setLabelsFont(PlotFrame.LABEL_FONT);
        st.setLabelsFontColorAutomaticEnabled(false);
        st.setLabelsFontColor(PlotFrame.AXIS);
        st.setYAxisDecimalPattern("0.000");
        List<String> x = new ArrayList<>(values.length);
        List<Double> y = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            x.add(Integer.toString(i + 1));
            y.add(values[i]);
        }
        CategorySeries bars = chart.addSeries("values", x, y);
        bars.setFillColor(BAR);
        return BitmapEncoder.getBufferedImage(chart);
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

    /** Collects the parts of a {@link BarChart}. */
    public static final class Builder {
        private double[] values;
        private String title = "";
        private String xLabel = "";
        private String yLabel = "";
        private int width = 800;
        private int height = 500;

        private Builder() {
        }

        /**
         * The values v_1 .. v_n, drawn at x = 1 .. n; copied.
         *
         * @throws IllegalArgumentException for no value or a non-finite one
         */
        public Builder values(double[] v) {
            if (v.length == 0) {
                throw new IllegalArgumentException("a bar chart needs at least one value");
            }
            for (int i = 0; i < v.length; i++) {
                if (!Double.isFinite(v[i])) {
                    throw new IllegalArgumentException("value " + (i + 1) + " must be finite, got " + v[i]);
                }
            }
            this.values = v.clone();
            return this;
        }

        /** Title above the chart. */
        public Builder title(String t) {
            this.title = Objects.requireNonNull(t, "title");
            return this;
        }

        /** Axis labels. */
        public Builder axisLabels(String x, String y) {
            this.xLabel = Objects.requireNonNull(x, "x");
            this.yLabel = Objects.requireNonNull(y, "y");
            return this;
        }

        /** Image size in pixels (default 800 x 500). */
        public Builder size(int w, int h) {
            this.width = w;
            this.height = h;
            return this;
        }

        /** @throws IllegalArgumentException without values or for a too small size */
        public BarChart build() {
            if (values == null) {
                throw new IllegalArgumentException("a bar chart needs values");
            }
            if (width < 200 || height < 150) {
                throw new IllegalArgumentException("plot size must be at least 200 x 150 pixels, got " + width + " x " + height);
            }
            return new BarChart(this);
        }
    }
}
