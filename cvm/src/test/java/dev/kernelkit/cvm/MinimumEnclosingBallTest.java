package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class MinimumEnclosingBallTest {

    private static List<Vec> gaussianCloud(int n, int d, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] v = new double[d];
            for (int k = 0; k < d; k++) {
                v[k] = r.nextGaussian() * (k + 1);
            }
            x.add(DenseVec.of(v));
        }
        return x;
    }

    private static <T> double[][] gram(List<T> x, Kernel<T> k) {
        double[][] g = new double[x.size()][x.size()];
        for (int i = 0; i < x.size(); i++) {
            for (int j = 0; j < x.size(); j++) {
                g[i][j] = k.apply(x.get(i), x.get(j));
            }
        }
        return g;
    }

    private static double[] diag(double[][] g) {
        double[] d = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            d[i] = g[i][i];
        }
        return d;
    }

    @Test
    void handCheckedTriangleBallIsCentredOnTheLongSideMidpoint() {
        // (0,0), (2,0), (1,1): the disc on the segment (0,0)-(2,0) has centre (1,0), radius 1 and
        // contains (1,1) on its boundary (distance 1), so it is the MEB.
        List<Vec> x = List.of(DenseVec.of(0, 0), DenseVec.of(2, 0), DenseVec.of(1, 1));
        EnclosingBall<Vec> ball = MinimumEnclosingBall.fitInputSpace(x, CoreSetOptions.exact(1e-6));
        double[] c = MinimumEnclosingBall.centre(ball);
        assertThat(c[0]).isCloseTo(1.0, within(1e-5));
        assertThat(c[1]).isCloseTo(0.0, within(1e-5));
        assertThat(ball.radius()).isCloseTo(1.0, within(1e-5));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void inputSpaceRadiusAndCentreAgreeWithExactQp(long seed) {
        List<Vec> x = gaussianCloud(40, 3, seed);
        double eps = 1e-4;
        EnclosingBall<Vec> ball = MinimumEnclosingBall.fitInputSpace(x, CoreSetOptions.exact(eps).withSeed(seed));
        double[][] g = gram(x, Vec::dot);
        double[] d = diag(g);
        double[] a = SimplexQp.simplex(g, d);
        double r2Exact = SimplexQp.dot(a, d) - SimplexQp.quad(g, a);
        double[] cExact = new double[3];
        for (int i = 0; i < x.size(); i++) {
            x.get(i).addTo(cExact, a[i]);
        }
        double r = ball.radius();
        double rExact = Math.sqrt(r2Exact);
        // R <= r* <= (1+eps) R, up to the QP's own accuracy
        assertThat(r).isLessThanOrEqualTo(rExact * (1 + 1e-7));
        assertThat(rExact).isLessThanOrEqualTo((1 + eps) * r * (1 + 1e-7));
        double[] c = MinimumEnclosingBall.centre(ball);
        double dc = 0;
        for (int k = 0; k < 3; k++) {
            dc += (c[k] - cExact[k]) * (c[k] - cExact[k]);
        }
        // a ball of radius (1+eps)R around c covers the MEB's points, so ||c - c*||^2 <= ((1+eps)^2 - 1) r*^2 + slack
        assertThat(dc).isLessThanOrEqualTo(((1 + eps) * (1 + eps) - 1) * r2Exact * 1.01 + 1e-9);
        for (Vec p : x) {
            double dist2 = 0;
            for (int k = 0; k < 3; k++) {
                dist2 += (p.get(k) - c[k]) * (p.get(k) - c[k]);
            }
            assertThat(Math.sqrt(dist2)).isLessThanOrEqualTo((1 + eps) * r * (1 + 1e-9));
            assertThat(ball.distance2(p)).isCloseTo(dist2, within(1e-8 * (1 + dist2)));
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.5, 2.0})
    void gaussianFeatureSpaceRadiusAgreesWithExactQp(double gamma) {
        List<Vec> x = gaussianCloud(35, 2, 11);
        Kernel<Vec> k = new GaussianKernel(gamma);
        double eps = 1e-4;
        EnclosingBall<Vec> ball = MinimumEnclosingBall.fit(x, k, CoreSetOptions.exact(eps));
        double[][] g = gram(x, k);
        double[] d = diag(g);
        double[] a = SimplexQp.simplex(g, d);
        double r2Exact = SimplexQp.dot(a, d) - SimplexQp.quad(g, a);
        assertThat(ball.radius()).isLessThanOrEqualTo(Math.sqrt(r2Exact) * (1 + 1e-7));
        assertThat(Math.sqrt(r2Exact)).isLessThanOrEqualTo((1 + eps) * ball.radius() * (1 + 1e-7));
        // centre distance in feature space: ||c - c*||^2 = a'Ka - 2 a'K a* + a*'K a*
        double[] full = new double[x.size()];
        int[] idx = ball.coreIndices();
        double[] al = ball.alpha();
        for (int i = 0; i < idx.length; i++) {
            full[idx[i]] += al[i];
        }
        double cross = 0;
        for (int i = 0; i < full.length; i++) {
            for (int j = 0; j < full.length; j++) {
                cross += full[i] * g[i][j] * a[j];
            }
        }
        double dc = SimplexQp.quad(g, full) - 2 * cross + SimplexQp.quad(g, a);
        assertThat(dc).isLessThanOrEqualTo(((1 + eps) * (1 + eps) - 1) * r2Exact * 1.01 + 1e-9);
        for (Vec p : x) {
            assertThat(Math.sqrt(ball.distance2(p))).isLessThanOrEqualTo((1 + eps) * ball.radius() * (1 + 1e-9));
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.2, 0.1, 0.05})
    void everyPointIsCoveredAndTheCoreSetStaysBelowTwoOverEpsilon(double eps) {
        List<Vec> x = gaussianCloud(2000, 5, 7);
        for (CoreSetOptions o : List.of(CoreSetOptions.exact(eps), CoreSetOptions.jmlr(eps).withSeed(3))) {
            EnclosingBall<Vec> ball = MinimumEnclosingBall.fitInputSpace(x, o);
            CoreSetResult rep = ball.coreSet();
            assertThat(rep.iterations()).isLessThanOrEqualTo((int) Math.ceil(2 / eps));
            // the two initial points plus one per iteration
            assertThat(rep.coreSize()).isLessThanOrEqualTo(2 + (int) Math.ceil(2 / eps));
            double bound = (1 + eps) * (1 + eps) * rep.radius2() * (1 + 1e-9);
            for (Vec p : x) {
                assertThat(ball.distance2(p)).isLessThanOrEqualTo(bound);
            }
            // R_t never decreases (up to the inner tolerance eps R^2 / 2)
            double[] tr = rep.radius2Trace();
            for (int t = 1; t < tr.length; t++) {
                assertThat(tr[t]).isGreaterThanOrEqualTo(tr[t - 1] * (1 - eps));
            }
        }
    }

    @Test
    void singlePointBallHasRadiusZero() {
        EnclosingBall<Vec> ball = MinimumEnclosingBall.fitInputSpace(List.of(DenseVec.of(3, 4)), CoreSetOptions.exact(0.1));
        assertThat(ball.radius()).isCloseTo(0.0, within(1e-12));
        assertThat(MinimumEnclosingBall.centre(ball)).containsExactly(3.0, 4.0);
    }

    @Test
    void badInputIsRejectedWithItsValue() {
        assertThatThrownBy(() -> CoreSetOptions.exact(0.0)).hasMessageContaining("epsilon must be in (0, 1), got 0.0");
        assertThatThrownBy(() -> CoreSetOptions.exact(1.0)).hasMessageContaining("got 1.0");
        assertThatThrownBy(() -> MinimumEnclosingBall.fitInputSpace(List.of(), CoreSetOptions.exact(0.1)))
                .hasMessageContaining("at least one point");
        assertThatThrownBy(() -> MinimumEnclosingBall.fitInputSpace(List.of(DenseVec.of(1, 2), DenseVec.of(1)),
                CoreSetOptions.exact(0.1))).hasMessageContaining("expected 2, found 1");
    }
}
