package dev.kernelkit.spark.ml;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Calibrated;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;

/**
 * A Spark ML {@link Estimator} for any classifier of the kernelkit learner catalog ({@link Learners}): the
 * kernel SVM, the core vector machine, the multi-instance learners, MKL, ... by its catalog name
 * ({@link #setLearner}, default {@code svm}); its model is a {@link KernelkitClassificationModel}.
 *
 * <pre>{@code
 * KernelkitClassifier svm = new KernelkitClassifier().setLearner("svm").setParam("c", 10).setParam("gamma", 0.5);
 * }</pre>
 *
 * <p><b>Columns.</b> {@code featuresCol} (default {@code features}) holds Spark ML vectors (dense ones stay
 * dense, sparse ones sparse); {@code labelCol} (default {@code label}) the class labels as they come, any
 * numbers (e.g. -1/+1, or 0/1 from Spark's {@code libsvm} reader): the classes are the distinct label values
 * and the model predicts those values. A multi-instance learner (e.g. {@code mikernel}, {@code bag-svm})
 * needs {@code bagCol}: the rows with one value of that column are the instances of one bag (in row order)
 * and must share the bag's label. A name that means a vector learner and a bag learner ({@code cvm} is
 * {@code bag-cvm} on bags) is resolved by whether bagCol is set.
 *
 * <p><b>Hyper-parameters.</b> Every named parameter of every catalog learner ({@link
 * dev.kernelkit.learn.Learner#params()}: {@code c}, {@code gamma}, {@code max-iterations}, ...) is a Spark
 * {@link Param} of this estimator, created in the constructor from the catalog on the class path: a
 * {@link DoubleParam} for real parameters (and for a name that is real in one learner, integer in another),
 * an {@link IntParam} for integer ones, a {@code Param<String>} for words and texts. So a
 * {@code ParamGridBuilder} varies them like MLlib's own parameters ({@code addGrid(svm.realParam("c"), new
 * double[] {1, 10})}) and pipelines save and load them by name. A parameter left unset takes the learner's
 * default (the paper's, computed from the training set where it is data-dependent). Which parameters a learner
 * takes, and their valid ranges, the catalog says ({@code kernelkit learners}); a set parameter the chosen
 * learner does not take, or a value out of its range, is one {@link IllegalArgumentException} naming the
 * learner, the parameter and the value, raised by {@link #transformSchema} (so by {@code Pipeline.fit} before
 * any job runs) and by {@link #fit}.
 *
 * <p><b>Fitting collects the training set to the driver</b> and fits there with the catalog learner, as
 * {@code kernelkit train} does (without scaling: put a {@code StandardScaler} in the pipeline): the kernel
 * methods here need the whole training set in one place. The learner that does not is the core vector
 * machine on Spark ({@code dev.kernelkit.spark.cvm}). {@code seed} (default 1, as on the command line) seeds the
 * learner; {@code probability} (default false) trains with probability outputs ({@link Calibrated#trainer}:
 * Platt sigmoids from an internal 5-fold cross-validation, as LIBSVM's {@code -b 1}), which adds the
 * {@code probabilityCol} column to the model's output.
 *
 * <p>Saved with {@link #save} / {@code write()}, loaded with {@link #load} / {@link #read()} (its parameters
 * as Spark's default writer stores them).
 */
