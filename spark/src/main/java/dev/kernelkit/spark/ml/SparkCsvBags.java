package dev.kernelkit.spark.ml;

import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.MalformedDataException;
import dev.kernelkit.data.Vec;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaNewHadoopRDD;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * Reads a CSV bag file ({@link CsvBagFormat}: header {@code bag,label,f1,...,fd}, one instance per row) or a folder
 * of them with Spark, as {@code kernelkit predict} reads the one file that is their concatenation in name order
 * (each file's header dropped): a bag's rows are contiguous in that order, so a bag may run from the end of one
 * file into the start of the next, and a bag whose rows are anywhere else is the one-line error "file:line: bag
 * 'id' reappears after other bags". The rows of one file may be split over several partitions (Hadoop's line
 * splits, so a big file is read in parallel); the bags are then regrouped by id (a shuffle) and range-partitioned
 * by their first row, so that partition k holds whole bags in file order and the predictions files read in
 * partition order are the local predictions in order.
 *
 * <p>Why regroup rather than read whole files per partition: a file of any size then reads in parallel and a bag
 * that crosses a split or a file boundary is still one bag, at the price of a count pass over the text (for line
 * numbers and each row's place in the concatenation) and two shuffles of the parsed rows.
 *
 * <p>Errors name the file and line as the local reader does: a bad header, a header of another dimension than
 * the model's, a malformed row, a bag split apart, a bag whose rows disagree on its label.
 */
final class SparkCsvBags {
    private SparkCsvBags() {
    }

    /** A bag read from the input: its id, its label as written and its instances. Serializable, for shuffles. */
    static final class ShippedBag implements Serializable {
        private static final long serialVersionUID = 1L;

        private final String id;
        private final String label;
        private final double[][] instances;

        ShippedBag(String id, String label, double[][] instances) {
            this.id = id;
            this.label = label;
            this.instances = instances;
        }

        String id() {
            return id;
        }

        String label() {
            return label;
        }

        /** The bag as the models read it (dense instances, in file order). */
        dev.kernelkit.data.Bag bag() {
            List<Vec> vs = new ArrayList<>(instances.length);
            for (double[] x : instances) {
                vs.add(dev.kernelkit.data.DenseVec.of(x));
            }
            return new dev.kernelkit.data.Bag(id, vs);
        }
    }

    /** One data row: its place in the concatenation, file and line (for messages), label and instance. */
    private static final class Row implements Serializable {
        private static final long serialVersionUID = 1L;

        final long ordinal;
        final String file;
        final int line;
        final String label;
        final double[] x;

        Row(long ordinal, String file, int line, String label, double[] x) {
            this.ordinal = ordinal;
            this.file = file;
            this.line = line;
            this.label = label;
            this.x = x;
        }
    }

    /**
     * What the count pass learns about one split: its file, start, lines, non-blank lines, and the first non-blank
     * line with its index among the split's lines (-1 when there is none).
     */
    private record SplitCount(String file, long start, long lines, long nonBlank, String firstNonBlank,
                              long firstNonBlankAt) implements Serializable {
    }

    /** The splits' starts by {@link #key} and the data rows of the whole input. */
    private record Layout(Map<String, SplitStart> starts, long rows) {
    }

    /**
     * Where a split's lines start: its file's lines and non-blank lines before it, the input's data rows before it,
     * and its file.
     */
    private record SplitStart(long linesBefore, long nonBlankBefore, long rowsBefore, String file)
            implements Serializable {
    }

    /**
     * The bags of {@code path} (a file or a folder of files), in order over the returned partitions.
     *
     * @param dim the model's dimension: every file's header must declare it
     * @throws IllegalArgumentException "file:line: problem" for a bad or mismatched header, or for an input with
     *         no instance rows (errors in the rows fail the job that uses the bags with a {@link BadBagsException},
     *         see {@link #malformed})
     */
    static JavaRDD<ShippedBag> read(JavaSparkContext sc, String path, int dim) {
        @SuppressWarnings("unchecked")
        JavaNewHadoopRDD<LongWritable, Text> text = (JavaNewHadoopRDD<LongWritable, Text>) sc.newAPIHadoopFile(
                path, TextInputFormat.class, LongWritable.class, Text.class,
                new Configuration(sc.hadoopConfiguration()));
        List<SplitCount> counts = text.mapPartitionsWithInputSplit((split, lines) -> {
            FileSplit f = (FileSplit) split;
            long n = 0;
            long nonBlank = 0;
            String first = null;
            long firstAt = -1;
            while (lines.hasNext()) {
                String line = lines.next()._2().toString();
                if (n == 0 && f.getStart() == 0 && line.startsWith("\uFEFF")) {
                    line = line.substring(1);   // a byte order mark, skipped as the local reader skips it
                }
                if (!line.isBlank()) {
                    nonBlank++;
                    if (first == null) {
                        first = line;
                        firstAt = n;
                    }
                }
                n++;
            }
            return List.of(new SplitCount(f.getPath().toString(), f.getStart(), n, nonBlank, first, firstAt))
                    .iterator();
        }, true).collect();
        Layout layout = layout(counts, dim);
        if (layout.rows() <= 0) {
            throw new IllegalArgumentException(path + " holds no bags: no instance rows after the header");
        }
        Map<String, SplitStart> starts = layout.starts();
        int partitions = text.getNumPartitions();
        JavaPairRDD<String, Row> parsed = JavaPairRDD.fromJavaRDD(text.mapPartitionsWithInputSplit((split, lines) -> {
            FileSplit f = (FileSplit) split;
            return new RowIterator(starts.get(key(f.getPath().toString(), f.getStart())), lines, dim);
        }, true));
        long total = layout.rows();
        JavaPairRDD<Long, ShippedBag> bags = parsed.groupByKey(partitions).mapToPair(g -> bag(g._1(), g._2()));
        return bags.repartitionAndSortWithinPartitions(new RowRanges(partitions, total)).values();
    }

    /**
     * The one-line message of the {@link BadBagsException} that failed a Spark job (in its causes or, from another
     * JVM, in its text), else null.
     */
    static String malformed(Throwable e) {
        return dev.kernelkit.spark.ExecutorErrors.messageOf(e, BadBagsException.class);
    }

    private static String key(String file, long start) {
        return file + "@" + start;
    }

    /** A file named as the local reader names it: its path, without the {@code file:} scheme. */
    private static Path local(String file) {
        return Path.of(new org.apache.hadoop.fs.Path(file).toUri().getPath());
    }

    /**
     * Where each split starts (files in name order, splits by offset), after checking every file's header (its
     * first non-blank line) against the model's dimension.
     */
    private static Layout layout(List<SplitCount> counts, int dim) {
        List<SplitCount> sorted = new ArrayList<>(counts);
        sorted.sort(Comparator.comparing(SplitCount::file).thenComparingLong(SplitCount::start));
        Map<String, SplitStart> out = new HashMap<>();
        String file = null;
        long lines = 0;
        long nonBlank = 0;
        long rows = 0;
        for (SplitCount c : sorted) {
            if (!c.file().equals(file)) {
                file = c.file();
                lines = 0;
                nonBlank = 0;
            }
            out.put(key(c.file(), c.start()), new SplitStart(lines, nonBlank, rows, c.file()));
            if (nonBlank == 0 && c.nonBlank() > 0) {
                checkHeader(c, lines + c.firstNonBlankAt(), dim);
                rows -= 1;   // the header is no data row
            }
            lines += c.lines();
            nonBlank += c.nonBlank();
            rows += c.nonBlank();
        }
        return new Layout(out, rows);
    }

    /** Checks the header of a file, the first non-blank line of this split, after {@code linesBefore} lines. */
    private static void checkHeader(SplitCount c, long linesBefore, int dim) {
        Path file = local(c.file());
        int line = (int) Math.min(Integer.MAX_VALUE, linesBefore + 1);
        int d;
        try {
            d = CsvBagFormat.headerDim(c.firstNonBlank(), file, line);
        } catch (MalformedDataException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (d != dim) {
            throw new IllegalArgumentException(new MalformedDataException(file, line, "the header declares " + d
                    + " features, the model's dimension is " + dim).getMessage());
        }
    }

    /** The data rows of one split, keyed by bag id, with their lines and places, parsed as they are read. */
    private static final class RowIterator implements Iterator<Tuple2<String, Row>> {
        private final Iterator<Tuple2<LongWritable, Text>> lines;
        private final int dim;
        private final String file;
        private final Path path;
        private long line;
        private long nonBlank;
        private long ordinal;
        private Tuple2<String, Row> next;

        RowIterator(SplitStart s, Iterator<Tuple2<LongWritable, Text>> lines, int dim) {
            this.lines = lines;
            this.dim = dim;
            this.file = s.file();
            this.path = local(s.file());
            this.line = s.linesBefore();
            this.nonBlank = s.nonBlankBefore();
            this.ordinal = s.rowsBefore();
        }

        @Override
        public boolean hasNext() {
            while (next == null && lines.hasNext()) {
                String text = lines.next()._2().toString();
                line++;
                if (line == 1 && text.startsWith("\uFEFF")) {
                    text = text.substring(1);   // as the count pass reads it
                }
                if (text.isBlank() || ++nonBlank == 1) {
                    continue;   // blank, or the file's header (checked on the driver)
                }
                int lineNo = (int) Math.min(Integer.MAX_VALUE, line);
                CsvBagFormat.Row r;
                try {
                    r = CsvBagFormat.parseRow(text, dim, path, lineNo);
                } catch (MalformedDataException e) {
                    throw new BadBagsException(e);
                }
                next = new Tuple2<>(r.bag(), new Row(ordinal++, file, lineNo, r.label(), r.x().toArray()));
            }
            return next != null;
        }

        @Override
        public Tuple2<String, Row> next() {
            if (!hasNext()) {
                throw new java.util.NoSuchElementException();
            }
            Tuple2<String, Row> t = next;
            next = null;
            return t;
        }
    }

    /**
     * The rows of one bag id as one bag keyed by its first row's place, after checking that they are contiguous
     * in the input and agree on the label.
     */
    private static Tuple2<Long, ShippedBag> bag(String id, Iterable<Row> rowsOfId) {
        List<Row> rows = new ArrayList<>();
        rowsOfId.forEach(rows::add);
        rows.sort(Comparator.comparingLong(r -> r.ordinal));
        Row first = rows.get(0);
        double[][] x = new double[rows.size()][];
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            Row last = i > 0 ? rows.get(i - 1) : first;
            if (i > 0 && r.ordinal != last.ordinal + 1) {
                boolean oneFile = first.file.equals(r.file) && last.file.equals(r.file);
                throw bad(r, "bag '" + id + "' reappears after other bags (its rows are at " + (oneFile
                        ? "lines " + first.line + "-" + last.line
                        : local(first.file) + ":" + first.line + " to " + local(last.file) + ":" + last.line)
                        + "); rows of a bag must be contiguous" + (oneFile ? "" : " (a bag may run from the end of "
                        + "one file into the start of the next, in name order)"));
            }
            if (!r.label.equals(first.label)) {
                throw bad(r, "bag '" + id + "' has label '" + r.label + "' but label '" + first.label + "' at "
                        + (first.file.equals(r.file) ? "line " + first.line : local(first.file) + ":" + first.line));
            }
            x[i] = r.x;
        }
        return new Tuple2<>(first.ordinal, new ShippedBag(id, first.label, x));
    }

    private static BadBagsException bad(Row r, String problem) {
        return new BadBagsException(new MalformedDataException(local(r.file), r.line, problem));
    }

    /**
     * A malformed row found on an executor: the message is the {@link MalformedDataException}'s one line
     * "file:line: problem" that the driver reports ({@link #malformed} finds it in Spark's job failure).
     */
    static final class BadBagsException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadBagsException(MalformedDataException e) {
            super(e.getMessage());
        }
    }

    /** Partition k of n holds the bags whose first row is in the k-th n-th of the input's rows. */
    private static final class RowRanges extends Partitioner {
        private static final long serialVersionUID = 1L;

        private final int partitions;
        private final long rows;

        RowRanges(int partitions, long rows) {
            this.partitions = partitions;
            this.rows = rows;
        }

        @Override
        public int numPartitions() {
            return partitions;
        }

        @Override
        public int getPartition(Object key) {
            long ordinal = (Long) key;
            return (int) Math.min(partitions - 1, (long) ((double) ordinal / rows * partitions));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof RowRanges r && r.partitions == partitions && r.rows == rows;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(rows) * 31 + partitions;
        }
    }
}
