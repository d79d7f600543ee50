package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class LabeledDatasetClassesTest {

    private static LabeledDataset withLabels(double[] y) {
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < y.length; i++) {
            x.add(DenseVec.of(i));
        }
        return new LabeledDataset(x, y);
    }

    @Test
    void classesAndIndicesEqualATreeSetOfTheLabelsForFewAndManyClassesAndBothZeros() {
        SplittableRandom r = new SplittableRandom(3);
        for (int distinct : new int[] {1, 2, 3, 16, 17, 40}) {
            double[] y = new double[500];
            for (int i = 0; i < y.length; i++) {
                int c = r.nextInt(distinct);
                // -0.0 and 0.0 are two classes (Double.compare), as in a TreeSet<Double>
                y[i] = c == 0 ? -0.0 : c == 1 ? 0.0 : (c % 2 == 0 ? -c : c) * 0.5;
            }
            TreeSet<Double> set = new TreeSet<>();
            for (double v : y) {
                set.add(v);
            }
            double[] want = set.stream().mapToDouble(Double::doubleValue).toArray();
            LabeledDataset d = withLabels(y);
            assertThat(d.classes()).as("%d classes", distinct).containsExactly(want);
            for (int i = 0; i < y.length; i++) {
                assertThat(Double.compare(d.classes()[d.classIndex(i)], y[i])).isZero();
            }
            assertThat(Arrays.stream(d.classIndices()).max().getAsInt()).isEqualTo(want.length - 1);
        }
    }
}
