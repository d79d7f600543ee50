package dev.kernelkit.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleBinaryOperator;

/**
 * A 2-D scatter plot of labelled points (+1 blue, -1 red) over the decision regions of a binary
 * classifier f(x, y): the plane is shaded by the sign of f, the decision boundary f = 0 is drawn
 * as a contour (marching squares on a pixel grid, linear interpolation along cell edges),
 * optionally with the margins f = +1 and f = -1 as thin grey lines; support vectors are circled and optional
 * arrows show moved points (e.g. SparseMI expansion vectors from their initial to their final
 * position). Rendered with plain Java2D, headless. Immutable; build with {@link #builder()}.
 *
 * <p>Cost: one evaluation of f per grid node, about (width * height) / cell^2 evaluations.
 */
public final class DecisionRegionPlot {
    /** Colour of +1 points. */
    public static final Color POSITIVE = new Color(0x1F, 0x5F, 0xBF);
    /** Colour of -1 points. */
    public static final Color NEGATIVE = new Color(0xD0, 0x30, 0x20);
    /** Shade of the region where f &gt; 0. */
    public static final Color POSITIVE_REGION = new Color(0xD6, 0xE4, 0xF7);
    /** Shade of the region where f &lt; 0. */
    public static final Color NEGATIVE_REGION = new Color(0xF8, 0xDD, 0xD6);
    private static final Color BOUNDARY = new Color(0x20, 0x20, 0x20);
    private static final Color MARGIN = new Color(0x60, 0x60, 0x60);
    private static final Color ARROW = new Color(0x1A, 0x8A, 0x3A);

    /** A straight arrow from (x0, y0) to (x1, y1) in data coordinates. */
    public record Arrow(double x0, double y0, double x1, double y1) {
        /** @throws IllegalArgumentException for a non-finite coordinate */
        public Arrow {
            if (!Double.isFinite(x0) || !Double.isFinite(y0) || !Double.isFinite(x1) || !Double.isFinite(y1)) {
                throw new IllegalArgumentException("arrow coordinates must be finite, got (" + x0 + ", " + y0
                        + ") -> (" + x1 + ", " + y1 + ")");
            }
        }
    }

    private final double[] xs;
    private final double[] ys;
    private final double[] labels;
    private final DoubleBinaryOperator decision;
    private final int[] supportVectors;
    private final List<Arrow> arrows;
    private final boolean margins;
    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final int width;
    private final int height;
    private final int cell;

    private DecisionRegionPlot(Builder b) {
        this.xs = b.xs;
        this.ys = b.ys;
        this.labels = b.labels;
        this.decision = b.decision;
        this.supportVectors = b.supportVectors;
        this.arrows = List.copyOf(b.arrows);
        this.margins = b.margins;
        this.title = b.title;
        this.xLabel = b.xLabel;
        this.yLabel = b.yLabel;
        this.width = b.width;
        this.height = b.height;
        this.cell = b.cell;
    }

    /** A builder; points and the decision function are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** Renders the plot. */
    public BufferedImage render() {
        double x0 = Double.POSITIVE_INFINITY, x1 = Double.NEGATIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY, y1 = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < xs.length; i++) {
            x0 = Math.min(x0, xs[i]);
            x1 = Math.max(x1, xs[i]);
            y0 = Math.min(y0, ys[i]);
            y1 = Math.max(y1, ys[i]);
        }
        for (Arrow a : arrows) {
            x0 = Math.min(x0, Math.min(a.x0(), a.x1()));
            x1 = Math.max(x1, Math.max(a.x0(), a.x1()));
            y0 = Math.min(y0, Math.min(a.y0(), a.y1()));
            y1 = Math.max(y1, Math.max(a.y0(), a.y1()));
        }
        double padX = Math.max((x1 - x0) * 0.08, 1e-3);
        double padY = Math.max((y1 - y0) * 0.08, 1e-3);
        PlotFrame f = new PlotFrame(width, height, x0 - padX, x1 + padX, y0 - padY, y1 + padY);
        BufferedImage img = f.newImage();
        Graphics2D g = PlotFrame.graphics(img);
        f.fillBackground(g);

