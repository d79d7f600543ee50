package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.testing.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/** The broadcast form of a data set: after Java serialization, the very data set again. */
class ShippedDataTest {

    @Test
    void denseAndSparseVectorsComeBackEqual() throws Exception {
        LabeledDataset dense = TestData.gaussianBlobs(25, 4, 2.0, 3);
        LabeledDataset sparse = new LabeledDataset(TestData.randomSparse(25, 30, 0.2, 4), dense.labels());

        assertThat(TestData.sameData((LabeledDataset) shipped(dense), dense)).isTrue();
        assertThat(TestData.sameData((LabeledDataset) shipped(sparse), sparse)).isTrue();
        assertThat(shipped(sparse).classNames()).isEqualTo(sparse.classNames());
        assertThat(((LabeledDataset) shipped(sparse)).x(0)).isInstanceOf(SparseVec.class);
        assertThat(((LabeledDataset) shipped(dense)).x(0)).isInstanceOf(DenseVec.class);
    }

    @Test
    void bagsComeBackEqualWithTheirIdsAndClassNames() throws Exception {
        BagDataset bags = TestData.randomMultiClassBags(20, 3, 4, 3, 2.0, 5);
        BagDataset back = (BagDataset) shipped(bags);

        assertThat(TestData.sameData(back, bags)).isTrue();
        assertThat(back.classNames()).isEqualTo(bags.classNames());
        assertThat(back.bags().stream().map(b -> b.id()).toList()).isEqualTo(bags.bags().stream().map(b -> b.id()).toList());
    }

    @Test
    void aDatasetOfAnotherTypeIsRefusedWithTheTypesItTakes() {
        assertThatThrownBy(() -> ShippedData.of(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data must be a LabeledDataset or a BagDataset to go to Spark, got null");
    }

    private static Dataset<?> shipped(Dataset<?> data) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(ShippedData.of(data));
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return ((ShippedData) in.readObject()).dataset();
        }
    }
}
