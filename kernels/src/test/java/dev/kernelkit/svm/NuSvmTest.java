package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.RegressionModel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * nu-SVC and epsilon-SVR as learners: nu-SVC is the C-SVC with C = 1 / r (Schoelkopf et al. 2000, Proposition
 * 6; Chang and Lin 2011, section 4.2), checked against our C-SVC solve of that C; the fitted models evaluate the
 * expansions of the solutions; bad nu is one clear error naming the machine.
 */
class NuSvmTest {

    private static LabeledDataset blobs(int n, int classes, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int c = i % classes;
            y[i] = c + 1;
            x.add(DenseVec.of(r.nextGaussian() + 1.2 * c, r.nextGaussian() - 0.6 * c));
        }
        return new LabeledDataset(x, y);
    }

    private static double[][] gram(List<Vec> x, GaussianKernel k) {
        double[][] out = new double[x.size()][x.size()];
        for (int i = 0; i < x.size(); i++) {
            for (int j = 0; j < x.size(); j++) {
                out[i][j] = k.apply(x.get(i), x.get(j));
            }
        }
        return out;
    }

    @Test
    void nuSvcIsTheCSvcWithCEqualToOneOverR() {
        LabeledDataset data = blobs(60, 2, 5);
        GaussianKernel kernel = new GaussianKernel(0.8);
        double[][] k = gram(data.points(), kernel);
        double[] y = new double[60];
        for (int i = 0; i < 60; i++) {
            y[i] = data.labels()[i] == 2 ? 1 : -1;
        }
        double nu = 0.35;
        SmoSolver.Options tight = SmoSolver.Options.defaults().withEps(1e-10);
        SvmSolution nuSol = NuSvm.solve(DenseKernelMatrix.of(k), y, nu, tight);
        double sumPos = 0;
        for (int i = 0; i < 60; i++) {
            sumPos += y[i] > 0 ? nuSol.alpha(i) : 0;
        }
        double c = 2 * sumPos / (nu * 60); // sum_{y=+1} a / r = nu n / (2 r), C = 1 / r
        SvmSolution cSol = new SmoSolver(tight).solve(SvmProblem.of(DenseKernelMatrix.of(k), y, c, SvmLoss.HINGE));
        for (int i = 0; i < 60; i++) {
            assertThat(nuSol.alpha(i)).as("alpha_%d", i).isCloseTo(cSol.alpha(i), within(1e-5 * c));
        }
        assertThat(nuSol.bias()).isCloseTo(cSol.bias(), within(1e-5));
    }

    @Test
    void theFittedNuSvmEvaluatesItsSolutionsExpansion() {
        LabeledDataset data = blobs(50, 2, 7);
        GaussianKernel kernel = new GaussianKernel(0.5);
        SvmModel model = NuSvm.fit(data, NuSvmOptions.of(kernel).withNu(0.4));
        double[] y = new double[50];
        for (int i = 0; i < 50; i++) {
            y[i] = data.labels()[i] == 2 ? 1 : -1;
        }
        double[][] k = gram(data.points(), kernel);
        SvmSolution s = NuSvm.solve(DenseKernelMatrix.of(k), y, 0.4, SmoSolver.Options.defaults());
        for (int i = 0; i < 50; i++) {
            double f = s.bias();
            for (int j = 0; j < 50; j++) {
                f += s.alpha(j) * y[j] * k[i][j];
            }
            assertThat(model.decisions(data.x(i))[0]).as("f(x_%d)", i).isCloseTo(f, within(1e-9));
        }
        assertThat(model.report().learner()).isEqualTo("nu-svm");
    }

    @Test
    void theFittedSvrEvaluatesItsSolutionsExpansion() {
        LabeledDataset data = blobs(40, 1, 9);
        double[] z = new double[40];
        for (int i = 0; i < 40; i++) {
            z[i] = Math.sin(data.x(i).get(0)) + 0.1 * data.x(i).get(1);
        }
        LabeledDataset reg = new LabeledDataset(data.points(), z);
        GaussianKernel kernel = new GaussianKernel(0.7);
        RegressionModel<Vec> model = EpsilonSvr.fit(reg, EpsilonSvrOptions.of(kernel).withC(5).withEpsilon(0.05));
        double[][] k = gram(data.points(), kernel);
        SvmSolution s = EpsilonSvr.solve(DenseKernelMatrix.of(k), z, 5, 0.05, SmoSolver.Options.defaults());
        for (int i = 0; i < 40; i++) {
            double f = s.bias();
            for (int j = 0; j < 40; j++) {
                f += (s.alpha(j) - s.alpha(j + 40)) * k[i][j];
            }
            assertThat(model.predict(data.x(i))).as("f(x_%d)", i).isCloseTo(f, within(1e-9));
        }
    }

    @Test
    void anInfeasibleNuOfAOneVsRestMachineNamesTheClass() {
        LabeledDataset data = blobs(30, 3, 11); // 10 per class: each machine has 10 against 20, nu <= 2/3
        assertThatThrownBy(() -> NuSvm.fit(data, NuSvmOptions.of(new GaussianKernel(1)).withNu(0.7)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nu = 0.7 is infeasible (class 1 against the rest): with 10 positive and 20 negative samples "
                        + "nu must be <= 2 min(n+, n-) / n = 0.6666666666666666 (LIBSVM: specified nu is infeasible)");
        assertThat(NuSvm.fit(data, NuSvmOptions.of(new GaussianKernel(1)).withNu(0.6)).expansionModels()).hasSize(3);
    }
}
