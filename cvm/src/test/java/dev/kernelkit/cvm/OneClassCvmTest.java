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
