package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.gram.DenseKernelMatrix;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential test: SMO, LIBSVM (precomputed kernel) and ojAlgo's generic convex QP solve the
 * same dual on 24 seeded random problems (dense Gaussian / linear / cubic kernels, hinge and
 * squared hinge, per-sample C) to the same objective, support set and held-out decisions.
 */
class SmoAgreesWithLibsvmAndQpTest {

    static Stream<DualOracle.Case> cases() {
        return LongStream.range(0, 24).mapToObj(DualOracle::randomCase);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void smoLibsvmAndQpAgreeOnObjectiveSupportSetAndDecisions(DualOracle.Case cs) {
        double[][] k = cs.gram();
        SvmProblem problem = new SvmProblem(DenseKernelMatrix.of(k), cs.y(), cs.c(), cs.loss());

        SvmSolution smo = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-8)).solve(problem);
        SvmSolution lib = new LibsvmSolver(1e-8, true, 100).solve(problem);
        double[] qp = DualOracle.solveQp(k, cs.y(), cs.c(), cs.loss());

        assertThat(smo.converged()).isTrue();
        double objSmo = DualOracle.objective(k, cs.y(), cs.c(), cs.loss(), smo.alpha());
        double objLib = DualOracle.objective(k, cs.y(), cs.c(), cs.loss(), lib.alpha());
        double objQp = DualOracle.objective(k, cs.y(), cs.c(), cs.loss(), qp);
        double scale = Math.max(1.0, Math.abs(objQp));
        assertThat(Math.abs(objSmo - objQp)).as("SMO vs QP objective").isLessThanOrEqualTo(1e-6 * scale);
        assertThat(Math.abs(objLib - objQp)).as("LIBSVM vs QP objective").isLessThanOrEqualTo(1e-6 * scale);
        assertThat(Math.abs(smo.objective() - objSmo)).as("SMO's reported objective")
                .isLessThanOrEqualTo(1e-6 * scale);

        assertThat(DualOracle.supportSet(smo.alpha(), cs.c())).as("SMO vs QP support set")
                .isEqualTo(DualOracle.supportSet(qp, cs.c()));
        assertThat(DualOracle.supportSet(lib.alpha(), cs.c())).as("LIBSVM vs QP support set")
                .isEqualTo(DualOracle.supportSet(qp, cs.c()));

        double bQp = DualOracle.bias(k, cs.y(), cs.c(), cs.loss(), qp);
        for (var z : cs.heldOut()) {
            double fQp = DualOracle.decision(cs, qp, bQp, z);
            double fSmo = DualOracle.decision(cs, smo.alpha(), smo.bias(), z);
            double fLib = DualOracle.decision(cs, lib.alpha(), lib.bias(), z);
            assertThat(Math.abs(fSmo - fQp)).as("SMO vs QP decision").isLessThanOrEqualTo(1e-4);
            assertThat(Math.abs(fLib - fQp)).as("LIBSVM vs QP decision").isLessThanOrEqualTo(1e-4);
            assertThat(Math.abs(fSmo - fLib)).as("SMO vs LIBSVM decision").isLessThanOrEqualTo(1e-4);
        }
    }
}
