package dev.kernelkit.spark.ml;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.PredictionsCsv;
import dev.kernelkit.eval.ScoringEngineProvider.Columns;
import dev.kernelkit.eval.ScoringEngineProvider.Scores;
import dev.kernelkit.io.AtomicFiles;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Model;
import dev.kernelkit.spark.SparkCatalogEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Scoring a LIBSVM file or folder with a vector classifier, or a CSV bag file or folder with a bag classifier, on
 * Spark, partition by partition: the model broadcast as its file text, each partition's rows (Spark's
 * {@code libsvm} reader at the model's dimension) or whole bags ({@link SparkCsvBags}) scored on an executor,
 * which writes the predicted class names to {@code part-NNNNN.txt} in the output folder (atomically, so a retried
 * task leaves one whole file) and returns its counts; the driver adds them up. Runs on the session
 * the harness engine uses ({@link SparkCatalogEngine#open}: the running one, else a new one on the master given).
 * The output folder must be reachable from every executor under the same path (a local master, or a shared
 * file system).
 */
final class SparkScoring {
    private SparkScoring() {
    }

    /** See {@link dev.kernelkit.eval.ScoringEngineProvider#score}. */
    static Scores score(String modelText, boolean dense, Path data, Path output, Columns columns,
                        Map<String, String> options) {
        ScoringModel scoring = new ScoringModel(modelText);
        Model<?> model = scoring.model();
        if (columns.probabilities() && !scoring.hasProbabilities()) {
            throw new IllegalArgumentException("the " + model.report().learner() + " model was trained without "
                    + "probability outputs: train it with --probability");
        }
        if (!Files.exists(data)) {
            throw new IllegalArgumentException("--data: no such file or folder: " + data);
        }
        if (Files.exists(output)) {
            throw new IllegalArgumentException("--output " + output + " exists: --engine spark writes a new folder of "
                    + "predictions files (choose a new name)");
        }
        try (SparkCatalogEngine engine = SparkCatalogEngine.open(options)) {
            SparkSession spark = SparkSession.active();
            Broadcast<ScoringModel> b = JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(scoring);
            Path tmp = output.toAbsolutePath().resolveSibling("." + output.getFileName() + ".partial");
            deleteFolder(tmp);
            Files.createDirectories(tmp);
            try {
                return model.input() == InputKind.BAGS ? scoreBags(spark, b, model, columns, data, output, tmp, engine)
                        : scoreInto(spark, b, model, dense, columns, data, output, tmp, engine);
            } finally {
                deleteFolder(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(output + ": " + e.getMessage(), e);
        }
    }

    private static Scores scoreInto(SparkSession spark, Broadcast<ScoringModel> b, Model<?> model, boolean dense,
                                    Columns columns, Path data, Path output, Path tmp, SparkCatalogEngine engine)
            throws IOException {
        String folder = tmp.toString();
        boolean probabilities = columns.probabilities();   // captured by the task, which is serialised: plain values
        boolean decisions = columns.decisions();
        boolean csv = columns.csv();
        Function2<Integer, Iterator<Row>, Iterator<long[]>> scorePartition = (index, rows) -> {
            ScoringModel m = b.value();
            @SuppressWarnings("unchecked")
            Model<Vec> c = (Model<Vec>) m.model();
            List<String> names = c.classNames();
            double[] values = m.classValues();
            StringBuilder lines = new StringBuilder();
            if (csv) {
                lines.append(PredictionsCsv.header(names, probabilities, decisions));
            }
            long n = 0;
            long correct = 0;
            long known = 0;
            while (rows.hasNext()) {
                Row r = rows.next();
                double label = r.getDouble(0);
                Vec x = ScoringModel.toVec((Vector) r.get(1));
                if (dense && x instanceof SparseVec) {
                    x = x.toDense();
                }
                int k = appendPrediction(lines, c, x, names, csv, probabilities, decisions);
                n++;
                for (double v : values) {
                    if (v == label) {
                        known++;
                        break;
                    }
                }
                correct += values[k] == label ? 1 : 0;
            }
            writePart(folder, index, csv, lines);
            return List.of(new long[] {n, correct, known}).iterator();
        };
        List<long[]> counts;
        try {
            counts = spark.read().format("libsvm").option("numFeatures", model.dim()).load(data.toString())
                    .select("label", "features").javaRDD().mapPartitionsWithIndex(scorePartition, false).collect();
        } catch (Exception e) { // a failed job: SparkException, undeclared
            throw new IllegalArgumentException(data + ": " + rootMessage(e), e);
        }
        return finish(counts, tmp, output, engine);
    }

    /**
     * Scores CSV bags ({@link SparkCsvBags}: whole bags per partition, in file order) with a bag classifier: each
     * partition's predictions in bag order, a bag correct when the predicted class is its label (numerically equal
     * names match, as in {@code kernelkit predict}).
     */
    private static Scores scoreBags(SparkSession spark, Broadcast<ScoringModel> b, Model<?> model, Columns columns,
                                    Path data, Path output, Path tmp, SparkCatalogEngine engine) throws IOException {
        String folder = tmp.toString();
        boolean probabilities = columns.probabilities();
        boolean decisions = columns.decisions();
        boolean csv = columns.csv();
        Function2<Integer, Iterator<SparkCsvBags.ShippedBag>, Iterator<long[]>> scorePartition = (index, bags) -> {
            @SuppressWarnings("unchecked")
            Model<Bag> c = (Model<Bag>) b.value().model();
            List<String> names = c.classNames();
            StringBuilder lines = new StringBuilder();
            if (csv) {
                lines.append(PredictionsCsv.header(names, probabilities, decisions));
            }
            long n = 0;
            long correct = 0;
            long known = 0;
            while (bags.hasNext()) {
                SparkCsvBags.ShippedBag shipped = bags.next();
                Bag x = shipped.bag();
                int k = appendPrediction(lines, c, x, names, csv, probabilities, decisions);
                n++;
                for (String name : names) {
                    if (sameClass(name, shipped.label())) {
                        known++;
                        break;
                    }
                }
                correct += sameClass(names.get(k), shipped.label()) ? 1 : 0;
            }
            writePart(folder, index, csv, lines);
            return List.of(new long[] {n, correct, known}).iterator();
        };
        List<long[]> counts;
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        try {
            counts = SparkCsvBags.read(sc, data.toString(), model.dim()).mapPartitionsWithIndex(scorePartition, false)
                    .collect();
        } catch (IllegalArgumentException e) {
            throw e;   // a bad header or no rows, named on the driver
        } catch (Exception e) { // a failed job: SparkException, undeclared
            String bad = SparkCsvBags.malformed(e);
            throw new IllegalArgumentException(bad != null ? bad : data + ": " + rootMessage(e), e);
        }
        return finish(counts, tmp, output, engine);
    }

    /**
     * Whether a class name of the model and a label of the data name the same class: equal, or numerically equal
     * ({@code 1} and {@code +1}), as {@code kernelkit predict} matches them.
     */
    static boolean sameClass(String name, String label) {
        if (name.equals(label)) {
            return true;
        }
        try {
            double x = Double.parseDouble(name.strip());
            double y = Double.parseDouble(label.strip());
            return Double.isFinite(x) && x == y;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Writes one partition's predictions file, atomically (a retried task leaves one whole file). */
    private static void writePart(String folder, int index, boolean csv, StringBuilder lines) throws IOException {
        AtomicFiles.writeString(Path.of(folder, String.format(Locale.ROOT, "part-%05d.%s", index, csv ? "csv" : "txt")),
                lines.toString());
    }

    /** Adds up the partitions' counts (examples, correct, with a label that is a class) and moves the folder. */
    private static Scores finish(List<long[]> counts, Path tmp, Path output, SparkCatalogEngine engine)
            throws IOException {
        long n = 0;
        long correct = 0;
        long known = 0;
        for (long[] c : counts) {
            n += c[0];
            correct += c[1];
            known += c[2];
        }
        Files.move(tmp, output);
        return new Scores(n, correct, known > 0, counts.size(), engine.master());
    }

    /** Deletes a folder of files left by an earlier run (nothing when it does not exist). */
    private static void deleteFolder(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return;
        }
        try (var files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.delete(f);
            }
        }
        Files.delete(folder);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    /**
     * Predicts x as {@code kernelkit predict} does and appends its line: the class name, then (CSV) the
     * probabilities and decision values asked for. Returns the predicted class index.
     */
    private static <T> int appendPrediction(StringBuilder lines, Model<T> c, T x, List<String> names, boolean csv,
                                            boolean probabilities, boolean decisions) {
        int k = c.predict(x);
        if (csv) {
            PredictionsCsv.appendRow(lines, names.get(k), probabilities ? c.probabilities(x) : null,
                    decisions ? c.decisions(x) : null);
        } else {
            lines.append(names.get(k)).append('\n');
        }
        return k;
    }
}
