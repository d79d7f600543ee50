package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OneClassCvmTest {

    private static List<Vec> blob(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x.add(DenseVec.of(r.nextGaussian(), r.nextGaussian()));
        }
        return x;
    }

    @Test
    void radiusAgreesWithTheExactSvddQp() {
        List<Vec> x = blob(40, 2);
        Kernel<Vec> k = new GaussianKernel(0.5);
        double c = 2.0;
        double eps = 1e-4;
        OneClassCvmModel m = OneClassCvm.fit(x, new OneClassCvmOptions(k, c, CoreSetOptions.exact(eps)));
        int n = x.size();
        double[][] g = new double[n][n];
        double[] diag = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = k.apply(x.get(i), x.get(j)) + (i == j ? 1 / c : 0);
            }
            diag[i] = g[i][i];
        }
        double[] a = SimplexQp.simplex(g, diag);
        double r2 = SimplexQp.dot(a, diag) - SimplexQp.quad(g, a);
        assertThat(Math.sqrt(m.radius2())).isLessThanOrEqualTo(Math.sqrt(r2) * (1 + 1e-7));
        assertThat(Math.sqrt(r2)).isLessThanOrEqualTo((1 + eps) * Math.sqrt(m.radius2()) * (1 + 1e-7));
    }

    @Test
    void farPointsAreNovelAndTheBulkIsNormal() {
        List<Vec> x = blob(300, 5);
        OneClassCvmModel m = OneClassCvm.fit(x, new OneClassCvmOptions(new GaussianKernel(0.5), 100.0,
                CoreSetOptions.jmlr(1e-4)));
        assertThat(m.classNames()).containsExactly("outlier", "inlier");
        assertThat(m.predict(DenseVec.of(0, 0))).isEqualTo(1);
        assertThat(m.predictName(DenseVec.of(0, 0))).isEqualTo("inlier");
        assertThat(m.predictLabel(DenseVec.of(0, 0))).isEqualTo(1.0);
        for (double angle = 0; angle < 6; angle += 1) {
            Vec far = DenseVec.of(6 * Math.cos(angle), 6 * Math.sin(angle));
            assertThat(m.predict(far)).isZero();
            assertThat(m.predictLabel(far)).isEqualTo(-1.0);
            assertThat(m.decisions(far)).containsExactly(m.decision(far));
        }
    }

    /**
     * The decision of a new point against the ball's distance computed in explicit coordinates: a linear
     * kernel on 2-d points, each training point i mapped to (x_i, e_i / sqrt(C)) and the new point to
     * (x, e_new / sqrt(C)), the centre sum a_i phi~(x_i) built from the model's weights.
     */
    @Test
    void decisionOfANewPointIsRSquaredMinusTheExplicitAugmentedDistance() {
        List<Vec> x = blob(12, 11);
        double c = 0.5;
        OneClassCvmModel m = OneClassCvm.fit(x, new OneClassCvmOptions(new dev.kernelkit.kernel.LinearKernel(), c,
                CoreSetOptions.exact(1e-6)));
        List<Vec> sv = m.supportVectors();
        double[] a = m.alpha();
        int n = sv.size();
        // centre: (sum a_i x_i, a_1/sqrt(C), ..., a_n/sqrt(C), 0 for the new point's coordinate)
        double c0 = 0;
        double c1 = 0;
        double tail = 0;
        for (int i = 0; i < n; i++) {
            c0 += a[i] * sv.get(i).get(0);
            c1 += a[i] * sv.get(i).get(1);
            tail += a[i] * a[i] / c;
        }
        for (Vec p : List.of(DenseVec.of(0.3, -0.2), DenseVec.of(2.5, 1.0), DenseVec.of(-4, 3))) {
            double d0 = c0 - p.get(0);
            double d1 = c1 - p.get(1);
            double dist2 = d0 * d0 + d1 * d1 + tail + 1 / c;
            assertThat(m.decision(p)).isCloseTo(m.radius2() - dist2, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(m.decisions(List.of(p))[0]).isCloseTo(m.decision(p), org.assertj.core.data.Offset.offset(1e-12));
        }
    }

    /**
     * The one-class L2-SVM's slack is a_i / C, so the support vectors of the fit lie outside w'phi(x) = rho; with
     * the Gaussian (constant k(x, x)) the decision is 2 (w'phi(x) - rho), and at a small C every training point is
     * a support vector and flagged, at a large C only a few are.
     */
    @Test
    void smallCFlagsMoreTrainingPointsThanLargeC() {
        List<Vec> x = blob(200, 3);
        Kernel<Vec> k = new GaussianKernel(0.5);
        int flaggedSmall = flagged(OneClassCvm.fit(x, new OneClassCvmOptions(k, 0.01, CoreSetOptions.exact(1e-6))), x);
        int flaggedLarge = flagged(OneClassCvm.fit(x, new OneClassCvmOptions(k, 100, CoreSetOptions.exact(1e-6))), x);
        assertThat(flaggedSmall).isGreaterThan(flaggedLarge);
        assertThat(flaggedSmall).isGreaterThan(x.size() / 2);
        assertThat(flaggedLarge).isLessThan(x.size() / 4);
    }

    private static int flagged(OneClassCvmModel m, List<Vec> x) {
        int out = 0;
        for (Vec p : x) {
            out += m.predict(p) == 0 ? 1 : 0;
        }
        return out;
    }

    @Test
    void badInputIsRejected() {
        assertThatThrownBy(() -> new OneClassCvmOptions(new GaussianKernel(1), 0, CoreSetOptions.jmlr(0.1)))
                .hasMessageContaining("c must be > 0 and finite, got 0.0");
        OneClassCvmOptions o = new OneClassCvmOptions(new GaussianKernel(1), 1, CoreSetOptions.jmlr(0.1));
        assertThatThrownBy(() -> OneClassCvm.fit(List.of(), o)).hasMessageContaining("at least one point");
        assertThatThrownBy(() -> OneClassCvm.fit(List.of(DenseVec.of(1, 2), DenseVec.of(1, 2, 3)), o))
                .hasMessage("point 1 has dimension 3, expected 2");
    }
}