        double[][] grid = evaluateGrid(f);
        shadeRegions(g, f, grid);
        f.drawGrid(g);
        g.setClip(f.left, f.top, f.right - f.left, f.bottom - f.top);
        if (margins) {
            g.setColor(MARGIN);
            g.setStroke(new BasicStroke(1.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.draw(contour(f, grid, 1.0));
            g.draw(contour(f, grid, -1.0));
        }
        g.setColor(BOUNDARY);
        g.setStroke(new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(contour(f, grid, 0.0));

        drawPoints(g, f);
        drawArrows(g, f);
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

    /** f at the grid nodes: node (i, j) sits at pixel (left + i*cell, top + j*cell). */
    private double[][] evaluateGrid(PlotFrame f) {
        int cols = (f.right - f.left + cell - 1) / cell;
        int rows = (f.bottom - f.top + cell - 1) / cell;
        double[][] v = new double[rows + 1][cols + 1];
        for (int j = 0; j <= rows; j++) {
            double y = f.dataY(f.top + (double) j * cell);
            for (int i = 0; i <= cols; i++) {
                double val = decision.applyAsDouble(f.dataX(f.left + (double) i * cell), y);
                if (Double.isNaN(val)) {
                    throw new IllegalArgumentException("decision function returned NaN at grid node (" + i + ", " + j + ")");
                }
                v[j][i] = val;
            }
        }
        return v;
    }

    private void shadeRegions(Graphics2D g, PlotFrame f, double[][] v) {
        for (int j = 0; j + 1 < v.length; j++) {
            for (int i = 0; i + 1 < v[j].length; i++) {
                double mean = (v[j][i] + v[j][i + 1] + v[j + 1][i] + v[j + 1][i + 1]) / 4;
                g.setColor(mean > 0 ? POSITIVE_REGION : NEGATIVE_REGION);
                int px = f.left + i * cell, py = f.top + j * cell;
                g.fillRect(px, py, Math.min(cell, f.right - px), Math.min(cell, f.bottom - py));
            }
        }
    }

    /** Marching squares: line segments where f crosses level, interpolated along cell edges. */
    private Shape contour(PlotFrame f, double[][] v, double level) {
        Path2D.Double path = new Path2D.Double();
        for (int j = 0; j + 1 < v.length; j++) {
            for (int i = 0; i + 1 < v[j].length; i++) {
                double a = v[j][i] - level, b = v[j][i + 1] - level;
                double c = v[j + 1][i + 1] - level, d = v[j + 1][i] - level;
                double px = f.left + (double) i * cell, py = f.top + (double) j * cell;
                // Corners in order: a top-left, b top-right, c bottom-right, d bottom-left.
                List<double[]> cross = new ArrayList<>(4);
                if ((a > 0) != (b > 0)) {
                    cross.add(new double[] {px + cell * a / (a - b), py});
                }
                if ((b > 0) != (c > 0)) {
                    cross.add(new double[] {px + cell, py + cell * b / (b - c)});
                }
                if ((c > 0) != (d > 0)) {
                    cross.add(new double[] {px + cell * (1 - c / (c - d)), py + cell});
                }
                if ((d > 0) != (a > 0)) {
                    cross.add(new double[] {px, py + cell * (1 - d / (d - a))});
                }
                for (int k = 0; k + 1 < cross.size(); k += 2) {
                    path.append(new Line2D.Double(cross.get(k)[0], cross.get(k)[1], cross.get(k + 1)[0], cross.get(k + 1)[1]), false);
                }
            }
        }
        return path;
    }

    private void drawPoints(Graphics2D g, PlotFrame f) {
        double r = 4.5;
        for (int i = 0; i < xs.length; i++) {
            double cx = f.px(xs[i]), cy = f.py(ys[i]);
            Shape dot = new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r);
            g.setColor(labels[i] > 0 ? POSITIVE : NEGATIVE);
            g.fill(dot);
            g.setColor(Color.WHITE);
            g.setStroke(new BasicStroke(0.8f));
            g.draw(dot);
        }
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1.4f));
        double rs = 7.5;
        for (int i : supportVectors) {
            double cx = f.px(xs[i]), cy = f.py(ys[i]);
            g.draw(new Ellipse2D.Double(cx - rs, cy - rs, 2 * rs, 2 * rs));
        }
    }

