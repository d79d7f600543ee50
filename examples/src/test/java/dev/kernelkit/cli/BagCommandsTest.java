package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.cvm.BagCvmModel;
import dev.kernelkit.cvm.BagOneClassCvmModel;
import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.svm.BagSvm;
import dev.kernelkit.svm.BagSvmModel;
import dev.kernelkit.svm.BagSvmOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code svm train|cv|predict} and {@code cvm train|cv|predict} on bag files (CSV bags, multi-instance
 * ARFF): they train on the set kernel, their model files predict through {@code kernelkit predict} with
 * the same answers, cv equals the harness run by hand, and the options of the other input kind are
 * refused in one line.
 */
class BagCommandsTest {
    @TempDir
    static Path dir;
    static Path train;
    static Path test;
    static Path arff;
    static Path points;

    @BeforeAll
    static void data() throws Exception {
        train = dir.resolve("ring-train.csv");
        test = dir.resolve("ring-test.csv");
        CsvBagFormat.write(SyntheticData.ringBags(30, 3, 6, 1), train);
        CsvBagFormat.write(SyntheticData.ringBags(20, 3, 6, 2), test);
        arff = dir.resolve("ring-train.arff");
        ArffFormat.writeBags(CsvBagFormat.read(train), arff, "ring");
        points = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(40, 0.2, 3), points);
    }

    private static CliRun ok(String... args) {
        CliRun r = CliRun.of(args);
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        return r;
    }

    @Test
    void svmTrainOnBagsIsTheBagSvmAndPredictsAsKernelkitPredict() throws Exception {
        Path model = dir.resolve("svm-bags.model");
        Path json = dir.resolve("svm-train.json");
        CliRun r = ok("svm", "train", "--data", train.toString(), "--test", test.toString(), "--gamma", "0.5", "--c", "10",
                "--model", model.toString(), "--json", json.toString());
        assertThat(r.out()).contains("bag kernel set(gaussian:gamma=0.5)").contains("support bags");
        FittedModel<?> m = Models.load(model);
        assertThat(Scaled.innermost(m)).isInstanceOf(BagSvmModel.class);
        BagDataset tr = CsvBagFormat.read(train);
        BagSvmModel direct = BagSvm.fit(tr, BagSvmOptions.of(new SetKernel(new GaussianKernel(0.5))).withC(10));
        BagDataset te = CsvBagFormat.read(test);
        BagSvmModel loaded = (BagSvmModel) Scaled.innermost(m);
        for (int i = 0; i < te.size(); i++) {
            assertThat(loaded.decisions(te.bag(i))).containsExactly(direct.decisions(te.bag(i)));
        }
        JsonNode j = TestJson.read(json);
        assertThat(j.get("input").asText()).isEqualTo("bags");
        assertThat(j.get("test_accuracy").doubleValue())
                .isEqualTo(PredictCommand.predict(direct, te).accuracy());
        // svm predict, kernelkit predict: the same class names, line by line
        Path a = dir.resolve("svm-alias.txt");
        Path b = dir.resolve("svm-predict.txt");
        ok("svm", "predict", "--model", model.toString(), "--data", test.toString(), "--output", a.toString());
        ok("predict", "--model", model.toString(), "--data", test.toString(), "--output", b.toString());
        assertThat(Files.readAllLines(a)).isEqualTo(Files.readAllLines(b)).hasSize(te.size());
        // multi-instance ARFF is read as bags too, with the same model
        Path fromArff = dir.resolve("svm-arff.model");
        ok("svm", "train", "--data", arff.toString(), "--kernel", "gaussian:gamma=0.5", "--c", "10", "--model",
                fromArff.toString());
        BagSvmModel arffModel = (BagSvmModel) Scaled.innermost(Models.load(fromArff));
        for (int i = 0; i < te.size(); i++) {
            assertThat(arffModel.decisions(te.bag(i))).containsExactly(direct.decisions(te.bag(i)));
        }
    }

    @Test
    void svmCvOnBagsEqualsTheHarnessRunByHand() throws Exception {
        Path json = dir.resolve("svm-cv.json");
        ok("svm", "cv", "--data", train.toString(), "--gamma", "0.5", "--c", "10", "--folds", "3", "--repeats", "2",
                "--seed", "3", "--json", json.toString());
        BagDataset d = CsvBagFormat.read(train);
        Evaluation e = ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 2, 3), ScaledModel.trainer(
                FeatureScaling.NONE, BagSvm.trainer(BagSvmOptions.of(new SetKernel(new GaussianKernel(0.5))).withC(10))))
                .run(d);
        JsonNode j = TestJson.read(json);
        assertThat(TestJson.doubles(j.get("fold_accuracies"))).containsExactlyElementsOf(
                java.util.Arrays.stream(e.scores()).boxed().toList());
        assertThat(j.get("input").asText()).isEqualTo("bags");
        // the grid search runs on bags as on points (3 folds, so the inner search has 2-3 folds per class)
        Path grid = dir.resolve("svm-cv-grid.json");
        ok("svm", "cv", "--data", train.toString(), "--c", "10", "--folds", "3", "--seed", "3", "--json", grid.toString());
        assertThat(TestJson.read(grid).get("fold_kernels").get(0).asText()).startsWith("set(gaussian:gamma=");
    }

    @Test
    void cvmTrainOnBagsTrainsCvmBvmAndOneClassAndPredictsAsKernelkitPredict() throws Exception {
        for (String method : List.of("cvm", "bvm", "one-class")) {
            Path model = dir.resolve("cvm-" + method + ".model");
            Path json = dir.resolve("cvm-" + method + ".json");
            CliRun r = ok("cvm", "train", "--data", train.toString(), "--test", test.toString(), "--method", method,
                    "--gamma", "1", "--c", "100", "--seed", "2", "--model", model.toString(), "--json", json.toString());
            assertThat(r.out()).contains("core vectors").contains("bags: 60 in");
            JsonNode j = TestJson.read(json);
            assertThat(j.get("input").asText()).isEqualTo("bags");
            FittedModel<?> m = Scaled.innermost(Models.load(model));
            assertThat(m).isInstanceOf(method.equals("one-class") ? BagOneClassCvmModel.class : BagCvmModel.class);
            assertThat(m.report().learner()).isEqualTo(switch (method) {
                case "cvm" -> "bag-cvm";
                case "bvm" -> "bag-bvm";
                default -> "bag-one-class-cvm";
            });
            if (!method.equals("one-class")) {
                assertThat(j.get("accuracy").doubleValue()).isGreaterThan(0.9);
            }
            Path a = dir.resolve("cvm-" + method + "-alias.txt");
            Path b = dir.resolve("cvm-" + method + "-predict.txt");
            ok("cvm", "predict", "--model", model.toString(), "--data", test.toString(), "--output", a.toString());
            ok("predict", "--model", model.toString(), "--data", test.toString(), "--output", b.toString());
            assertThat(Files.readAllLines(a)).isEqualTo(Files.readAllLines(b)).hasSize(40);
        }
        // bvm defaults to the normalised set kernel, cvm to the averaged one
        BagCvmModel bvm = (BagCvmModel) Scaled.innermost(Models.load(dir.resolve("cvm-bvm.model")));
        assertThat(bvm.machines().get(0).kernel()).isEqualTo(SetKernel.normalized(new GaussianKernel(1)));
        BagCvmModel cvm = (BagCvmModel) Scaled.innermost(Models.load(dir.resolve("cvm-cvm.model")));
        assertThat(cvm.machines().get(0).kernel()).isEqualTo(new SetKernel(new GaussianKernel(1)));
        // one-class defaults to the normalised one (small normal bags would stretch the ball under the averaged one)
        BagOneClassCvmModel oneClass = (BagOneClassCvmModel) Scaled.innermost(Models.load(dir.resolve("cvm-one-class.model")));
        assertThat(oneClass.kernel()).isEqualTo(SetKernel.normalized(new GaussianKernel(1)));
    }

    @Test
    void cvmCvOnBagsEqualsTheHarnessRunByHand() throws Exception {
        Path json = dir.resolve("cvm-cv.json");
        CliRun r = ok("cvm", "cv", "--data", train.toString(), "--gamma", "1", "--c", "100", "--folds", "3", "--repeats",
                "2", "--seed", "5", "--json", json.toString());
        assertThat(r.out()).contains("fold 2.3: accuracy");
        BagDataset d = CsvBagFormat.read(train);
        dev.kernelkit.cvm.BagCvmOptions o = new dev.kernelkit.cvm.BagCvmOptions(new SetKernel(new GaussianKernel(1)), 100,
                dev.kernelkit.cvm.CoreSetOptions.libcvm(dev.kernelkit.cvm.CvmOptions.autoEpsilon(1, 100)).withSeed(5)
                        .withCacheMb(2048), dev.kernelkit.cvm.CvmOptions.MultiClass.ONE_VS_REST);
        Evaluation e = ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 2, 5),
                dev.kernelkit.cvm.CoreVectorMachine.bagTrainer(o)).run(d);
        JsonNode j = TestJson.read(json);
        assertThat(TestJson.doubles(j.get("fold_accuracies"))).containsExactlyElementsOf(
                java.util.Arrays.stream(e.scores()).boxed().toList());
        assertThat(j.get("input").asText()).isEqualTo("bags");
    }

    @Test
    void theOptionsOfTheOtherInputKindAreRefusedInOneLine() throws Exception {
        PredictCommandTest.assertOneErrorLine(CliRun.of("cvm", "train", "--data", train.toString(), "--method", "cvr"),
                "--method cvr is regression on points, but " + train + " holds bags");
        PredictCommandTest.assertOneErrorLine(CliRun.of("cvm", "cv", "--data", points.toString(), "--set-kernel",
                "normalized"), "--set-kernel applies to bag data, but " + points + " holds points");
        Path mkl = dir.resolve("any.model");
        Models.save(dev.kernelkit.learn.Learners.vectors("sm1").trainer(LibsvmFormat.readDense(points), 1)
                .fit(LibsvmFormat.readDense(points)), mkl);
        PredictCommandTest.assertOneErrorLine(CliRun.of("svm", "train", "--data", train.toString(), "--kernel-from",
                mkl.toString(), "--c", "1", "--model", dir.resolve("x.model").toString()),
                "--kernel-from uses a kernel learned on vectors, but " + train + " holds bags");
        PredictCommandTest.assertOneErrorLine(CliRun.of("svm", "cv", "--data", train.toString(), "--gamma", "1", "--c",
                "1", "--duplicates", "keep"), "--duplicates applies to vectors, but " + train + " holds bags");
        PredictCommandTest.assertOneErrorLine(CliRun.of("cvm", "train", "--data", train.toString(), "--kernel-from",
                mkl.toString()), "--kernel-from uses a kernel learned on points, but " + train + " holds bags");
        PredictCommandTest.assertOneErrorLine(CliRun.of("svm", "train", "--data", train.toString(), "--test",
                points.toString(), "--gamma", "1", "--c", "1", "--model", dir.resolve("y.model").toString()),
                "--test " + points + " holds vectors (libsvm), but --data " + train + " holds bags");
        PredictCommandTest.assertOneErrorLine(CliRun.of("svm", "train", "--data", train.toString(), "--kernel",
                "banana", "--c", "1", "--model", dir.resolve("z.model").toString()), "--kernel banana: neither a bag kernel");
        // a points model given bags, a bags model given points
        Path bagModel = dir.resolve("refuse-bags.model");
        ok("cvm", "train", "--data", train.toString(), "--gamma", "1", "--model", bagModel.toString());
        PredictCommandTest.assertOneErrorLine(CliRun.of("cvm", "predict", "--model", bagModel.toString(), "--data",
                points.toString()), "holds vectors (libsvm), but the model " + bagModel + " (type bag-cvm) predicts bags");
    }
}
