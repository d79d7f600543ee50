package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class SparseMiTest {

    private static final BagDataset BINARY = TestData.randomBags(40, 5, 4, 3.0, 31);

    /** A listener that fails the test on any objective that does not decrease. */
    static FitListener decreasing() {
        double[] last = {Double.POSITIVE_INFINITY};
        return p -> {
            assertThat(p.objective()).as("g at iteration %d", p.iteration()).isLessThan(last[0]);
            last[0] = p.objective();
        };
    }

    static double accuracy(SparseMiModel model, BagDataset data) {
        int ok = 0;
        for (int i = 0; i < data.size(); i++) {
            ok += model.predict(data.bag(i)) == data.label(i) ? 1 : 0;
        }
        return ok / (double) data.size();
    }

    @ParameterizedTest
    @EnumSource(XvInit.class)
    void everyInitialisationTrainsAndTheObjectiveDecreases(XvInit init) {
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.2).withC(5).withExpansionVectors(5).withInit(init);
        SparseMiModel model = SparseMi.fit(BINARY, o, decreasing());
        assertThat(model.expansionVectors()).hasSize(5);
        assertThat(model.kernelEvaluationsPerInstance()).isEqualTo(5);
        assertThat(model.iterations()).isGreaterThan(0);
        double[] trace = model.objectiveTrace();
        assertThat(trace[trace.length - 1]).isLessThan(trace[0]);
        assertThat(accuracy(model, BINARY)).isGreaterThanOrEqualTo(0.85);
    }

    @Test
    void optimisingTheXvsBeatsKeepingRandomOnes() {
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.2).withC(5).withExpansionVectors(3);
        SparseMiModel rsvm = SparseMi.fit(BINARY, o.withMaxIterations(0));
        SparseMiModel sparse = SparseMi.fit(BINARY, o, decreasing());
        assertThat(rsvm.iterations()).isZero();
        assertThat(rsvm.objectiveTrace()[0]).isEqualTo(sparse.objectiveTrace()[0]);
        assertThat(sparse.objectiveTrace()[sparse.iterations()]).isLessThan(0.9 * rsvm.objectiveTrace()[0]);
    }

    @Test
    void theModelReproducesTheTrainingObjective() {
        // g = 1/2 beta'(K_Z + ridge I)beta + C sum max(0, 1 - y f)^2 recomputed from the model's
        // own XVs, beta, rho and kernel: an independent path through Kernel.apply.
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.3).withC(2).withExpansionVectors(4);
        SparseMiModel m = SparseMi.fit(BINARY, o, decreasing());
        double[] beta = m.beta(0);
        double q = 0;
        for (int a = 0; a < beta.length; a++) {
            for (int b = 0; b < beta.length; b++) {
                double k = o.kernel().apply(m.expansionVectors().get(a), m.expansionVectors().get(b));
                q += 0.5 * beta[a] * beta[b] * (k + (a == b ? o.ridge() : 0));
            }
        }
        for (int i = 0; i < BINARY.size(); i++) {
            double slack = Math.max(0, 1 - BINARY.sign(i) * m.decision(BINARY.bag(i)));
            q += o.c() * slack * slack;
        }
        double[] trace = m.objectiveTrace();
        assertThat(q).isCloseTo(trace[trace.length - 1], within(1e-8 * q));
    }

    @Test
    void sameSeedSameModelOtherSeedOtherStart() {
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.2).withExpansionVectors(4).withSeed(5);
        SparseMiModel a = SparseMi.fit(BINARY, o);
        SparseMiModel b = SparseMi.fit(BINARY, o);
        SparseMiModel c = SparseMi.fit(BINARY, o.withSeed(6));
        for (Bag bag : BINARY.bags()) {
            assertThat(a.decision(bag)).isEqualTo(b.decision(bag));
        }
        assertThat(a.objectiveTrace()[0]).isNotEqualTo(c.objectiveTrace()[0]);
    }

    @Test
    void restartsKeepTheSingleStartWithTheLowestFinalObjective() {
        // Oracle: the three single starts fitted one by one with the documented seeds
        // 5, 5 + 1000003, 5 + 2 * 1000003; the 3-start model must be the one with the smallest
        // final g (identical XVs, hence identical decisions), and no start may beat it.
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.2).withC(5).withExpansionVectors(3)
                .withMaxIterations(15).withSeed(5);
        SparseMiModel[] single = new SparseMiModel[3];
        int argmin = 0;
        for (int r = 0; r < 3; r++) {
            single[r] = SparseMi.fit(BINARY, o.withSeed(5 + 1_000_003L * r), decreasing());
            if (single[r].finalObjective() < single[argmin].finalObjective()) {
                argmin = r;
            }
        }
        assertThat(single[0].objectiveTrace()[0]).isNotEqualTo(single[1].objectiveTrace()[0]);
        SparseMiModel multi = SparseMi.fit(BINARY, o.withRestarts(3));
        assertThat(multi.finalObjective()).isEqualTo(single[argmin].finalObjective());
        assertThat(multi.objectiveTrace()).containsExactly(single[argmin].objectiveTrace());
        for (SparseMiModel m : single) {
            assertThat(multi.finalObjective()).isLessThanOrEqualTo(m.finalObjective());
        }
        for (Bag bag : BINARY.bags()) {
            assertThat(multi.decision(bag)).isEqualTo(single[argmin].decision(bag));
        }
        // one start is exactly the single fit of the seed
        SparseMiModel one = SparseMi.fit(BINARY, o.withRestarts(1));
        assertThat(one.objectiveTrace()).containsExactly(single[0].objectiveTrace());
    }

    @Test
    void multiClassSharesTheXvsAcrossOneVsRestProblems() {
        BagDataset data = TestData.randomMultiClassBags(45, 3, 4, 3, 3.0, 41);
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.3).withC(10).withExpansionVectors(6);
        SparseMiModel m = SparseMi.fit(data, o, decreasing());
        assertThat(m.problems()).isEqualTo(3);
        assertThat(m.expansionVectors()).hasSize(6);
        assertThat(m.decisions(data.bag(0))).hasSize(3);
        assertThat(accuracy(m, data)).isGreaterThanOrEqualTo(0.8);
        assertThatThrownBy(() -> m.decision(data.bag(0))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("3 classes");
    }

    @Test
    void polynomialKernelTrains() {
        SparseMiOptions o = SparseMiOptions.defaults().withKernel(new PolynomialKernel(2, 0.1, 1.0)).withC(1)
                .withExpansionVectors(4).withInit(XvInit.KMEANS);
        SparseMiModel m = SparseMi.fit(BINARY, o, decreasing());
        assertThat(m.iterations()).isGreaterThan(0);
        assertThat(accuracy(m, BINARY)).isGreaterThanOrEqualTo(0.75);
    }

    /** Binary bags of sparse 65,000-dimensional instances: a positive bag holds a witness using features 0..9. */
    static BagDataset sparseBags(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int d = 65_000;
        List<Bag> bags = new ArrayList<>();
        double[] y = new double[40];
        for (int i = 0; i < 40; i++) {
            y[i] = i % 2 == 0 ? 1 : -1;
            List<Vec> inst = new ArrayList<>();
            int n = 2 + rnd.nextInt(4);
            for (int p = 0; p < n; p++) {
                boolean witness = y[i] > 0 && p == 0;
                int base = witness ? 0 : 10 + rnd.nextInt(d - 20);
                int[] idx = new int[5];
                double[] val = new double[5];
                for (int k = 0; k < 5; k++) {
                    idx[k] = witness ? 2 * k + rnd.nextInt(2) : base + 2 * k;
                    val[k] = 1 + rnd.nextDouble();
                }
                inst.add(new SparseVec(d, idx, val));
            }
            bags.add(new Bag("s" + i, inst));
        }
        return BagDataset.binary(bags, y);
    }

    @Test
    void basisVectorModeOnSparseHighDimensionalDataKeepsXvsSparse() {
        BagDataset data = sparseBags(51);
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.05).withC(10).withExpansionVectors(4)
                .withBasisVectors(30).withInit(XvInit.SVM);
        SparseMiModel m = SparseMi.fit(data, o, decreasing());
        assertThat(m.iterations()).isGreaterThan(0);
        for (Vec z : m.expansionVectors()) {
            assertThat(z).isInstanceOf(SparseVec.class);
            assertThat(z.dim()).isEqualTo(65_000);
            assertThat(z.storedCount()).isLessThanOrEqualTo(30 * 5);
        }
        assertThat(accuracy(m, data)).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void saveAndLoadGiveIdenticalDecisions(@TempDir Path dir) throws Exception {
        BagDataset data = TestData.randomMultiClassBags(30, 3, 4, 3, 3.0, 61);
        SparseMiModel m = SparseMi.fit(data, SparseMiOptions.defaults().withGamma(0.3).withExpansionVectors(3));
        Path file = dir.resolve("m.model");
        Models.save(m, file);
        SparseMiModel back = Models.load(file, SparseMiModel.class);
        assertThat(back.classNames()).isEqualTo(m.classNames());
        assertThat(back.objectiveTrace()).isEqualTo(m.objectiveTrace());
        assertThat(back.stopReason()).isEqualTo(m.stopReason());
        assertThat(back.report()).isEqualTo(m.report());
        for (Bag bag : data.bags()) {
            assertThat(back.decisions(bag)).isEqualTo(m.decisions(bag));
        }
        BagDataset sparse = sparseBags(52);
        SparseMiModel s = SparseMi.fit(sparse, SparseMiOptions.defaults().withGamma(0.05).withExpansionVectors(2)
                .withBasisVectors(10).withMaxIterations(3));
        Models.save(s, file);
        SparseMiModel sBack = Models.load(file, SparseMiModel.class);
        for (Bag bag : sparse.bags()) {
            assertThat(sBack.decision(bag)).isEqualTo(s.decision(bag));
        }
    }

    /**
     * A file exactly as {@code SparseMiModel.save} wrote it before the learner contract (kept in
     * the test as text, written by hand from that format): it loads through {@link Models} with a
     * report rebuilt from its trace and stop reason, and its decisions follow the stored
     * parameters: f(X) = mean_p beta k(x_p, z) + rho with k(x, z) = exp(-0.5 ||x - z||²).
     */
    @Test
    void aModelFileWrittenBeforeTheLearnerContractLoadsAndPredicts(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("legacy.model");
        Files.writeString(file, String.join("\n",
                "# kernelkit model",
                "format = kernelkit-model",
                "version = 1",
                "type = sparse-mi",
                "kernel = gaussian:gamma=0.5",
                "classes.count = 2",
                "classes.0 = -1",
                "classes.1 = +1",
                "dim = 2",
                "xv.count = 1",
                "xv.0 = dense 2 0.0 0.0",
                "problems = 1",
                "beta.0 = 2.0",
                "rho.0 = -1.0",
                "objective = 3.5 2.25 2.0",
                "stop = CONVERGED",
                ""));
        SparseMiModel m = Models.load(file, SparseMiModel.class);
        assertThat(m.report().learner()).isEqualTo("sparse-mi");
        assertThat(m.report().options()).isEqualTo("unknown");
        assertThat(m.report().iterations()).isEqualTo(2);
        assertThat(m.report().converged()).isTrue();
        assertThat(m.report().objective()).containsExactly(3.5, 2.25, 2.0);
        Bag centre = new Bag("c", List.of(DenseVec.of(0, 0)));
        Bag far = new Bag("f", List.of(DenseVec.of(0, 0), DenseVec.of(3, 4)));
        assertThat(m.decision(centre)).isEqualTo(1.0);
        // (2 exp(0) + 2 exp(-12.5)) / 2 - 1 = exp(-12.5)
        assertThat(m.decision(far)).isCloseTo(Math.exp(-12.5), within(1e-15));
        assertThat(m.predict(centre)).isEqualTo(1);
    }

    @Test
    void loadingAnotherModelTypeAsSparseMiFailsNamingTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("other.model");
        MiKernelModel other = MiKernel.fit(BINARY, MiKernelOptions.defaults());
        Models.save(other, file);
        assertThatThrownBy(() -> Models.load(file, SparseMiModel.class)).isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("other.model").hasMessageContaining("SparseMiModel")
                .hasMessageContaining("'mikernel'");
    }

    @Test
    void aModelFileWhoseObjectiveIncreasesIsRejected(@TempDir Path dir) throws Exception {
        SparseMiModel m = SparseMi.fit(BINARY, SparseMiOptions.defaults().withExpansionVectors(2).withMaxIterations(3));
        Path file = dir.resolve("m.model");
        Models.save(m, file);
        String text = Files.readString(file).replaceFirst("(?m)^objective = .*$", "objective = 1.0 2.0");
        Files.writeString(file, text);
        assertThatThrownBy(() -> Models.load(file)).isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("m.model line")
                .hasMessageContaining("objective increased at iteration 1: 1.0 -> 2.0");
    }

    @Test
    void oneClassOnlyIsAnError() {
        BagDataset positives = BINARY.subset(new int[] {0, 2, 4});
        assertThatThrownBy(() -> SparseMi.fit(positives, SparseMiOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only class '+1'");
    }

    @Test
    void moreXvsThanInstancesIsAnError() {
        BagDataset small = BINARY.subset(new int[] {0, 1});
        int n = small.instanceCount();
        assertThatThrownBy(() -> SparseMi.fit(small, SparseMiOptions.defaults().withExpansionVectors(n + 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expansionVectors must be <= the number of training instances (" + n + ")")
                .hasMessageContaining("got " + (n + 1));
    }

    @Test
    void predictingABagOfAnotherDimensionIsAnError() {
        SparseMiModel m = SparseMi.fit(BINARY, SparseMiOptions.defaults().withExpansionVectors(2).withMaxIterations(1));
        Bag wrong = new Bag("w", List.of(DenseVec.of(1, 2)));
        assertThatThrownBy(() -> m.predict(wrong)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimension 2").hasMessageContaining("expected 4");
    }

    @Test
    void anEmptyBagIsAnError() {
        assertThatThrownBy(() -> new Bag("e", List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'e' has no instances");
    }

    static Stream<Arguments> badOptions() {
        SparseMiOptions d = SparseMiOptions.defaults();
        return Stream.of(
                Arguments.of((Supplier<?>) () -> d.withC(0), "c must be > 0"),
                Arguments.of((Supplier<?>) () -> d.withC(Double.NaN), "c must be > 0"),
                Arguments.of((Supplier<?>) () -> d.withExpansionVectors(0), "expansionVectors must be >= 1, got 0"),
                Arguments.of((Supplier<?>) () -> d.withMaxIterations(-1), "maxIterations must be >= 0, got -1"),
                Arguments.of((Supplier<?>) () -> d.withInitialStep(-2), "initialStep must be > 0"),
                Arguments.of((Supplier<?>) () -> d.withTolerance(-1), "tolerance must be >= 0"),
                Arguments.of((Supplier<?>) () -> d.withBasisVectors(-1), "basisVectors must be >= 0, got -1"),
                Arguments.of((Supplier<?>) () -> d.withBasisVectors(5), "expansionVectors must be <= basisVectors = 5"),
                Arguments.of((Supplier<?>) () -> d.withBasisVectors(20).withInit(XvInit.KMEANS), "init kmeans"),
                Arguments.of((Supplier<?>) () -> d.withRidge(-1), "ridge must be >= 0"),
                Arguments.of((Supplier<?>) () -> d.withKernel(null), "kernel must not be null"),
                Arguments.of((Supplier<?>) () -> new SparseMiOptions(1, new GaussianKernel(1), 1, 1, 0, Double.NaN,
                        0, XvInit.RANDOM, 0, 0, 1), "maxStepTrials must be >= 1, got 0"),
                Arguments.of((Supplier<?>) () -> d.withRestarts(0), "restarts must be >= 1, got 0"),
                Arguments.of((Supplier<?>) () -> d.withInit(XvInit.SVM).withRestarts(2),
                        "restarts must be 1 with init svm"),
                Arguments.of((Supplier<?>) () -> XvInit.parse("best"), "init must be random, kmeans or svm, got 'best'"));
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void badOptionsAreRejectedWithANamedMessage(Supplier<?> make, String message) {
        assertThatThrownBy(make::get).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }

    @Test
    void aKernelWithoutTheDotProductFormIsRejected() {
        dev.kernelkit.kernel.DifferentiableKernel odd = new dev.kernelkit.kernel.DifferentiableKernel() {
            @Override
            public double apply(Vec x, Vec z) {
                return Math.exp(-Math.sqrt(x.squaredDistance(z)));
            }

            @Override
            public void addGradient(Vec x, Vec z, double scale, double[] acc) {
                throw new UnsupportedOperationException();
            }
        };
        assertThatThrownBy(() -> SparseMiOptions.defaults().withKernel(odd))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kernel must be gaussian, polynomial or linear");
    }
}
