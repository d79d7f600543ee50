package dev.kernelkit.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BarChartTest {

    @Test
    void barHeightsAreProportionalToTheValues(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("bars/w.png");
        BarChart.builder().values(new double[] {0.25, 1.0, 0.0}).size(640, 480).build().writePng(png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(640);
        // Plot area 70..620 x 40..430; x range [0.4, 3.6], y range [0, 1.1] (10% padding of 1).
        // px(x) = 70 + 550 (x - 0.4) / 3.2; bar 1 at column 173, bar 2 at 345, bar 3 at 517.
        // py(y) = 430 - 390 y / 1.1: the top of bar 2 (y = 1) at row 75.5, of bar 1 (y = 0.25) at 341.4.
        int rgb = BarChart.BAR.getRGB() & 0xFFFFFF;
        assertThat(barTop(img, 345, rgb)).isBetween(74, 78);
        assertThat(barTop(img, 173, rgb)).isBetween(340, 344);
        assertThat(barTop(img, 517, rgb)).as("a zero bar is at most a line at the axis").isGreaterThanOrEqualTo(428);
    }

    /** The first row, from the top, whose pixel in the column is the bar colour (height if none). */
    private static int barTop(BufferedImage img, int column, int rgb) {
        for (int y = 0; y < img.getHeight(); y++) {
            if ((img.getRGB(column, y) & 0xFFFFFF) == rgb) {
                return y;
            }
        }
        return img.getHeight();
    }

    @Test
    void invalidValuesAreRejected() {
        assertThatThrownBy(() -> BarChart.builder().values(new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a bar chart needs at least one value");
        assertThatThrownBy(() -> BarChart.builder().values(new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("value 2 must be finite, got NaN");
        assertThatThrownBy(() -> BarChart.builder().build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a bar chart needs values");
    }
}
