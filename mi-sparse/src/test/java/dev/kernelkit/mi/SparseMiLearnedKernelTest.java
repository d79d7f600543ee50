package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.ExponentialChiSquareKernel;
import dev.kernelkit.kernel.FeatureSubsetKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.kernel.WeightedGaussianKernel;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SparseMI on kernels outside its fast dot-product path (issue #22, composition 1): a learned combination of
 * Gaussians and polynomials on feature subsets, and the per-feature weighted Gaussian. The general path's
 * gradient of g(Z) against finite differences of g, the combination of one Gaussian against the plain Gaussian
 * path, model files, and the refusals.
 */
class SparseMiLearnedKernelTest {
    private static final BagDataset TWO = TestData.randomBags(30, 4, 3, 2.0, 31);
    private static final BagDataset THREE = TestData.randomMultiClassBags(30, 3, 4, 3, 2.5, 32);

    /** Weights in [0.05, 1.05), every third one zero. */
    private static double[] weights(int m, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] mu = new double[m];
        for (int i = 0; i < m; i++) {
            mu[i] = i % 3 == 2 ? 0 : 0.05 + r.nextDouble();
        }
        return mu;
    }

    /** The SimpleMKL list on 3 features (Gaussians and polynomials on all variables and on each), unit trace. */
    static DifferentiableKernel simpleMklCombination(BagDataset data, long seed) {
        List<Vec> x = LearnedKernelForSparseMi.instances(data);
        MultipleKernel base = MultipleKernel.simpleMklProtocol(data.dim()).withUnitTrace(x);
        // unit trace makes each base kernel of order 1/N; scale the weights so K(x, x) is of order 1
        double[] mu = weights(base.count(), seed);
        for (int m = 0; m < mu.length; m++) {
            mu[m] *= x.size() / 10.0;
        }
        return base.combined(mu).differentiable();
    }

    static Stream<Arguments> generalKernels() {
        List<Vec> x = LearnedKernelForSparseMi.instances(TWO);
        List<Kernel<Vec>> subsets = List.of(new FeatureSubsetKernel(new int[] {0, 2}, new GaussianKernel(0.6)),
                new SingleFeatureKernel(1, new PolynomialKernel(2, 0.5, 1.0)), new GaussianKernel(0.2));
        return Stream.of(
                Arguments.of("SimpleMKL combination", simpleMklCombination(TWO, 33)),
                Arguments.of("group Gaussians (IMKPL)", MultipleKernel.gaussianPerGroup(x, new int[][] {{0, 2}, {1}})
                        .combined(new double[] {0.7, 0.3}).differentiable()),
                Arguments.of("feature subset, single feature, all features",
                        MultipleKernel.of(subsets).combined(new double[] {0.5, 0.2, 0.3}).differentiable()),
                Arguments.of("weighted Gaussian", new WeightedGaussianKernel(0.5, new double[] {1.5, 0.0, 0.7})));
    }

    private static double[][] randomPoints(int k, int d, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] z = new double[k][d];
        for (double[] row : z) {
            for (int q = 0; q < d; q++) {
                row[q] = TestData.gaussian(rnd);
            }
        }
        return z;
    }

    private static SparseMiObjective generalObjective(BagDataset data, DifferentiableKernel k, double c) {
        List<Vec> instances = LearnedKernelForSparseMi.instances(data);
        int[] bagOf = new int[instances.size()];
        int t = 0;
        for (int i = 0; i < data.size(); i++) {
            for (int p = 0; p < data.bag(i).size(); p++) {
                bagOf[t++] = i;
            }
        }
        return new SparseMiObjective(k, new InputSpace(instances, data.dim()), bagOf, data.size(), SparseMi.targets(data),
                c, 1e-8);
    }

    /** Every coordinate of dg/dZ against (g(Z + h e) - g(Z - h e)) / 2h. */
    private static void checkGradient(SparseMiObjective obj, double[][] z) {
        SparseMiObjective.Evaluation e = obj.evaluate(z, null);
        double[][] grad = obj.gradient(e);
        double scale = 0;
        for (double[] row : grad) {
            for (double v : row) {
                scale = Math.max(scale, Math.abs(v));
            }
        }
        assertThat(scale).as("the gradient must not vanish on this problem").isGreaterThan(1e-4);
        double h = 1e-5;
        for (int j = 0; j < z.length; j++) {
            for (int q = 0; q < z[j].length; q++) {
                double[][] zp = copy(z);
                double[][] zm = copy(z);
                zp[j][q] += h;
                zm[j][q] -= h;
                double fd = (obj.evaluate(zp, null).value - obj.evaluate(zm, null).value) / (2 * h);
                assertThat(grad[j][q]).as("dg/dz[%d][%d]", j, q).isCloseTo(fd, within(1e-5 * scale));
            }
        }
    }

    private static double[][] copy(double[][] z) {
        double[][] c = new double[z.length][];
        for (int j = 0; j < z.length; j++) {
            c[j] = z[j].clone();
        }
        return c;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("generalKernels")
    void theGradientOfGUnderTheKernelMatchesFiniteDifferences(String name, DifferentiableKernel k) {
        checkGradient(generalObjective(TWO, k, 5.0), randomPoints(4, 3, 34));
    }

    @Test
    void theOneVsRestGradientUnderALearnedCombinationMatchesFiniteDifferences() {
        checkGradient(generalObjective(THREE, simpleMklCombination(THREE, 35), 2.0), randomPoints(4, 3, 36));
    }

    /** The XVs, weights, trace and decisions of two models, within tol relative to their scale. */
    private static void assertSameModel(SparseMiModel a, SparseMiModel b, BagDataset data, double tol) {
        assertThat(b.iterations()).isEqualTo(a.iterations());
        assertThat(b.stopReason()).isEqualTo(a.stopReason());
        double[] ta = a.objectiveTrace();
        double[] tb = b.objectiveTrace();
        for (int i = 0; i < ta.length; i++) {
            assertThat(tb[i]).as("g at iteration %d", i).isCloseTo(ta[i], within(tol * Math.abs(ta[i])));
        }
        for (int j = 0; j < a.expansionVectors().size(); j++) {
            double[] za = a.expansionVectors().get(j).toArray();
            double[] zb = b.expansionVectors().get(j).toArray();
            for (int q = 0; q < za.length; q++) {
                assertThat(zb[q]).as("z[%d][%d]", j, q).isCloseTo(za[q], within(tol * Math.max(1, Math.abs(za[q]))));
            }
        }
        for (int p = 0; p < a.problems(); p++) {
            double[] ba = a.beta(p);
            for (int j = 0; j < ba.length; j++) {
                assertThat(b.beta(p)[j]).isCloseTo(ba[j], within(tol * Math.max(1, Math.abs(ba[j]))));
            }
            assertThat(b.rho(p)).isCloseTo(a.rho(p), within(tol * Math.max(1, Math.abs(a.rho(p)))));
        }
        for (Bag bag : data.bags()) {
            double[] fa = a.decisions(bag);
            double[] fb = b.decisions(bag);
            for (int p = 0; p < fa.length; p++) {
                assertThat(fb[p]).as("bag %s", bag.id()).isCloseTo(fa[p], within(tol * Math.max(1, Math.abs(fa[p]))));
            }
        }
    }

    @Test
    void aCombinationOfOneGaussianOnAllFeaturesGivesThePlainGaussiansModel() {
        for (BagDataset data : List.of(TWO, THREE)) {
            SparseMiOptions options = SparseMiOptions.defaults().withGamma(0.4).withC(10).withExpansionVectors(4)
                    .withMaxIterations(25);
            SparseMiModel plain = SparseMi.fit(data, options);
            DifferentiableKernel one = MultipleKernel.of(List.of(new GaussianKernel(0.4))).combined(new double[] {1.0})
                    .differentiable();
            SparseMiModel general = SparseMi.fit(data, options.withKernel(one));
            assertThat(plain.iterations()).as("the fit must move the XVs").isGreaterThan(3);
            assertSameModel(plain, general, data, 1e-12);
        }
    }

    @Test
    void aWeightedGaussianWithUnitWeightsGivesThePlainGaussiansModel() {
        SparseMiOptions options = SparseMiOptions.defaults().withGamma(0.3).withC(5).withExpansionVectors(3)
                .withMaxIterations(20);
        SparseMiModel plain = SparseMi.fit(TWO, options);
        SparseMiModel weighted = SparseMi.fit(TWO, options.withKernel(new WeightedGaussianKernel(0.3, new double[] {1, 1, 1})));
        assertSameModel(plain, weighted, TWO, 1e-12);
    }

    @Test
    void aFitOnALearnedCombinationLowersGAndKeepsTheKernel() {
        DifferentiableKernel k = simpleMklCombination(TWO, 37);
        SparseMiModel m = SparseMi.fit(TWO, SparseMiOptions.defaults().withKernel(k).withC(10).withExpansionVectors(4)
                .withMaxIterations(15));
        assertThat(m.kernel()).isSameAs(k);
        double[] trace = m.objectiveTrace();
        assertThat(trace[trace.length - 1]).isLessThan(trace[0]);
        // same seed, same data: the same model
        SparseMiModel again = SparseMi.fit(TWO, SparseMiOptions.defaults().withKernel(k).withC(10)
                .withExpansionVectors(4).withMaxIterations(15));
        assertThat(again.objectiveTrace()).containsExactly(trace);
    }

    static Stream<Arguments> savedKernels() {
        return Stream.of(Arguments.of("SimpleMKL combination", simpleMklCombination(THREE, 38)),
                Arguments.of("weighted Gaussian", new WeightedGaussianKernel(0.5, new double[] {1.5, 0.0, 0.7})));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("savedKernels")
    void aModelOnTheKernelSavesAndLoadsWithItsKernelSpecAndDecisions(String name, DifferentiableKernel k,
                                                                    @TempDir Path dir) throws Exception {
        SparseMiModel m = SparseMi.fit(THREE, SparseMiOptions.defaults().withKernel(k).withC(10).withExpansionVectors(4)
                .withMaxIterations(10));
        Path file = dir.resolve("learned.model");
        Models.save(m, file);
        SparseMiModel back = Models.load(file, SparseMiModel.class);
        assertThat(Kernels.format(back.kernel())).isEqualTo(Kernels.format(k));
        assertThat(back.report()).isEqualTo(m.report());
        for (Bag b : THREE.bags()) {
            double[] f = m.decisions(b);
            double[] g = back.decisions(b);
            for (int p = 0; p < f.length; p++) {
                // the combination is rebuilt over its active kernels only: the same sum, rounded in another order
                assertThat(g[p]).as("bag %s", b.id()).isCloseTo(f[p], within(1e-12 * Math.max(1, Math.abs(f[p]))));
            }
            assertThat(back.predict(b)).isEqualTo(m.predict(b));
        }
        // the loaded kernel is differentiable again: the model can be trained on further
        assertThat(back.kernel()).isInstanceOf(DifferentiableKernel.class);
    }

    @Test
    void aModelFileWhoseKernelHasNoGradientFailsNamingTheKernel(@TempDir Path dir) throws Exception {
        SparseMiModel m = SparseMi.fit(TWO, SparseMiOptions.defaults().withGamma(0.5).withExpansionVectors(2)
                .withMaxIterations(2));
        Path file = dir.resolve("m.model");
        Models.save(m, file);
        String text = Files.readString(file).replace("kernel = gaussian:gamma=0.5",
                "kernel = sum(0.5*gaussian:gamma=0.5,0.5*feature(index=1,exp-chi2:gamma=2.0))");
        assertThat(text).contains("exp-chi2");
        Files.writeString(file, text);
        assertThatThrownBy(() -> Models.load(file)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("expected a gaussian, polynomial or linear kernel, found 'sum(")
                .hasMessageContaining("exp-chi2:gamma=2.0");
    }

    @Test
    void theBasisVectorSpaceRefusesAKernelThatIsNotOfInnerProducts() {
        DifferentiableKernel k = simpleMklCombination(TWO, 39);
        SparseMiOptions options = SparseMiOptions.defaults().withKernel(k);
        assertThatThrownBy(() -> options.withBasisVectors(20)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("basisVectors > 0")
                .hasMessageContaining("gaussian, polynomial or linear")
                .hasMessageContaining("sum(");
        WeightedGaussianKernel w = new WeightedGaussianKernel(1.0, new double[] {1, 2, 3});
        assertThatThrownBy(() -> SparseMiOptions.defaults().withBasisVectors(20).withKernel(w))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("weighted-gaussian:gamma=1.0");
    }

    @Test
    void aCombinationWithAnActiveKernelWithoutGradientCannotBeGivenToSparseMi() {
        List<Kernel<Vec>> list = new ArrayList<>();
        list.add(new GaussianKernel(1.0));
        list.add(new SingleFeatureKernel(2, new ExponentialChiSquareKernel(1.0)));
        MultipleKernel.Combined c = MultipleKernel.of(list).combined(new double[] {0.5, 0.5});
        assertThatThrownBy(c::differentiable).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kernel 1 of 2").hasMessageContaining("feature(index=2,exp-chi2:gamma=1.0)");
    }
}
