package dev.kernelkit.it.weka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.testing.RealData;
import java.util.List;
import org.junit.jupiter.api.Test;
import weka.core.Instance;
import weka.core.Instances;
import weka.filters.Filter;
import weka.filters.unsupervised.attribute.MultiInstanceToPropositional;

/** The BagDataset to Weka multi-instance converter keeps every bag, instance, value and label. */
class WekaBagsTest {

    private static BagDataset small() {
        // three bags of sizes 2, 1, 3 in dimension 2; labels -1, +1, +1 (class indices 0, 1, 1)
        return new BagDataset(List.of(
                new Bag("a", List.of(DenseVec.of(1.5, -2), DenseVec.of(0, 3.25))),
                new Bag("b", List.of(DenseVec.of(7, 8))),
                new Bag("c", List.of(DenseVec.of(-1, -1), DenseVec.of(0.125, 0), DenseVec.of(1e-9, 1e9)))),
                BagDataset.BINARY_CLASSES, new int[] {0, 1, 1});
    }

    @Test
    void smallSetIsCopiedValueByValueWithBagIdsAndClassesInOrder() {
        BagDataset d = small();
        Instances w = WekaBags.toInstances(d);
        assertThat(w.numInstances()).isEqualTo(3);
        assertThat(w.numAttributes()).isEqualTo(3);
        assertThat(w.classIndex()).isEqualTo(2);
        assertThat(w.attribute(0).isNominal()).isTrue();
        assertThat(w.attribute(1).isRelationValued()).isTrue();
        assertThat(w.attribute(1).relation().numAttributes()).isEqualTo(2);
        assertThat(w.classAttribute().value(0)).isEqualTo("-1");
        assertThat(w.classAttribute().value(1)).isEqualTo("+1");
        String[] ids = {"a", "b", "c"};
        double[][][] expected = {
            {{1.5, -2}, {0, 3.25}},
            {{7, 8}},
            {{-1, -1}, {0.125, 0}, {1e-9, 1e9}}
        };
        double[] classes = {0, 1, 1};
        for (int i = 0; i < 3; i++) {
            Instance row = w.instance(i);
            assertThat(row.stringValue(0)).isEqualTo(ids[i]);
            assertThat(row.classValue()).isEqualTo(classes[i]);
            Instances rel = row.relationalValue(1);
            assertThat(rel.numInstances()).isEqualTo(expected[i].length);
            for (int p = 0; p < expected[i].length; p++) {
                assertThat(rel.instance(p).toDoubleArray()).containsExactly(expected[i][p]);
            }
        }
    }

    @Test
    void sparseInstancesAreWrittenDensely() {
        BagDataset d = new BagDataset(List.of(
                new Bag("s", List.of(new SparseVec(4, new int[] {1, 3}, new double[] {2.5, -1}))),
                new Bag("t", List.of(new SparseVec(4, new int[] {0}, new double[] {9})))),
                BagDataset.BINARY_CLASSES, new int[] {1, 0});
        Instances w = WekaBags.toInstances(d);
        assertThat(w.instance(0).relationalValue(1).instance(0).toDoubleArray()).containsExactly(0, 2.5, 0, -1);
        assertThat(w.instance(1).relationalValue(1).instance(0).toDoubleArray()).containsExactly(9, 0, 0, 0);
    }

    @Test
    void singleBagRowCarriesTheBagAndAMissingClass() {
        Instances header = new Instances(WekaBags.toInstances(small()), 0);
        Instance one = WekaBags.single(header, new Bag("new", List.of(DenseVec.of(4, 5), DenseVec.of(6, 7))));
        assertThat(one.classIsMissing()).isTrue();
        assertThat(one.relationalValue(1).numInstances()).isEqualTo(2);
        assertThat(one.relationalValue(1).instance(1).toDoubleArray()).containsExactly(6, 7);
        assertThatThrownBy(() -> WekaBags.single(header, new Bag("x", List.of(DenseVec.of(1, 2, 3)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimension 3, expected 2");
    }

    @Test
    void repeatedBagIdsAreRejected() {
        BagDataset d = new BagDataset(List.of(new Bag("a", List.of(DenseVec.of(1))), new Bag("a", List.of(DenseVec.of(2)))),
                BagDataset.BINARY_CLASSES, new int[] {0, 1});
        assertThatThrownBy(() -> WekaBags.toInstances(d)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bag ids must be distinct");
    }

    /**
     * MUSK1 through Weka's own MultiInstanceToPropositional filter: one propositional row per
     * instance (476, the README's count), in bag order, with our values and bag labels.
     */
    @Test
    void musk1KeepsEveryInstanceThroughWekasOwnPropositionalFilter() throws Exception {
        BagDataset d = CsvBagFormat.read(RealData.file("musk1/musk1.csv"));
        Instances w = WekaBags.toInstances(d);
        MultiInstanceToPropositional toProp = new MultiInstanceToPropositional();
        toProp.setInputFormat(w);
        Instances flat = Filter.useFilter(w, toProp);
        assertThat(d.instanceCount()).isEqualTo(476);
        assertThat(flat.numInstances()).isEqualTo(476);
        // propositional layout: bag_id, f1..f166, class
        assertThat(flat.numAttributes()).isEqualTo(1 + 166 + 1);
        int row = 0;
        for (int i = 0; i < d.size(); i++) {
            for (int p = 0; p < d.bag(i).size(); p++, row++) {
                Instance x = flat.instance(row);
                assertThat(x.stringValue(0)).isEqualTo(d.bag(i).id());
                assertThat(x.classValue()).isEqualTo(d.label(i));
                for (int j = 0; j < 166; j++) {
                    if (x.value(1 + j) != d.bag(i).instance(p).get(j)) {
                        throw new AssertionError("bag " + i + " instance " + p + " feature " + j + ": Weka "
                                + x.value(1 + j) + ", ours " + d.bag(i).instance(p).get(j));
                    }
                }
            }
        }
    }
}
