package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFilesTest {

    /** n sparse points in 5 dimensions (about half the entries zero), class = which third of the first feature. */
    private static LabeledDataset threeClasses(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double[] v = new double[5];
            for (int j = 0; j < 5; j++) {
                v[j] = r.nextBoolean() ? r.nextDouble(0, 3) : 0;
            }
            v[0] = r.nextDouble(0, 3);
            y[i] = v[0] < 1 ? 1 : v[0] < 2 ? 2 : 3;
            int[] idx = java.util.stream.IntStream.range(0, 5).filter(j -> v[j] != 0).toArray();
            double[] val = java.util.Arrays.stream(idx).mapToDouble(j -> v[j]).toArray();
            x.add(new SparseVec(5, idx, val));
        }
        return new LabeledDataset(x, y);
    }

    @Test
    void oneVsRestModelWithScalerRoundTripsToIdenticalDecisions(@TempDir Path dir) throws IOException {
        LabeledDataset raw = threeClasses(60, 1);
        FittedScaler scaler = FeatureScaling.MINMAX.fit(raw);
        SvmModel model = Svm.fit(scaler.apply(raw), SvmOptions.of(new GaussianKernel(0.7)).withC(3));
        assertThat(model.expansionModels()).hasSize(3);
        Path file = dir.resolve("sub/three.model");

        ModelFiles.saveSvm(file, model, scaler, Map.of("data", "three classes", "c", "3.0"));
        ModelFiles.SvmModelFile back = ModelFiles.loadSvm(file);

        assertThat(back.dim()).isEqualTo(5);
        assertThat(back.scaler().kind()).isEqualTo(FeatureScaling.MINMAX);
        assertThat(back.scaler().offsets()).containsExactly(scaler.offsets());
        assertThat(back.scaler().scales()).containsExactly(scaler.scales());
        assertThat(back.model().classes()).containsExactly(1, 2, 3);
        assertThat(back.provenance()).containsEntry("data", "three classes").containsEntry("c", "3.0");
        LabeledDataset fresh = threeClasses(40, 2);
        for (Vec v : fresh.points()) {
            // Bit-identical: the file keeps every double exactly.
            assertThat(back.model().decisions(back.scaler().apply(v))).containsExactly(model.decisions(scaler.apply(v)));
            assertThat(back.predict(v)).isEqualTo(model.predictLabel(scaler.apply(v)));
        }
        assertThat(Kernels.format(back.model().expansionModels().get(0).kernel())).isEqualTo("gaussian:gamma=0.7");
    }

    @Test
    void aModelOfAnotherTypeOrVersionIsRejectedNamingTheFile(@TempDir Path dir) throws IOException {
        Path other = Files.writeString(dir.resolve("mkl.model"),
                "# kernelkit model\nformat = kernelkit-model\nversion = 1\ntype = mkl\n");
        assertThatThrownBy(() -> ModelFiles.loadSvm(other)).isInstanceOf(IOException.class)
                .hasMessageContaining("mkl.model").hasMessageContaining("expected a model of type 'svm', found 'mkl'");
        Path newer = Files.writeString(dir.resolve("v9.model"),
                "# kernelkit model\nformat = kernelkit-model\nversion = 9\ntype = svm\n");
        assertThatThrownBy(() -> ModelFiles.loadSvm(newer)).isInstanceOf(IOException.class).hasMessageContaining("v9.model");
    }

    @Test
    void aSupportVectorOfTheWrongDimensionIsRejected(@TempDir Path dir) throws IOException {
        LabeledDataset raw = threeClasses(30, 3);
        FittedScaler scaler = FeatureScaling.NONE.fit(raw);
        SvmModel model = Svm.fit(raw, SvmOptions.of(new GaussianKernel(0.5)));
        Path file = dir.resolve("m.model");
        ModelFiles.saveSvm(file, model, scaler, Map.of());
        String text = Files.readString(file).replaceFirst("(?m)^machine\\.0\\.sv\\.0 = sparse 5", "machine.0.sv.0 = sparse 6");
        Files.writeString(file, text);
        assertThatThrownBy(() -> ModelFiles.loadSvm(file)).isInstanceOf(IOException.class)
                .hasMessage(file + ": key 'machine.0.sv.0': expected dimension 5, found 6");
    }
}
