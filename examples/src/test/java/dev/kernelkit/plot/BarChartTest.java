package dev.kernelkit.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BarChartTest {

    @Test
    void barHeightsAreProportionalToTheValuesOnOneBaselineInValueOrder(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("bars/w.png");
        BarChart.builder().values(new double[] {0.25, 1.0, 0.0, 0.5}).size(640, 480).build().writePng(png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(640);
        assertThat(img.getHeight()).isEqualTo(480);

        // Measured on the picture: every run of columns holding the bar colour is one bar.
        List<int[]> bars = bars(img, BarChart.BAR.getRGB() & 0xFFFFFF);
        assertThat(bars).as("the zero bar draws (almost) nothing").hasSizeBetween(3, 4);
        int[] a = bars.get(0), b = bars.get(1);
        int[] d = bars.get(bars.size() - 1);
        // One baseline; heights 0.25 : 1 : 0.5 (each within about a pixel of anti-aliased edges).
        assertThat(b[3]).isCloseTo(a[3], within(1));
        assertThat(d[3]).isCloseTo(a[3], within(1));
        double unit = b[3] - b[2];
        assertThat(unit).as("the largest bar spans most of the plot height").isGreaterThan(200);
        assertThat((a[3] - a[2]) / unit).isCloseTo(0.25, within(2.0 / unit));
        assertThat((d[3] - d[2]) / unit).isCloseTo(0.5, within(2.0 / unit));
        if (bars.size() == 4) {
            int[] c = bars.get(2);
            assertThat(c[3] - c[2]).as("a zero bar is at most a line at the baseline").isLessThanOrEqualTo(1);
        }
        // Equal widths, bars 1 and 2 one slot apart and bar 4 three slots from bar 1 (the runs miss
        // the anti-aliased edge columns, up to 2 on each side).
        int slot = (b[0] + b[1]) / 2 - (a[0] + a[1]) / 2;
        assertThat(b[1] - b[0]).isCloseTo(a[1] - a[0], within(1));
        assertThat((d[0] + d[1]) / 2 - (a[0] + a[1]) / 2).isCloseTo(3 * slot, within(2));
        assertThat(a[1] - a[0]).as("a bar fills 60% of its slot").isCloseTo((int) Math.round(0.6 * slot), within(4));
    }

    @Test
    void negativeValuesHangBelowTheBaseline() {
        BufferedImage img = BarChart.builder().values(new double[] {1.0, -0.5}).build().render();
        List<int[]> bars = bars(img, BarChart.BAR.getRGB() & 0xFFFFFF);
        assertThat(bars).hasSize(2);
        int[] up = bars.get(0), down = bars.get(1);
        assertThat(down[2]).as("the negative bar starts where the positive one ends").isCloseTo(up[3], within(3));
        assertThat((double) (down[3] - down[2]) / (up[3] - up[2])).isCloseTo(0.5, within(0.02));
    }

    /** {left, right, top, bottom} of each run of adjacent columns with a pixel of the colour, left to right. */
    private static List<int[]> bars(BufferedImage img, int rgb) {
        List<int[]> bars = new ArrayList<>();
        int[] open = null;
        for (int x = 0; x < img.getWidth(); x++) {
            int top = -1, bottom = -1;
            for (int y = 0; y < img.getHeight(); y++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    top = top < 0 ? y : top;
                    bottom = y;
                }
            }
            if (top < 0) {
                open = null;
            } else if (open == null) {
                open = new int[] {x, x, top, bottom};
                bars.add(open);
            } else {
                open[1] = x;
                open[2] = Math.min(open[2], top);
                open[3] = Math.max(open[3], bottom);
            }
        }
        return bars;
    }

    @Test
    void invalidValuesAreRejected() {
        assertThatThrownBy(() -> BarChart.builder().values(new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a bar chart needs at least one value");
        assertThatThrownBy(() -> BarChart.builder().values(new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("value 2 must be finite, got NaN");
        assertThatThrownBy(() -> BarChart.builder().build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a bar chart needs values");
        assertThatThrownBy(() -> BarChart.builder().values(new double[] {1}).size(100, 100).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 200 x 150");
    }
}
