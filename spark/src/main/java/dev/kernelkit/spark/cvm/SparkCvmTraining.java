package dev.kernelkit.spark.cvm;

import dev.kernelkit.cvm.BallVectorMachine;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmEngineProvider;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.cvm.OneClassCvmOptions;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.spark.SparkCatalogEngine;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * {@code kernelkit cvm train --engine spark} ({@link CvmEngineProvider} "spark"): reads the LIBSVM points of
 * --data with Spark ({@link SparkLibsvm}) as dense rows (as {@code cvm train} reads them on one machine), fits the
 * --scale scaler by passes over them ({@link SparkScaling}, the one-machine scaler to the bit) and scales them on the
 * executors, computes
 * the catalog's data-dependent defaults from what one machine would use (LibCVM's automatic gamma reads the every
 * ceil(n / 5000)-th point, at most 5,000: those points are fetched, nothing else), trains
 * {@link SparkCoreVectorMachine} with the catalog learner's options and scores the model on the executors, the
 * model text broadcast and each partition predicted in one batch as {@code cvm train} predicts. So the model equals
 * the one-machine {@code cvm train}'s on the same file, options and seed, and so do the accuracies.
 */
public final class SparkCvmTraining {
    /** Points LibCVM's automatic gamma reads at most (its subsample: every ceil(n / 5000)-th point). */
    static final int GAMMA_SAMPLE = 5000;

    private SparkCvmTraining() {
    }

    /**
     * Trains on Spark (the running session, else one on the {@code master} option, stopped afterwards).
     *
     * @throws IllegalArgumentException for a learner or scaling not supported here, or bad data (one line naming
     *         the file and line)
     */
    public static CvmEngineProvider.Run train(CvmEngineProvider.Request r, Map<String, String> options) {
        boolean bvm = r.learner().equals(BallVectorMachine.NAME);
        if (!r.learner().equals(CoreVectorMachine.NAME) && !bvm && !r.learner().equals(OneClassCvm.NAME)) {
            throw new IllegalArgumentException("learner '" + r.learner() + "' does not train on Spark yet (cvm, bvm "
                    + "and one-class-cvm do)");
        }
        try (SparkCatalogEngine engine = SparkCatalogEngine.open(options)) {
            JavaSparkContext sc = JavaSparkContext.fromSparkContext(SparkSession.active().sparkContext());
            return unwrapped(() -> train(sc, r, engine.master().orElse("?")));
        }
    }

    @SuppressWarnings("unchecked")
    private static CvmEngineProvider.Run train(JavaSparkContext sc, CvmEngineProvider.Request r, String master) {
        int parts = sc.defaultParallelism();
        JavaRDD<LabeledRow> raw = SparkLibsvm.read(sc, r.data(), parts).map(SparkCvmTraining::dense);
        long c0 = System.nanoTime();
        FittedScaler scaler = SparkScaling.fit(r.scale(), raw, raw.first().dim());
        JavaRDD<LabeledRow> rows = SparkScaling.apply(scaler, raw);
        double scaleSeconds = r.scale() == FeatureScaling.NONE ? 0.0 : (System.nanoTime() - c0) * 1e-9;
        long n = rows.count();
        ParamValues values = r.values().forData(n, raw.first().dim());
        long g0 = System.nanoTime();
        LabeledDataset sample = gammaSample(rows, n, values, r.data());
        @SuppressWarnings("unchecked")
        Learner<Vec> learner = (Learner<Vec>) Learners.find(r.learner(), InputKind.VECTORS);
        Trainer<Vec, ?> trainer = learner.trainer(sample, r.seed(), values);
        double gammaSeconds = values.has("gamma") ? 0.0 : (System.nanoTime() - g0) * 1e-9;
        SparkCoreVectorMachine.Settings settings = SparkCoreVectorMachine.Settings.defaults().withLog(r.log());
        long f0 = System.nanoTime();
        FittedModel<Vec> model;
        SparkCoreVectorMachine.Cost cost;
        if (trainer.options() instanceof OneClassCvmOptions o) {
            SparkCoreVectorMachine.OneClassFit fit = SparkCoreVectorMachine.fitOneClass(rows, o, settings);
            model = fit.model();
            cost = fit.cost();
        } else {
            CvmOptions o = (CvmOptions) trainer.options();
            SparkCoreVectorMachine.Fit fit = r.learner().equals(BallVectorMachine.NAME)
                    ? SparkCoreVectorMachine.fitBvm(rows, o, settings) : SparkCoreVectorMachine.fit(rows, o, settings);
            model = fit.model();
            cost = fit.cost();
        }
        double fitSeconds = (System.nanoTime() - f0) * 1e-9;
        int dim = model.dim();
        if (scaler.kind() != FeatureScaling.NONE) {
            // as cvm train stores it: the model behind its training scaler (none is not stored)
            model = new ScaledModel<>(scaler, (Model<Vec>) model);
        }
        long s0 = System.nanoTime();
        Broadcast<String> text = sc.broadcast(Models.toText(model, Map.of()));
        Optional<Double> trainAccuracy = r.scoreTraining() ? Optional.of(accuracy(raw, text)) : Optional.empty();
        Optional<Double> testAccuracy = Optional.empty();
        if (r.test() != null) {
            JavaRDD<LabeledRow> test = SparkLibsvm.read(sc, r.test(), parts);
            int testDim = test.first().dim();
            if (testDim > dim) {
                throw new IllegalArgumentException("--test " + r.test() + " has " + testDim + " features, expected "
                        + dim);
            }
            testAccuracy = Optional.of(accuracy(test.map(row -> dense(row, dim)), text));
        }
        double scoreSeconds = (System.nanoTime() - s0) * 1e-9;
        text.destroy();
        return new CvmEngineProvider.Run(model, cost.points(), trainAccuracy, testAccuracy, scaleSeconds, gammaSeconds,
                fitSeconds, scoreSeconds, master, cost.toString());
    }

