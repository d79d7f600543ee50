package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.testing.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Pins the model files of MI-Kernel fitted with options built as before class weights existed: the text
 * kept in {@code src/test/resources/dev/kernelkit/mi/mikernel-default-*.model}, with the
 * {@code report.seconds} line (wall time) removed, a version-1 file read through its codec's upgrade and
 * written again, must equal byte for byte the file written now (apart from the wall time and the time of
 * writing).
 */
class MiKernelDefaultModelFileTest {

    /** 15 + 15 ring bags, gamma 0.5, C = 10, the averaged set kernel, hinge loss. */
    static MiKernelModel binary() {
        return MiKernel.fit(SyntheticData.ringBags(15, 4, 8, 3), MiKernelOptions.defaults().withGamma(0.5).withC(10));
    }

    /** 36 bags of 3 classes (one-vs-rest), gamma 0.3, C = 10. */
    static MiKernelModel threeClasses() {
        return MiKernel.fit(TestData.randomMultiClassBags(36, 3, 4, 3, 3.0, 5),
                MiKernelOptions.defaults().withGamma(0.3).withC(10));
    }

    static String withoutSeconds(String modelText) {
        return modelText.lines().filter(l -> !l.startsWith("report.seconds") && !l.startsWith("provenance.time"))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    @Test
    void aBinaryMiKernelWithoutClassWeightsWritesTheSameModelFileAsBefore() throws IOException {
        assertSameAsGolden(binary(), "mikernel-default-binary.model");
    }

    @Test
    void aOneVsRestMiKernelWithoutClassWeightsWritesTheSameModelFileAsBefore() throws IOException {
        assertSameAsGolden(threeClasses(), "mikernel-default-three-classes.model");
    }

    private static void assertSameAsGolden(FittedModel<?> model, String resource) throws IOException {
        String golden;
        try (InputStream in = MiKernelDefaultModelFileTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // the golden text is a version-1 file: read through its codec's upgrade and written again, it must
        // be the file written now (apart from the wall time and the time of writing)
        String goldenNow = Models.toText(Models.parse(resource, golden + "report.seconds = 0.0\n").model(), Map.of());
        assertThat(withoutSeconds(Models.toText(model, Map.of()))).isEqualTo(withoutSeconds(goldenNow));
    }
}
