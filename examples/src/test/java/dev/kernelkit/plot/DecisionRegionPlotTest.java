package dev.kernelkit.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecisionRegionPlotTest {

    /** Points at x = -2..-1 labelled -1 and x = 1..2 labelled +1; the classifier is f(x, y) = x. */
    private static DecisionRegionPlot.Builder halfPlanes() {
        double[] x = {-2, -1.5, -1, 1, 1.5, 2};
        double[] y = {-1, 0.5, 1, -1, 0.5, 1};
        double[] labels = {-1, -1, -1, 1, 1, 1};
        return DecisionRegionPlot.builder()
                .points(x, y, labels)
                .decision((a, b) -> a)
                .supportVectors(new int[] {2, 3})
                .margins(true)
                .arrow(-1.8, -0.8, -1.2, 0.2)
                .title("f(x, y) = x")
                .size(640, 480);
    }

    @Test
    void writesAPngOfTheRequestedSizeWithBothClassColoursAndBothRegions(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("plots/half-planes.png");
        halfPlanes().build().writePng(png);

        assertThat(Files.size(png)).isGreaterThan(0);
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(640);
        assertThat(img.getHeight()).isEqualTo(480);
        assertThat(countExactly(img, DecisionRegionPlot.POSITIVE)).isGreaterThan(20);
        assertThat(countExactly(img, DecisionRegionPlot.NEGATIVE)).isGreaterThan(20);
        assertThat(countExactly(img, DecisionRegionPlot.POSITIVE_REGION)).isGreaterThan(1000);
        assertThat(countExactly(img, DecisionRegionPlot.NEGATIVE_REGION)).isGreaterThan(1000);
    }

    @Test
    void regionsFollowTheSignOfTheDecisionFunction() {
        BufferedImage img = halfPlanes().build().render();
        // Plot area spans pixels 70..620 horizontally and 40..430 vertically (PlotFrame margins);
        // the data range is x in [-2.32, 2.32] (8% padding of 4), so f = 0 is the middle column 345.
        // Sample well inside each half, low in the plot (away from the legend and the points).
        // The legend goes to a place without points (here the bottom right, clear of (1, -1)), so the
        // positive side is sampled at mid height, where there is neither legend nor point.
        int row = 420;
        assertThat(new Color(img.getRGB(120, row))).isEqualTo(DecisionRegionPlot.NEGATIVE_REGION);
        assertThat(new Color(img.getRGB(560, 250))).isEqualTo(DecisionRegionPlot.POSITIVE_REGION);
        // The boundary contour is drawn dark near x = 0.
        int darkest = 255;
        for (int c = 340; c <= 350; c++) {
            Color p = new Color(img.getRGB(c, row));
            darkest = Math.min(darkest, (p.getRed() + p.getGreen() + p.getBlue()) / 3);
        }
        assertThat(darkest).isLessThan(120);
    }

    @Test
    void invalidInputIsRejectedWithAMessage() {
        assertThatThrownBy(() -> DecisionRegionPlot.builder().points(new double[] {0}, new double[] {0}, new double[] {2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("label of point 0 must be +1 or -1, got 2.0");
        assertThatThrownBy(() -> halfPlanes().supportVectors(new int[] {6}).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("support vector index must be in [0, 6), got 6");
        assertThatThrownBy(() -> DecisionRegionPlot.builder().decision((a, b) -> a).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a decision-region plot needs points");
        assertThatThrownBy(() -> halfPlanes().decision((a, b) -> Double.NaN).build().render())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
    }

    /**
     * Three classes around x = -2, 0, 2 with scores s_c = -(x - m_c)^2 (m = -2, 0, 2): the arg-max
     * is the nearest centre, so the boundaries are the vertical lines x = -1 and x = 1.
     */
    private static DecisionRegionPlot.Builder threeBands() {
        // No point at the bottom right, so the legend goes there (the first corner without points).
        double[] x = {-2, -1.8, -2, 0, 0.2, 0, 1.8, 2};
        double[] y = {-1, 1, 1, -1, 1, 1, 1, 1};
        int[] cls = {0, 0, 0, 1, 1, 1, 2, 2};
        double[] m = {-2, 0, 2};
        return DecisionRegionPlot.builder()
                .classes(java.util.List.of("a", "b", "c"), x, y, cls)
                .scores((a, b) -> new double[] {-(a - m[0]) * (a - m[0]), -(a - m[1]) * (a - m[1]), -(a - m[2]) * (a - m[2])})
                .size(640, 480);
    }

    @Test
    void multiClassRegionsAreTheArgMaxClassAndBoundariesSitHalfwayBetweenTheCentres() {
        BufferedImage img = threeBands().build().render();
        // Plot area: pixels 70..620 x 40..430; data x range [-2.32, 2.32] (8% of 4 padding), so
        // px(x) = 70 + 550 (x + 2.32) / 4.64: px(-1) = 226.5, px(1) = 463.5. y range [-1.16, 1.16];
        // points sit at y = +-1 (rows 67 and 403); row 250 (y = -0.09) is free of points and legend.
        int row = 250;
        assertThat(new Color(img.getRGB(120, row))).isEqualTo(DecisionRegionPlot.regionShade(0));
        assertThat(new Color(img.getRGB(330, row))).isEqualTo(DecisionRegionPlot.regionShade(1)); // off the x = 0 grid line
        assertThat(new Color(img.getRGB(560, row))).isEqualTo(DecisionRegionPlot.regionShade(2));
        assertThat(darkestIn(img, row, 222, 231)).isLessThan(120);
        assertThat(darkestIn(img, row, 459, 468)).isLessThan(120);
        // No boundary elsewhere along the row, e.g. around the middle centre x = 0 (column 345).
        assertThat(darkestIn(img, row, 300, 390)).isGreaterThan(200);
    }

    @Test
    void multiClassInputIsCheckedWithAMessage() {
        assertThatThrownBy(() -> DecisionRegionPlot.builder().classes(java.util.List.of("a", "b"),
                new double[] {0}, new double[] {0}, new int[] {2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("class of point 0 must be in [0, 2), got 2");
        assertThatThrownBy(() -> DecisionRegionPlot.builder().classes(java.util.List.of("a"),
                new double[] {0}, new double[] {0}, new int[] {0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a multi-class plot needs at least 2 classes, got 1");
        assertThatThrownBy(() -> DecisionRegionPlot.builder().classes(java.util.List.of("a", "b"),
                new double[] {0}, new double[] {0}, new int[] {0}).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a multi-class decision-region plot needs scores");
        assertThatThrownBy(() -> threeBands().scores((a, b) -> new double[] {a, b}).build().render())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("scores must have one value per class (3), got 2");
    }

    static int darkestIn(BufferedImage img, int row, int from, int to) {
        int darkest = 255;
        for (int c = from; c <= to; c++) {
            Color p = new Color(img.getRGB(c, row));
            darkest = Math.min(darkest, (p.getRed() + p.getGreen() + p.getBlue()) / 3);
        }
        return darkest;
    }

    static int countExactly(BufferedImage img, Color c) {
        int rgb = c.getRGB() & 0xFFFFFF;
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }
}
