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
        int row = 420;
        assertThat(new Color(img.getRGB(120, row))).isEqualTo(DecisionRegionPlot.NEGATIVE_REGION);
        assertThat(new Color(img.getRGB(560, row))).isEqualTo(DecisionRegionPlot.POSITIVE_REGION);
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
