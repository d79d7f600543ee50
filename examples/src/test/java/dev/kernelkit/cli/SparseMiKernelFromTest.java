package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sparse-mi train|cv --kernel-from MODEL} (issue #22, composition 1): the command fits the model the library
 * entry point ({@link LearnedKernelForSparseMi}) fits, saved behind the MKL model's scaler so that
 * {@code kernelkit predict} reads raw bags; the weighted-Gaussian form; the clashes and mismatches are one-line errors.
 */
class SparseMiKernelFromTest {
    @TempDir
    Path dir;
    private BagDataset train;
    private Path trainFile;
    private Path mklFile;

    @BeforeEach
    void learnAKernelOnTheBagMeans() throws Exception {
        train = SyntheticData.ringBags(12, 2, 5, 1);
        trainFile = dir.resolve("ring.csv");
        CsvBagFormat.write(train, trainFile);
        LabeledDataset means = SparseMiOnLearnedKernel.bagMeans(train);
        FittedScaler scaler = FeatureScaling.STANDARD.fit(means);
        LabeledDataset scaledMeans = scaler.apply(means);
        MklModel mkl = SoftMarginMkl.fit(scaledMeans, MultipleKernel.simpleMklProtocol(2).withUnitTrace(
                scaledMeans.points()), MklOptions.sm1(10, 0.2));
        mklFile = dir.resolve("means.mkl");
        Models.save(new ScaledModel<>(scaler, mkl), mklFile);
    }

    @Test
    void trainWithAFixedCSavesTheLibraryModelBehindTheScalerAndPredictReadsRawBags() throws Exception {
        Path modelFile = dir.resolve("s.model");
        CliRun r = CliRun.of("sparse-mi", "train", "--data", trainFile.toString(), "--kernel-from", mklFile.toString(),
                "--c", "10", "--xv", "4", "--model", modelFile.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("kernel from " + mklFile).contains("gamma learned");

        LearnedKernel learned = LearnedKernelForSparseMi.load(mklFile, "average");
        LearnedKernelForSparseMi.Prepared p = LearnedKernelForSparseMi.prepare(learned, train, "--data ring.csv");
        SparseMiModel direct = SparseMi.fit(p.train(), p.options(SparseMiOptions.defaults().withC(10).withExpansionVectors(4)));
        Model<?> saved = Models.loadClassifier(modelFile);
        assertThat(saved).isInstanceOf(ScaledModel.class);
        @SuppressWarnings("unchecked")
        Model<Bag> loaded = (Model<Bag>) saved;
        Model<Bag> expected = p.behindScaler(direct);
        for (int i = 0; i < train.size(); i++) {
            assertThat(loaded.decisions(train.bag(i))[0]).as("bag %d", i)
                    .isCloseTo(expected.decisions(train.bag(i))[0], within(1e-9));
        }
        CliRun predict = CliRun.of("predict", "--model", modelFile.toString(), "--data", trainFile.toString());
        assertThat(predict.exitCode()).as(predict.err()).isZero();
    }

    @Test
    void cvWithTheLearnedKernelTunesCAndNamesTheModelInItsJson() throws Exception {
        Path json = dir.resolve("cv.json");
        CliRun r = CliRun.of("sparse-mi", "cv", "--data", trainFile.toString(), "--kernel-from", mklFile.toString(),
                "--xv", "4", "--c-grid", "1,10", "--folds", "3", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("gamma*dim (learned kernel)");
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertThat(j.get("kernel_from").asText()).isEqualTo(mklFile.toString());
        assertThat(j.get("fold_accuracies")).hasSize(3);
    }

    @Test
    void theWeightedGaussianFormTakesAGamma() {
        CliRun r = CliRun.of("sparse-mi", "train", "--data", trainFile.toString(), "--kernel-from", mklFile.toString(),
                "--kernel-form", "weighted-gaussian", "--gamma", "0.5", "--c", "10", "--xv", "4");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("weighted Gaussian gamma 0.5").contains("gamma 0.500000");
    }

    @Test
    void clashesAndMismatchesAreOneLineErrors() throws Exception {
        CliRun gamma = CliRun.of("sparse-mi", "train", "--data", trainFile.toString(), "--kernel-from", mklFile.toString(),
                "--gamma", "1", "--c", "10");
        assertThat(gamma.err().strip()).isEqualTo("kernelkit: error: --kernel-from with --kernel-form learned has no "
                + "gamma: drop --gamma (or use --kernel-form weighted-gaussian)");
        CliRun method = CliRun.of("sparse-mi", "cv", "--data", trainFile.toString(), "--kernel-from", mklFile.toString(),
                "--method", "mikernel");
        assertThat(method.err().strip()).isEqualTo("kernelkit: error: --kernel-from applies to --method sparsemi, got "
                + "--method mikernel");
        CliRun form = CliRun.of("sparse-mi", "train", "--data", trainFile.toString(), "--kernel-form", "weighted-gaussian");
        assertThat(form.err().strip()).isEqualTo("kernelkit: error: --kernel-form applies only with --kernel-from");
        Path wide = dir.resolve("wide.csv");
        CsvBagFormat.write(SyntheticData.muskLikeBags(6, 6, 40, 5, 1), wide);
        CliRun dim = CliRun.of("sparse-mi", "train", "--data", wide.toString(), "--kernel-from", mklFile.toString());
        assertThat(dim.exitCode()).isEqualTo(1);
        assertThat(dim.err().strip()).startsWith("kernelkit: error: the kernel was learned on 2 features but --data");
    }
}
