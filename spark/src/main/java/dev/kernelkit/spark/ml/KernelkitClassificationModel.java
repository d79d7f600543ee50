package dev.kernelkit.spark.ml;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The model of a {@link KernelkitClassifier}: a kernelkit classifier as its model file (the text
 * {@code kernelkit predict} reads, {@link #modelText()}), a Spark ML {@link org.apache.spark.ml.Transformer}.
 *
 * <p>{@link #transform} scores on the executors with the model broadcast once (as its model-file text, parsed
 * once per executor copy, so every executor scores with the model {@code Models.load} gives): the input's
 * columns and {@code prediction} (the predicted class's label value, as the training labels had it, e.g. -1.0/1.0
 * or 0.0/1.0), {@code rawPrediction} (the decision values: (-f, f) for two classes, as MLlib's binary
 * classifiers give them so that {@code BinaryClassificationEvaluator} reads f; one value per class for more) and,
 * for a model trained with probability, {@code probability} (the class probabilities in label order).
 *
 * <p>A bag model scores bags, not rows: {@code transform} groups the rows by {@code bagCol} (the instances of a
 * bag in row order) and gives <b>one row per bag</b>: the bag column, the label column when the input has it
 * (the bag's first non-null label), and the outputs. So an evaluator counts bags, as the multi-instance
 * literature does; join the result back on the bag column for per-row output. (Spark's {@code CrossValidator}
 * splits rows, not bags: cross-validate bag learners with {@code kernelkit sparse-mi cv} or the harness on
 * Spark.)
 *
 * <p>{@link #write()} saves Spark's metadata and the model file {@value #MODEL_FILE} in the saved folder
 * (also inside a saved {@code PipelineModel}); {@link #read()} / {@link #load} read them back.
 */
public final class KernelkitClassificationModel extends org.apache.spark.ml.Model<KernelkitClassificationModel>
        implements MLWritable {
    private static final long serialVersionUID = 1L;

    /** The kernelkit model file's name in a saved model's folder. */
    public static final String MODEL_FILE = "kernelkit.model";

    private final String uid;
    private final ScoringModel scoring;
    private final Param<String> featuresCol;
    private final Param<String> labelCol;
    private final Param<String> bagCol;
    private final Param<String> predictionCol;
    private final Param<String> rawPredictionCol;
    private final Param<String> probabilityCol;

    /**
     * The model of a kernelkit model file's text (as {@link dev.kernelkit.io.Models#toText} writes it).
     *
     * @throws IllegalArgumentException when the text is not a kernelkit classifier's model file
     */
    public KernelkitClassificationModel(String uid, String modelText) {
        this.uid = uid;
        this.scoring = new ScoringModel(modelText);
        featuresCol = new Param<>(uid, "featuresCol", "features column name (Spark ML vectors)");
        labelCol = new Param<>(uid, "labelCol", "label column name, kept in the output of a bag model");
        bagCol = new Param<>(uid, "bagCol", "column whose value groups rows into bags (multi-instance models)");
        predictionCol = new Param<>(uid, "predictionCol", "prediction column name (the predicted label value)");
        rawPredictionCol = new Param<>(uid, "rawPredictionCol", "raw prediction column name (decision values)");
        probabilityCol = new Param<>(uid, "probabilityCol", "class probabilities column name (with probability)");
        setDefault(featuresCol, "features");
        setDefault(labelCol, "label");
        setDefault(predictionCol, "prediction");
        setDefault(rawPredictionCol, "rawPrediction");
        setDefault(probabilityCol, "probability");
    }

    @Override
    public String uid() {
        return uid;
    }

    /** The kernelkit model file's text: what {@link #write()} saves as {@value #MODEL_FILE}. */
    public String modelText() {
        return scoring.text();
    }

    /** The kernelkit model (as {@code Models.parse} reads {@link #modelText()}). */
    public dev.kernelkit.learn.Model<?> kernelkitModel() {
        return scoring.model();
    }

    /** Whether it writes the probability column (it was trained with probability). */
    public boolean hasProbabilities() {
        return scoring.hasProbabilities();
    }

    /** The features column (default {@code features}). */
    public Param<String> featuresCol() {
        return featuresCol;
    }

    /** The label column (default {@code label}; a bag model keeps it in its output). */
    public Param<String> labelCol() {
        return labelCol;
    }

    /** The column that groups rows into bags (bag models). */
    public Param<String> bagCol() {
        return bagCol;
    }

    /** The prediction column (default {@code prediction}). */
    public Param<String> predictionCol() {
        return predictionCol;
    }

    /** The decision values column (default {@code rawPrediction}). */
    public Param<String> rawPredictionCol() {
        return rawPredictionCol;
    }

    /** The probabilities column (default {@code probability}). */
    public Param<String> probabilityCol() {
        return probabilityCol;
    }

    /** Sets the features column. */
    public KernelkitClassificationModel setFeaturesCol(String value) {
        set(featuresCol, value);
        return this;
    }

    /** Sets the bag column. */
    public KernelkitClassificationModel setBagCol(String value) {
        set(bagCol, value);
        return this;
    }

    /** Sets the prediction column. */
    public KernelkitClassificationModel setPredictionCol(String value) {
        set(predictionCol, value);
        return this;
    }

    /** Sets the decision values column. */
    public KernelkitClassificationModel setRawPredictionCol(String value) {
        set(rawPredictionCol, value);
        return this;
    }

    /** Sets the probabilities column. */
    public KernelkitClassificationModel setProbabilityCol(String value) {
        set(probabilityCol, value);
        return this;
    }

    private Columns columns() {
        boolean bags = scoring.bags();
        if (bags && !isDefined(bagCol)) {
            throw new IllegalArgumentException("the " + scoring.model().report().learner() + " model scores bags: set "
                    + "bagCol to the column whose value groups the rows into bags");
        }
        return new Columns(getOrDefault(featuresCol), getOrDefault(labelCol), bags ? getOrDefault(bagCol) : null,
                getOrDefault(predictionCol), getOrDefault(rawPredictionCol), getOrDefault(probabilityCol));
    }

    /**
     * The output schema (see the class comment).
     *
     * @throws IllegalArgumentException for a missing column or one of the wrong type, or a bag model without
     *         bagCol
     */
    @Override
    public StructType transformSchema(StructType schema) {
        Columns c = columns();
        c.checkInput(schema, false);
        return c.output(schema, scoring.bags(), scoring.hasProbabilities());
    }

    /**
     * Scores the rows (vector model) or the bags (bag model) on the executors; see the class comment.
     *
     * @throws IllegalArgumentException as {@link #transformSchema}; a vector of another dimension than the
     *         model's fails the job with a message naming the column and both dimensions
     */
    @Override
    public Dataset<Row> transform(Dataset<?> dataset) {
        transformSchema(dataset.schema());
        Columns c = columns();
        boolean probabilities = scoring.hasProbabilities();
        Broadcast<ScoringModel> model = JavaSparkContext.fromSparkContext(dataset.sparkSession().sparkContext())
                .broadcast(scoring);
        String features = c.features();
        String scored = "__kernelkit_scored";
        Dataset<Row> withScores;
        List<Column> keep = new ArrayList<>();
        if (!scoring.bags()) {
            UserDefinedFunction score = functions.udf((UDF1<Vector, Row>) v -> {
                ScoringModel m = model.value();
                return m.score(m.vec(v, features));
            }, Columns.scoreType(probabilities));
            withScores = dataset.withColumn(scored, score.apply(functions.col(features)));
            for (String name : dataset.schema().fieldNames()) {
                keep.add(functions.col(name));
            }
        } else {
            String row = "__kernelkit_row";
            String instances = "__kernelkit_instances";
            UserDefinedFunction score = functions.udf((UDF2<Object, scala.collection.Seq<Row>, Row>) (id, rows) -> {
                ScoringModel m = model.value();
                List<Row> list = new ArrayList<>(CollectionConverters.asJava(rows));
                list.sort(Comparator.comparingLong(r -> r.getLong(0)));
                List<Vector> vs = new ArrayList<>(list.size());
                for (Row r : list) {
                    vs.add((Vector) r.get(1));
                }
                return m.score(m.bag(String.valueOf(id), vs, features));
            }, Columns.scoreType(probabilities));
            boolean hasLabel = Arrays.asList(dataset.schema().fieldNames()).contains(c.label());
            Column collected = functions.collect_list(functions.struct(functions.col(row), functions.col(features)))
                    .as(instances);
            Dataset<Row> grouped = hasLabel
                    ? dataset.withColumn(row, functions.monotonically_increasing_id()).groupBy(functions.col(c.bag()))
                            .agg(collected, functions.first(functions.col(c.label()), true).as(c.label()))
                    : dataset.withColumn(row, functions.monotonically_increasing_id()).groupBy(functions.col(c.bag()))
                            .agg(collected);
            withScores = grouped.withColumn(scored, score.apply(functions.col(c.bag()), functions.col(instances)));
            keep.add(functions.col(c.bag()));
            if (hasLabel) {
                keep.add(functions.col(c.label()));
            }
        }
        keep.add(functions.col(scored + ".prediction").as(c.prediction()));
        keep.add(functions.col(scored + ".rawPrediction").as(c.rawPrediction()));
        if (probabilities) {
            keep.add(functions.col(scored + ".probability").as(c.probability()));
        }
        return withScores.select(keep.toArray(new Column[0]));
    }

    @Override
    public KernelkitClassificationModel copy(ParamMap extra) {
        KernelkitClassificationModel copy = new KernelkitClassificationModel(uid, scoring.text());
        return copyValues(copy, extra).setParent(parent());
    }

    @Override
    public MLWriter write() {
        return new Writer(this);
    }

    /** The reader of a saved model (Spark's pipeline loading calls it). */
    public static MLReader<KernelkitClassificationModel> read() {
        return new Reader();
    }

    /** Loads a model saved with {@link #save}. */
    public static KernelkitClassificationModel load(String path) {
        return read().load(path);
    }

    /** Writes Spark's metadata (uid, parameters) and the kernelkit model file into the folder. */
    private static final class Writer extends MLWriter {
        private final KernelkitClassificationModel instance;

        Writer(KernelkitClassificationModel instance) {
            this.instance = instance;
        }

        @Override
        public void saveImpl(String path) {
            DefaultParamsWriter.saveMetadata(instance, path, sparkSession());
            Path file = new Path(path, MODEL_FILE);
            try {
                FileSystem fs = file.getFileSystem(sparkSession().sparkContext().hadoopConfiguration());
                try (OutputStream out = fs.create(file, false)) {
                    out.write(instance.modelText().getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /** Reads what {@link Writer} wrote. */
    private static final class Reader extends MLReader<KernelkitClassificationModel> {
        @Override
        public KernelkitClassificationModel load(String path) {
            DefaultParamsReader.Metadata metadata = DefaultParamsReader.loadMetadata(path, sparkSession(),
                    KernelkitClassificationModel.class.getName());
            Path file = new Path(path, MODEL_FILE);
            String text;
            try {
                FileSystem fs = file.getFileSystem(sparkSession().sparkContext().hadoopConfiguration());
                try (InputStream in = fs.open(file)) {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    in.transferTo(bytes);
                    text = bytes.toString(StandardCharsets.UTF_8);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
            KernelkitClassificationModel model;
            try {
                model = new KernelkitClassificationModel(metadata.uid(), text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
            }
            metadata.getAndSetParams(model, scala.Option.empty());
            return model;
        }
    }
}
