package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import libsvm.svm;
import libsvm.svm_model;
import libsvm.svm_node;
import libsvm.svm_parameter;
import libsvm.svm_problem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential test of class weights: {@link Svm#fit} with {@link ClassWeights} against LIBSVM 3.31 called
 * directly with its own RBF kernel and {@code -wi} ({@code svm_parameter.nr_weight}, {@code weight_label},
 * {@code weight}) on seeded imbalanced two-class problems (60 vs 12 overlapping Gaussian points in 2-d):
 * the same dual objective (relative 1e-6), the same support set and bounded set, and the same decision
 * values on held-out points (1e-6). For one-vs-rest, each machine of a weighted 3-class fit equals the
 * LIBSVM solution ({@link LibsvmSolver}, precomputed kernel) of that machine's dual with the costs
 * C w_{c(i)} of each sample's own class.
 */
class ClassWeightedSvmAgreesWithLibsvmTest {
    static final double GAMMA = 0.5;
    static final double C = 2.0;
    static final double EPS = 1e-8;

    /** n0 points of class -1 from N(0, I_2) and n1 of class +1 from N((1.2, 1.2), I_2), seeded. */
    static LabeledDataset imbalanced(int n0, int n1, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n0 + n1];
        for (int i = 0; i < n0 + n1; i++) {
            double shift = i < n0 ? 0.0 : 1.2;
            y[i] = i < n0 ? -1 : 1;
            x.add(DenseVec.of(shift + TestData.gaussian(rnd), shift + TestData.gaussian(rnd)));
        }
        return new LabeledDataset(x, y);
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            // LIBSVM: -w1 5 -w-1 0.5
            out.add(Arguments.of(seed, "1=5,-1=0.5", 5.0, 0.5));
            // balanced: n = 72, w_+ = 72 / (2 * 12) = 3, w_- = 72 / (2 * 60) = 0.6
            out.add(Arguments.of(seed, "balanced", 3.0, 0.6));
            // only the positive class named: the negative class keeps 1 (LIBSVM's -w1 4)
            out.add(Arguments.of(seed, "+1=4", 4.0, 1.0));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "seed {0}, class-weight={1}")
    @MethodSource("cases")
    void weightedSvmEqualsLibsvmWithWi(long seed, String weights, double wPositive, double wNegative) {
        LabeledDataset data = imbalanced(60, 12, seed);
        SvmOptions options = SvmOptions.of(new GaussianKernel(GAMMA)).withC(C)
                .withSolver(SmoSolver.Options.defaults().withEps(EPS)).withClassWeights(ClassWeights.parse(weights));
        SvmModel ours = Svm.fit(data, options);
        svm_model lib = libsvm(data, wPositive, wNegative);

        int n = data.size();
        double[] y = data.labels();
        double[] c = new double[n];
        for (int i = 0; i < n; i++) {
            c[i] = C * (y[i] > 0 ? wPositive : wNegative);
        }
        double[] alphaOurs = alphas(ours.expansionModels().get(0), data);
        double[] alphaLib = new double[n];
        for (int s = 0; s < lib.l; s++) {
            alphaLib[lib.sv_indices[s] - 1] = Math.abs(lib.sv_coef[0][s]);
        }
        double[][] k = DenseKernelMatrix.compute(new GaussianKernel(GAMMA), data.points()).toArray();
        double objOurs = DualOracle.objective(k, y, c, SvmLoss.HINGE, alphaOurs);
        double objLib = DualOracle.objective(k, y, c, SvmLoss.HINGE, alphaLib);
        assertThat(Math.abs(objOurs - objLib)).as("dual objective, ours %s vs LIBSVM %s", objOurs, objLib)
                .isLessThanOrEqualTo(1e-6 * Math.abs(objLib));
        assertThat(ours.report().objective()[0]).as("reported objective").isCloseTo(objLib,
                within(1e-6 * Math.abs(objLib)));
        assertThat(DualOracle.supportSet(alphaOurs, c)).as("support set").isEqualTo(DualOracle.supportSet(alphaLib, c));
        assertThat(bounded(alphaOurs, c)).as("bounded support vectors").isEqualTo(bounded(alphaLib, c));
        for (int i = 0; i < n; i++) {
            assertThat(alphaOurs[i]).as("alpha_%d <= C_%d", i, i).isLessThanOrEqualTo(c[i] * (1 + 1e-12));
        }

        double sign = lib.label[0] == 1 ? 1.0 : -1.0;
        for (Vec z : imbalanced(30, 30, 100 + seed).points()) {
            double[] dec = new double[1];
            svm.svm_predict_values(lib, LibsvmSolver.nodes(z), dec);
            assertThat(ours.decision(z)).as("decision at %s", z).isCloseTo(sign * dec[0],
                    within(1e-6));
        }

        double unweighted = Svm.fit(data, options.withClassWeights(ClassWeights.NONE)).report().objective()[0];
        assertThat(Math.abs(unweighted - objLib)).as("the weights change the problem").isGreaterThan(1e-3);
    }

    static Stream<Long> seeds() {
        return Stream.of(1L, 2L, 3L);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void eachOneVsRestMachineWeightsEverySampleByItsOwnClass(long seed) {
        // classes 0 (40 points), 1 (15), 2 (8); weights 1, 2, 4 so that in every machine each side's costs are
        // integer multiples of its smallest, which LibsvmSolver maps onto LIBSVM by repeating rows
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        List<Double> labels = new ArrayList<>();
        int[] sizes = {40, 15, 8};
        for (int cl = 0; cl < 3; cl++) {
            for (int i = 0; i < sizes[cl]; i++) {
                x.add(DenseVec.of(cl + TestData.gaussian(rnd), (cl == 1 ? 1.0 : 0.0) + TestData.gaussian(rnd)));
                labels.add((double) cl);
            }
        }
        LabeledDataset data = new LabeledDataset(x, labels.stream().mapToDouble(Double::doubleValue).toArray());
        double[] w = {1, 2, 4};
        SvmModel ours = Svm.fit(data, SvmOptions.of(new GaussianKernel(GAMMA)).withC(C)
                .withSolver(SmoSolver.Options.defaults().withEps(EPS))
                .withClassWeights(ClassWeights.parse("0=1,1=2,2=4")));
        double[][] k = DenseKernelMatrix.compute(new GaussianKernel(GAMMA), data.points()).toArray();
        int n = data.size();
        for (int m = 0; m < 3; m++) {
            double[] y = new double[n];
            double[] c = new double[n];
            for (int i = 0; i < n; i++) {
                y[i] = data.classIndex(i) == m ? 1 : -1;
                c[i] = C * w[data.classIndex(i)];
            }
            SvmSolution lib = new LibsvmSolver(EPS, true, 100).solve(new SvmProblem(DenseKernelMatrix.of(k), y, c,
                    SvmLoss.HINGE));
            double[] alphaOurs = alphas(ours.expansionModels().get(m), data);
            double objOurs = DualOracle.objective(k, y, c, SvmLoss.HINGE, alphaOurs);
            assertThat(Math.abs(objOurs - lib.objective())).as("machine %d objective", m)
                    .isLessThanOrEqualTo(1e-6 * Math.abs(lib.objective()));
            assertThat(DualOracle.supportSet(alphaOurs, c)).as("machine %d support set", m)
                    .isEqualTo(DualOracle.supportSet(lib.alpha(), c));
            for (int i = 0; i < n; i += 7) {
                double fLib = lib.bias();
                for (int j = 0; j < n; j++) {
                    fLib += lib.alpha(j) * y[j] * k[i][j];
                }
                assertThat(ours.decisions(data.x(i))[m]).as("machine %d decision at %d", m, i).isCloseTo(fLib,
                        within(1e-6));
            }
        }
    }

    /** alpha_i = |beta_i| of each training point from the expansion's coefficients, 0 for non-support vectors. */
    private static double[] alphas(KernelExpansionModel<Vec> model, LabeledDataset data) {
        Map<Vec, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < data.size(); i++) {
            index.put(data.x(i), i);
        }
        double[] a = new double[data.size()];
        List<Vec> sv = model.supportVectors();
        for (int s = 0; s < sv.size(); s++) {
            a[index.get(sv.get(s))] = Math.abs(model.coefficients()[s]);
        }
        return a;
    }

    private static List<Integer> bounded(double[] alpha, double[] c) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < alpha.length; i++) {
            if (alpha[i] >= c[i] * (1 - 1e-8)) {
                out.add(i);
            }
        }
        return out;
    }

    /** LIBSVM C-SVC, RBF kernel, -c C -g GAMMA -e EPS -w1 wPositive -w-1 wNegative, seeded and silent. */
    /** LIBSVM 3.31 with its RBF kernel, gamma {@value #GAMMA}, C {@value #C}, eps {@value #EPS} and -wi weights. */
    static svm_model libsvm(LabeledDataset data, double wPositive, double wNegative) {
        svm_problem prob = new svm_problem();
        prob.l = data.size();
        prob.y = data.labels();
        prob.x = new svm_node[prob.l][];
        for (int i = 0; i < prob.l; i++) {
            prob.x[i] = LibsvmSolver.nodes(data.x(i));
        }
        svm_parameter p = new svm_parameter();
        p.svm_type = svm_parameter.C_SVC;
        p.kernel_type = svm_parameter.RBF;
        p.gamma = GAMMA;
        p.C = C;
        p.eps = EPS;
        p.cache_size = 100;
        p.shrinking = 1;
        p.probability = 0;
        p.nu = 0.5;
        p.p = 0.1;
        p.nr_weight = 2;
        p.weight_label = new int[] {1, -1};
        p.weight = new double[] {wPositive, wNegative};
        assertThat(svm.svm_check_parameter(prob, p)).isNull();
        svm.svm_set_print_string_function(s -> { });
        svm.rand.setSeed(0L);
        return svm.svm_train(prob, p);
    }
}
