package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BaselinesTest {
    private static final BagDataset DATA = TestData.randomBags(40, 5, 4, 3.0, 31);

    static List<Vec> instances(BagDataset data) {
        List<Vec> out = new ArrayList<>();
        data.bags().forEach(b -> out.addAll(b.instances()));
        return out;
    }

    @Test
    void rsvmKeepsRandomTrainingInstancesAsXvs() {
        SparseMiModel m = RandomSparseSvm.fit(DATA, SparseMiOptions.defaults().withGamma(0.2).withExpansionVectors(5)
                .withInit(XvInit.KMEANS).withMaxIterations(50));
        List<Vec> all = instances(DATA);
        assertThat(m.iterations()).isZero();
        for (Vec z : m.expansionVectors()) {
            assertThat(all).contains(z);
        }
    }

    @Test
    void reducedSetOfOnePointIsThatPoint() {
        // Psi = 2.5 psi(x): the maximiser of (Psi·psi(z))² = 6.25 exp(-2 gamma ||x - z||²) is z = x.
        Vec x = DenseVec.of(0.3, -1.2);
        List<Vec> z = ReducedSet.reducedSet(SparseMiOptions.defaults().withExpansionVectors(1), List.of(x),
                new double[] {2.5});
        assertThat(z.get(0).get(0)).isCloseTo(0.3, within(1e-12));
        assertThat(z.get(0).get(1)).isCloseTo(-1.2, within(1e-12));
    }

    @Test
    void reducedSetOfTwoSymmetricPointsIsTheirMidpoint() {
        // Psi = psi(-0.1, 0) + psi(0.1, 0): by symmetry the fixed point z = sum k_s u_s / sum k_s is
        // the origin; from u_1 the first step gives (k(0) u_1 + k(0.2) u_2) / (1 + k(0.2)), which
        // contracts towards 0 (factor (1 - k(0.2)) / (1 + k(0.2)) = (1 - e^-0.04)/(1 + e^-0.04) ≈ 0.02).
        List<Vec> z = ReducedSet.reducedSet(SparseMiOptions.defaults().withExpansionVectors(1),
                List.of(DenseVec.of(-0.1, 0), DenseVec.of(0.1, 0)), new double[] {1, 1});
        // (R·psi(z))² is flat (quadratic) at its maximum, so z is determined to about sqrt(eps).
        assertThat(z.get(0).get(0)).isCloseTo(0.0, within(1e-6));
        assertThat(z.get(0).get(1)).isCloseTo(0.0, within(1e-12));
    }

    @Test
    void reducedSetApproximatesTheDenseLabelMeanSvm() {
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.2).withC(5);
        List<Vec> all = instances(DATA);
        SparseMiModel dense = SparseMi.fit(DATA, o.withMaxIterations(0), all, FitListener.SILENT);
        SparseMiModel rs = ReducedSet.fit(DATA, o.withExpansionVectors(5), all, dense.beta(0));
        SparseMiModel rsvm = RandomSparseSvm.fit(DATA, o.withExpansionVectors(5));
        assertThat(rs.expansionVectors()).hasSize(5);
        assertThat(rs.iterations()).isZero();
        // Refitting beta on well-placed vectors gives a lower inner objective than random XVs.
        assertThat(rs.objectiveTrace()[0]).isLessThan(rsvm.objectiveTrace()[0]);
        int agree = 0;
        for (int i = 0; i < DATA.size(); i++) {
            agree += rs.predict(DATA.bag(i)) == dense.predict(DATA.bag(i)) ? 1 : 0;
        }
        assertThat(agree).isGreaterThanOrEqualTo((int) (0.85 * DATA.size()));
    }

    @Test
    void reducedSetRejectsNonGaussianKernelsAndBadLengths() {
        SparseMiOptions poly = SparseMiOptions.defaults().withKernel(new PolynomialKernel(2, 1, 1));
        assertThatThrownBy(() -> ReducedSet.reducedSet(poly, List.of(DenseVec.of(1)), new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a gaussian kernel");
        assertThatThrownBy(() -> ReducedSet.reducedSet(SparseMiOptions.defaults().withExpansionVectors(1),
                List.of(DenseVec.of(1)), new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 points and 2 coefficients");
    }
}
