package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Trainer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kernelkit predict} on model files of every module's kind, written by {@link Models#save}
 * from models fitted here: the predictions the command writes equal the in-process model's on the
 * same examples (read here by the library readers), the accuracy equals a count made here, and bad
 * input gets one error line.
 */
@SuppressWarnings("unchecked")
class PredictCommandTest {
    @TempDir
    static Path dir;

    static Path trainVectors;
    static Path testVectors;
    static LabeledDataset train;
    static LabeledDataset test;
    static Path trainBags;
    static Path testBags;
    static BagDataset bagTrain;
    static BagDataset bagTest;

    @BeforeAll
    static void data() throws Exception {
        trainVectors = dir.resolve("moons-train.libsvm");
        testVectors = dir.resolve("moons-test.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(60, 0.2, 1), trainVectors);
        LibsvmFormat.write(SyntheticData.twoMoons(40, 0.2, 2), testVectors);
        train = LibsvmFormat.read(trainVectors);
        test = LibsvmFormat.read(testVectors, train.dim());
        trainBags = dir.resolve("ring-train.csv");
        testBags = dir.resolve("ring-test.csv");
        CsvBagFormat.write(SyntheticData.ringBags(10, 2, 5, 1), trainBags);
        CsvBagFormat.write(SyntheticData.ringBags(8, 2, 5, 2), testBags);
        bagTrain = CsvBagFormat.read(trainBags);
        bagTest = CsvBagFormat.read(testBags);
    }

    private static FittedModel<Vec> fitVectors(String learner) {
        return Learners.vectors(learner).trainer(train, 3).fit(train);
    }

    /** Runs predict with --output and --json; returns the predicted lines and the summary. */
    private static Result predict(Path model, Path data, String name) throws Exception {
        Path out = dir.resolve(name + ".txt");
        Path json = dir.resolve(name + ".json");
        CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", data.toString(), "--output",
                out.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        return new Result(Files.readAllLines(out), TestJson.read(json), r);
    }

    private record Result(List<String> lines, JsonNode json, CliRun run) {
    }

    private static <X> void assertPredictsAsInProcess(Model<X> model, List<X> examples, List<String> truth, Result r,
                                                      String type) {
        assertThat(r.lines()).hasSize(examples.size());
        int ok = 0;
        for (int i = 0; i < examples.size(); i++) {
            String expected = model.classNames().get(model.predict(examples.get(i)));
            assertThat(r.lines().get(i)).as("example %d", i).isEqualTo(expected);
            ok += expected.equals(truth.get(i)) ? 1 : 0;
        }
        assertThat(r.json().get("model_type").asText()).isEqualTo(type);
        assertThat(r.json().get("n").asInt()).isEqualTo(examples.size());
        assertThat(r.json().get("accuracy").doubleValue()).isEqualTo((double) ok / examples.size());
        assertThat(r.json().get("predictions_file").asText()).endsWith(".txt");
        assertThat(r.run().out()).contains("predictions written to");
    }

    private static List<String> truth(LabeledDataset d) {
        List<String> t = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            t.add(d.classNames().get(d.classIndex(i)));
        }
        return t;
    }

    @Test
    void svmModelBehindItsScalerPredictsAsInProcess() throws Exception {
        Trainer<Vec, ? extends Model<Vec>> svm = (Trainer<Vec, ? extends Model<Vec>>) Learners.vectors("svm")
                .trainer(train, 3);
        ScaledModel<Vec> model = ScaledModel.trainer(FeatureScaling.STANDARD, svm).fit(train);
        Path file = dir.resolve("svm.model");
        Models.save(model, file);
        assertPredictsAsInProcess(model, test.points(), truth(test), predict(file, testVectors, "svm"), "svm");
    }

    @Test
    void cvmModelPredictsAsInProcess() throws Exception {
        Model<Vec> model = (Model<Vec>) fitVectors("cvm");
        Path file = dir.resolve("cvm.model");
        Models.save(model, file);
        assertPredictsAsInProcess(model, test.points(), truth(test), predict(file, testVectors, "cvm"), "cvm");
    }

