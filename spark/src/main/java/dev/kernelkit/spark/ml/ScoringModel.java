package dev.kernelkit.spark.ml;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.CalibratedModel;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Model;
import java.io.Serializable;
import java.util.List;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * A kernelkit classifier as its model-file text ({@link Models#toText}), the value Spark broadcasts to the
 * executors: each copy parses the text once ({@link Models#parse}, as {@code kernelkit predict} reads the
 * file) and scores rows with that model. Also the converter between Spark ML vectors and kernelkit vectors
 * (a dense vector stays dense, a sparse one sparse).
 */
final class ScoringModel implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String text;
    private transient volatile Parsed parsed;

    /** The parsed model, the label value of each class and whether it gives probabilities. */
    private record Parsed(Model<?> model, double[] labelValues, boolean numeric, boolean probabilities) {
    }

    /**
     * The model of a model file's text.
     *
     * @throws IllegalArgumentException when the text is not a kernelkit classifier's model file
     */
    ScoringModel(String text) {
        this.text = text;
        parsed();
    }

    /** The model file's text. */
    String text() {
        return text;
    }

    /** The parsed model (the same object for every call on this copy). */
    Model<?> model() {
        return parsed().model;
    }

    /** Whether the model gives class probabilities (it was trained with probability outputs). */
    boolean hasProbabilities() {
        return parsed().probabilities;
    }

    /** The class names read as numbers, in class order (NaN for every class when a name is not a number). */
    double[] classValues() {
        Parsed p = parsed();
        if (p.numeric) {
            return p.labelValues.clone();
        }
        double[] nan = new double[p.labelValues.length];
        java.util.Arrays.fill(nan, Double.NaN);
        return nan;
    }

    /** The number of decision values the model gives: 1 for two classes, one per class for more. */
    int decisionCount() {
        int k = model().classNames().size();
        return k == 2 ? 1 : k;
    }

    /**
     * The output of one example: (prediction, rawPrediction[, probability]). The prediction is the class's
     * label value as in the training labels (its name read as a number; the class index for a model whose
     * class names are not numbers); rawPrediction is (-f, f) for two classes, so that Spark's
     * BinaryClassificationEvaluator reads f, and the decision values for more.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Row score(Object x) {
        Parsed p = parsed();
        Model m = p.model;
        double[] f = m.decisions(x);
        double prediction = p.labelValues[Model.classOf(f)];
        Vector raw = f.length == 1 ? Vectors.dense(-f[0], f[0]) : Vectors.dense(f);
        if (p.probabilities) {
            return RowFactory.create(prediction, raw, Vectors.dense(m.probabilities(x)));
        }
        return RowFactory.create(prediction, raw);
    }

    /**
     * A Spark ML vector as a kernelkit vector, checked against the model's dimension.
     *
     * @throws IllegalArgumentException for a null vector or another dimension, naming the column
     */
    Vec vec(Vector v, String column) {
        if (v == null) {
            throw new IllegalArgumentException("featuresCol '" + column + "' is null in a row");
        }
        int dim = model().dim();
        if (v.size() != dim) {
            throw new IllegalArgumentException("featuresCol '" + column + "' has a vector of dimension " + v.size()
                    + ", the model was trained on dimension " + dim);
        }
        return toVec(v);
    }

    /** A bag of the given instances. */
    Bag bag(String id, List<Vector> instances, String column) {
        List<Vec> vs = new java.util.ArrayList<>(instances.size());
        for (Vector v : instances) {
            vs.add(vec(v, column));
        }
        return new Bag(id, vs);
    }

    /** A Spark ML vector as a kernelkit vector of the same form (dense or sparse) and entries. */
    static Vec toVec(Vector v) {
        if (v instanceof SparseVector s) {
            return new SparseVec(s.size(), s.indices(), s.values());
        }
        return DenseVec.of(((DenseVector) v).values());
    }

    private Parsed parsed() {
        Parsed p = parsed;
        if (p == null) {
            p = parse(text);
            parsed = p;
        }
        return p;
    }

    private static Parsed parse(String text) {
        FittedModel<?> fitted;
        try {
            fitted = Models.parse("kernelkit.model", text).model();
        } catch (ModelFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (!(fitted instanceof Model<?> model)) {
            throw new IllegalArgumentException("the " + fitted.report().learner() + " model is not a classifier");
        }
        List<String> names = model.classNames();
        double[] values = new double[names.size()];
        boolean numeric = true;
        for (int c = 0; c < values.length; c++) {
            try {
                values[c] = Double.parseDouble(names.get(c));
            } catch (NumberFormatException e) {
                values = new double[names.size()];
                for (int k = 0; k < values.length; k++) {
                    values[k] = k;
                }
                numeric = false;
                break;
            }
        }
        return new Parsed(model, values, numeric, model instanceof CalibratedModel<?>);
    }

    /** Whether the model reads bags. */
    boolean bags() {
        return model().input() == InputKind.BAGS;
    }
}
