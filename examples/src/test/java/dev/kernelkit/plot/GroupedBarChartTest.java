package dev.kernelkit.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GroupedBarChartTest {

    private static final List<String> ONE = List.of("a");

    @Test
    void aWhiskerSpansTheValuePlusMinusItsHalfLengthMeasuredAgainstTheBarHeight() {
        // bars of 50 with +-10 whiskers: a whisker's pixels run from 40 to 60, its bar from 0 to 50 (the left
        // bar is measured: the title is centred and the legend sits top right)
        Map<String, double[]> series = Map.of("ours", new double[] {50, 50});
        List<String> two = List.of("a", "b");
        BufferedImage img = new GroupedBarChart(two, series, Map.of("ours", new double[] {10, 10}), "t", "v").render();
        int[] bar = leftBar(img);
        assertThat(bar).as("the bar is drawn").isNotNull();
        int[] whisker = darkBox(img, bar);
        assertThat(whisker).as("a dark whisker stands over the bar").isNotNull();
        double unit = (bar[3] - bar[2]) / 50.0;
        assertThat(unit).as("pixels per unit").isGreaterThan(3);
        assertThat((whisker[3] - whisker[2]) / unit).as("whisker length in units").isCloseTo(20, within(1.0));
        assertThat((bar[2] - whisker[2]) / unit).as("the whisker's top above the bar's top").isCloseTo(10, within(0.7));

        BufferedImage plain = new GroupedBarChart(two, series, "t", "v").render();
        assertThat(darkBox(plain, leftBar(plain))).as("no whisker without one").isNull();
    }

    @Test
    void aSeriesWhoseSdsAreAllMissingIsDrawnExactlyAsWithoutWhiskers() {
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put("ours", new double[] {Double.NaN, 40});
        series.put("paper", new double[] {30, 45});
        List<String> two = List.of("a", "b");
        BufferedImage plain = new GroupedBarChart(two, series, "t", "v").render();
        BufferedImage same = new GroupedBarChart(two, series, Map.of("ours", new double[] {5, Double.NaN}), "t", "v").render();
        for (int y = 0; y < plain.getHeight(); y++) {
            for (int x = 0; x < plain.getWidth(); x++) {
                assertThat(same.getRGB(x, y)).as("pixel %d,%d", x, y).isEqualTo(plain.getRGB(x, y));
            }
        }
    }

    @Test
    void whiskersAreRefusedForAnUnknownSeriesTheWrongLengthOrANegativeOrInfiniteHalfLength() {
        Map<String, double[]> series = Map.of("ours", new double[] {1});
        assertThatThrownBy(() -> new GroupedBarChart(ONE, series, Map.of("paper", new double[] {1}), "t", "v"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("paper");
        assertThatThrownBy(() -> new GroupedBarChart(ONE, series, Map.of("ours", new double[] {1, 2}), "t", "v"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 values for 1 categories");
        assertThatThrownBy(() -> new GroupedBarChart(ONE, series, Map.of("ours", new double[] {-1}), "t", "v"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(">= 0 (NaN: none), got -1.0");
        assertThatThrownBy(() -> new GroupedBarChart(ONE, series, Map.of("ours", new double[] {Double.POSITIVE_INFINITY}), "t", "v"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got Infinity");
    }

    /** {left, right, top, bottom} of the pixels in the bar colour in the picture's left half; null when none. */
    private static int[] leftBar(BufferedImage img) {
        int rgb = BarChart.BAR.getRGB() & 0xFFFFFF;
        return box(img, 0, img.getWidth() / 2 - 1, 0, img.getHeight() - 1, p -> p == rgb);
    }

    /**
     * {left, right, top, bottom} of the dark pixels within 3 columns of {@code bar}'s middle, above its bottom,
     * leaving out rows that are dark at the bar's left edge too (the plot frame's lines across the picture).
     */
    private static int[] darkBox(BufferedImage img, int[] bar) {
        int mid = (bar[0] + bar[1]) / 2;
        int[] r = null;
        for (int y = 0; y <= bar[3] - 2; y++) {
            if (dark(img.getRGB(bar[0], y) & 0xFFFFFF)) {
                continue;
            }
            int[] row = box(img, mid - 3, mid + 3, y, y, GroupedBarChartTest::dark);
            if (row != null) {
                r = r == null ? row : new int[] {Math.min(r[0], row[0]), Math.max(r[1], row[1]), r[2], y};
            }
        }
        return r;
    }

    private static int[] box(BufferedImage img, int x0, int x1, int y0, int y1, java.util.function.IntPredicate hit) {
        int[] r = null;
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                if (hit.test(img.getRGB(x, y) & 0xFFFFFF)) {
                    r = r == null ? new int[] {x, x, y, y}
                            : new int[] {Math.min(r[0], x), Math.max(r[1], x), Math.min(r[2], y), Math.max(r[3], y)};
                }
            }
        }
        return r;
    }

    private static boolean dark(int p) {
        return ((p >> 16) & 0xFF) < 0x70 && ((p >> 8) & 0xFF) < 0x70 && (p & 0xFF) < 0x70;
    }
}
