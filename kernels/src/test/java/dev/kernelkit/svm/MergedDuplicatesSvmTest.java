package dev.kernelkit.svm;

import static dev.kernelkit.svm.ClassWeightedSvmAgreesWithLibsvmTest.C;
import static dev.kernelkit.svm.ClassWeightedSvmAgreesWithLibsvmTest.EPS;
import static dev.kernelkit.svm.ClassWeightedSvmAgreesWithLibsvmTest.GAMMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.EqualPoints;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import libsvm.svm;
import libsvm.svm_model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SvmDuplicates#MERGE}: an SVM fitted with equal points of one class merged into one dual variable (their
 * summed cost) solves the same problem as one variable per point. Checked against LIBSVM 3.31 on the data with
 * every copy (the dual objective of the full problem, relative 1e-6, and decision values, 1e-6), against
 * {@link SvmDuplicates#KEEP} and, for the squared hinge (whose merged diagonal term is 1/(2 sum C_i)), against
 * ojAlgo's QP of the full dual ({@link DualOracle#solveQp}).
 */
class MergedDuplicatesSvmTest {

    /**
     * Seeded two-class points (30 negative around the origin, 12 positive around (1.2, 1.2)), each repeated 1 to 4
     * times, and two points copied with the opposite label (equal points of two classes, which stay apart).
     */
    static LabeledDataset withCopies(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int i = 0; i < 42; i++) {
            double shift = i < 30 ? 0.0 : 1.2;
            Vec v = DenseVec.of(shift + TestData.gaussian(rnd), shift + TestData.gaussian(rnd));
            int copies = 1 + rnd.nextInt(4);
            for (int k = 0; k < copies; k++) {
                // a copy is a new object, sometimes stored sparsely: equal entries, not the same Vec
                x.add(k % 2 == 0 ? DenseVec.of(v.get(0), v.get(1)) : new SparseVec(2, new int[] {0, 1},
                        new double[] {v.get(0), v.get(1)}));
                y.add(i < 30 ? -1.0 : 1.0);
            }
            if (i == 3 || i == 33) {
                x.add(DenseVec.of(v.get(0), v.get(1)));
                y.add(i < 30 ? 1.0 : -1.0);
            }
        }
        return new LabeledDataset(x, y.stream().mapToDouble(Double::doubleValue).toArray());
    }

    @ParameterizedTest(name = "seed {0}, class weights {1}")
    @CsvSource({"1, none, 1, 1", "2, none, 1, 1", "3, none, 1, 1", "1, '1=3', 3, 1", "2, balanced, 0, 0"})
    void mergedFitHasLibsvmsObjectiveAndDecisionsOnTheDataWithEveryCopy(long seed, String weights, double wPos,
                                                                         double wNeg) {
        LabeledDataset data = withCopies(seed);
        int n = data.size();
        double[] y = data.labels();
        if (weights.equals("balanced")) {  // w_c = n / (2 n_c)
            int positives = 0;
            for (double v : y) {
                positives += v > 0 ? 1 : 0;
            }
            wPos = n / (2.0 * positives);
            wNeg = n / (2.0 * (n - positives));
        }
        SvmOptions options = SvmOptions.of(new GaussianKernel(GAMMA)).withC(C)
                .withSolver(SmoSolver.Options.defaults().withEps(EPS)).withClassWeights(ClassWeights.parse(weights));
        SvmModel merged = Svm.fit(data, options);
        svm_model lib = ClassWeightedSvmAgreesWithLibsvmTest.libsvm(data, wPos, wNeg);

        double[] c = new double[n];
        for (int i = 0; i < n; i++) {
            c[i] = C * (y[i] > 0 ? wPos : wNeg);
        }
        double[] alphaLib = new double[n];
        for (int s = 0; s < lib.l; s++) {
            alphaLib[lib.sv_indices[s] - 1] = Math.abs(lib.sv_coef[0][s]);
        }
        double[][] k = DenseKernelMatrix.compute(new GaussianKernel(GAMMA), data.points()).toArray();
        double objLib = DualOracle.objective(k, y, c, SvmLoss.HINGE, alphaLib);
        assertThat(merged.report().objective()[0]).as("merged objective against LIBSVM's on every copy")
                .isCloseTo(objLib, within(1e-6 * Math.abs(objLib)));
        double sign = lib.label[0] == 1 ? 1.0 : -1.0;
        for (Vec z : ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(20, 20, 50 + seed).points()) {
            double[] dec = new double[1];
            svm.svm_predict_values(lib, LibsvmSolver.nodes(z), dec);
            assertThat(merged.decision(z)).as("decision at %s", z).isCloseTo(sign * dec[0], within(1e-6));
        }

        // every support vector once: no two of the merged model's are equal points of one class
        KernelExpansionModel<Vec> m = merged.expansionModels().get(0);
        int[] signs = new int[m.supportVectors().size()];
        for (int s = 0; s < signs.length; s++) {
            signs[s] = m.coefficients()[s] > 0 ? 1 : 0;
        }
        assertThat(EqualPoints.of(m.supportVectors(), signs, signs.length).hasDuplicates())
                .as("a support vector listed twice").isFalse();
        assertThat(merged.supportVectorCount()).as("fewer support vectors than LIBSVM's copies")
                .isLessThan(lib.l);

        // keep: one variable per copy (how the multipliers split over copies is not unique, so neither is the
        // support set: only the optimum is compared)
        SvmModel kept = Svm.fit(data, options.withDuplicates(SvmDuplicates.KEEP));
        assertThat(kept.report().objective()[0]).isCloseTo(objLib, within(1e-6 * Math.abs(objLib)));
        assertThat(kept.supportVectorCount()).isGreaterThan(merged.supportVectorCount());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void mergedSquaredHingeFitHasTheFullDualsQpOptimum(long seed) {
        LabeledDataset data = withCopies(seed);
        int n = data.size();
        double[] y = data.labels();
        double[] c = new double[n];
        java.util.Arrays.fill(c, C);
        double[][] k = DenseKernelMatrix.compute(new GaussianKernel(GAMMA), data.points()).toArray();
        double[] alphaQp = DualOracle.solveQp(k, y, c, SvmLoss.SQUARED_HINGE);
        double objQp = DualOracle.objective(k, y, c, SvmLoss.SQUARED_HINGE, alphaQp);

        SvmOptions options = SvmOptions.of(new GaussianKernel(GAMMA)).withC(C).withLoss(SvmLoss.SQUARED_HINGE)
                .withSolver(SmoSolver.Options.defaults().withEps(EPS));
        SvmModel merged = Svm.fit(data, options);
        SvmModel kept = Svm.fit(data, options.withDuplicates(SvmDuplicates.KEEP));
        assertThat(merged.report().objective()[0]).as("merged squared-hinge objective against the QP of every copy")
                .isCloseTo(objQp, within(1e-6 * Math.abs(objQp)));
        assertThat(kept.report().objective()[0]).isCloseTo(objQp, within(1e-6 * Math.abs(objQp)));
        assertThat(merged.supportVectorCount()).isLessThan(kept.supportVectorCount());
        for (Vec z : ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(20, 20, 70 + seed).points()) {
            assertThat(merged.decision(z)).as("decision at %s", z).isCloseTo(kept.decision(z), within(1e-5));
        }
    }

    @Test
    void oneVsRestMachinesMergeEqualPointsOfEachClass() {
        SplittableRandom rnd = new SplittableRandom(5);
        List<Vec> x = new ArrayList<>();
        List<Double> labels = new ArrayList<>();
        for (int cl = 0; cl < 3; cl++) {
            for (int i = 0; i < 15; i++) {
                Vec v = DenseVec.of(cl + TestData.gaussian(rnd), (cl == 1 ? 1.0 : 0.0) + TestData.gaussian(rnd));
                for (int k = 0; k <= i % 3; k++) {
                    x.add(v);
                    labels.add((double) cl);
                }
            }
        }
        LabeledDataset data = new LabeledDataset(x, labels.stream().mapToDouble(Double::doubleValue).toArray());
        SvmOptions options = SvmOptions.of(new GaussianKernel(GAMMA)).withC(C)
                .withSolver(SmoSolver.Options.defaults().withEps(EPS)).withClassWeights(ClassWeights.parse("0=1,1=2,2=4"));
        SvmModel merged = Svm.fit(data, options);
        SvmModel kept = Svm.fit(data, options.withDuplicates(SvmDuplicates.KEEP));
        for (int m = 0; m < 3; m++) {
            double a = merged.report().objective()[m];
            assertThat(a).as("machine %d", m).isCloseTo(kept.report().objective()[m], within(1e-6 * Math.abs(a)));
        }
        for (Vec z : ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(20, 20, 9).points()) {
            double[] dm = merged.decisions(z);
            double[] dk = kept.decisions(z);
            for (int m = 0; m < 3; m++) {
                assertThat(dm[m]).as("machine %d at %s", m, z).isCloseTo(dk[m], within(1e-6));
            }
        }
        assertThat(merged.supportVectorCount()).isLessThan(kept.supportVectorCount());
    }

    @Test
    void withoutEqualPointsOfOneClassNothingIsMergedAndTheFitIsKeepsBitForBit() {
        LabeledDataset data = ClassWeightedSvmAgreesWithLibsvmTest.imbalanced(40, 15, 4);
        double[] costs = new double[data.size()];
        java.util.Arrays.fill(costs, 1.0);
        assertThat(Svm.mergeEqual(data.points(), data.classIndices(), costs)).isNull();
        SvmOptions options = SvmOptions.of(new GaussianKernel(GAMMA)).withC(C);
        SvmModel merged = Svm.fit(data, options);
        SvmModel kept = Svm.fit(data, options.withDuplicates(SvmDuplicates.KEEP));
        assertThat(merged.report().objective()).isEqualTo(kept.report().objective());
        assertThat(merged.expansionModels().get(0).coefficients()).isEqualTo(kept.expansionModels().get(0).coefficients());
    }

    @Test
    void mergeSumsTheCostsOfEachGroupInPointOrder() {
        Vec a = DenseVec.of(1, 0);
        Vec b = new SparseVec(2, new int[] {0}, new double[] {1});  // equal to a
        Vec z = DenseVec.of(0, 2);
        Svm.MergedSamples m = Svm.mergeEqual(List.of(a, z, b, a, z), new int[] {1, 0, 1, 0, 0},
                new double[] {1, 2, 3, 4, 5});
        assertThat(m.points()).containsExactly(a, z, a);
        assertThat(m.classIndex()).containsExactly(1, 0, 0);
        assertThat(m.costs()).containsExactly(4, 7, 4);  // a+b of class 1; z twice; a of class 0 alone
        assertThat(m.sourceCount()).isEqualTo(5);
    }

    @Test
    void optionsTextNamesKeepOnlyAndAnUnknownModeIsOneClearError() {
        SvmOptions o = SvmOptions.of(new GaussianKernel(GAMMA));
        assertThat(o.toString()).doesNotContain("duplicates");
        assertThat(o.withDuplicates(SvmDuplicates.KEEP).toString()).endsWith(", duplicates=KEEP]");
        assertThat(SvmDuplicates.parse(" Keep ")).isEqualTo(SvmDuplicates.KEEP);
        assertThatThrownBy(() -> SvmDuplicates.parse("drop")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicates must be merge or keep, got 'drop'");
    }
}
