package dev.kernelkit.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * A bar chart of values v_1 .. v_n at x = 1 .. n (e.g. IMKPL's kernel weight per channel), each
 * bar labelled with its value; the y axis starts at 0 (or below, for negative values). Rendered
 * with plain Java2D, headless. Immutable; build with {@link #builder()}.
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

    /** Renders the chart. */
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
        PlotFrame f = new PlotFrame(width, height, 0.4, values.length + 0.6, lo < 0 ? lo - pad : 0, hi + pad);
        BufferedImage img = f.newImage();
        Graphics2D g = PlotFrame.graphics(img);
        f.fillBackground(g);
        f.drawGrid(g);
        g.setFont(PlotFrame.LABEL_FONT);
        FontMetrics fm = g.getFontMetrics();
        double half = 0.3;
        for (int i = 0; i < values.length; i++) {
            double x = i + 1, v = values[i];
            double xa = f.px(x - half), xb = f.px(x + half);
            double ya = f.py(Math.max(v, 0)), yb = f.py(Math.min(v, 0));
            g.setColor(BAR);
            g.fill(new Rectangle2D.Double(xa, ya, xb - xa, Math.max(yb - ya, 1)));
            String s = String.format(Locale.ROOT, "%.3f", v);
            g.setColor(PlotFrame.AXIS);
            g.drawString(s, (float) (f.px(x) - fm.stringWidth(s) / 2.0), (float) (v >= 0 ? ya - 4 : yb + fm.getAscent() + 2));
        }
        g.setColor(PlotFrame.AXIS);
        g.setStroke(new BasicStroke(1f));
        g.drawLine(f.left, (int) Math.round(f.py(0)), f.right, (int) Math.round(f.py(0)));
        f.drawAxes(g, title, xLabel, yLabel);
        // Every bar gets its index under the axis (drawAxes labels only its 1-2-5 ticks; where a
        // tick falls on a bar, the same text is drawn at the same place).
        g.setFont(PlotFrame.LABEL_FONT);
        g.setColor(PlotFrame.AXIS);
        for (int i = 0; i < values.length; i++) {
            int x = (int) Math.round(f.px(i + 1));
            String s = Integer.toString(i + 1);
            g.drawLine(x, f.bottom, x, f.bottom + 5);
            g.drawString(s, x - fm.stringWidth(s) / 2, f.bottom + 8 + fm.getAscent());
        }
        g.dispose();
        return img;
    }

    /** Renders and writes a PNG file (parent folders are created). */
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
