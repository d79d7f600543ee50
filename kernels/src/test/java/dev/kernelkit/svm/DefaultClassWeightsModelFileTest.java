package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.testing.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Pins the model files of SVMs fitted with the default options ({@code SvmOptions.of(kernel)},
 * {@code BagSvmOptions.of(kernel)}): the text written before class weights existed, kept in
 * {@code src/test/resources/dev/kernelkit/svm/default-weights-*.model} with the
 * {@code report.seconds} line (wall time) removed, a version-1 file read through its codec's upgrade and
 * written again, must equal byte for byte the file written now (apart from the wall time and the time of
 * writing).
 */
class DefaultClassWeightsModelFileTest {

    /** 40 points of two overlapping Gaussian blobs in 3 dimensions, Gaussian kernel gamma = 0.5, C = 1. */
    static SvmModel binary() {
        return Svm.fit(TestData.gaussianBlobs(40, 3, 1.5, 7), SvmOptions.of(new GaussianKernel(0.5)));
    }

    /** The same 45 points relabelled 0, 1, 2 by index modulo 3 (one-vs-rest), C = 2. */
    static SvmModel threeClasses() {
        LabeledDataset blobs = TestData.gaussianBlobs(45, 3, 1.5, 11);
        double[] y = new double[blobs.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = i % 3;
        }
        return Svm.fit(blobs.withLabels(y), SvmOptions.of(new GaussianKernel(0.5)).withC(2));
    }

    /** 24 random bags, averaged set kernel over a Gaussian of gamma 0.5, C = 1. */
    static BagSvmModel bags() {
        return BagSvm.fit(TestData.randomBags(24, 4, 3, 2.0, 5), BagSvmOptions.of(new SetKernel(new GaussianKernel(0.5))));
    }

    static String withoutSeconds(String modelText) {
        return modelText.lines().filter(l -> !l.startsWith("report.seconds") && !l.startsWith("provenance.time"))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    @Test
    void aBinarySvmWithDefaultOptionsWritesTheSameModelFileAsBeforeClassWeights() throws IOException {
        assertSameAsGolden(binary(), "default-weights-binary.model");
    }

    @Test
    void aOneVsRestSvmWithDefaultOptionsWritesTheSameModelFileAsBeforeClassWeights() throws IOException {
        assertSameAsGolden(threeClasses(), "default-weights-three-classes.model");
    }

    @Test
    void aBagSvmWithDefaultOptionsWritesTheSameModelFileAsBeforeClassWeights() throws IOException {
        assertSameAsGolden(bags(), "default-weights-bags.model");
    }

    private static void assertSameAsGolden(FittedModel<?> model, String resource) throws IOException {
        String golden;
        try (InputStream in = DefaultClassWeightsModelFileTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // the golden text is a version-1 file: read through its codec's upgrade and written again, it must
        // be the file written now (apart from the wall time and the time of writing)
        String goldenNow = Models.toText(Models.parse(resource, golden + "report.seconds = 0.0\n").model(), Map.of());
        assertThat(withoutSeconds(Models.toText(model, Map.of()))).isEqualTo(withoutSeconds(goldenNow));
    }
}
