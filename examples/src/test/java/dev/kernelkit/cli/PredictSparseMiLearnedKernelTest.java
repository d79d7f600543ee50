package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.mi.LearnedKernelForSparseMi;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOnLearnedKernel;
import dev.kernelkit.mi.SparseMiOptions;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.SoftMarginMkl;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kernelkit predict} on a SparseMI model trained with an MKL-learned kernel (issue #22, composition 1): the
 * kernel SM1MKL learned behind its standardisation, taken from its model file, SparseMI on it behind the same
 * scaler; the command's predictions on raw bags equal the in-process model's.
 */
class PredictSparseMiLearnedKernelTest {

    @Test
    void aSparseMiModelOnALearnedKernelBehindItsScalerPredictsAsInProcess(@TempDir Path dir) throws Exception {
        BagDataset train = SyntheticData.ringBags(12, 2, 5, 1);
        BagDataset test = SyntheticData.ringBags(8, 2, 5, 2);
        Path testFile = dir.resolve("ring-test.csv");
        CsvBagFormat.write(test, testFile);
        // SM1MKL on the bag means behind its own standardisation, saved as an MKL model file
        LabeledDataset means = SparseMiOnLearnedKernel.bagMeans(train);
        FittedScaler scaler = FeatureScaling.STANDARD.fit(means);
        LabeledDataset scaledMeans = scaler.apply(means);
        MklModel mkl = SoftMarginMkl.fit(scaledMeans, MultipleKernel.simpleMklProtocol(2).withUnitTrace(
                scaledMeans.points()), MklOptions.sm1(10, 0.2));
        Path mklFile = dir.resolve("means.mkl");
        Models.save(new ScaledModel<>(scaler, mkl), mklFile);

        // what sparse-mi train --kernel-from means.mkl calls
        LearnedKernel learned = LearnedKernelForSparseMi.load(mklFile, "average");
        LearnedKernelForSparseMi.Prepared p = LearnedKernelForSparseMi.prepare(learned, train, "--data ring.csv");
        SparseMiModel fitted = SparseMi.fit(p.train(), p.options(SparseMiOptions.defaults().withC(10)
                .withExpansionVectors(4)));
        Model<Bag> model = p.behindScaler(fitted);
        assertThat(model).isInstanceOf(ScaledModel.class);
        Path modelFile = dir.resolve("sparse-mi-learned.model");
        Models.save(model, modelFile);
        assertThat(Files.readString(modelFile)).contains("kernel = sum(").contains("scaling");

        Path out = dir.resolve("pred.txt");
        CliRun r = CliRun.of("predict", "--model", modelFile.toString(), "--data", testFile.toString(), "--output",
                out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = Files.readAllLines(out);
        assertThat(lines).hasSize(test.size());
        int correct = 0;
        for (int i = 0; i < test.size(); i++) {
            String expected = model.classNames().get(model.predict(test.bag(i)));
            assertThat(lines.get(i)).as("bag %d", i).isEqualTo(expected);
            correct += expected.equals(test.classNames().get(test.label(i))) ? 1 : 0;
        }
        // the ring problem: a kernel on (x1, x2) that is wide enough separates centre from ring well above chance
        assertThat((double) correct / test.size()).isGreaterThan(0.7);
    }
}
