package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.testing.RealData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SMO vs LIBSVM vs ojAlgo QP on Heart (270 x 13) and Ionosphere (351 x 34), Gaussian kernel with
 * gamma = 1/d, C = 1 and 10, both losses, trained on the first half of each file: objectives within
 * 1e-6 relative, same support set, decisions on the held-out second half within 1e-4.
 */
class SmoOnRealDataTest {

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String f : List.of("heart/heart.libsvm", "ionosphere/ionosphere.libsvm")) {
            for (double c : new double[] {1, 10}) {
                for (SvmLoss loss : SvmLoss.values()) {
                    out.add(Arguments.of(f, c, loss));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} C={1} {2}")
    @MethodSource("cases")
    void smoLibsvmAndQpAgreeOnRealData(String file, double c, SvmLoss loss) throws Exception {
        LabeledDataset all = TinyLibsvmReader.read(RealData.file(file));
        // train on the first half (ojAlgo's active-set QP takes minutes on 80%), test on the rest
        int n = all.size() / 2;
        List<Vec> x = all.points().subList(0, n);
        List<Vec> held = all.points().subList(n, all.size());
        double[] y = Arrays.copyOf(all.labels(), n);
        GaussianKernel kernel = new GaussianKernel(1.0 / all.dim());
        double[] cs = new double[n];
        Arrays.fill(cs, c);
        DualOracle.Case cse = new DualOracle.Case(file, x, y, cs, loss, kernel, held);
        double[][] k = cse.gram();
        SvmProblem problem = new SvmProblem(DenseKernelMatrix.of(k), y, cs, loss);

        SvmSolution smo = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-8)).solve(problem);
        SvmSolution lib = new LibsvmSolver(1e-8, true, 100).solve(problem);
        double[] qp = DualOracle.solveQp(k, y, cs, loss);

        double objQp = DualOracle.objective(k, y, cs, loss, qp);
        double scale = Math.max(1.0, Math.abs(objQp));
        assertThat(Math.abs(DualOracle.objective(k, y, cs, loss, smo.alpha()) - objQp))
                .as("SMO vs QP objective").isLessThanOrEqualTo(1e-6 * scale);
        assertThat(Math.abs(DualOracle.objective(k, y, cs, loss, lib.alpha()) - objQp))
                .as("LIBSVM vs QP objective").isLessThanOrEqualTo(1e-6 * scale);
        assertThat(DualOracle.supportSet(smo.alpha(), cs)).as("SMO vs QP support set")
                .isEqualTo(DualOracle.supportSet(qp, cs));
        assertThat(DualOracle.supportSet(lib.alpha(), cs)).as("LIBSVM vs QP support set")
                .isEqualTo(DualOracle.supportSet(qp, cs));
        double bQp = DualOracle.bias(k, y, cs, loss, qp);
        for (Vec z : held) {
            double fQp = DualOracle.decision(cse, qp, bQp, z);
            assertThat(Math.abs(DualOracle.decision(cse, smo.alpha(), smo.bias(), z) - fQp))
                    .as("SMO vs QP decision").isLessThanOrEqualTo(1e-4);
            assertThat(Math.abs(DualOracle.decision(cse, lib.alpha(), lib.bias(), z) - fQp))
                    .as("LIBSVM vs QP decision").isLessThanOrEqualTo(1e-4);
        }
        assertThat(x.get(0)).isInstanceOf(DenseVec.class);
    }
}
