package dev.kernelkit.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.style.Styler;

class LineChartTest {

    @Test
    void writesAPngOfTheRequestedSizeWithEachSeriesColour(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("objective.png");
        LineChart.builder()
                .series("SparseMI", new double[] {10, 6, 4.5, 4.1, 4.0})
                .series("baseline", new double[] {1, 2, 3, 4, 5}, new double[] {8, 8, 8, 8, 8})
                .title("objective per iteration")
                .size(500, 320)
                .build()
                .writePng(png);

        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(500);
        assertThat(img.getHeight()).isEqualTo(320);
        assertThat(DecisionRegionPlotTest.countExactly(img, LineChart.PALETTE.get(0))).isGreaterThan(50);
        assertThat(DecisionRegionPlotTest.countExactly(img, LineChart.PALETTE.get(1))).isGreaterThan(50);
    }

    @Test
    void aSinglePointAndAFlatSeriesStillRender() {
        BufferedImage img = LineChart.builder().series("one", new double[] {3.0}).build().render();
        assertThat(img.getWidth()).isEqualTo(800);
    }

    @Test
    void theLegendGoesToTheCornerTheLinesLeaveFree() {
        // A falling objective leaves the top right free (the default corner); a rising line crosses
        // the top right and the bottom left, so the legend moves to the top left.
        assertThat(LineChart.builder().series("falling", new double[] {10, 6, 4, 3.5, 3.4}).build().quietestCorner())
                .isEqualTo(Styler.LegendPosition.InsideNE);
        assertThat(LineChart.builder().series("rising", new double[] {1, 2, 3, 4, 5}).build().quietestCorner())
                .isEqualTo(Styler.LegendPosition.InsideNW);
        // A line along the top and one along the bottom edge on the right: the bottom left is free.
        assertThat(LineChart.builder().series("top", new double[] {0, 1}, new double[] {1, 1})
                .series("bottom right", new double[] {0.7, 1}, new double[] {0, 0}).build().quietestCorner())
                .isEqualTo(Styler.LegendPosition.InsideSW);
    }

    @Test
    void invalidSeriesAreRejected() {
        assertThatThrownBy(() -> LineChart.builder().series("s", new double[] {1}).series("s", new double[] {2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("series name 's' is used twice");
        assertThatThrownBy(() -> LineChart.builder().build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a line chart needs at least one series");
        assertThatThrownBy(() -> LineChart.builder().series("s", new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("series 's': point 1 must be finite, got (2.0, NaN)");
        assertThatThrownBy(() -> LineChart.builder().series("s", new double[] {1}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("equal length");
    }
}
