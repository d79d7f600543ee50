package dev.kernelkit.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A line chart of one or more named series over a common x axis, e.g. the objective per iteration
 * of an iterative trainer. Points are joined by lines and marked when there are few of them.
 * Rendered with plain Java2D, headless. Immutable; build with {@link #builder()}.
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

    /** Renders the chart. */
    public BufferedImage render() {
        double x0 = Double.POSITIVE_INFINITY, x1 = Double.NEGATIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY, y1 = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (double v : s.x) {
                x0 = Math.min(x0, v);
                x1 = Math.max(x1, v);
            }
            for (double v : s.y) {
                y0 = Math.min(y0, v);
                y1 = Math.max(y1, v);
            }
        }
        if (x1 == x0) {
            x0 -= 0.5;
            x1 += 0.5;
        }
        double spanY = y1 - y0;
        double padY = spanY > 0 ? spanY * 0.06 : Math.max(Math.abs(y0) * 0.05, 0.5);
        PlotFrame f = new PlotFrame(width, height, x0, x1, y0 - padY, y1 + padY);
        BufferedImage img = f.newImage();
        Graphics2D g = PlotFrame.graphics(img);
        f.fillBackground(g);
        f.drawGrid(g);
        g.setClip(f.left, f.top, f.right - f.left + 1, f.bottom - f.top + 1);
        for (int k = 0; k < series.size(); k++) {
            Series s = series.get(k);
            Color c = PALETTE.get(k % PALETTE.size());
            g.setColor(c);
            g.setStroke(new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            Path2D.Double line = new Path2D.Double();
            line.moveTo(f.px(s.x[0]), f.py(s.y[0]));
            for (int i = 1; i < s.x.length; i++) {
                line.lineTo(f.px(s.x[i]), f.py(s.y[i]));
            }
            g.draw(line);
            if (s.x.length <= 60) {
                for (int i = 0; i < s.x.length; i++) {
                    g.fill(new Ellipse2D.Double(f.px(s.x[i]) - 3.5, f.py(s.y[i]) - 3.5, 7, 7));
                }
            }
        }
        g.setClip(null);
        f.drawAxes(g, title, xLabel, yLabel);
        drawLegend(g, f);
        g.dispose();
        return img;
    }

    /** Renders and writes a PNG file (parent folders are created). */
    public void writePng(Path file) throws IOException {
        PlotFrame.writePng(render(), file);
    }

    private void drawLegend(Graphics2D g, PlotFrame f) {
        g.setFont(PlotFrame.LABEL_FONT);
        FontMetrics fm = g.getFontMetrics();
        int textW = series.stream().mapToInt(s -> fm.stringWidth(s.name)).max().orElse(0);
        int lineH = fm.getHeight() + 2;
        int boxW = textW + 44, boxH = series.size() * lineH + 10;
        int bx = f.right - boxW - 8, by = f.top + 8;
        g.setColor(new Color(255, 255, 255, 225));
        g.fillRect(bx, by, boxW, boxH);
        g.setColor(PlotFrame.AXIS);
        g.setStroke(new BasicStroke(1f));
        g.drawRect(bx, by, boxW, boxH);
        int y = by + 5;
        for (int k = 0; k < series.size(); k++) {
            double cy = y + lineH / 2.0;
            g.setColor(PALETTE.get(k % PALETTE.size()));
            g.setStroke(new BasicStroke(2.2f));
            g.draw(new Line2D.Double(bx + 8, cy, bx + 30, cy));
            g.setColor(PlotFrame.AXIS);
            g.drawString(series.get(k).name, bx + 36, y + fm.getAscent() + 1);
            y += lineH;
        }
    }

    /** Collects the parts of a {@link LineChart}. */
    public static final class Builder {
        private final List<Series> series = new ArrayList<>();
        private String title = "";
        private String xLabel = "iteration";
        private String yLabel = "objective";
        private int width = 800;
        private int height = 500;

        private Builder() {
        }

        /** Adds a series of (x, y) points. */
        public Builder series(String name, double[] x, double[] y) {
            series.add(new Series(name, x, y));
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
