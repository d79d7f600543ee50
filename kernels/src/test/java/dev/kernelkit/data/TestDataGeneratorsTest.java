package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Checks the shared seeded generators of {@link TestData}. */
class TestDataGeneratorsTest {
    @Test
    void generatorsAreDeterministicPerSeed() {
        assertThat(TestData.randomDense(5, 3, 1)).isEqualTo(TestData.randomDense(5, 3, 1));
        assertThat(TestData.randomDense(5, 3, 1)).isNotEqualTo(TestData.randomDense(5, 3, 2));
        assertThat(TestData.randomSparse(5, 30, 0.2, 1)).isEqualTo(TestData.randomSparse(5, 30, 0.2, 1));
        assertThat(TestData.sameData(TestData.gaussianBlobs(20, 3, 2, 1), TestData.gaussianBlobs(20, 3, 2, 1))).isTrue();
        assertThat(TestData.sameData(TestData.randomBags(10, 4, 3, 2, 1), TestData.randomBags(10, 4, 3, 2, 1))).isTrue();
        assertThat(TestData.sameData(TestData.randomBags(10, 4, 3, 2, 1), TestData.randomBags(10, 4, 3, 2, 2))).isFalse();
    }

    @Test
    void sparseVectorsHaveRoughlyTheRequestedDensity() {
        List<Vec> v = TestData.randomSparse(100, 200, 0.1, 3);
        long stored = v.stream().mapToLong(Vec::storedCount).sum();
        assertThat(v.get(0)).isInstanceOf(SparseVec.class);
        assertThat(stored).isBetween(1800L, 2200L); // expected 100 * 200 * 0.1 = 2000
    }

    @Test
    void blobsHaveSeparatedClassMeans() {
        LabeledDataset d = TestData.gaussianBlobs(2000, 4, 3.0, 4);
        double[] pos = new double[4];
        double[] neg = new double[4];
        for (int i = 0; i < d.size(); i++) {
            d.x(i).addTo(d.y(i) > 0 ? pos : neg, 1.0 / 1000);
        }
        double dist2 = 0;
        for (int j = 0; j < 4; j++) {
            dist2 += (pos[j] - neg[j]) * (pos[j] - neg[j]);
        }
        assertThat(Math.sqrt(dist2)).isBetween(2.8, 3.2); // means are 3 apart
        assertThat(d.isBinarySigned()).isTrue();
    }

    @Test
    void bagSetsHaveTheRequestedShape() {
        BagDataset b = TestData.randomBags(11, 5, 3, 2.0, 5);
        assertThat(b.size()).isEqualTo(11);
        assertThat(b.classCounts()).containsExactly(5, 6);
        assertThat(b.dim()).isEqualTo(3);
        BagDataset m = TestData.randomMultiClassBags(12, 4, 5, 3, 2.0, 6);
        assertThat(m.classNames()).containsExactly("c0", "c1", "c2", "c3");
        assertThat(m.classCounts()).containsExactly(3, 3, 3, 3);
        assertThat(m.bags().stream().allMatch(x -> x.size() >= 1 && x.size() <= 5)).isTrue();
    }
}
