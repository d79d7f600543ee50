package dev.kernelkit.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.svm.ExpansionParts;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ModelPartsTest {

    static Stream<Arguments> models() {
        LabeledDataset blobs = TestData.gaussianBlobs(60, 5, 1.5, 3);
        // three classes: relabel the blobs by the sign of the first two coordinates
        double[] three = new double[blobs.size()];
        for (int i = 0; i < blobs.size(); i++) {
            Vec x = blobs.x(i);
            three[i] = x.get(0) > 0 ? 1 : (x.get(1) > 0 ? 2 : 3);
        }
        LabeledDataset sparse = new LabeledDataset(TestData.randomSparse(60, 40, 0.2, 9), blobs.labels());
        return Stream.of(
                Arguments.of("binary gaussian hinge", blobs, new GaussianKernel(0.3), SvmLoss.HINGE),
                Arguments.of("binary polynomial squared hinge", blobs, new PolynomialKernel(2, 0.5, 1.0), SvmLoss.SQUARED_HINGE),
                Arguments.of("three-class one-vs-rest", blobs.withLabels(three), new GaussianKernel(0.5), SvmLoss.HINGE),
                Arguments.of("sparse support vectors", sparse, new GaussianKernel(0.1), SvmLoss.HINGE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void savedAndLoadedSvmMakesBitIdenticalDecisions(String name, LabeledDataset data, Kernel<Vec> kernel, SvmLoss loss,
                                                     @TempDir Path dir) throws Exception {
        SvmModel model = Svm.fit(data, SvmOptions.of(kernel).withC(2.0).withLoss(loss));
        ModelFileWriter w = new ModelFileWriter("svm-test");
        ModelParts.writeClasses(w, model.classNames());
        ExpansionParts.writeSvm(w, "svm", model);
        Path file = dir.resolve("m.txt");
        w.write(file);
        SvmModel back = ExpansionParts.readSvm(ModelFileReader.read(file).requireType("svm-test"), "svm", data.dim(), model.report());

        assertThat(back.classes()).containsExactly(model.classes());
        assertThat(back.supportVectorCount()).isEqualTo(model.supportVectorCount());
        List<Vec> probes = new ArrayList<>(data.points());
        probes.addAll(TestData.randomDense(20, data.dim(), 77));
        for (Vec x : probes) {
            assertThat(back.decisions(x)).containsExactly(model.decisions(x));
            assertThat(back.predict(x)).isEqualTo(model.predict(x));
        }
    }

    @Test
    void scalerRoundTripsExactly() throws Exception {
        List<Vec> train = TestData.randomDense(30, 4, 5);
        FittedScaler s = FeatureScaling.STANDARD.fit(train);
        ModelFileWriter w = new ModelFileWriter("scaler-test");
        ModelParts.writeScaler(w, "scaling", s);
        FittedScaler back = ModelParts.readScaler(ModelFileReader.parse("s.txt", w.render()), "scaling");
        assertThat(back.kind()).isEqualTo(FeatureScaling.STANDARD);
        Vec probe = DenseVec.of(0.3, -1.0, 2.5, 1e-7);
        assertThat(back.apply(probe).toArray()).containsExactly(s.apply(probe).toArray());
    }

    @Test
    void supportVectorOfWrongDimensionIsAnErrorNamingTheKey(@TempDir Path dir) throws Exception {
        LabeledDataset data = TestData.gaussianBlobs(30, 3, 2.0, 1);
        SvmModel model = Svm.fit(data, SvmOptions.of(new GaussianKernel(0.5)));
        ModelFileWriter w = new ModelFileWriter("svm-test");
        ModelParts.writeClasses(w, model.classNames());
        ExpansionParts.writeSvm(w, "svm", model);
        ModelFile f = ModelFileReader.parse("m.txt", w.render());
        assertThatThrownBy(() -> ExpansionParts.readSvm(f, "svm", 4, model.report()))
                .isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("m.txt").hasMessageContaining("svm.machine.0.sv.0")
                .hasMessageContaining("expected dimension 4, found 3");
    }

    @Test
    void unknownKernelInFileIsAnErrorNamingTheKey() throws Exception {
        LabeledDataset data = TestData.gaussianBlobs(30, 3, 2.0, 1);
        SvmModel model = Svm.fit(data, SvmOptions.of(new GaussianKernel(0.5)));
        ModelFileWriter w = new ModelFileWriter("svm-test");
        ModelParts.writeClasses(w, model.classNames());
        ExpansionParts.writeSvm(w, "svm", model);
        String text = w.render().replace("gaussian:gamma=0.5", "gausian:gamma=0.5");
        ModelFile f = ModelFileReader.parse("m.txt", text);
        assertThatThrownBy(() -> ExpansionParts.readSvm(f, "svm", 3, model.report()))
                .isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("svm.machine.0.kernel").hasMessageContaining("gausian");
        assertThat(Files.exists(Path.of("m.txt"))).isFalse();
    }
}
