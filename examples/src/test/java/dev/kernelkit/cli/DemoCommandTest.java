package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.mi.SparseMiModel;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The demo's SparseMI section at its default sizes (20 ring bags per class, seed 1). */
class DemoCommandTest {

    private static double distance(Vec v, double x, double y) {
        return Math.hypot(v.get(0) - x, v.get(1) - y);
    }

    @Test
    void sparseMiMovesThePoorStartsOntoTheWitnessClustersAndSeparatesTheTrainingBags() {
        List<DemoCommand.MiRow> rows = DemoCommand.sparseMi(DemoCommand.miProblems(20, 1));
        assertThat(rows).hasSize(2);

        // Ring: only positive bags have instances near the origin (generator: centre instances
        // ~ N(0, 0.3^2 I), ring at radius 2), so the single XV must end near (0, 0).
        DemoCommand.MiRow ring = rows.get(0);
        Vec z = ring.model().expansionVectors().get(0);
        assertThat(distance(z, 0, 0)).as("ring XV %s", z).isLessThan(0.5);
        assertThat(ring.trainAccuracy()).isEqualTo(1.0);

        // Four Gaussians: the witnesses of classes 1 and 2 come from mu1 = (-2, 2) and mu3 = (2, -2);
        // XV 1 started at (0.5, 0) is nearer mu3, XV 2 at (-0.5, 0) nearer mu1.
        DemoCommand.MiRow fg = rows.get(1);
        double[] mu1 = SyntheticData.fourGaussianMean(1), mu3 = SyntheticData.fourGaussianMean(3);
        List<Vec> zs = fg.model().expansionVectors();
        boolean straight = distance(zs.get(0), mu3[0], mu3[1]) < 0.5 && distance(zs.get(1), mu1[0], mu1[1]) < 0.5;
        boolean crossed = distance(zs.get(0), mu1[0], mu1[1]) < 0.5 && distance(zs.get(1), mu3[0], mu3[1]) < 0.5;
        assertThat(straight || crossed).as("four-Gaussian XVs %s", zs).isTrue();
        assertThat(fg.trainAccuracy()).isEqualTo(1.0);

        for (DemoCommand.MiRow r : rows) {
            double[] g = r.model().objectiveTrace();
            assertThat(r.model().iterations()).isPositive();
            for (int t = 1; t < g.length; t++) {
                assertThat(g[t]).as("%s: g after iteration %d", r.problem().name(), t).isLessThan(g[t - 1]);
            }
        }
    }

    @Test
    void bagAccuracyCountsCorrectBagsIndependentlyOfTheModelsOwnScore() {
        DemoCommand.MiRow ring = DemoCommand.sparseMi(DemoCommand.miProblems(6, 1)).get(0);
        SparseMiModel m = ring.model();
        // Second count: a bag is correct when sign(f(X)) agrees with its +-1 label.
        var d = ring.problem().train();
        int ok = 0;
        for (int i = 0; i < d.size(); i++) {
            ok += Math.signum(m.decision(d.bag(i))) == d.sign(i) ? 1 : 0;
        }
        assertThat(DemoCommand.bagAccuracy(m, d)).isEqualTo(ok / (double) d.size());
    }

    @Test
    void fourGaussianPlotShadesTheWitnessClustersWithTheirClassRegions() {
        DemoCommand.MiRow fg = DemoCommand.sparseMi(DemoCommand.miProblems(20, 1)).get(1);
        BufferedImage img = DemoCommand.miPlot(fg).render();
        assertThat(img.getWidth()).isEqualTo(800);
        // The plot's regions: a single instance at mu1 is a class-1 ("1", index 0) bag, at mu3 a
        // class-2 bag, at mu2 a class-3 bag. Count each region shade: all three must be present.
        for (int c = 0; c < 3; c++) {
            int rgb = expectedRegionRgb(c);
            int n = 0;
            for (int y = 0; y < img.getHeight(); y += 2) {
                for (int x = 0; x < img.getWidth(); x += 2) {
                    n += (img.getRGB(x, y) & 0xFFFFFF) == rgb ? 1 : 0;
                }
            }
            assertThat(n).as("pixels of class %d's region", c).isGreaterThan(1000);
        }
        assertThat(fg.model().predict(new dev.kernelkit.data.Bag("mu1", List.of(dev.kernelkit.data.DenseVec.of(-2, 2))))).isZero();
        assertThat(fg.model().predict(new dev.kernelkit.data.Bag("mu3", List.of(dev.kernelkit.data.DenseVec.of(2, -2))))).isEqualTo(1);
        assertThat(fg.model().predict(new dev.kernelkit.data.Bag("mu2", List.of(dev.kernelkit.data.DenseVec.of(2, 2))))).isEqualTo(2);
    }

    private static int expectedRegionRgb(int c) {
        // The plot's tint: 22% class colour, 78% white (DecisionRegionPlot.regionShade).
        Color p = dev.kernelkit.plot.DecisionRegionPlot.CLASS_COLOURS.get(c);
        int r = (int) Math.round(0.22 * p.getRed() + 0.78 * 255);
        int g = (int) Math.round(0.22 * p.getGreen() + 0.78 * 255);
        int b = (int) Math.round(0.22 * p.getBlue() + 0.78 * 255);
        return (r << 16) | (g << 8) | b;
    }

    @Test
    void tooFewBagsIsRejected() {
        CliRun r = CliRun.of("demo", "--bags", "3");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("--bags must be >= 4, got 3");
    }
}
