package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link SquaredHingeProblem} with a cost per row. Independent checks: a row of cost 2C is the same row given twice
 * at cost C (the objective's sum counts it twice), so both problems have the same minimiser; the Newton and the
 * L-BFGS solvers agree; the gradient matches central finite differences; equal costs are the scalar problem to the
 * bit; a bad cost is refused naming the row.
 */
class SquaredHingeCostsPerRowTest {
    private static final int M = 30;
    private static final int N = 4;

    private static double[][] rows(long seed, int m) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] a = new double[m][N];
        for (double[] row : a) {
            for (int j = 0; j < N; j++) {
                row[j] = r.nextGaussian();
            }
        }
        return a;
    }

    private static double[] labels(double[][] a, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] y = new double[a.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = a[i][0] + 0.5 * a[i][1] + 0.8 * r.nextGaussian() > 0 ? 1 : -1;
        }
        return y;
    }

    private static double[][] regulariser() {
        double[][] r = new double[N][N];
        for (int j = 0; j < N; j++) {
            r[j][j] = 1.0 + 0.1 * j;
            if (j > 0) {
                r[j][j - 1] = 0.2;
                r[j - 1][j] = 0.2;
            }
        }
        return r;
    }

    @Test
    void aRowOfCostTwoCIsThatRowGivenTwiceAtCostC() {
        double[][] a = rows(1, M);
        double[] y = labels(a, 2);
        double c = 0.7;
        double[] costs = new double[M];
        java.util.Arrays.fill(costs, c);
        // rows 0..4 cost 2C; the duplicated problem lists them twice at C
        double[][] twice = new double[M + 5][];
        double[] y2 = new double[M + 5];
        for (int i = 0; i < M; i++) {
            twice[i] = a[i];
            y2[i] = y[i];
        }
        for (int i = 0; i < 5; i++) {
            costs[i] = 2 * c;
            twice[M + i] = a[i];
            y2[M + i] = y[i];
        }
        double[] weighted = new SquaredHingeProblem(a, y, costs, regulariser()).solveNewton(null);
        SquaredHingeProblem dup = new SquaredHingeProblem(twice, y2, c, regulariser());
        double[] duplicated = dup.solveNewton(null);
        for (int j = 0; j <= N; j++) {
            assertThat(weighted[j]).as("variable %d", j).isCloseTo(duplicated[j], within(1e-10));
        }
        assertThat(new SquaredHingeProblem(a, y, costs, regulariser()).value(weighted))
                .isCloseTo(dup.value(duplicated), within(1e-10));
    }

    @Test
    void newtonAndLbfgsAgreeAndTheGradientMatchesFiniteDifferences() {
        double[][] a = rows(3, M);
        double[] y = labels(a, 4);
        double[] costs = new double[M];
        for (int i = 0; i < M; i++) {
            costs[i] = y[i] > 0 ? 3.0 : 0.5;
        }
        SquaredHingeProblem p = new SquaredHingeProblem(a, y, costs, regulariser());
        double[] newton = p.solveNewton(null);
        double[] lbfgs = p.solveLbfgs(null, 1e-10);
        for (int j = 0; j <= N; j++) {
            assertThat(lbfgs[j]).as("variable %d", j).isCloseTo(newton[j], within(1e-6));
        }
        double[] w = {0.3, -0.2, 0.1, 0.4, -0.05};
        double[] g = new double[N + 1];
        p.valueAndGradient(w, g);
        double h = 1e-6;
        for (int j = 0; j <= N; j++) {
            double[] plus = w.clone();
            double[] minus = w.clone();
            plus[j] += h;
            minus[j] -= h;
            assertThat(g[j]).as("d/dw_%d", j).isCloseTo((p.value(plus) - p.value(minus)) / (2 * h), within(1e-6));
        }
        double[] gn = new double[N + 1];
        p.valueAndGradient(newton, gn);
        for (double v : gn) {
            assertThat(v).isCloseTo(0, within(1e-9));
        }
    }

    @Test
    void equalCostsAreTheScalarProblemToTheBitAndABadCostIsRefused() {
        double[][] a = rows(5, M);
        double[] y = labels(a, 6);
        double[] costs = new double[M];
        java.util.Arrays.fill(costs, 2.5);
        SquaredHingeProblem perRow = new SquaredHingeProblem(a, y, costs, regulariser());
        SquaredHingeProblem scalar = new SquaredHingeProblem(a, y, 2.5, regulariser());
        assertThat(perRow.solveNewton(null)).isEqualTo(scalar.solveNewton(null));
        costs[7] = 0;
        assertThatThrownBy(() -> new SquaredHingeProblem(a, y, costs, regulariser()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("cost of row 7 must be > 0 and finite, got 0.0");
        assertThatThrownBy(() -> new SquaredHingeProblem(a, y, new double[3], regulariser()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected one cost per row");
    }
}
