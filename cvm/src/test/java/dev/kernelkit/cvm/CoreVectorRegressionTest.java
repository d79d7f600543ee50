package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LinearKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

class CoreVectorRegressionTest {

    private static LabeledDataset noisyPlane(int m, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            double a = r.nextDouble() * 2 - 1;
            double b = r.nextDouble() * 2 - 1;
            x.add(DenseVec.of(a, b));
            y[i] = 1.5 * a - 0.7 * b + 0.4 + 0.2 * r.nextGaussian();
        }
        return new LabeledDataset(x, y);
    }

    /**
     * The L2-SVR primal solved by ojAlgo with the linear kernel: variables w (2), b, epsbar, xi,
     * xi*; min ||w||^2 + b^2 + C/(mu m) sum (xi^2 + xi*^2) + 2 C epsbar s.t.
     * y_i - w'x_i - b &le; epsbar + xi_i and w'x_i + b - y_i &le; epsbar + xi*_i. Returns [w1, w2, b, epsbar].
     */
    private static double[] primal(LabeledDataset d, double c, double mu) {
        int m = d.size();
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable w1 = model.addVariable("w1");
        Variable w2 = model.addVariable("w2");
        Variable b = model.addVariable("b");
        Variable e = model.addVariable("e");
        Variable[] xi = new Variable[m];
        Variable[] xs = new Variable[m];
        for (int i = 0; i < m; i++) {
            xi[i] = model.addVariable("xi" + i);
            xs[i] = model.addVariable("xs" + i);
        }
        Expression obj = model.addExpression("obj").weight(1);
        obj.set(w1, w1, 1.0);
        obj.set(w2, w2, 1.0);
        obj.set(b, b, 1.0);
        obj.set(e, 2 * c);
        for (int i = 0; i < m; i++) {
            obj.set(xi[i], xi[i], c / (mu * m));
            obj.set(xs[i], xs[i], c / (mu * m));
            double x1 = d.x(i).get(0);
            double x2 = d.x(i).get(1);
            // -w'x - b - e - xi <= -y
            Expression up = model.addExpression("up" + i).upper(-d.y(i));
            up.set(w1, -x1).set(w2, -x2).set(b, -1).set(e, -1).set(xi[i], -1);
            // w'x + b - e - xi* <= y
            Expression lo = model.addExpression("lo" + i).upper(d.y(i));
            lo.set(w1, x1).set(w2, x2).set(b, 1).set(e, -1).set(xs[i], -1);
        }
        Optimisation.Result r = model.minimise();
        assertThat(r.getState().isFeasible()).as(r.getState().toString()).isTrue();
        return new double[] {r.doubleValue(0), r.doubleValue(1), r.doubleValue(2), r.doubleValue(3)};
    }

    @Test
    void linearCvrAgreesWithTheExactL2SvrPrimalQp() {
        LabeledDataset d = noisyPlane(40, 3);
        double c = 5.0;
        double mu = 0.5;
        CvrModel m = CoreVectorRegression.fit(d, new CvrOptions(new LinearKernel(), c, mu, CoreSetOptions.exact(1e-7)));
        double[] p = primal(d, c, mu);
        for (int i = 0; i < d.size(); i++) {
            double f = p[0] * d.x(i).get(0) + p[1] * d.x(i).get(1) + p[2];
            assertThat(m.predict(d.x(i))).isCloseTo(f, within(2e-3));
        }
        assertThat(m.epsilonBar()).isCloseTo(p[3], within(2e-3));
        // the fit is close to the generating plane 1.5 a - 0.7 b + 0.4 (a sanity bound, not an oracle)
        assertThat(m.predict(DenseVec.of(0, 0))).isCloseTo(0.4, within(0.2));
    }

    @Test
    void gaussianCvrAgreesWithTheExactDualQp() {
        LabeledDataset d = noisyPlane(30, 8);
        int m = d.size();
        double c = 20.0;
        double mu = 0.3;
        Kernel<Vec> k = new GaussianKernel(1.0);
        CvrModel model = CoreVectorRegression.fit(d, new CvrOptions(k, c, mu, CoreSetOptions.exact(1e-7)));
        // dual: min a~'K~a~ - a~'(2/C)[y; -y] on the 2m-simplex, K~ from its block formula
        double[][] g = new double[2 * m][2 * m];
        double[] v = new double[2 * m];
        for (int i = 0; i < 2 * m; i++) {
            v[i] = (i < m ? 2 / c * d.y(i) : -2 / c * d.y(i - m));
            for (int j = 0; j < 2 * m; j++) {
                double kk = k.apply(d.x(i % m), d.x(j % m)) + 1;
                g[i][j] = ((i < m) == (j < m) ? kk : -kk) + (i == j ? mu * m / c : 0);
            }
        }
        double[] a = SimplexQp.simplex(g, v);
        for (int t = 0; t < m; t++) {
            double f = 0;
            for (int i = 0; i < m; i++) {
                f += c * (a[i] - a[i + m]) * (k.apply(d.x(i), d.x(t)) + 1);
            }
            assertThat(model.predict(d.x(t))).isCloseTo(f, within(2e-3));
        }
    }

    @Test
    void badInputIsRejected() {
        assertThatThrownBy(() -> new CvrOptions(new LinearKernel(), 1, 0, CoreSetOptions.exact(0.1)))
                .hasMessageContaining("mu must be > 0 and finite, got 0.0");
        assertThatThrownBy(() -> new CvrOptions(new LinearKernel(), -2, 1, CoreSetOptions.exact(0.1)))
                .hasMessageContaining("c must be > 0 and finite, got -2.0");
        LabeledDataset one = new LabeledDataset(List.of(DenseVec.of(1)), new double[] {2});
        assertThatThrownBy(() -> CoreVectorRegression.fit(one, new CvrOptions(new LinearKernel(), 1, 1,
                CoreSetOptions.exact(0.1)))).hasMessageContaining("at least 2 points, got 1");
    }
}
