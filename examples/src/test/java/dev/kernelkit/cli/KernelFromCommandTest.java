package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --kernel-from} on svm/cvm train|cv and {@code mkl train --subsample}, end to end. */
class KernelFromCommandTest {
    @TempDir
    Path dir;
    Path data;
    Path mkl;

    static Path write(Path file, LabeledDataset d, int classes) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < d.size(); i++) {
            // classes > 2: spread the blobs' points over labels 1..classes by index (a multi-class file)
            String label = classes == 2 ? (d.y(i) > 0 ? "+1" : "-1") : Integer.toString(1 + i % classes);
            sb.append(label);
            double[] x = d.x(i).toArray();
            for (int j = 0; j < x.length; j++) {
                sb.append(String.format(Locale.ROOT, " %d:%s", j + 1, Double.toString(x[j])));
            }
            sb.append('\n');
        }
        Files.writeString(file, sb.toString());
        return file;
    }

    @BeforeEach
    void learnAKernelOnASubsample() throws Exception {
        data = write(dir.resolve("train.libsvm"), TestData.gaussianBlobs(80, 3, 3.0, 1), 2);
        mkl = dir.resolve("sm1.model");
        CliRun r = CliRun.of("mkl", "train", "--data", data.toString(), "--method", "sm1", "--c", "10", "--theta", "0.5",
                "--kernel", "gaussian:gamma=0.1", "--kernel", "gaussian:gamma=1", "--kernel", "linear",
                "--subsample", "40", "--seed", "3", "--model", mkl.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("fitting on a stratified subsample of 40 of 80 points (seed 3)");
    }

    @Test
    void cvmAndSvmTrainAndCrossValidateWithTheLearnedKernelAndWriteUsableModels() throws Exception {
        Path cvmModel = dir.resolve("cvm.model");
        CliRun c = CliRun.of("cvm", "train", "--data", data.toString(), "--test", data.toString(), "--kernel-from",
                mkl.toString(), "--c", "10", "--model", cvmModel.toString());
        assertThat(c.exitCode()).as(c.err()).isZero();
        assertThat(c.out()).contains("kernel from " + mkl).contains("learned by sm1, its only machine")
                .contains("standard scaler of the model");
        // separated blobs: the learned kernel classifies the training file
        assertThat(Files.readString(cvmModel)).contains("kernel = sum(").contains("scaling.kind = standard");
        CliRun p = CliRun.of("cvm", "predict", "--data", data.toString(), "--model", cvmModel.toString());
        assertThat(p.exitCode()).as(p.err()).isZero();

        Path svmModel = dir.resolve("svm.model");
        CliRun s = CliRun.of("svm", "train", "--data", data.toString(), "--kernel-from", mkl.toString(), "--c", "10",
                "--model", svmModel.toString(), "--json", dir.resolve("s.json").toString());
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(Files.readString(dir.resolve("s.json"))).contains("\"kernel_from\"").contains("\"scale\": \"standard\"");
        CliRun sp = CliRun.of("svm", "predict", "--data", data.toString(), "--model", svmModel.toString());
        assertThat(sp.exitCode()).as(sp.err()).isZero();

        CliRun scv = CliRun.of("svm", "cv", "--data", data.toString(), "--kernel-from", mkl.toString(), "--c", "10",
                "--folds", "3");
        assertThat(scv.exitCode()).as(scv.err()).isZero();
        assertThat(scv.out()).contains("fixed parameters").contains("learned");
        CliRun ccv = CliRun.of("cvm", "cv", "--data", data.toString(), "--kernel-from", mkl.toString(), "--c", "10",
                "--folds", "3");
        assertThat(ccv.exitCode()).as(ccv.err()).isZero();
        assertThat(ccv.out()).contains("mean accuracy");
    }

    @Test
    void aMultiClassModelSaysWhichMachinesWeightsItUses() throws Exception {
        Path multi = write(dir.resolve("multi.libsvm"), TestData.gaussianBlobs(60, 3, 3.0, 2), 3);
        Path model = dir.resolve("multi.model");
        CliRun t = CliRun.of("mkl", "train", "--data", multi.toString(), "--method", "ave", "--c", "1",
                "--kernel", "gaussian:gamma=0.1", "--kernel", "linear", "--model", model.toString());
        assertThat(t.exitCode()).as(t.err()).isZero();
        CliRun avg = CliRun.of("svm", "train", "--data", multi.toString(), "--kernel-from", model.toString(), "--c", "1",
                "--model", dir.resolve("a.model").toString());
        assertThat(avg.exitCode()).as(avg.err()).isZero();
        assertThat(avg.out()).contains("the average of its 3 machines");
        CliRun one = CliRun.of("cvm", "train", "--data", multi.toString(), "--kernel-from", model.toString(),
                "--kernel-machine", "2", "--c", "1");
        assertThat(one.exitCode()).as(one.err()).isZero();
        assertThat(one.out()).contains("machine 2 of 3");
        CliRun bad = CliRun.of("cvm", "train", "--data", multi.toString(), "--kernel-from", model.toString(),
                "--kernel-machine", "3", "--c", "1");
        assertThat(bad.exitCode()).isNotZero();
        assertThat(bad.err()).contains("[0, 3)").contains("got 3");
    }

    @Test
    void anImkplKernelTrainsAnSvmWhoseModelFileReloads() throws Exception {
        Path multi = write(dir.resolve("multi.libsvm"), TestData.gaussianBlobs(60, 4, 3.0, 2), 3);
        Path imkpl = dir.resolve("m.imkpl");
        CliRun t = CliRun.of("prototypes", "train", "--data", multi.toString(), "--t", "3", "--beta-step",
                "CAPPED_SIMPLEX_LP", "--kernel-cap", "2", "--max-iterations", "5", "--model", imkpl.toString());
        assertThat(t.exitCode()).as(t.err()).isZero();
        Path svmModel = dir.resolve("svm.model");
        CliRun s = CliRun.of("svm", "train", "--data", multi.toString(), "--kernel-from", imkpl.toString(), "--c", "10",
                "--model", svmModel.toString());
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(s.out()).contains("learned by imkpl, its only machine (2 of 4 base kernels with a positive weight), none scaler");
        CliRun p = CliRun.of("svm", "predict", "--data", multi.toString(), "--model", svmModel.toString());
        assertThat(p.exitCode()).as(p.err()).isZero();
    }

    @Test
    void clashesAndMismatchesAreNamed() throws Exception {
        CliRun gamma = CliRun.of("cvm", "train", "--data", data.toString(), "--kernel-from", mkl.toString(), "--gamma", "1");
        assertThat(gamma.exitCode()).isNotZero();
        assertThat(gamma.err()).contains("give either --kernel-from or --gamma 1.0, not both");
        CliRun scale = CliRun.of("svm", "train", "--data", data.toString(), "--kernel-from", mkl.toString(), "--c", "1",
                "--scale", "minmax", "--model", dir.resolve("x.model").toString());
        assertThat(scale.exitCode()).isNotZero();
        assertThat(scale.err()).contains("applies the model's own scaler; drop --scale minmax");

        Path wide = write(dir.resolve("wide.libsvm"), TestData.gaussianBlobs(30, 5, 3.0, 4), 2);
        CliRun dim = CliRun.of("cvm", "train", "--data", wide.toString(), "--kernel-from", mkl.toString());
        assertThat(dim.exitCode()).isNotZero();
        CliRun dimSvm = CliRun.of("svm", "train", "--data", wide.toString(), "--kernel-from", mkl.toString(), "--c", "1",
                "--model", dir.resolve("y.model").toString());
        assertThat(dimSvm.exitCode()).isNotZero();
        assertThat(dimSvm.err()).contains("the kernel was learned on 3 features but --data " + wide + " has 5");

        Path svmModel = dir.resolve("plain.model");
        CliRun plain = CliRun.of("svm", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--model",
                svmModel.toString());
        assertThat(plain.exitCode()).as(plain.err()).isZero();
        CliRun noKernel = CliRun.of("cvm", "train", "--data", data.toString(), "--kernel-from", svmModel.toString());
        assertThat(noKernel.exitCode()).isNotZero();
        assertThat(noKernel.err()).contains(svmModel.toString()).contains("does not learn a kernel");
        CliRun missing = CliRun.of("cvm", "train", "--data", data.toString(), "--kernel-from", "no-such.model");
        assertThat(missing.exitCode()).isNotZero();
        assertThat(missing.err()).contains("--kernel-from: no such file: no-such.model");

        CliRun sub = CliRun.of("mkl", "train", "--data", data.toString(), "--method", "ave", "--c", "1",
                "--subsample", "1", "--model", dir.resolve("z.model").toString());
        assertThat(sub.exitCode()).isNotZero();
        assertThat(sub.err()).contains("--subsample must be >= 2, got 1");
    }
}