    private void drawArrows(Graphics2D g, PlotFrame f) {
        g.setColor(ARROW);
        for (Arrow a : arrows) {
            double sx = f.px(a.x0()), sy = f.py(a.y0()), ex = f.px(a.x1()), ey = f.py(a.y1());
            g.setStroke(new BasicStroke(1.2f));
            g.draw(new java.awt.geom.Rectangle2D.Double(sx - 3.5, sy - 3.5, 7, 7));
            g.setStroke(new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.draw(new Line2D.Double(sx, sy, ex, ey));
            double len = Math.hypot(ex - sx, ey - sy);
            if (len > 1e-9) {
                double ux = (ex - sx) / len, uy = (ey - sy) / len;
                double h = Math.min(11, len * 0.6), w = h * 0.5;
                Path2D.Double head = new Path2D.Double();
                head.moveTo(ex, ey);
                head.lineTo(ex - h * ux + w * uy, ey - h * uy - w * ux);
                head.lineTo(ex - h * ux - w * uy, ey - h * uy + w * ux);
                head.closePath();
                g.fill(head);
            }
        }
    }

    private void drawLegend(Graphics2D g, PlotFrame f) {
        List<String> names = new ArrayList<>(List.of("class +1", "class -1", "decision f = 0"));
        if (margins) {
            names.add("margins f = \u00b11");
        }
        if (supportVectors.length > 0) {
            names.add("support vector");
        }
        if (!arrows.isEmpty()) {
            names.add("initial \u2192 final");
        }
        g.setFont(PlotFrame.LABEL_FONT);
        FontMetrics fm = g.getFontMetrics();
        int textW = names.stream().mapToInt(fm::stringWidth).max().orElse(0);
        int lineH = fm.getHeight() + 2;
        int boxW = textW + 44, boxH = names.size() * lineH + 10;
        int bx = f.right - boxW - 8, by = f.top + 8;
        g.setColor(new Color(255, 255, 255, 225));
        g.fillRect(bx, by, boxW, boxH);
        g.setColor(PlotFrame.AXIS);
        g.setStroke(new BasicStroke(1f));
        g.drawRect(bx, by, boxW, boxH);
        int y = by + 5;
        for (String name : names) {
            double cx = bx + 18, cy = y + lineH / 2.0;
            switch (name) {
                case "class +1", "class -1" -> {
                    g.setColor(name.endsWith("+1") ? POSITIVE : NEGATIVE);
                    g.fill(new Ellipse2D.Double(cx - 4.5, cy - 4.5, 9, 9));
                }
                case "decision f = 0" -> {
                    g.setColor(BOUNDARY);
                    g.setStroke(new BasicStroke(2.2f));
                    g.draw(new Line2D.Double(cx - 11, cy, cx + 11, cy));
                }
                case "support vector" -> {
                    g.setColor(Color.BLACK);
                    g.setStroke(new BasicStroke(1.4f));
                    g.draw(new Ellipse2D.Double(cx - 7.5, cy - 7.5, 15, 15));
                }
                case "initial \u2192 final" -> {
                    g.setColor(ARROW);
                    g.setStroke(new BasicStroke(2f));
                    g.draw(new Line2D.Double(cx - 11, cy, cx + 6, cy));
                    Path2D.Double head = new Path2D.Double();
                    head.moveTo(cx + 11, cy);
                    head.lineTo(cx + 4, cy - 4);
                    head.lineTo(cx + 4, cy + 4);
                    head.closePath();
                    g.fill(head);
                }
                default -> {
                    g.setColor(MARGIN);
                    g.setStroke(new BasicStroke(1.2f));
                    g.draw(new Line2D.Double(cx - 11, cy, cx + 11, cy));
                }
            }
            g.setColor(PlotFrame.AXIS);
            g.drawString(name, bx + 36, y + fm.getAscent() + 1);
            y += lineH;
        }
    }

    /** Collects the parts of a {@link DecisionRegionPlot}. */
    public static final class Builder {
        private double[] xs;
        private double[] ys;
        private double[] labels;
        private DoubleBinaryOperator decision;
        private int[] supportVectors = new int[0];
        private final List<Arrow> arrows = new ArrayList<>();
        private boolean margins;
        private String title = "";
        private String xLabel = "x1";
        private String yLabel = "x2";
        private int width = 800;
        private int height = 640;
        private int cell = 2;

        private Builder() {
        }

        /**
         * The points and their labels (+1 or -1); arrays are copied.
         *
         * @throws IllegalArgumentException for different lengths, no points, a non-finite
         *         coordinate or a label other than +1/-1
         */
        public Builder points(double[] x, double[] y, double[] labels) {
            if (x.length != y.length || x.length != labels.length) {
                throw new IllegalArgumentException("x, y and labels must have equal length, got " + x.length + ", "
                        + y.length + " and " + labels.length);
            }
            if (x.length == 0) {
                throw new IllegalArgumentException("a decision-region plot needs at least one point");
            }
            for (int i = 0; i < x.length; i++) {
                if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
                    throw new IllegalArgumentException("point " + i + " must have finite coordinates, got (" + x[i] + ", " + y[i] + ")");
                }
                if (labels[i] != 1.0 && labels[i] != -1.0) {
                    throw new IllegalArgumentException("label of point " + i + " must be +1 or -1, got " + labels[i]);
                }
            }
            this.xs = x.clone();
            this.ys = y.clone();
            this.labels = labels.clone();
            return this;
        }

        /** The classifier's decision function f(x, y); its sign decides the class. */
        public Builder decision(DoubleBinaryOperator f) {
            this.decision = Objects.requireNonNull(f, "decision");
            return this;
        }

        /** Indices of the points to circle as support vectors. */
        public Builder supportVectors(int[] indices) {
            this.supportVectors = indices.clone();
            return this;
        }

        /** Adds an arrow from an initial to a final position. */
        public Builder arrow(double x0, double y0, double x1, double y1) {
            arrows.add(new Arrow(x0, y0, x1, y1));
            return this;
        }

        /** Also draws the margins f = +1 and f = -1 (thin grey lines). */
        public Builder margins(boolean draw) {
            this.margins = draw;
            return this;
        }

        /** Title above the plot. */
        public Builder title(String title) {
            this.title = Objects.requireNonNull(title, "title");
            return this;
        }

        /** Axis labels. */
        public Builder axisLabels(String x, String y) {
            this.xLabel = Objects.requireNonNull(x, "x");
            this.yLabel = Objects.requireNonNull(y, "y");
            return this;
        }

        /** Image size in pixels (default 800 x 640). */
        public Builder size(int width, int height) {
            this.width = width;
            this.height = height;
            return this;
        }

        /** Grid cell in pixels at which f is evaluated (default 2; 1 is exact but slower). */
        public Builder cell(int pixels) {
            if (pixels < 1 || pixels > 20) {
                throw new IllegalArgumentException("cell must be in [1, 20] pixels, got " + pixels);
            }
            this.cell = pixels;
            return this;
        }

        /**
         * @throws IllegalArgumentException when points or the decision function are missing, or
         *         a support-vector index is out of range
         */
        public DecisionRegionPlot build() {
            if (xs == null) {
                throw new IllegalArgumentException("a decision-region plot needs points");
            }
            if (decision == null) {
                throw new IllegalArgumentException("a decision-region plot needs a decision function");
            }
            for (int i : supportVectors) {
                if (i < 0 || i >= xs.length) {
                    throw new IllegalArgumentException("support vector index must be in [0, " + xs.length + "), got " + i);
                }
            }
            if (width < 200 || height < 150) {
                throw new IllegalArgumentException("plot size must be at least 200 x 150 pixels, got " + width + " x " + height);
            }
            return new DecisionRegionPlot(this);
        }
    }
}