    @Test
    void mklModelPredictsAsInProcess() throws Exception {
        Model<Vec> model = (Model<Vec>) fitVectors("sm1");
        Path file = dir.resolve("sm1.model");
        Models.save(model, file);
        assertPredictsAsInProcess(model, test.points(), truth(test), predict(file, testVectors, "sm1"), "mkl");
    }

    @Test
    void imkplModelPredictsAsInProcess() throws Exception {
        Model<Vec> model = (Model<Vec>) fitVectors("imkpl");
        Path file = dir.resolve("imkpl.model");
        Models.save(model, file);
        assertPredictsAsInProcess(model, test.points(), truth(test), predict(file, testVectors, "imkpl"), "imkpl");
    }

    @Test
    void bagModelsPredictAsInProcessFromCsvBagsAndMultiInstanceArff() throws Exception {
        Path arff = dir.resolve("ring-test.arff");
        ArffFormat.writeBags(bagTest, arff, "ring");
        List<String> truth = new ArrayList<>();
        for (int i = 0; i < bagTest.size(); i++) {
            truth.add(bagTest.classNames().get(bagTest.label(i)));
        }
        for (String learner : List.of("mikernel", "sparse-mi")) {
            Model<Bag> model = (Model<Bag>) Learners.bags(learner).trainer(bagTrain, 3).fit(bagTrain);
            Path file = dir.resolve(learner + ".model");
            Models.save(model, file);
            String type = Models.codecFor(model).type();
            assertPredictsAsInProcess(model, bagTest.bags(), truth, predict(file, testBags, learner + "-csv"), type);
            assertPredictsAsInProcess(model, bagTest.bags(), truth, predict(file, arff, learner + "-arff"), type);
        }
    }

    @Test
    void aSeriesModelReadsCsvSeriesByItsHeaderAndPredictsAsInProcess() throws Exception {
        // two classes of two-channel series: sin(t) or cos(2t) plus noise, and a noise channel
        java.util.Random rnd = new java.util.Random(5);
        StringBuilder sb = new StringBuilder("series,label,signal,noise\n");
        for (int i = 0; i < 10; i++) {
            int q = i % 2 + 1;
            for (int t = 0; t < 8; t++) {
                double sig = (q == 1 ? Math.sin(t) : Math.cos(2 * t)) + 0.05 * rnd.nextGaussian();
                sb.append('s').append(i).append(',').append(q).append(',').append(sig).append(',')
                        .append(rnd.nextGaussian()).append('\n');
            }
        }
        Path series = Files.writeString(dir.resolve("series.csv"), sb.toString());
        Path file = dir.resolve("series.model");
        CliRun t = CliRun.of("prototypes", "train", "--data", series.toString(), "--format", "csv-series", "--model",
                file.toString(), "--t", "2", "--max-iterations", "3");
        assertThat(t.exitCode()).as(t.err()).isZero();
        @SuppressWarnings("unchecked")
        Model<Vec> model = (Model<Vec>) Models.load(file);
        LabeledDataset points = dev.kernelkit.data.CsvSeriesFormat.read(series).data();
        assertPredictsAsInProcess(model, points.points(), truth(points), predict(file, series, "series"), "imkpl");
    }

