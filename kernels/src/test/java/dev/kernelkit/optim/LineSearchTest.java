package dev.kernelkit.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LineSearchTest {

    @Test
    void strongWolfeStepSatisfiesBothConditionsOnAQuartic() {
        // f(x) = x^4 - 3x^2 + x from x = 2 along d = -1 with a deliberately long first step.
        DifferentiableFunction f = (x, g) -> {
            g[0] = 4 * x[0] * x[0] * x[0] - 6 * x[0] + 1;
            return Math.pow(x[0], 4) - 3 * x[0] * x[0] + x[0];
        };
        double[] x = {2};
        double[] g0 = new double[1];
        double f0 = f.valueAndGradient(x, g0); // f(2) = 16 - 12 + 2 = 6, f'(2) = 32 - 12 + 1 = 21
        assertThat(f0).isEqualTo(6.0);
        double[] d = {-1};
        double[] xo = new double[1];
        double[] go = new double[1];
        double c1 = 1e-4;
        double c2 = 0.1;
        LineSearch.Step s = LineSearch.strongWolfe(f, x, f0, g0, d, 10.0, c1, c2, 50, xo, go);
        assertThat(s.wolfe()).isTrue();
        double dphi0 = -21;
        assertThat(s.value()).isLessThanOrEqualTo(f0 + c1 * s.alpha() * dphi0);
        assertThat(Math.abs(go[0] * d[0])).isLessThanOrEqualTo(c2 * Math.abs(dphi0));
        assertThat(xo[0]).isEqualTo(2 - s.alpha());
        double[] check = new double[1];
        assertThat(s.value()).isEqualTo(f.valueAndGradient(xo, check));
        assertThat(go[0]).isEqualTo(check[0]);
    }

    @Test
    void strongWolfeBacksOffFromWhereTheFunctionIsUndefined() {
        // f(x) = x - log x (NaN for x < 0, +infinity at 0), minimiser 1. From x = 3 along d = -1
        // (f'(3) = 1 - 1/3 = 2/3) a first step of 10 lands at x = -7: the search must shrink into (0, 3).
        DifferentiableFunction f = (x, g) -> {
            g[0] = 1 - 1 / x[0];
            return x[0] - Math.log(x[0]);
        };
        double[] x = {3};
        double[] g0 = {2.0 / 3.0};
        double[] xo = new double[1];
        double[] go = new double[1];
        LineSearch.Step s = LineSearch.strongWolfe(f, x, 3 - Math.log(3), g0, new double[] {-1}, 10, 1e-4, 0.9, 60, xo, go);
        assertThat(s.decreased()).isTrue();
        assertThat(s.wolfe()).isTrue();
        assertThat(xo[0]).isBetween(0.0, 3.0);
        assertThat(s.value()).isFinite().isLessThan(3 - Math.log(3));
        assertThat(Math.abs(go[0])).isLessThanOrEqualTo(0.9 * 2.0 / 3.0);
    }

    @Test
    void strongWolfeRejectsAnAscentDirection() {
        DifferentiableFunction f = (x, g) -> {
            g[0] = 2 * x[0];
            return x[0] * x[0];
        };
        assertThatThrownBy(() -> LineSearch.strongWolfe(f, new double[] {1}, 1, new double[] {2}, new double[] {1},
                1, 1e-4, 0.9, 10, new double[1], new double[1]))
                .hasMessageContaining("descent direction");
    }

    @Test
    void backtrackingArmijoHandCase() {
        // phi(a) = (1 - a)^2, phi(0) = 1, phi'(0) = -2. Trials 4 -> 9, 2 -> 1 (> 1 - 4e-4),
        // 1 -> 0 <= 1 - 2e-4: accepted.
        double a = LineSearch.backtrackingArmijo(t -> (1 - t) * (1 - t), 1, -2, 4, 1e-4, 0.5, 10);
        assertThat(a).isEqualTo(1.0);
        assertThat(LineSearch.backtrackingArmijo(t -> 5, 1, -2, 4, 1e-4, 0.5, 3)).isZero();
    }

    @Test
    void goldenSectionFindsTheMinimumOfAParabola() {
        // (x - 2)^2 on [0, 5]: minimiser 2.
        assertThat(LineSearch.goldenSection(x -> (x - 2) * (x - 2), 0, 5, 1e-10)).isCloseTo(2.0, within(1e-9));
        // cosh(x - 0.3) on [-4, 1]: minimiser 0.3 (flat there, so only ~sqrt(eps) resolution).
        assertThat(LineSearch.goldenSection(x -> Math.cosh(x - 0.3), -4, 1, 1e-9)).isCloseTo(0.3, within(1e-6));
        assertThatThrownBy(() -> LineSearch.goldenSection(x -> x, 1, 0, 1e-3)).hasMessageContaining("a <= b");
    }
}
