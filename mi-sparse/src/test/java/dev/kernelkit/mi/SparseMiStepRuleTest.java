package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The trial point of Algorithm 1 under each {@link SparseMiOptions.StepRule}, against its closed form. */
class SparseMiStepRuleTest {

    @Test
    void oneAcceptedStepIsZMinusLambdaGradientOrLambdaAlongTheUnitGradient() {
        BagDataset data = TestData.randomBags(24, 4, 3, 2.0, 31);
        SparseMiOptions base = SparseMiOptions.defaults().withGamma(0.4).withC(5).withExpansionVectors(4).withSeed(3);
        // t_max = 0 returns the initial XVs of this seed
        List<Vec> start = SparseMi.fit(data, base.withMaxIterations(0)).expansionVectors();
        double[][] z0 = new double[start.size()][];
        for (int j = 0; j < z0.length; j++) {
            z0[j] = start.get(j).toArray();
        }
        SparseMiObjective obj = SparseMiGradientTest.objective(data, new GaussianKernel(0.4), 5.0,
                new InputSpace(SparseMiGradientTest.instances(data), data.dim()));
        SparseMiObjective.Evaluation e0 = obj.evaluate(z0, null);
        double[][] grad = obj.gradient(e0);
        double norm = 0;
        for (double[] row : grad) {
            for (double v : row) {
                norm += v * v;
            }
        }
        norm = Math.sqrt(norm);
        assertThat(norm).isGreaterThan(1e-6);
        double lambda = 1e-3 / norm; // a short step along -grad lowers g, so the first trial is accepted
        SparseMiOptions oneStep = base.withMaxIterations(1).withTolerance(0);
        SparseMiModel gradient = SparseMi.fit(data, oneStep.withStepRule(SparseMiOptions.StepRule.GRADIENT)
                .withInitialStep(lambda));
        SparseMiModel length = SparseMi.fit(data, oneStep.withStepRule(SparseMiOptions.StepRule.LENGTH)
                .withInitialStep(lambda * norm));
        assertThat(gradient.objectiveTrace()).hasSize(2);
        assertThat(gradient.objectiveTrace()[1]).isLessThan(gradient.objectiveTrace()[0]);
        for (int j = 0; j < z0.length; j++) {
            double[] zg = gradient.expansionVectors().get(j).toArray();
            double[] zl = length.expansionVectors().get(j).toArray();
            for (int q = 0; q < zg.length; q++) {
                assertThat(zg[q]).as("Z - lambda grad at [%d][%d]", j, q)
                        .isCloseTo(z0[j][q] - lambda * grad[j][q], within(1e-12));
                assertThat(zl[q]).as("Z - (lambda ||grad||) grad / ||grad|| at [%d][%d]", j, q)
                        .isCloseTo(z0[j][q] - lambda * grad[j][q], within(1e-12));
            }
        }
    }

    @Test
    void theDefaultIsTheStepLengthAndANullRuleIsRejected() {
        assertThat(SparseMiOptions.defaults().stepRule()).isEqualTo(SparseMiOptions.StepRule.LENGTH);
        assertThatThrownBy(() -> SparseMiOptions.defaults().withStepRule(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stepRule must not be null");
    }
}