    @Test
    void regressionModelPrintsValuesAndMseAndR2() throws Exception {
        // targets y = sin(2 x1) + x2 / 2 on the moons' points
        List<Vec> pts = train.points();
        double[] y = new double[pts.size()];
        for (int i = 0; i < y.length; i++) {
            double[] x = pts.get(i).toArray();
            y[i] = Math.sin(2 * x[0]) + 0.5 * x[1];
        }
        LabeledDataset targets = new LabeledDataset(pts, y);
        Path data = dir.resolve("targets.libsvm");
        LibsvmFormat.write(targets, data);
        LabeledDataset read = LibsvmFormat.readDense(data);
        RegressionModel<Vec> model = (RegressionModel<Vec>) Learners.vectors("cvr").trainer(read, 3).fit(read);
        Path file = dir.resolve("cvr.model");
        Models.save(model, file);
        Result r = predict(file, data, "cvr");
        double sse = 0;
        double mean = 0;
        for (int i = 0; i < read.size(); i++) {
            mean += read.y(i) / read.size();
        }
        double sst = 0;
        for (int i = 0; i < read.size(); i++) {
            double f = model.predict(read.x(i));
            assertThat(Double.parseDouble(r.lines().get(i))).isEqualTo(f);
            sse += (f - read.y(i)) * (f - read.y(i));
            sst += (read.y(i) - mean) * (read.y(i) - mean);
        }
        assertThat(r.json().get("model_type").asText()).isEqualTo("cvr");
        assertThat(r.json().get("accuracy").isNull()).isTrue();
        assertThat(r.json().get("mse").doubleValue()).isCloseTo(sse / read.size(), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(r.json().get("r2").doubleValue()).isCloseTo(1 - sse / sst, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(r.run().out()).contains("MSE").contains("R^2");
    }

    @Test
    void predictionsGoToStdoutAndTheSummaryToStderrWithoutOutput() throws Exception {
        Model<Vec> model = (Model<Vec>) fitVectors("svm");
        Path file = dir.resolve("svm-plain.model");
        Models.save(model, file);
        CliRun r = CliRun.of("predict", "--model", file.toString(), "--data", testVectors.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> expected = new ArrayList<>();
        for (Vec x : test.points()) {
            expected.add(model.predictName(x));
        }
        assertThat(r.out().lines().toList()).isEqualTo(expected);
        assertThat(r.err()).contains("accuracy");
    }

    @Test
    void aBagFileForAVectorModelAndTheReverseAreOneErrorLine() throws Exception {
        Path svm = dir.resolve("svm-kind.model");
        Models.save(fitVectors("svm"), svm);
        Path out = dir.resolve("never.txt");
        CliRun r = CliRun.of("predict", "--model", svm.toString(), "--data", testBags.toString(), "--output", out.toString());
        assertOneErrorLine(r, testBags.toString(), "holds bags (csv-bags), but the model " + svm + " (type svm) predicts vectors");
        assertThat(out).doesNotExist();
        Path mik = dir.resolve("mik-kind.model");
        Models.save(Learners.bags("mikernel").trainer(bagTrain, 1).fit(bagTrain), mik);
        r = CliRun.of("predict", "--model", mik.toString(), "--data", testVectors.toString());
        assertOneErrorLine(r, testVectors.toString(), "holds vectors (libsvm), but the model " + mik
                + " (type mikernel) predicts bags");
    }

    @Test
    void moreFeaturesThanTheModelIsOneErrorLine() throws Exception {
        Path svm = dir.resolve("svm-dim.model");
        Models.save(fitVectors("svm"), svm);
        Path wide = Files.writeString(dir.resolve("wide.libsvm"), "1 1:0.5 2:0.1\n-1 1:0.2 3:1.5\n");
        assertOneErrorLine(CliRun.of("predict", "--model", svm.toString(), "--data", wide.toString()),
                "wide.libsvm:2", "exceeds the dimension 2 of the model " + svm);
        // a dense ARFF file with three features
        Path arff = Files.writeString(dir.resolve("wide.arff"), """
                @relation wide
                @attribute a numeric
                @attribute b numeric
                @attribute c numeric
                @attribute class {-1,1}
                @data
                0.1,0.2,0.3,1
                """);
        assertOneErrorLine(CliRun.of("predict", "--model", svm.toString(), "--data", arff.toString()),
                arff.toString(), "dimension 3, expected 2");
        // bags whose instances have three features
        Path mik = dir.resolve("mik-dim.model");
        Models.save(Learners.bags("mikernel").trainer(bagTrain, 1).fit(bagTrain), mik);
        Path bags3 = dir.resolve("bags3.csv");
        CsvBagFormat.write(new BagDataset(List.of(new Bag("b1", List.of(new DenseVec(new double[] {1, 2, 3})))),
                BagDataset.BINARY_CLASSES, new int[] {1}), bags3);
        assertOneErrorLine(CliRun.of("predict", "--model", mik.toString(), "--data", bags3.toString()),
                bags3.toString(), "dimension 3, expected 2");
    }

    @Test
    void anUnknownModelTypeIsOneErrorLineNamingTheFile() throws Exception {
        Path svm = dir.resolve("svm-type.model");
        Models.save(fitVectors("svm"), svm);
        Path other = dir.resolve("other.model");
        Files.writeString(other, Files.readString(svm).replaceFirst("(?m)^type = svm$", "type = no-such-learner"));
        assertThat(Files.readString(other)).contains("type = no-such-learner");
        assertOneErrorLine(CliRun.of("predict", "--model", other.toString(), "--data", testVectors.toString()),
                "other.model", "no reader for model type 'no-such-learner'");
        assertOneErrorLine(CliRun.of("predict", "--model", testVectors.toString(), "--data", testVectors.toString()),
                "moons-test.libsvm", "not a kernelkit model file");
    }

    @Test
    void theJsonHoldsTheKeysTheReadmeDocuments() throws Exception {
        Map<String, List<String>> documented = ReadmeKeys.read();
        Path svm = dir.resolve("svm-keys.model");
        Models.save(fitVectors("svm"), svm);
        Result r = predict(svm, testVectors, "keys");
        assertThat(TestJson.keys(r.json())).containsAll(documented.get("predict"));
    }

    @Test
    void theSvmAndMklAliasesWriteTheSamePredictionsAsPredict() throws Exception {
        for (String learner : List.of("svm", "sm1")) {
            Path file = dir.resolve("alias-" + learner + ".model");
            Models.save(fitVectors(learner), file);
            String module = learner.equals("svm") ? "svm" : "mkl";
            Path aliasOut = dir.resolve("alias-" + learner + ".txt");
            CliRun a = CliRun.of(module, "predict", "--model", file.toString(), "--data", testVectors.toString(),
                    "--output", aliasOut.toString());
            assertThat(a.exitCode()).as(a.err()).isZero();
            assertThat(Files.readAllLines(aliasOut)).isEqualTo(predict(file, testVectors, "alias-" + learner).lines());
        }
    }

    @Test
    void theAliasesRefuseTheOtherInputKindAndMoreFeaturesWithTheSameMessage() throws Exception {
        Path svm = dir.resolve("alias-kind-svm.model");
        Models.save(fitVectors("svm"), svm);
        assertOneErrorLine(CliRun.of("svm", "predict", "--model", svm.toString(), "--data", testBags.toString()),
                testBags.toString(), "holds bags (csv-bags), but the model " + svm + " (type svm) predicts vectors");
        Path mkl = dir.resolve("alias-kind-mkl.model");
        Models.save(fitVectors("sm1"), mkl);
        assertOneErrorLine(CliRun.of("mkl", "predict", "--model", mkl.toString(), "--data", testBags.toString()),
                testBags.toString(), "holds bags (csv-bags), but the model " + mkl + " (type mkl) predicts vectors");
        Path wide = Files.writeString(dir.resolve("alias-wide.libsvm"), "1 1:0.5 2:0.1\n-1 1:0.2 3:1.5\n");
        Path imkpl = dir.resolve("alias-dim-imkpl.model");
        Models.save(fitVectors("imkpl"), imkpl);
        assertOneErrorLine(CliRun.of("prototypes", "predict", "--model", imkpl.toString(), "--data", wide.toString()),
                "alias-wide.libsvm:2", "exceeds the dimension 2 of the model " + imkpl);
        Path cvm = dir.resolve("alias-dim-cvm.model");
        Models.save(fitVectors("cvm"), cvm);
        assertOneErrorLine(CliRun.of("cvm", "predict", "--model", cvm.toString(), "--data", wide.toString()),
                "alias-wide.libsvm:2", "exceeds the dimension 2 of the model " + cvm);
    }

    static void assertOneErrorLine(CliRun r, String... parts) {
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err()).startsWith("kernelkit: error: ");
        for (String p : parts) {
            assertThat(r.err()).contains(p);
        }
        assertThat(r.err().lines()).hasSize(1);
    }
}
