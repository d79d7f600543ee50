package dev.kernelkit.learn;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.Splits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Trainers with probability outputs: {@link #trainer} wraps any classifier's trainer so that its
 * models are {@link CalibratedModel}s. As LIBSVM's {@code -b 1} (Lin, Lin and Weng 2007, Section 2):
 * the decision values the sigmoids are fitted on come from an internal stratified k-fold cross-validation
 * of the inner trainer on the training data (each example's values from the fold model that did not see
 * it, so they are as biased as on new data), then the final inner model is fitted on all the training data.
 * A fit therefore costs k + 1 inner fits.
 *
 * <p>With feature scaling, wrap the scaled trainer: {@code Calibrated.trainer(ScaledModel.trainer(kind,
 * inner), folds, seed)} refits the scaler inside each fold, so no fold model sees its test part's
 * statistics; the model is a {@code CalibratedModel} around a {@code ScaledModel}, the order in which
 * {@link dev.kernelkit.io.Models} loads every scaled and calibrated model file.
 */
public final class Calibrated {
    /** The default number of folds of the internal cross-validation (LIBSVM's 5). */
    public static final int DEFAULT_FOLDS = 5;

    private Calibrated() {
    }

    /** As {@link #trainer(Trainer, int, long)} with {@link #DEFAULT_FOLDS} folds. */
    public static <X> Trainer<X, CalibratedModel<X>> trainer(Trainer<X, ? extends Model<X>> inner, long seed) {
        return trainer(inner, DEFAULT_FOLDS, seed);
    }

    /**
     * A trainer whose models give probabilities. Its name, input kind, task and options are the inner
     * trainer's; the fold fits run silently, the final fit reports to the listener.
     *
     * @param inner a classifier's trainer
     * @param folds folds of the internal stratified cross-validation, &ge; 2
     * @param seed the seed of the fold assignment ({@link Splits#stratifiedKFold(int[], int, long)})
     * @throws IllegalArgumentException when folds &lt; 2 or inner is not a classifier; its {@code fit}
     *         throws it when a training class has fewer examples than folds
     */
    public static <X> Trainer<X, CalibratedModel<X>> trainer(Trainer<X, ? extends Model<X>> inner, int folds,
                                                             long seed) {
        Objects.requireNonNull(inner, "inner");
        if (folds < 2) {
            throw new IllegalArgumentException("folds must be >= 2, got " + folds);
        }
        if (inner.task() != Task.CLASSIFICATION) {
            throw new IllegalArgumentException("inner must be a classifier's trainer, got " + inner.name() + " ("
                    + inner.task() + ")");
        }
        return Trainers.of(inner.name(), inner.input(), inner.task(), inner.options(),
                (data, listener) -> fit(inner, folds, seed, data, listener));
    }

    private static <X> CalibratedModel<X> fit(Trainer<X, ? extends Model<X>> inner, int folds, long seed,
                                              Dataset<X> data, FitListener listener) {
        long start = System.nanoTime();
        int n = data.size();
        int k = data.classCount();
        int[] counts = data.classCounts();
        for (int c = 0; c < k; c++) {
            if (counts[c] < folds) {
                throw new IllegalArgumentException("folds = " + folds + " exceeds the " + counts[c]
                        + " training examples of class '" + data.classNames().get(c)
                        + "': calibration needs every class in every fold");
            }
        }
        int values = CalibratedModel.machines(k);
        int[] y = data.classIndices();
        double[][] f = new double[values][n];
        for (Splits.Split split : Splits.stratifiedKFold(y, folds, seed)) {
            Model<X> m = inner.fit(data.subset(split.train()), FitListener.SILENT);
            if (!m.classNames().equals(data.classNames())) {
                throw new IllegalArgumentException(inner.name() + ": a fold model has the classes " + m.classNames()
                        + ", expected " + data.classNames());
            }
            for (int i : split.test()) {
                double[] d = m.decisions(data.x(i));
                if (d.length != values) {
                    throw new IllegalArgumentException(inner.name() + ": expected " + values + " decision values for "
                            + k + " classes, found " + d.length);
                }
                for (int v = 0; v < values; v++) {
                    f[v][i] = d[v];
                }
            }
        }
        Model<X> model = inner.fit(data, listener);
        List<PlattScaling> sigmoids = new ArrayList<>(values);
        for (int v = 0; v < values; v++) {
            // two classes: class 1 is positive (f > 0 predicts it); k >= 3: class v against the rest
            int positiveClass = values == 1 ? 1 : v;
            boolean[] positive = new boolean[n];
            for (int i = 0; i < n; i++) {
                positive[i] = y[i] == positiveClass;
            }
            sigmoids.add(PlattScaling.fit(f[v], positive));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new CalibratedModel<>(model, sigmoids, model.report().withSeconds(seconds));
    }
}