    /**
     * The points the catalog's defaults read: without a given gamma, LibCVM's subsample for the automatic gamma
     * (every ceil(n / 5000)-th point, in input order: {@link CoreVectorMachine#autoGamma} of it is that of all
     * points); with one, the first point (the defaults read nothing then).
     */
    private static LabeledDataset gammaSample(JavaRDD<LabeledRow> rows, long n, ParamValues values, String data) {
        List<LabeledRow> picked;
        if (values.has("gamma")) {
            picked = rows.take(1);
        } else {
            long step = (n + GAMMA_SAMPLE - 1) / GAMMA_SAMPLE;
            picked = rows.zipWithIndex().filter(t -> t._2() % step == 0).map(t -> t._1()).collect();
        }
        if (picked.isEmpty()) {
            throw new IllegalArgumentException("--data: " + data + " holds no examples");
        }
        List<Vec> x = new ArrayList<>(picked.size());
        double[] y = new double[picked.size()];
        for (int i = 0; i < y.length; i++) {
            x.add(picked.get(i).vec());
            y[i] = picked.get(i).label();
        }
        return new LabeledDataset(x, y);
    }

    /** The row as a dense row of its dimension. */
    static LabeledRow dense(LabeledRow row) {
        return dense(row, row.dim());
    }

    /** The row as a dense row of dimension {@code dim} (at least its own). */
    static LabeledRow dense(LabeledRow row, int dim) {
        if (row.indices() == null && row.dim() == dim) {
            return row;
        }
        double[] v = new double[dim];
        if (row.indices() == null) {
            System.arraycopy(row.values(), 0, v, 0, row.values().length);
        } else {
            for (int p = 0; p < row.indices().length; p++) {
                v[row.indices()[p]] = row.values()[p];
            }
        }
        return new LabeledRow(row.label(), dim, null, v);
    }

    /**
     * The fraction of rows whose label the model predicts, each partition predicted in one batch as
     * {@code cvm train} predicts (a cvm model: the scaled points through {@link CvmModel#predictLabels}).
     */
    static double accuracy(JavaRDD<LabeledRow> rows, Broadcast<String> modelText) {
        long[] counts = rows.mapPartitions((Iterator<LabeledRow> it) -> {
            FittedModel<?> m = Models.parse("model", modelText.value()).model();
            List<Vec> points = new ArrayList<>();
            List<Double> labels = new ArrayList<>();
            while (it.hasNext()) {
                LabeledRow row = it.next();
                points.add(row.vec());
                labels.add(row.label());
            }
            double[] predicted = predictions(m, points);
            long correct = 0;
            for (int i = 0; i < predicted.length; i++) {
                correct += predicted[i] == labels.get(i) ? 1 : 0;
            }
            return List.of(new long[] {points.size(), correct}).iterator();
        }).reduce((a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
        return (double) counts[1] / counts[0];
    }

    /**
     * The predicted labels of raw points, as {@code cvm train} computes them (one-class: +1 inlier, -1 outlier).
     */
    @SuppressWarnings("unchecked")
    private static double[] predictions(FittedModel<?> model, List<Vec> raw) {
        FittedModel<?> inner = Scaled.innermost(model);
        if (inner instanceof CvmModel m) {
            FittedScaler scaler = model instanceof Scaled<?> s ? s.scaler() : null;
            List<Vec> points = new ArrayList<>(raw.size());
            for (Vec v : raw) {
                points.add(scaler == null ? v : scaler.apply(v));
            }
            return m.predictLabels(points);
        }
        Model<Vec> c = (Model<Vec>) model;
        List<String> names = c.classNames();
        boolean oneClass = names.equals(List.of(OneClassCvmModel.OUTLIER, OneClassCvmModel.INLIER));
        double[] out = new double[raw.size()];
        for (int i = 0; i < out.length; i++) {
            int k = c.predict(raw.get(i));
            out[i] = oneClass ? (k == 1 ? 1.0 : -1.0) : Double.parseDouble(names.get(k));
        }
        return out;
    }

    /** Runs the action; a bad input row found on an executor becomes its one line. */
    private static <T> T unwrapped(Supplier<T> action) {
        try {
            return action.get();
        } catch (RuntimeException e) {
            String bad = BadRowException.find(e);
            if (bad != null && !(e instanceof IllegalArgumentException && bad.equals(e.getMessage()))) {
                throw new IllegalArgumentException(bad, e);
            }
            throw e;
        }
    }
}
