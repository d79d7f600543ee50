package dev.kernelkit.plot;

import dev.kernelkit.io.AtomicFiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * The shared frame of the plots XChart cannot draw (decision regions, prototype composition): white
 * canvas, a plot area with margins, linear data-to-pixel mapping, "nice" axis ticks (1, 2, 5 x 10^k
 * steps), axis labels and a title; and the common look ({@link #style}) of the XChart line and bar
 * charts. Forces {@code java.awt.headless=true} (unless the caller set the property) so plots
 * render without a display.
 */
final class PlotFrame {
    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    static final Color AXIS = new Color(0x33, 0x33, 0x33);
    static final Color GRID = new Color(0xE4, 0xE4, 0xE4);
    static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

    final int width;
    final int height;
    final int left;
    final int right;
    final int top;
    final int bottom;
    final double xMin;
    final double xMax;
    final double yMin;
    final double yMax;

    PlotFrame(int width, int height, double xMin, double xMax, double yMin, double yMax) {
        if (width < 200 || height < 150) {
            throw new IllegalArgumentException("plot size must be at least 200 x 150 pixels, got " + width + " x " + height);
        }
        if (!(xMax > xMin) || !(yMax > yMin) || !Double.isFinite(xMin) || !Double.isFinite(xMax)
                || !Double.isFinite(yMin) || !Double.isFinite(yMax)) {
            throw new IllegalArgumentException("plot ranges must be finite and non-empty, got x [" + xMin + ", " + xMax
                    + "], y [" + yMin + ", " + yMax + "]");
        }
        this.width = width;
        this.height = height;
        this.left = 70;
        this.right = width - 20;
        this.top = 40;
        this.bottom = height - 50;
        this.xMin = xMin;
        this.xMax = xMax;
        this.yMin = yMin;
        this.yMax = yMax;
    }

    /** A fresh RGB image (filled white by {@link #fillBackground}). */
    BufferedImage newImage() {
        return new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    }

    static Graphics2D graphics(BufferedImage img) {
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        return g;
    }

    double px(double x) {
        return left + (x - xMin) / (xMax - xMin) * (right - left);
    }

    double py(double y) {
        return bottom - (y - yMin) / (yMax - yMin) * (bottom - top);
    }

    double dataX(double px) {
        return xMin + (px - left) / (right - left) * (xMax - xMin);
    }

    double dataY(double py) {
        return yMin + (bottom - py) / (bottom - top) * (yMax - yMin);
    }

    void fillBackground(Graphics2D g) {
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
    }

    /** Grid lines at the ticks (drawn under the data). */
    void drawGrid(Graphics2D g) {
        g.setColor(GRID);
        g.setStroke(new BasicStroke(1f));
        for (double t : ticks(xMin, xMax)) {
            int x = (int) Math.round(px(t));
            g.drawLine(x, top, x, bottom);
        }
        for (double t : ticks(yMin, yMax)) {
            int y = (int) Math.round(py(t));
            g.drawLine(left, y, right, y);
        }
    }

    /** Box, ticks, tick labels, axis labels and title (drawn over the data). */
    void drawAxes(Graphics2D g, String title, String xLabel, String yLabel) {
        g.setColor(AXIS);
        g.setStroke(new BasicStroke(1.2f));
        g.drawRect(left, top, right - left, bottom - top);
        g.setFont(LABEL_FONT);
        FontMetrics fm = g.getFontMetrics();
        double[] xt = ticks(xMin, xMax);
        double xStep = xt.length > 1 ? xt[1] - xt[0] : 1;
        for (double t : xt) {
            int x = (int) Math.round(px(t));
            g.drawLine(x, bottom, x, bottom + 5);
            String s = tickLabel(t, xStep);
            g.drawString(s, x - fm.stringWidth(s) / 2, bottom + 8 + fm.getAscent());
        }
        double[] yt = ticks(yMin, yMax);
        double yStep = yt.length > 1 ? yt[1] - yt[0] : 1;
        for (double t : yt) {
            int y = (int) Math.round(py(t));
            g.drawLine(left - 5, y, left, y);
            String s = tickLabel(t, yStep);
            g.drawString(s, left - 8 - fm.stringWidth(s), y + fm.getAscent() / 2 - 1);
        }
        if (xLabel != null && !xLabel.isEmpty()) {
            g.drawString(xLabel, (left + right) / 2 - fm.stringWidth(xLabel) / 2, height - 10);
        }
        if (yLabel != null && !yLabel.isEmpty()) {
            Graphics2D r = (Graphics2D) g.create();
            r.rotate(-Math.PI / 2);
            r.drawString(yLabel, -((top + bottom) / 2 + fm.stringWidth(yLabel) / 2), 16);
            r.dispose();
        }
        if (title != null && !title.isEmpty()) {
            // Shrink a long title until it fits the image width.
            g.setFont(titleFont(title, width));
            FontMetrics tf = g.getFontMetrics();
            int x = Math.max(10, Math.min((left + right) / 2 - tf.stringWidth(title) / 2, width - 10 - tf.stringWidth(title)));
            g.drawString(title, x, top - 14);
        }
    }

    /**
     * Styles an XChart chart like the other kernelkit plots: white background, light solid grid,
     * dark axes and text, our fonts, the title shrunk until it fits the width (as {@link #drawAxes}).
     */
    static void style(AxesChartStyler st, String title, int width) {
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBackgroundColor(Color.WHITE);
        st.setPlotBorderVisible(true);
        st.setPlotBorderColor(AXIS);
        st.setPlotGridLinesVisible(true);
        st.setPlotGridLinesColor(GRID);
        st.setPlotGridLinesStroke(new BasicStroke(1f));
        st.setChartFontColor(AXIS);
        st.setAxisTickLabelsColor(AXIS);
        st.setAxisTickMarksColor(AXIS);
        st.setYAxisLabelAlignment(AxesChartStyler.TextAlignment.Right);
        st.setChartTitleBoxVisible(false);
        st.setChartTitleVisible(title != null && !title.isEmpty());
        st.setChartTitleFont(titleFont(title, width));
        st.setAxisTitleFont(LABEL_FONT);
        st.setAxisTickLabelsFont(LABEL_FONT);
        st.setLegendFont(LABEL_FONT);
        st.setLegendBorderColor(AXIS);
        st.setLegendBackgroundColor(new Color(255, 255, 255, 225));
        st.setLocale(Locale.ROOT);
        st.setAntiAlias(true);
        st.setTextAntiAlias(true);
    }

    /** {@link #TITLE_FONT}, smaller (down to 9 pt) until the title fits the image width less 20 pixels. */
    static Font titleFont(String title, int width) {
        Font font = TITLE_FONT;
        if (title == null || title.isEmpty()) {
            return font;
        }
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = graphics(scratch);
        try {
            while (font.getSize() > 9 && g.getFontMetrics(font).stringWidth(title) > width - 20) {
                font = font.deriveFont((float) (font.getSize() - 1));
            }
        } finally {
            g.dispose();
        }
        return font;
    }

    /** Ticks at multiples of a 1-2-5 step, about 5 to 10 of them, inside [lo, hi]. */
    static double[] ticks(double lo, double hi) {
        double step = niceStep((hi - lo) / 6.0);
        double first = Math.ceil(lo / step - 1e-9) * step;
        int count = (int) Math.floor((hi - first) / step + 1e-9) + 1;
        double[] t = new double[Math.max(count, 0)];
        for (int i = 0; i < t.length; i++) {
            t[i] = first + i * step;
            if (Math.abs(t[i]) < step * 1e-9) {
                t[i] = 0.0;
            }
        }
        return t;
    }

    /** The smallest 1, 2 or 5 x 10^k not below raw. */
    static double niceStep(double raw) {
        double exp = Math.floor(Math.log10(raw));
        double base = Math.pow(10, exp);
        double f = raw / base;
        double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return nice * base;
    }

    static String tickLabel(double v, double step) {
        if (Math.abs(v) >= 1e5 || (Math.abs(v) < 1e-3 && v != 0)) {
            return String.format(Locale.ROOT, "%.2g", v);
        }
        int decimals = Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** Writes a PNG, creating parent folders; never leaves a half-written file ({@link AtomicFiles}). */
    static void writePng(BufferedImage img, Path file) throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        if (!ImageIO.write(img, "png", png)) {
            throw new IOException("no PNG writer available to write " + file.toAbsolutePath());
        }
        AtomicFiles.write(file, png.toByteArray());
    }
}
