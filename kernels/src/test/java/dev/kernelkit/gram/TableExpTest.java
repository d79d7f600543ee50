package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The table-driven exp against a 40-digit reference, StrictMath and its edge cases. */
class TableExpTest {

    /** exp(x) to 40 digits: the Taylor series of exp(x / 1024), squared ten times. */
    static BigDecimal reference(double x) {
        MathContext mc = new MathContext(45);
        BigDecimal y = new BigDecimal(x).divide(BigDecimal.valueOf(1024), mc);
        BigDecimal term = BigDecimal.ONE, sum = BigDecimal.ONE;
        for (int m = 1; m < 40; m++) {
            term = term.multiply(y, mc).divide(BigDecimal.valueOf(m), mc);
            sum = sum.add(term, mc);
        }
        for (int s = 0; s < 10; s++) {
            sum = sum.multiply(sum, mc);
        }
        return sum;
    }

    @Test
    void errorIsAtMostAboutHalfAnUlpOnTheTablePath() {
        SplittableRandom r = new SplittableRandom(1);
        double worst = 0;
        for (int i = 0; i < 4000; i++) {
            // half spread over the whole table range, half over the Gaussian kernel's usual exponents
            double x = i % 2 == 0 ? TableExp.LOWER * r.nextDouble() : -20 * r.nextDouble();
            BigDecimal e = reference(x);
            double ulp = Math.ulp(e.doubleValue());
            worst = Math.max(worst, new BigDecimal(TableExp.exp(x)).subtract(e).abs().doubleValue() / ulp);
        }
        // the ARM routine's bound is 0.509 ulp; Math.exp measured 0.506 on the same points
        assertThat(worst).as("largest error in ulps").isLessThan(0.52);
    }

    @Test
    void withinOneUlpOfStrictMathEverywhereOnTheTablePath() {
        SplittableRandom r = new SplittableRandom(2);
        for (int i = 0; i < 1_000_000; i++) {
            double x = TableExp.LOWER * r.nextDouble() * (i % 3 == 0 ? 1 : 0.01);
            double e = StrictMath.exp(x);
            assertThat(Math.abs(TableExp.exp(x) - e)).as("x = %s", x).isLessThanOrEqualTo(Math.ulp(e));
        }
    }

    @Test
    void exactAtZeroAndMathExpOutsideTheTableRange() {
        assertThat(TableExp.exp(0.0)).isEqualTo(1.0);
        assertThat(TableExp.exp(-0.0)).isEqualTo(1.0);
        for (double x : new double[] {-708.5, -745.0, -745.2, -800, Double.NEGATIVE_INFINITY, 1e-300, 0.5, 700,
                Double.POSITIVE_INFINITY, Double.NaN, -Double.MIN_VALUE}) {
            assertThat(Double.doubleToLongBits(TableExp.exp(x))).as("x = %s", x)
                    .isEqualTo(Double.doubleToLongBits(Math.exp(x)));
        }
        assertThat(TableExp.exp(Double.NEGATIVE_INFINITY)).isZero();
        assertThat(TableExp.exp(Double.NaN)).isNaN();
        // the table path's ends: no subnormal result, no overflow of the exponent arithmetic
        double atLower = TableExp.exp(Math.nextUp(TableExp.LOWER));
        assertThat(atLower).isGreaterThanOrEqualTo(Double.MIN_NORMAL);
        assertThat(Math.abs(atLower - StrictMath.exp(Math.nextUp(TableExp.LOWER)))).isLessThanOrEqualTo(Math.ulp(atLower));
    }
}