public final class KernelkitClassifier extends Estimator<KernelkitClassificationModel>
        implements DefaultParamsWritable {
    private static final long serialVersionUID = 1L;

    /** The default seed, as {@code kernelkit train --seed}. */
    public static final long DEFAULT_SEED = 1;

    private final String uid;
    private final Param<String> learner;
    private final Param<String> featuresCol;
    private final Param<String> labelCol;
    private final Param<String> bagCol;
    private final LongParam seed;
    private final BooleanParam probability;
    private final Param<String> predictionCol;
    private final Param<String> rawPredictionCol;
    private final Param<String> probabilityCol;
    /** Catalog parameter name to its Spark param, by name. */
    private final Map<String, Param<?>> hyper;
    private volatile Param<?>[] allParams;

    /** An estimator with a fresh uid. */
    public KernelkitClassifier() {
        this(Identifiable.randomUID("kernelkit"));
    }

    /**
     * An estimator with this uid (Spark's pipeline loading and {@code copy} call it).
     *
     * @throws IllegalStateException when a catalog learner's parameter has the name of one of this
     *         estimator's own parameters
     */
    public KernelkitClassifier(String uid) {
        this.uid = uid;
        learner = new Param<>(uid, "learner", "the catalog name of the learner (kernelkit learners), e.g. svm, "
                + "cvm, mikernel, sparse-mi");
        featuresCol = new Param<>(uid, "featuresCol", "features column name (Spark ML vectors)");
        labelCol = new Param<>(uid, "labelCol", "label column name (class labels, any numbers)");
        bagCol = new Param<>(uid, "bagCol", "column whose value groups rows into bags (multi-instance learners)");
        seed = new LongParam(uid, "seed", "the learner's random seed");
        probability = new BooleanParam(uid, "probability", "whether to train with probability outputs (Platt "
                + "sigmoids from an internal 5-fold cross-validation)");
        predictionCol = new Param<>(uid, "predictionCol", "prediction column name (the predicted label value)");
        rawPredictionCol = new Param<>(uid, "rawPredictionCol", "raw prediction column name (decision values)");
        probabilityCol = new Param<>(uid, "probabilityCol", "class probabilities column name (with probability)");
        setDefault(learner, "svm");
        setDefault(featuresCol, "features");
        setDefault(labelCol, "label");
        setDefault(seed, DEFAULT_SEED);
        setDefault(probability, false);
        setDefault(predictionCol, "prediction");
        setDefault(rawPredictionCol, "rawPrediction");
        setDefault(probabilityCol, "probability");
        hyper = hyperParams(uid);
    }

    /** One Spark param per parameter name of the catalog's learners. */
    private static Map<String, Param<?>> hyperParams(String uid) {
        Map<String, List<dev.kernelkit.learn.Param>> byName = new TreeMap<>();
        Map<String, List<String>> learnersOf = new TreeMap<>();
        for (Learner<?> l : Learners.all()) {
            if (l.task() != Task.CLASSIFICATION) {
                continue;
            }
            for (dev.kernelkit.learn.Param p : l.params()) {
                byName.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(p);
                learnersOf.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(l.name());
            }
        }
        List<String> own = List.of("learner", "featurescol", "labelcol", "bagcol", "seed", "probability",
                "predictioncol", "rawpredictioncol", "probabilitycol");
        Map<String, Param<?>> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<dev.kernelkit.learn.Param>> e : byName.entrySet()) {
            String name = e.getKey();
            if (own.contains(name)) {
                throw new IllegalStateException("the catalog parameter '" + name + "' of " + learnersOf.get(name)
                        + " has the name of a KernelkitClassifier parameter");
            }
            TreeSet<dev.kernelkit.learn.Param.Type> types = e.getValue().stream().map(dev.kernelkit.learn.Param::type)
                    .collect(Collectors.toCollection(TreeSet::new));
            String doc = e.getValue().get(0).description() + " (learners: " + String.join(", ",
                    learnersOf.get(name)) + ")";
            Param<?> p;
            if (types.equals(new TreeSet<>(List.of(dev.kernelkit.learn.Param.Type.INTEGER)))) {
                p = new IntParam(uid, name, doc);
            } else if (types.stream().allMatch(t -> t == dev.kernelkit.learn.Param.Type.REAL
                    || t == dev.kernelkit.learn.Param.Type.INTEGER)) {
                p = new DoubleParam(uid, name, doc);
            } else {
                p = new Param<String>(uid, name, doc);
            }
            out.put(name, p);
        }
        return out;
    }

    @Override
    public String uid() {
        return uid;
    }

    /**
     * This estimator's own parameters and one per catalog parameter name, sorted by name (Spark finds the
     * former by reflection; the latter exist only once the catalog is read).
     */
    @Override
    public Param<?>[] params() {
        Param<?>[] all = allParams;
        if (all == null) {
            List<Param<?>> list = new ArrayList<>(Arrays.asList(super.params()));
            list.addAll(hyper.values());
            list.sort(Comparator.comparing(Param::name));
            all = list.toArray(new Param<?>[0]);
            allParams = all;
        }
        return all.clone();
    }

    /** The learner's catalog name (default {@code svm}). */
    public Param<String> learner() {
        return learner;
    }

    /** The features column (default {@code features}). */
    public Param<String> featuresCol() {
        return featuresCol;
    }

    /** The label column (default {@code label}). */
    public Param<String> labelCol() {
        return labelCol;
    }

    /** The column that groups rows into bags (unset: every row is one example). */
    public Param<String> bagCol() {
        return bagCol;
    }

    /** The learner's seed (default 1). */
    public LongParam seed() {
        return seed;
    }

    /** Whether to train with probability outputs (default false). */
    public BooleanParam probability() {
        return probability;
    }

    /** The prediction column (default {@code prediction}). */
    public Param<String> predictionCol() {
        return predictionCol;
    }

    /** The decision values column (default {@code rawPrediction}). */
    public Param<String> rawPredictionCol() {
        return rawPredictionCol;
    }

    /** The probabilities column (default {@code probability}), written by a model trained with probability. */
    public Param<String> probabilityCol() {
        return probabilityCol;
    }

    /**
     * The Spark param of a catalog hyper-parameter (name matched ignoring case, as on the command line).
     *
     * @throws IllegalArgumentException naming the known hyper-parameters when no catalog classifier has it
     */
    public Param<?> hyperParam(String name) {
        String key = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        Param<?> p = hyper.get(key);
        if (p == null) {
            throw new IllegalArgumentException("no catalog learner has a parameter '" + name + "'; known: "
                    + String.join(", ", hyper.keySet()));
        }
        return p;
    }

    /**
     * The Spark param of a real hyper-parameter, for {@code ParamGridBuilder.addGrid(param, double[])}.
     *
     * @throws IllegalArgumentException when no catalog learner has it, or it is not real
     */
    public DoubleParam realParam(String name) {
        if (hyperParam(name) instanceof DoubleParam d) {
            return d;
        }
        throw new IllegalArgumentException("parameter '" + name + "' is not real in the catalog: use hyperParam");
    }

    /** The names of the hyper-parameters, sorted. */
    public List<String> hyperParamNames() {
        return List.copyOf(hyper.keySet());
    }

    /** Sets the learner by its catalog name (or an alias, such as {@code cvm} for {@code bag-cvm} on bags). */
    public KernelkitClassifier setLearner(String value) {
        set(learner, value);
        return this;
    }

    /** Sets the features column. */
    public KernelkitClassifier setFeaturesCol(String value) {
        set(featuresCol, value);
        return this;
    }

    /** Sets the label column. */
    public KernelkitClassifier setLabelCol(String value) {
        set(labelCol, value);
        return this;
    }

    /** Sets the column that groups rows into bags. */
    public KernelkitClassifier setBagCol(String value) {
        set(bagCol, value);
        return this;
    }

    /** Sets the learner's seed. */
    public KernelkitClassifier setSeed(long value) {
        set(seed, value);
        return this;
    }

    /** Sets whether to train with probability outputs. */
    public KernelkitClassifier setProbability(boolean value) {
        set(probability, value);
        return this;
    }

    /** Sets the prediction column. */
    public KernelkitClassifier setPredictionCol(String value) {
        set(predictionCol, value);
        return this;
    }

    /** Sets the decision values column. */
    public KernelkitClassifier setRawPredictionCol(String value) {
        set(rawPredictionCol, value);
        return this;
    }

    /** Sets the probabilities column. */
    public KernelkitClassifier setProbabilityCol(String value) {
        set(probabilityCol, value);
        return this;
    }

    /**
     * Sets a catalog hyper-parameter by name (ignoring case): a number for a real or integer parameter (an
     * integer parameter takes a whole number), any value for a word or text parameter (its text). The learner
     * checks the value against its range when it fits ({@link #transformSchema}, {@link #fit}).
     *
     * @throws IllegalArgumentException naming the parameter when no catalog learner has it, or the value is of
     *         the wrong type
     */
    @SuppressWarnings("unchecked")
    public KernelkitClassifier setParam(String name, Object value) {
        Param<?> p = hyperParam(name);
        if (p instanceof DoubleParam d) {
            set(d, number(p, value).doubleValue());
        } else if (p instanceof IntParam i) {
            Number n = number(p, value);
            if (n.doubleValue() != Math.rint(n.doubleValue()) || Math.abs(n.doubleValue()) > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("parameter " + p.name() + " takes an integer, got " + value);
            }
            set(i, n.intValue());
        } else {
            if (value == null) {
                throw new IllegalArgumentException("parameter " + p.name() + " needs a value, got null");
            }
            set((Param<String>) p, String.valueOf(value));
        }
        return this;
    }

    private static Number number(Param<?> p, Object value) {
        if (value instanceof Number n) {
            return n;
        }
        if (value instanceof String s) {
            try {
                return Double.parseDouble(s.strip());
            } catch (NumberFormatException e) {
                // below
            }
        }
        throw new IllegalArgumentException("parameter " + p.name() + " takes a number, got '" + value + "'");
    }

    /** The hyper-parameters set, by catalog name, as the text a learner parses ({@link ParamValues#parse}). */
    Map<String, String> givenHyperParams() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Param<?>> e : hyper.entrySet()) {
            if (isSet(e.getValue())) {
                Object v = getOrDefault(e.getValue());
                out.put(e.getKey(), v instanceof Double d ? number(d) : String.valueOf(v));
            }
        }
        return out;
    }

    /** A real as a learner reads it: a whole number without a decimal point (so integer parameters take it). */
    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** The learner this estimator's settings name, checked to be a classifier of the right input kind. */
    Learner<?> resolvedLearner() {
        String name = getOrDefault(learner);
        boolean bags = isDefined(bagCol);
        try {
            Learner<?> l = Learners.find(name, bags ? InputKind.BAGS : InputKind.VECTORS);
            if (l.task() != Task.CLASSIFICATION) {
                throw new IllegalArgumentException("learner '" + name + "' is a " + l.task().name().toLowerCase(
                        Locale.ROOT).replace('_', '-') + " learner; KernelkitClassifier takes classifiers");
            }
            return l;
        } catch (IllegalArgumentException e) {
            if (!bags && knows(name, InputKind.BAGS)) {
                throw new IllegalArgumentException("learner '" + name + "' learns from bags: set bagCol to the "
                        + "column whose value groups the rows into bags");
            }
            if (bags && knows(name, InputKind.VECTORS)) {
                throw new IllegalArgumentException("learner '" + name + "' learns from vectors, but bagCol is set ('"
                        + getOrDefault(bagCol) + "'): clear bagCol or choose a bag learner");
            }
            throw e;
        }
    }

    private static boolean knows(String name, InputKind kind) {
        try {
            Learners.find(name, kind);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Checks the settings and the input columns; the output columns of the model: the input's with
     * prediction, rawPrediction (and probability when trained with it) for vectors, one row per bag
     * (bagCol, labelCol when present, the outputs) for bags.
     *
     * @throws IllegalArgumentException for an unknown learner, a learner of the other input kind than bagCol
     *         says, a hyper-parameter the learner does not take or a value out of its range, a missing column
     *         or one of the wrong type
     */
    @Override
    public StructType transformSchema(StructType schema) {
        Learner<?> l = resolvedLearner();
        ParamValues.parse(l.name(), l.params(), givenHyperParams());
        boolean bags = l.input() == InputKind.BAGS;
        Columns c = columns();
        c.checkInput(schema, true);
        return c.output(schema, bags, (Boolean) getOrDefault(probability));
    }

    private Columns columns() {
        return new Columns(getOrDefault(featuresCol), getOrDefault(labelCol),
                isDefined(bagCol) ? getOrDefault(bagCol) : null, getOrDefault(predictionCol),
                getOrDefault(rawPredictionCol), getOrDefault(probabilityCol));
    }

    /**
     * Collects the training rows to the driver and fits the catalog learner on them.
     *
     * @throws IllegalArgumentException as {@link #transformSchema}, and for no rows, a null or non-finite label,
     *         a null features vector, vectors of different dimensions, a bag whose rows have different labels,
     *         or data the learner refuses (its message)
     */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public KernelkitClassificationModel fit(Dataset<?> dataset) {
        transformSchema(dataset.schema());
        Learner l = resolvedLearner();
        ParamValues values = ParamValues.parse(l.name(), l.params(), givenHyperParams());
        Columns c = columns();
        dev.kernelkit.data.Dataset<?> data = l.input() == InputKind.BAGS ? collectBags(dataset, c)
                : collectVectors(dataset, c);
        long s = (Long) getOrDefault(seed);
        boolean calibrated = (Boolean) getOrDefault(probability);
        Trainer trainer = l.trainer(data, s, values);
        if (calibrated) {
            trainer = Calibrated.trainer(trainer, s);
        }
        FittedModel<?> fitted = trainer.fit(data);
        if (!(fitted instanceof Model<?>)) {
            throw new IllegalArgumentException("learner '" + l.name() + "' gave no classifier");
        }
        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("learner", l.name());
        values.asText().forEach((k, v) -> provenance.put("param." + k, v));
        provenance.put("probability", Boolean.toString(calibrated));
        provenance.put("seed", Long.toString(s));
        provenance.put("n", Integer.toString(data.size()));
        provenance.put("dim", Integer.toString(data.dim()));
        provenance.put("spark_ml", "KernelkitClassifier " + uid);
        KernelkitClassificationModel model = new KernelkitClassificationModel(uid, Models.toText(fitted, provenance));
        copyValues(model, ParamMap.empty());
        return model.setParent(this);
    }

    private static LabeledDataset collectVectors(Dataset<?> dataset, Columns c) {
        List<Row> rows = dataset.select(functions.col(c.features()), functions.col(c.label()).cast("double"))
                .collectAsList();
        checkNotEmpty(rows);
        List<Vec> points = new ArrayList<>(rows.size());
        double[] labels = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            points.add(vec(r, 0, c, i));
            labels[i] = label(r, 1, c, i);
        }
        checkDims(points, c);
        return new LabeledDataset(points, labels);
    }

    private static BagDataset collectBags(Dataset<?> dataset, Columns c) {
        List<Row> rows = dataset.select(functions.col(c.bag()).cast("string"), functions.col(c.features()),
                functions.col(c.label()).cast("double")).collectAsList();
        checkNotEmpty(rows);
        Map<String, List<Vec>> instances = new LinkedHashMap<>();
        Map<String, Double> bagLabels = new LinkedHashMap<>();
        List<Vec> all = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (r.isNullAt(0)) {
                throw new IllegalArgumentException("bagCol '" + c.bag() + "' is null in row " + (i + 1));
            }
            String id = r.getString(0);
            Vec v = vec(r, 1, c, i);
            double y = label(r, 2, c, i);
            Double old = bagLabels.putIfAbsent(id, y);
            if (old != null && Double.compare(old, y) != 0) {
                throw new IllegalArgumentException("bag '" + id + "' has rows labelled "
                        + LabeledDataset.className(old) + " and " + LabeledDataset.className(y)
                        + " in labelCol '" + c.label() + "': a bag has one label");
            }
            instances.computeIfAbsent(id, k -> new ArrayList<>()).add(v);
            all.add(v);
        }
        checkDims(all, c);
        List<Bag> bags = new ArrayList<>(instances.size());
        double[] y = new double[instances.size()];
        int b = 0;
        for (Map.Entry<String, List<Vec>> e : instances.entrySet()) {
            bags.add(new Bag(e.getKey(), e.getValue()));
            y[b++] = bagLabels.get(e.getKey());
        }
        return bagDataset(bags, y);
    }

    /**
     * Bags with real labels: {@link BagDataset#binary} for -1/+1 labels (the class names of a CSV-bag file),
     * else the distinct label values in increasing order, named as {@link LabeledDataset#className}.
     */
    static BagDataset bagDataset(List<Bag> bags, double[] y) {
        if (Arrays.stream(y).allMatch(v -> v == 1.0 || v == -1.0) && Arrays.stream(y).distinct().count() == 2) {
            return BagDataset.binary(bags, y);
        }
        double[] classes = Arrays.stream(y).distinct().sorted().toArray();
        List<String> names = new ArrayList<>();
        for (double v : classes) {
            names.add(LabeledDataset.className(v));
        }
        int[] labels = new int[y.length];
        for (int i = 0; i < y.length; i++) {
            labels[i] = Arrays.binarySearch(classes, y[i]);
        }
        return new BagDataset(bags, names, labels);
    }

    private static void checkNotEmpty(List<Row> rows) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("the training DataFrame has no rows");
        }
    }

    private static void checkDims(List<Vec> points, Columns c) {
        int d = points.get(0).dim();
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).dim() != d) {
                throw new IllegalArgumentException("featuresCol '" + c.features() + "' has vectors of dimension " + d
                        + " and " + points.get(i).dim() + " (row " + (i + 1) + ")");
            }
        }
    }

    private static Vec vec(Row r, int field, Columns c, int i) {
        if (r.isNullAt(field)) {
            throw new IllegalArgumentException("featuresCol '" + c.features() + "' is null in row " + (i + 1));
        }
        return ScoringModel.toVec((Vector) r.get(field));
    }

    private static double label(Row r, int field, Columns c, int i) {
        if (r.isNullAt(field)) {
            throw new IllegalArgumentException("labelCol '" + c.label() + "' is null in row " + (i + 1));
        }
        double y = r.getDouble(field);
        if (!Double.isFinite(y)) {
            throw new IllegalArgumentException("labelCol '" + c.label() + "' is " + y + " in row " + (i + 1));
        }
        return y;
    }

    @Override
    public KernelkitClassifier copy(ParamMap extra) {
        return defaultCopy(extra);
    }

    /** Spark's default reader of this estimator's saved parameters. */
    public static MLReader<KernelkitClassifier> read() {
        return new DefaultParamsReader<>();
    }

    /** Loads an estimator saved with {@link #save}. */
    public static KernelkitClassifier load(String path) {
        return read().load(path);
    }
}
