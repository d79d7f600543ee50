package dev.kernelkit.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The composition of prototypes (IMKPL, issue 6): one stacked bar per prototype j, split into
 * one segment per constituent training sample s with height u_sj / Σ_s u_sj, each segment
 * coloured by the sample's class (thin white lines separate the samples). A prototype drawn from
 * a single class is one colour. Classes are listed in a legend. Headless Java2D; immutable;
 * build with {@link #builder()}.
 */
public final class PrototypeCompositionChart {
    private final List<double[]> weights;
    private final List<int[]> classes;
    private final List<String> classNames;
    private final String title;
    private final int width;
    private final int height;

    private PrototypeCompositionChart(Builder b) {
        this.weights = List.copyOf(b.weights);
        this.classes = List.copyOf(b.classes);
        this.classNames = List.copyOf(b.classNames);
        this.title = b.title;
        this.width = b.width;
        this.height = b.height;
    }

    /** A builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The colour of class index q (the palette of {@link DecisionRegionPlot}, repeated). */
    public static Color classColour(int q) {
        List<Color> p = DecisionRegionPlot.CLASS_COLOURS;
        Color c = p.get(q % p.size());
        int round = q / p.size();
        return round == 0 ? c : c.darker();
    }

    /** Renders the chart. */
    public BufferedImage render() {
        int k = weights.size();
        PlotFrame f = new PlotFrame(width, height, 0.4, k + 0.6, 0, 1.1);
        BufferedImage img = f.newImage();
        Graphics2D g = PlotFrame.graphics(img);
        f.fillBackground(g);
        f.drawGrid(g);
        double half = 0.4;
        for (int j = 0; j < k; j++) {
            double[] w = weights.get(j);
            int[] cl = classes.get(j);
            double total = 0;
            for (double v : w) {
                total += v;
            }
            double y = 0;
            double xa = f.px(j + 1 - half), xb = f.px(j + 1 + half);
            for (int a = 0; a < w.length; a++) {
                double h = total > 0 ? w[a] / total : 0;
                double ya = f.py(y + h), yb = f.py(y);
                g.setColor(classColour(cl[a]));
                g.fill(new Rectangle2D.Double(xa, ya, xb - xa, Math.max(yb - ya, 1)));
                if (a > 0) {
                    g.setColor(Color.WHITE);
                    g.setStroke(new BasicStroke(1f));
                    g.drawLine((int) Math.round(xa), (int) Math.round(yb), (int) Math.round(xb), (int) Math.round(yb));
                }
                y += h;
            }
        }
        f.drawAxes(g, title, "prototype j", "share of u_j per constituent sample");
        g.setFont(PlotFrame.LABEL_FONT);
        FontMetrics fm = g.getFontMetrics();
        int x = f.left + 8;
        int yl = f.top + 16;   // inside the plot area, above the bars (y range ends at 1.1)
        for (int q = 0; q < classNames.size(); q++) {
            String s = classNames.get(q);
            if (x + 14 + fm.stringWidth(s) > f.right) {
                break;
            }
            g.setColor(classColour(q));
            g.fillRect(x, yl - 10, 10, 10);
            g.setColor(PlotFrame.AXIS);
            g.drawString(s, x + 13, yl);
            x += 24 + fm.stringWidth(s);
        }
        g.dispose();
        return img;
    }

    /** Renders and writes a PNG file (parent folders are created). */
    public void writePng(Path file) throws IOException {
        PlotFrame.writePng(render(), file);
    }

    /** Collects the parts of a {@link PrototypeCompositionChart}. */
    public static final class Builder {
        private final List<double[]> weights = new ArrayList<>();
        private final List<int[]> classes = new ArrayList<>();
        private List<String> classNames = List.of();
        private String title = "";
        private int width = 900;
        private int height = 500;

        private Builder() {
        }

        /**
         * Adds one prototype: its constituents' weights u_sj (≥ 0) and class indices; copied.
         *
         * @throws IllegalArgumentException for different lengths, a negative or non-finite weight, or a negative class
         */
        public Builder prototype(double[] constituentWeights, int[] constituentClasses) {
            if (constituentWeights.length != constituentClasses.length) {
                throw new IllegalArgumentException("prototype " + (weights.size() + 1) + ": " + constituentWeights.length
                        + " weights but " + constituentClasses.length + " classes");
            }
            for (int a = 0; a < constituentWeights.length; a++) {
                if (!(constituentWeights[a] >= 0) || !Double.isFinite(constituentWeights[a])) {
                    throw new IllegalArgumentException("prototype " + (weights.size() + 1) + ": weight must be finite and >= 0, got "
                            + constituentWeights[a]);
                }
                if (constituentClasses[a] < 0) {
                    throw new IllegalArgumentException("prototype " + (weights.size() + 1) + ": class index must be >= 0, got "
                            + constituentClasses[a]);
                }
            }
            weights.add(constituentWeights.clone());
            classes.add(constituentClasses.clone());
            return this;
        }

        /** Legend names, in class-index order. */
        public Builder classNames(List<String> names) {
            this.classNames = List.copyOf(names);
            return this;
        }

        /** Title above the chart. */
        public Builder title(String t) {
            this.title = Objects.requireNonNull(t, "title");
            return this;
        }

        /** Image size in pixels (default 900 x 500). */
        public Builder size(int w, int h) {
            this.width = w;
            this.height = h;
            return this;
        }

        /** @throws IllegalArgumentException without prototypes, or a class index without a legend name */
        public PrototypeCompositionChart build() {
            if (weights.isEmpty()) {
                throw new IllegalArgumentException("a composition chart needs at least one prototype");
            }
            for (int[] cl : classes) {
                for (int q : cl) {
                    if (q >= classNames.size()) {
                        throw new IllegalArgumentException("class index " + q + " has no name; names: " + classNames);
                    }
                }
            }
            return new PrototypeCompositionChart(this);
        }
    }
}
