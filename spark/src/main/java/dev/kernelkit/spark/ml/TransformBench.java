package dev.kernelkit.spark.ml;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.AtomicFiles;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark ML scoring benchmark of issue #36: {@link KernelkitClassificationModel#transform} of a DataFrame of
 * checkerboard points generated on the executors, forced by an aggregate (row count and rows predicted as their
 * label), timed after a small warm-up transform. Row i is the point (u(seed, i, 0), u(seed, i, 1)) of a
 * counter-based generator ({@link #coordinate}: a pure function of seed, row and coordinate, so every partition
 * makes its rows without a shared state and the driver can write the same rows to a LIBSVM file for
 * {@code kernelkit predict}), labelled by {@link SyntheticData#checkerboardLabel}. Run by
 * {@code examples/scripts/spark_transform.sh}, which trains the model, runs one-machine {@code predict} on the
 * written rows and compares.
 *
 * <pre>
 * KERNELKIT_SPARK_MAIN=dev.kernelkit.spark.ml.TransformBench spark/bin/kernelkit-spark --model M --rows N
 *     [--partitions P] [--seed S] [--cells C] [--master URL] [--libsvm FILE] [--sample FILE --sample-rows K]
 * </pre>
 */
public final class TransformBench {
    private TransformBench() {
    }

    /**
     * The benchmark's settings.
     *
     * @param model the kernelkit model file (a vector classifier of dimension 2)
     * @param rows the rows to generate and score
     * @param partitions the DataFrame's partitions
     * @param seed the generator's seed
     * @param cells the checkerboard's cells per side (the labels)
     * @param master the Spark master URL
     * @param libsvm where to write the same rows as LIBSVM (null: not written)
     * @param sample where to write "row prediction" for every (rows / sampleRows)-th row (null: not written)
     * @param sampleRows about how many rows the sample holds
     */
    public record Options(Path model, long rows, int partitions, long seed, int cells, String master, Path libsvm,
                          Path sample, int sampleRows) {
        /** Checks the settings. */
        public Options {
            if (model == null) {
                throw new IllegalArgumentException("--model FILE is required");
            }
            if (rows < 1) {
                throw new IllegalArgumentException("--rows must be >= 1, got " + rows);
            }
            if (partitions < 1) {
                throw new IllegalArgumentException("--partitions must be >= 1, got " + partitions);
            }
            if (cells < 2) {
                throw new IllegalArgumentException("--cells must be >= 2, got " + cells);
            }
            if (sampleRows < 1) {
                throw new IllegalArgumentException("--sample-rows must be >= 1, got " + sampleRows);
            }
        }
    }

    /**
     * One timed transform.
     *
     * @param rows the rows scored
     * @param correct the rows predicted as their label
     * @param seconds wall seconds of the transform and the aggregate that forces it
     */
    public record Result(long rows, long correct, double seconds) {
        /** Rows per second. */
        public double rowsPerSecond() {
            return rows / seconds;
        }
    }

    /** SplitMix64's finaliser: a bijection of longs that mixes every bit into every other. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Coordinate j (0 or 1) of row i: uniform on [0, 1), 53 random bits, a pure function of its arguments. */
    static double coordinate(long seed, long row, int j) {
        return (mix(mix(seed) + 2 * row + j) >>> 11) * 0x1.0p-53;
    }

    /** The rows 0..n-1 as a DataFrame (id, label, features) made on the executors, in {@code partitions} parts. */
    static Dataset<Row> rows(SparkSession spark, long n, int partitions, long seed, int cells) {
        StructType schema = new StructType()
                .add("id", DataTypes.LongType, false)
                .add("label", DataTypes.DoubleType, false)
                .add("features", SQLDataTypes.VectorType(), false);
        MapPartitionsFunction<Long, Row> make = ids -> new java.util.Iterator<>() {
            @Override
            public boolean hasNext() {
                return ids.hasNext();
            }

            @Override
            public Row next() {
                long i = ids.next();
                double a = coordinate(seed, i, 0);
                double b = coordinate(seed, i, 1);
                return RowFactory.create(i, SyntheticData.checkerboardLabel(a, b, cells), Vectors.dense(a, b));
            }
        };
        return spark.range(0, n, 1, partitions).mapPartitions(make, Encoders.row(schema));
    }

    /** Transforms the rows and forces every prediction with one aggregate, timed. */
    static Result time(KernelkitClassificationModel model, Dataset<Row> rows) {
        long start = System.nanoTime();
        Row r = model.transform(rows)
                .agg(count(lit(1)), sum(when(col("prediction").equalTo(col("label")), 1L).otherwise(0L)))
                .first();
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(r.getLong(0), r.isNullAt(1) ? 0 : r.getLong(1), seconds);
    }

    /** Writes rows 0..n-1 as LIBSVM lines "label 1:a 2:b" (numbers as {@link Double#toString}: exact). */
    static void writeLibsvm(Path file, long n, long seed, int cells) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder sb = new StringBuilder(64);
            for (long i = 0; i < n; i++) {
                double a = coordinate(seed, i, 0);
                double b = coordinate(seed, i, 1);
                sb.setLength(0);
                sb.append(SyntheticData.checkerboardLabel(a, b, cells) > 0 ? "+1" : "-1")
                        .append(" 1:").append(a).append(" 2:").append(b).append('\n');
                out.append(sb);
            }
        }
    }

    /** Every {@code stride}-th row's id and prediction, "id prediction" per line, in id order. */
    static List<String> sample(KernelkitClassificationModel model, Dataset<Row> rows, long stride) {
        List<String> lines = new ArrayList<>();
        for (Row r : model.transform(rows.filter(col("id").mod(stride).equalTo(0))).select("id", "prediction")
                .orderBy("id").collectAsList()) {
            lines.add(r.getLong(0) + " " + r.getDouble(1));
        }
        return lines;
    }

    /**
     * Runs the benchmark and prints its numbers as "key value" lines.
     *
     * @throws IOException when the model or an output file cannot be read or written
     */
    public static void run(SparkSession spark, Options o, PrintStream out) throws IOException {
        KernelkitClassificationModel model = new KernelkitClassificationModel("kernelkit-transform-bench",
                Files.readString(o.model()));
        if (model.kernelkitModel().dim() != 2) {
            throw new IllegalArgumentException("--model " + o.model() + ": the model has dimension "
                    + model.kernelkitModel().dim() + ", the checkerboard points have 2");
        }
        Result warm = time(model, rows(spark, Math.min(o.rows(), 20_000), o.partitions(), o.seed() + 1, o.cells()));
        Result r = time(model, rows(spark, o.rows(), o.partitions(), o.seed(), o.cells()));
        out.printf(Locale.ROOT, "master %s%n", spark.sparkContext().master());
        out.printf(Locale.ROOT, "partitions %d%n", o.partitions());
        out.printf(Locale.ROOT, "warmup_rows %d%nwarmup_seconds %.3f%n", warm.rows(), warm.seconds());
        out.printf(Locale.ROOT, "rows %d%ncorrect %d%nseconds %.3f%nrows_per_second %.1f%n", r.rows(), r.correct(),
                r.seconds(), r.rowsPerSecond());
        if (o.sample() != null) {
            long stride = Math.max(1, o.rows() / o.sampleRows());
            List<String> lines = sample(model, rows(spark, o.rows(), o.partitions(), o.seed(), o.cells()), stride);
            AtomicFiles.writeString(o.sample(), String.join("\n", lines) + "\n");
            out.printf(Locale.ROOT, "sample %s%nsample_rows %d%nsample_stride %d%n", o.sample(), lines.size(), stride);
        }
        if (o.libsvm() != null) {
            writeLibsvm(o.libsvm(), o.rows(), o.seed(), o.cells());
            out.printf(Locale.ROOT, "libsvm %s%n", o.libsvm());
        }
        out.flush();
    }

    /** Reads the options of the command line ("--name value" pairs). */
    public static Options parse(String... args) {
        Path model = null;
        long rows = 10_000_000L;
        int partitions = 2;
        long seed = 1;
        int cells = 4;
        String master = "local[2]";
        Path libsvm = null;
        Path sample = null;
        int sampleRows = 1000;
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String v = args[i + 1];
            try {
                switch (name) {
                    case "--model" -> model = Path.of(v);
                    case "--rows" -> rows = Long.parseLong(v);
                    case "--partitions" -> partitions = Integer.parseInt(v);
                    case "--seed" -> seed = Long.parseLong(v);
                    case "--cells" -> cells = Integer.parseInt(v);
                    case "--master" -> master = v;
                    case "--libsvm" -> libsvm = Path.of(v);
                    case "--sample" -> sample = Path.of(v);
                    case "--sample-rows" -> sampleRows = Integer.parseInt(v);
                    default -> throw new IllegalArgumentException("unknown option " + name + " (options: --model, "
                            + "--rows, --partitions, --seed, --cells, --master, --libsvm, --sample, --sample-rows)");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " must be an integer, got '" + v + "'", e);
            }
        }
        return new Options(model, rows, partitions, seed, cells, master, libsvm, sample, sampleRows);
    }

    /** See the class comment; a bad option or file is one line on stderr and exit status 2. */
    public static void main(String[] args) throws IOException {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("transform-bench: error: " + e.getMessage());
            System.exit(2);
            return;
        }
        SparkSession spark = SparkSession.builder().master(o.master()).appName("kernelkit-transform-bench")
                .config("spark.ui.enabled", "false").getOrCreate();
        try {
            run(spark, o, System.out);
        } catch (IllegalArgumentException e) {
            System.err.println("transform-bench: error: " + e.getMessage());
            System.exit(2);
        } finally {
            spark.stop();
        }
    }
}
