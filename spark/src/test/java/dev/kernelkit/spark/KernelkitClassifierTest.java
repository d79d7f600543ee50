package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Calibrated;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.spark.ml.KernelkitClassificationModel;
import dev.kernelkit.spark.ml.KernelkitClassifier;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark ML classifier ({@code local[2,4]}, the shared session) against the one-machine catalog learner on
 * the same points and seed: in a Pipeline with VectorAssembler, saved, loaded and scored, for a vector learner
 * (svm) and a bag learner (mikernel); the model file inside the saved folder against {@code Models.load};
 * CrossValidator over two values of C; one-line errors for bad settings.
 */
class KernelkitClassifierTest {
    private final SparkSession spark = SharedSpark.session();

    /** Rows (id, x0, ..., x{d-1}, label) of vectors. */
    private Dataset<Row> vectorFrame(LabeledDataset data) {
        int d = data.dim();
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField("id", DataTypes.IntegerType, false));
        for (int j = 0; j < d; j++) {
            fields.add(DataTypes.createStructField("x" + j, DataTypes.DoubleType, false));
        }
        fields.add(DataTypes.createStructField("label", DataTypes.DoubleType, false));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            Object[] r = new Object[d + 2];
            r[0] = i;
            for (int j = 0; j < d; j++) {
                r[j + 1] = data.x(i).get(j);
            }
            r[d + 1] = data.y(i);
            rows.add(RowFactory.create(r));
        }
        return spark.createDataFrame(rows, DataTypes.createStructType(fields));
    }

    /** Rows (bag, x0, ..., x{d-1}, label) of the bags' instances, bag after bag. */
    private Dataset<Row> bagFrame(BagDataset data) {
        int d = data.dim();
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField("bag", DataTypes.StringType, false));
        for (int j = 0; j < d; j++) {
            fields.add(DataTypes.createStructField("x" + j, DataTypes.DoubleType, false));
        }
        fields.add(DataTypes.createStructField("label", DataTypes.DoubleType, false));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            for (Vec v : data.bag(i).instances()) {
                Object[] r = new Object[d + 2];
                r[0] = data.bag(i).id();
                for (int j = 0; j < d; j++) {
                    r[j + 1] = v.get(j);
                }
                r[d + 1] = data.sign(i);
                rows.add(RowFactory.create(r));
            }
        }
        return spark.createDataFrame(rows, DataTypes.createStructType(fields));
    }

    private static VectorAssembler assembler(int d) {
        String[] in = new String[d];
        for (int j = 0; j < d; j++) {
            in[j] = "x" + j;
        }
        return new VectorAssembler().setInputCols(in).setOutputCol("features");
    }

    /** The kernelkit model file inside a saved folder (a pipeline's or a model's). */
    private static Path modelFile(Path saved) throws Exception {
        try (Stream<Path> files = Files.walk(saved)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().equals(KernelkitClassificationModel.MODEL_FILE))
                    .toList();
            assertThat(found).hasSize(1);
            return found.get(0);
        }
    }

    @Test
    void svmPipelineSavedLoadedAndScoredPredictsAsTheCatalogSvmAndAsItsModelFile(@TempDir Path dir) throws Exception {
        LabeledDataset train = SyntheticData.twoMoons(80, 0.2, 5);
        LabeledDataset test = SyntheticData.twoMoons(60, 0.2, 6);
        KernelkitClassifier svm = new KernelkitClassifier().setLearner("svm").setParam("c", 10).setParam("gamma", 2)
                .setSeed(7);
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {assembler(2), svm});
        PipelineModel fitted = pipeline.fit(vectorFrame(train));
        Path saved = dir.resolve("pipeline");
        fitted.write().save(saved.toString());
        PipelineModel loaded = PipelineModel.load(saved.toString());
        List<Row> scored = loaded.transform(vectorFrame(test)).orderBy("id")
                .select("id", "label", "prediction", "rawPrediction").collectAsList();
        List<Row> scoredBeforeSaving = fitted.transform(vectorFrame(test)).orderBy("id")
                .select("id", "label", "prediction", "rawPrediction").collectAsList();

        @SuppressWarnings("unchecked")
        Model<Vec> here = (Model<Vec>) Learners.vectors("svm").trainer(train, 7, Map.of("c", "10", "gamma", "2"))
                .fit(train);
        @SuppressWarnings("unchecked")
        Model<Vec> file = (Model<Vec>) Models.load(modelFile(saved));
        assertThat(scored).hasSize(test.size());
        assertThat(scored).isEqualTo(scoredBeforeSaving);
        int agreeWithLabels = 0;
        for (Row r : scored) {
            Vec x = test.x(r.getInt(0));
            double expected = Double.parseDouble(here.predictName(x));
            assertThat(r.getDouble(2)).as("prediction of point %d", r.getInt(0)).isEqualTo(expected);
            Vector raw = (Vector) r.get(3);
            assertThat(raw.size()).isEqualTo(2);
            assertThat(raw.apply(0)).isEqualTo(-raw.apply(1));
            assertThat(raw.apply(1)).isCloseTo(here.decisions(x)[0], org.assertj.core.data.Offset.offset(1e-9));
            // the model in the saved folder is the file kernelkit predict reads: the same bits
            assertThat(Double.doubleToLongBits(raw.apply(1))).isEqualTo(Double.doubleToLongBits(file.decisions(x)[0]));
            agreeWithLabels += r.getDouble(2) == r.getDouble(1) ? 1 : 0;
        }
        assertThat(agreeWithLabels).as("test accuracy on two moons").isGreaterThan(50);
        // (repartitioned, so that the optimizer cannot evaluate the projection on the local rows itself)
        String plan = loaded.transform(vectorFrame(test).repartition(2)).queryExecution().optimizedPlan().toString();
        assertThat(plan.split("UDF\\(features", -1)).as("the model is applied once per row: %s", plan).hasSize(2);
        assertThat(Stream.of(loaded.transform(vectorFrame(test)).columns()))
                .containsExactly("id", "x0", "x1", "label", "features", "prediction", "rawPrediction");
    }

    @Test
    void bagLearnerPipelineSavedLoadedAndScoredGivesOneRowPerBagAsTheCatalogModel(@TempDir Path dir)
            throws Exception {
        BagDataset train = TestData.randomBags(30, 4, 3, 3.0, 21);
        BagDataset test = TestData.randomBags(20, 4, 3, 3.0, 22);
        KernelkitClassifier mi = new KernelkitClassifier().setLearner("mikernel").setBagCol("bag").setSeed(3);
        PipelineModel fitted = new Pipeline().setStages(new PipelineStage[] {assembler(3), mi}).fit(bagFrame(train));
        Path saved = dir.resolve("pipeline");
        fitted.write().save(saved.toString());
        PipelineModel loaded = PipelineModel.load(saved.toString());
        Dataset<Row> out = loaded.transform(bagFrame(test));
        assertThat(out.columns()).containsExactly("bag", "label", "prediction", "rawPrediction");
        List<Row> scored = out.collectAsList();

        @SuppressWarnings("unchecked")
        Model<Bag> here = (Model<Bag>) Learners.bags("mikernel").trainer(train, 3).fit(train);
        @SuppressWarnings("unchecked")
        Model<Bag> file = (Model<Bag>) Models.load(modelFile(saved));
        Map<String, Bag> byId = new HashMap<>();
        Map<String, Double> labels = new HashMap<>();
        for (int i = 0; i < test.size(); i++) {
            byId.put(test.bag(i).id(), test.bag(i));
            labels.put(test.bag(i).id(), test.sign(i));
        }
        assertThat(scored).hasSize(test.size());
        for (Row r : scored) {
            Bag b = byId.get(r.getString(0));
            assertThat(r.getDouble(1)).isEqualTo(labels.get(b.id()));
            assertThat(r.getDouble(2)).as("prediction of bag %s", b.id())
                    .isEqualTo(Double.parseDouble(here.predictName(b)));
            Vector raw = (Vector) r.get(3);
            assertThat(raw.apply(1)).isCloseTo(here.decisions(b)[0], org.assertj.core.data.Offset.offset(1e-9));
            assertThat(Double.doubleToLongBits(raw.apply(1))).isEqualTo(Double.doubleToLongBits(file.decisions(b)[0]));
        }
    }

    @Test
    void crossValidatorOverTwoValuesOfCPicksTheBetterOne() {
        LabeledDataset moons = SyntheticData.twoMoons(80, 0.2, 8);
        KernelkitClassifier svm = new KernelkitClassifier().setLearner("svm").setParam("gamma", 2);
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {assembler(2), svm});
        ParamMap[] grid = new ParamGridBuilder().addGrid(svm.realParam("c"), new double[] {0.001, 10}).build();
        CrossValidatorModel cv = new CrossValidator().setEstimator(pipeline).setEstimatorParamMaps(grid)
                .setEvaluator(new MulticlassClassificationEvaluator().setMetricName("accuracy")).setNumFolds(2)
                .setSeed(4).fit(vectorFrame(moons));

        double[] accuracy = cv.avgMetrics();
        assertThat(accuracy).hasSize(2);
        // c = 0.001 leaves every alpha at its bound of 0.001: nearly a constant decision on two moons
        assertThat(accuracy[1]).isGreaterThan(accuracy[0]).isGreaterThan(0.85);
        KernelkitClassificationModel best = (KernelkitClassificationModel) ((PipelineModel) cv.bestModel()).stages()[1];
        assertThat(best.modelText()).contains("provenance.param.c = 10\n");
    }

    @Test
    void probabilityTrainsTheCalibratedCatalogModelAndAddsItsProbabilities() {
        LabeledDataset train = SyntheticData.twoMoons(60, 0.2, 12);
        Dataset<Row> frame = assembler(2).transform(vectorFrame(train));
        KernelkitClassificationModel model = new KernelkitClassifier().setLearner("svm").setParam("c", 10)
                .setProbability(true).setSeed(5).fit(frame);
        List<Row> rows = model.transform(frame).orderBy("id").select("id", "prediction", "probability").collectAsList();

        @SuppressWarnings({"unchecked", "rawtypes"})
        Model<Vec> here = (Model<Vec>) Calibrated.trainer((Trainer) Learners.vectors("svm").trainer(train, 5,
                Map.of("c", "10")), 5).fit(train);
        assertThat(model.hasProbabilities()).isTrue();
        for (Row r : rows) {
            Vec x = train.x(r.getInt(0));
            double[] p = ((Vector) r.get(2)).toArray();
            assertThat(p).containsExactly(here.probabilities(x), org.assertj.core.data.Offset.offset(1e-9));
            assertThat(r.getDouble(1)).isEqualTo(Double.parseDouble(here.predictName(x)));
        }
        assertThat(new KernelkitClassifier().setLearner("svm").fit(frame).transform(frame).columns())
                .doesNotContain("probability");
    }

    @Test
    void anUnfittedPipelineSavesAndLoadsTheLearnerAndItsHyperParameters(@TempDir Path dir) throws Exception {
        KernelkitClassifier mi = new KernelkitClassifier().setLearner("mikernel").setBagCol("bag").setParam("c", 3.5)
                .setParam("gamma", 0.25).setSeed(9).setProbability(true);
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {assembler(3), mi});
        pipeline.write().save(dir.resolve("p").toString());
        KernelkitClassifier back = (KernelkitClassifier) Pipeline.load(dir.resolve("p").toString()).getStages()[1];

        assertThat(back.uid()).isEqualTo(mi.uid());
        assertThat(back.getOrDefault(back.learner())).isEqualTo("mikernel");
        assertThat(back.getOrDefault(back.bagCol())).isEqualTo("bag");
        assertThat(back.getOrDefault(back.seed())).isEqualTo(9L);
        assertThat(back.getOrDefault(back.probability())).isEqualTo(true);
        assertThat(back.getOrDefault(back.realParam("c"))).isEqualTo(3.5);
        assertThat(back.getOrDefault(back.realParam("gamma"))).isEqualTo(0.25);
        assertThat(back.isSet(back.hyperParam("max-iterations"))).isFalse();
        assertThat(back.extractParamMap().toString()).isEqualTo(mi.extractParamMap().toString());
    }

    @Test
    void unknownLearnerUnknownParameterAndBadValueAreOneLineErrorsNamingThem() {
        Dataset<Row> moons = assembler(2).transform(vectorFrame(SyntheticData.twoMoons(20, 0.2, 9)));

        assertThatThrownBy(() -> new KernelkitClassifier().setLearner("no-such-learner").fit(moons))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown learner 'no-such-learner' for vectors; known: svm")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> new KernelkitClassifier().setParam("no-such-param", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no catalog learner has a parameter 'no-such-param'; known: ")
                .hasMessageNotContaining("\n");
        KernelkitClassifier probe = new KernelkitClassifier();
        List<String> svmParams = Learners.vectors("svm").params().stream().map(dev.kernelkit.learn.Param::name)
                .toList();
        String notSvms = probe.hyperParamNames().stream().filter(n -> !svmParams.contains(n)).findFirst()
                .orElseThrow();
        assertThatThrownBy(() -> new KernelkitClassifier().setLearner("svm").setParam(notSvms, 1).fit(moons))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("learner 'svm' has no parameter '" + notSvms + "'; its parameters: ")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> new KernelkitClassifier().setLearner("svm").setParam("c", -1).fit(moons))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'svm': parameter c = '-1' is out of range (valid: > 0)");
        assertThatThrownBy(() -> new KernelkitClassifier().setParam("c", "ten"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter c takes a number, got 'ten'");
    }

    @Test
    void aBagLearnerWithoutBagColAndAVectorLearnerWithBagColSaySo() {
        Dataset<Row> moons = assembler(2).transform(vectorFrame(SyntheticData.twoMoons(20, 0.2, 9)));
        Dataset<Row> bags = assembler(3).transform(bagFrame(TestData.randomBags(10, 3, 3, 3.0, 1)));

        assertThatThrownBy(() -> new KernelkitClassifier().setLearner("mikernel").fit(moons))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'mikernel' learns from bags: set bagCol to the column whose value groups the "
                        + "rows into bags");
        // svm on bags is bag-svm (its alias); a vector learner without a bag namesake refuses bags
        String vectorsOnly = Learners.all(InputKind.VECTORS).stream().map(Learner::name).filter(n -> {
            try {
                Learners.find(n, InputKind.BAGS);
                return false;
            } catch (IllegalArgumentException e) {
                return true;
            }
        }).findFirst().orElseThrow();
        assertThatThrownBy(() -> new KernelkitClassifier().setLearner(vectorsOnly).setBagCol("bag").fit(bags))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner '" + vectorsOnly + "' learns from vectors, but bagCol is set ('bag'): clear "
                        + "bagCol or choose a bag learner");
        assertThatThrownBy(() -> new KernelkitClassifier().setLearner("mikernel").setBagCol("group").fit(bags))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("bagCol 'group' is not a column of the input; its columns: bag, x0");
    }

    @Test
    void readmeExampleTunesCOnALibsvmFileAndSavesAModelFileKernelkitPredictReads(@TempDir Path dir) throws Exception {
        LabeledDataset moons = SyntheticData.twoMoons(80, 0.2, 10);
        LibsvmFormat.write(moons, dir.resolve("moons.libsvm"));
        String dataFile = dir.resolve("moons.libsvm").toString();
        String modelDir = dir.resolve("moons-svm").toString();
        // README-BEGIN
        Dataset<Row> data = spark.read().format("libsvm").load(dataFile);      // label (+1/-1), features
        KernelkitClassifier svm = new KernelkitClassifier().setLearner("svm").setParam("gamma", 2);
        ParamMap[] grid = new ParamGridBuilder().addGrid(svm.realParam("c"), new double[] {1, 10}).build();
        CrossValidatorModel cv = new CrossValidator().setEstimator(svm).setEstimatorParamMaps(grid)
                .setEvaluator(new MulticlassClassificationEvaluator().setMetricName("accuracy"))
                .setNumFolds(3).setSeed(1).fit(data);
        KernelkitClassificationModel best = (KernelkitClassificationModel) cv.bestModel();
        Dataset<Row> scored = best.transform(data);                          // + prediction, rawPrediction
        best.write().overwrite().save(modelDir);                             // modelDir/kernelkit.model
        // README-END

        String readme = Files.readString(Path.of("..", "README.md").toAbsolutePath().normalize());
        String source = Files.readString(Path.of("src/test/java/dev/kernelkit/spark/KernelkitClassifierTest.java"));
        String snippet = source.substring(source.indexOf("// README-BEGIN\n") + 16, source.indexOf("        // README-END"))
                .lines().map(l -> l.substring(8)).reduce("", (a, b) -> a + b + "\n");
        assertThat(readme).as("README's Spark ML block is this test's code").contains("```java\n" + snippet + "```\n");

        @SuppressWarnings("unchecked")
        Model<Vec> file = (Model<Vec>) Models.load(Path.of(modelDir, KernelkitClassificationModel.MODEL_FILE));
        List<Row> rows = scored.select("features", "rawPrediction", "prediction").collectAsList();
        assertThat(rows).hasSize(moons.size());
        for (Row r : rows) {
            Vector v = (Vector) r.get(0);
            Vec x = DenseVec.of(v.toArray());
            assertThat(((Vector) r.get(1)).apply(1)).isCloseTo(file.decisions(x)[0],
                    org.assertj.core.data.Offset.offset(1e-12));
            assertThat(r.getDouble(2)).isEqualTo(Double.parseDouble(file.predictName(x)));
        }
    }
}
