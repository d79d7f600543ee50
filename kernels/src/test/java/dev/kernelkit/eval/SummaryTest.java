package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.junit.jupiter.api.Test;

class SummaryTest {

    @Test
    void handValues() {
        // 1, 2, 3, 4: mean 2.5; squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5; sd = sqrt(5/3).
        Summary s = Summary.of(1, 2, 3, 4);
        assertThat(s.mean()).isEqualTo(2.5);
        assertThat(s.sd()).isCloseTo(Math.sqrt(5.0 / 3.0), within(1e-15));
        assertThat(s.n()).isEqualTo(4);
        assertThat(s.toString()).isEqualTo("2.5000 \u00b1 1.2910");
        assertThat(Summary.of(7)).isEqualTo(new Summary(7, 0, 1));
    }

    @Test
    void matchesCommonsMathBiasCorrectedStandardDeviation() {
        SplittableRandom rnd = new SplittableRandom(8);
        for (int trial = 0; trial < 20; trial++) {
            double[] v = new double[2 + rnd.nextInt(20)];
            for (int i = 0; i < v.length; i++) {
                v[i] = rnd.nextDouble(-10, 10);
            }
            Summary s = Summary.of(v);
            assertThat(s.mean()).isCloseTo(new Mean().evaluate(v), within(1e-12));
            assertThat(s.sd()).isCloseTo(new StandardDeviation(true).evaluate(v), within(1e-12));
        }
    }

    @Test
    void rejectsEmptyAndNaN() {
        assertThatThrownBy(Summary::of).hasMessage("need at least one value to summarise, got 0");
        assertThatThrownBy(() -> Summary.of(1, Double.NaN)).hasMessage("value 1 is NaN");
    }
}
