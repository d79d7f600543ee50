package dev.kernelkit.spark.cvm;

import java.util.Arrays;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * Reads a LIBSVM file (or a folder of part files) with Spark into {@link LabeledRow}s, as the
 * one-machine {@code LibsvmFormat.read} reads it: sparse rows, 0-based indices (file index i becomes
 * i - 1), the dimension the largest index, blank lines and '#' comments skipped. A bad label, token,
 * index or value fails the read with one line "path:line: problem" (the line counted over the input
 * in order: for a folder, over its part files in name order). Two passes: the largest index, then
 * the rows.
 */
public final class SparkLibsvm {
    private SparkLibsvm() {
    }

    /**
     * The rows of {@code path}, in file order.
     *
     * @throws IllegalArgumentException "path:line: problem" for a malformed line, or for a file with no rows
     */
    public static JavaRDD<LabeledRow> read(JavaSparkContext sc, String path, int minPartitions) {
        JavaRDD<Tuple2<String, Long>> lines;
        int dim;
        try {
            // zipWithIndex runs a job (the partitions' sizes): a missing input shows here
            lines = sc.textFile(path, minPartitions).zipWithIndex().map(t -> t);
            dim = lines.map(t -> {
                Parsed p = parse(t._1(), path, t._2() + 1);
                return p == null ? 0 : p.maxIndex;
            }).fold(0, Math::max);
        } catch (Exception e) {
            String bad = BadRowException.find(e);
            if (bad != null) {
                throw new IllegalArgumentException(bad);
            }
            String missing = missingInput(e);
            if (missing != null) {
                throw new IllegalArgumentException("no such file or folder: " + path + " (" + missing + ")");
            }
            throw e;
        }
        int d = dim;
        return lines.flatMap(t -> {
            Parsed p = parse(t._1(), path, t._2() + 1);
            if (p == null) {
                return java.util.Collections.emptyIterator();
            }
            return java.util.List.of(new LabeledRow(p.label, d, p.indices, p.values)).iterator();
        });
    }

    /** Hadoop's first line for an input path that does not exist (its InvalidInputException), else null. */
    private static String missingInput(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getClass().getSimpleName().equals("InvalidInputException") && t.getMessage() != null) {
                return t.getMessage().lines().findFirst().orElse("").strip();
            }
        }
        return null;
    }

    /** One parsed line. */
    private record Parsed(double label, int[] indices, double[] values, int maxIndex) {
    }

    /** The row of a line, null for a blank or comment line. */
    private static Parsed parse(String raw, String path, long line) {
        int hash = raw.indexOf('#');
        String s = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
        if (s.isEmpty()) {
            return null;
        }
        String[] tok = s.split("[ \t\r]+");
        double label = finite(tok[0], path, line, "label");
        int[] idx = new int[tok.length - 1];
        double[] val = new double[tok.length - 1];
        int prev = 0;
        for (int k = 1; k < tok.length; k++) {
            String t = tok[k];
            int colon = t.indexOf(':');
            if (colon <= 0 || colon == t.length() - 1) {
                throw bad(path, line, "bad token '" + t + "', expected index:value");
            }
            String is = t.substring(0, colon);
            long v = 0;
            for (int i = 0; i < is.length(); i++) {
                char c = is.charAt(i);
                if (c < '0' || c > '9' || (v = 10 * v + (c - '0')) > Integer.MAX_VALUE) {
                    throw bad(path, line, "bad index '" + is + "' in '" + t + "', expected a positive integer");
                }
            }
            if (v == 0) {
                throw bad(path, line, "bad index '" + is + "' in '" + t + "', indices are 1-based");
            }
            int index = (int) v;
            if (index <= prev) {
                throw bad(path, line, "index " + index + " in '" + t + "' must be greater than the previous index "
                        + prev);
            }
            idx[k - 1] = index - 1;
            val[k - 1] = finite(t.substring(colon + 1), path, line, "value of feature " + index);
            prev = index;
        }
        return new Parsed(label, Arrays.copyOf(idx, idx.length), val, prev);
    }

    private static double finite(String s, String path, long line, String what) {
        double v;
        try {
            v = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw bad(path, line, "bad " + what + " '" + s + "'");
        }
        if (!Double.isFinite(v)) {
            throw bad(path, line, what + " must be finite, got '" + s + "'");
        }
        return v;
    }

    private static BadRowException bad(String path, long line, String problem) {
        return new BadRowException(path + ":" + line + ": " + problem);
    }
}
