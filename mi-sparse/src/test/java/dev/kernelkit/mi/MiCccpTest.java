package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.testing.TestData;
import org.junit.jupiter.api.Test;

class MiCccpTest {
    private static final BagDataset DATA = TestData.randomBags(16, 3, 2, 2.0, 23);

    @Test
    void firstStepWithZeroMaxLossWeightIsTheSetKernelSvm() {
        // lambda = 0: the QP is min 1/2 ||w||² + C sum xi over the bags' mean maps, i.e. the C-SVM
        // with the averaged set kernel, solved here by SMO (MiKernel) — a different solver.
        MiCccpModel cccp = MiCccp.fit(DATA, MiCccpOptions.defaults().withGamma(0.5).withC(2).withLambda(0)
                .withMaxIterations(1));
        MiKernelModel svm = MiKernel.fit(DATA, MiKernelOptions.defaults().withGamma(0.5).withC(2)
                .withSolver(dev.kernelkit.svm.SmoSolver.Options.defaults().withEps(1e-8)));
        for (int i = 0; i < DATA.size(); i++) {
            assertThat(cccp.decisions(DATA.bag(i))[0]).isCloseTo(svm.decision(DATA.bag(i)), within(1e-4));
        }
    }

    @Test
    void objectiveTraceIsNonIncreasingAndStops() {
        MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.5).withC(5).withLambda(1).withMaxIterations(15);
        MiCccpModel m = MiCccp.fit(DATA, o);
        double[] trace = m.objectiveTrace(0);
        assertThat(trace.length).isGreaterThanOrEqualTo(2);
        for (int t = 1; t < trace.length; t++) {
            assertThat(trace[t]).isLessThanOrEqualTo(trace[t - 1] + 1e-6 * Math.max(1, Math.abs(trace[t - 1])));
        }
        if (trace.length < 15) {
            double last = trace[trace.length - 1];
            double prev = trace[trace.length - 2];
            assertThat(prev - last).isLessThan(o.tolerance() * Math.max(1, Math.abs(prev)));
        }
    }

    @Test
    void separableRingBagsAreFittedWithLargeC() {
        BagDataset ring = SyntheticData.ringBags(5, 2, 3, 3);
        MiCccpModel m = MiCccp.fit(ring, MiCccpOptions.defaults().withGamma(1).withC(100).withLambda(0.1)
                .withMaxIterations(3));
        assertThat(MiCrossValidation.accuracy(m, ring)).isEqualTo(1.0);
    }

    @Test
    void optionsRejectBadValues() {
        assertThatThrownBy(() -> MiCccpOptions.defaults().withLambda(-1))
                .hasMessageContaining("lambda must be >= 0 and finite, got -1");
        assertThatThrownBy(() -> MiCccpOptions.defaults().withMaxIterations(0))
                .hasMessageContaining("maxIterations must be >= 1, got 0");
    }
}
