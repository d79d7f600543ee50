package dev.kernelkit.cli;

import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.CsvVectorFormat;
import dev.kernelkit.data.CsvSeriesFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.MalformedDataException;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads a data file as the examples a model or a learner of the learner contract reads
 * ({@link InputKind}): LIBSVM text, ordinary ARFF and CSV time series ({@link CsvSeriesFormat},
 * flattened channel after channel as the prototypes commands read them) give vectors; CSV bags
 * ({@link CsvBagFormat}) and multi-instance (relational) ARFF give bags. The format is
 * {@code --format} when given, otherwise implied by the file: {@code .arff} is ARFF (bags when its
 * header declares a relational attribute), {@code .csv} is CSV bags or CSV series by its header's
 * first column ({@code bag} or {@code series}), anything else LIBSVM. Used by
 * {@code kernelkit predict}, {@code kernelkit compare} and the per-module predict aliases, so a
 * bag file given to a vector model (or the reverse) and a file with more features than the model
 * are refused with the same one-line message everywhere.
 */
public final class ExampleFiles {
    private static final Pattern RELATIONAL = Pattern.compile("(?i)^\\s*@attribute\\s+.*\\srelational\\s*$");
    private static final Pattern DATA = Pattern.compile("(?i)^\\s*@data\\b.*");

    private ExampleFiles() {
    }

    /** The file formats, each with the kind of examples it holds. */
    public enum Format {
        /** LIBSVM text: vectors. */
        LIBSVM("libsvm", InputKind.VECTORS),
        /** Ordinary ARFF: vectors. */
        ARFF("arff", InputKind.VECTORS),
        /** Plain CSV vectors with a header: vectors. */
        CSV("csv", InputKind.VECTORS),
        /** CSV time series, one point per series: vectors. */
        CSV_SERIES("csv-series", InputKind.VECTORS),
        /** CSV bags: bags. */
        CSV_BAGS("csv-bags", InputKind.BAGS),
        /** Multi-instance (relational) ARFF: bags. */
        MI_ARFF("mi-arff", InputKind.BAGS);

        private final String cliName;
        private final InputKind kind;

        Format(String cliName, InputKind kind) {
            this.cliName = cliName;
            this.kind = kind;
        }

        /** The name on the command line and in messages. */
        public String cliName() {
            return cliName;
        }

        /** Vectors or bags. */
        public InputKind kind() {
            return kind;
        }
    }

    /** The accepted {@code --format} values, for help texts. */
    public static final String FORMATS = "libsvm, csv (vectors with a header, label column first or --label-column), "
            + "arff (vectors, or bags when the header declares a relational attribute), csv-bags, csv-series";

    /**
     * The format of a file: {@code option} when given (libsvm, csv, arff, csv-bags, csv-series, mi-arff; arff
     * with a relational attribute is read as bags), otherwise from its extension and header ({@code .csv}:
     * bags when the header starts with {@code bag}, series with {@code series}, else plain CSV vectors).
     *
     * @throws IllegalArgumentException for an unknown format name
     * @throws IOException when the file cannot be read
     */
    public static Format formatOf(Path file, String option) throws IOException {
        if (option != null) {
            String o = option.strip().toLowerCase(Locale.ROOT);
            for (Format f : Format.values()) {
                if (f.cliName.equals(o)) {
                    return f == Format.ARFF && relationalArff(file) ? Format.MI_ARFF : f;
                }
            }
            throw new IllegalArgumentException("--format must be one of " + FORMATS + ", got '" + option + "'");
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".arff")) {
            return relationalArff(file) ? Format.MI_ARFF : Format.ARFF;
        }
        if (name.endsWith(".csv")) {
            String first = firstColumn(file);
            if (first.equalsIgnoreCase("bag")) {
                return Format.CSV_BAGS;
            }
            if (first.equalsIgnoreCase("series")) {
                return Format.CSV_SERIES;
            }
            return Format.CSV;
        }
        return Format.LIBSVM;
    }

    /**
     * Reads every example of a file in the given format (LIBSVM as sparse or dense points).
     *
     * @throws IOException for a missing or malformed file (file and line named)
     */
    public static Dataset<?> read(Path file, Format format, boolean dense) throws IOException {
        return read(file, format, dense, null);
    }

    /**
     * Reads every example of a file, a CSV vector file's labels from the named column (null: the first).
     *
     * @throws IOException for a missing or malformed file (file and line named)
     */
    public static Dataset<?> read(Path file, Format format, boolean dense, String labelColumn) throws IOException {
        if (labelColumn != null && format != Format.CSV) {
            throw new IllegalArgumentException("--label-column applies to CSV vector files (--format csv), not "
                    + format.cliName());
        }
        return switch (format) {
            case CSV -> CsvVectorFormat.read(file, labelColumn);
            case LIBSVM -> dense ? LibsvmFormat.readDense(file) : LibsvmFormat.read(file);
            case ARFF -> ArffFormat.read(file);
            case CSV_SERIES -> CsvSeriesFormat.read(file).data();
            case CSV_BAGS -> CsvBagFormat.read(file);
            case MI_ARFF -> ArffFormat.readBags(file);
        };
    }

    /**
     * Reads the examples a model of input kind {@code kind} and dimension {@code dim} predicts on:
     * refuses a file of the other kind and one whose examples have another number of features
     * (LIBSVM points with fewer features are widened to {@code dim}: the absent features are zeros).
     *
     * @param who the model, for messages (e.g. "the model m.txt (type svm)")
     * @param dense read LIBSVM into dense points (as the module's own train command read its data)
     * @throws IllegalArgumentException naming the file and the problem: a bag file for a vector model
     *         or the reverse, another dimension, no examples
     * @throws IOException for a missing or malformed file, or a LIBSVM index beyond {@code dim}
     */
    public static Dataset<?> readFor(Path file, Format format, InputKind kind, int dim, String who, boolean dense)
            throws IOException {
        if (format.kind() != kind) {
            throw new IllegalArgumentException(file + " holds " + format.kind().label() + " (" + format.cliName()
                    + "), but " + who + " predicts " + kind.label());
        }
        Dataset<?> d;
        if (format == Format.LIBSVM) {
            LabeledDataset points;
            try {
                points = dense ? LibsvmFormat.readDense(file, dim) : LibsvmFormat.read(file, dim);
            } catch (MalformedDataException e) {
                if (e.problem().contains("exceeds the dimension")) {
                    throw new IOException(e.getMessage() + " of " + who, e);
                }
                throw e;
            }
            d = points.size() > 0 && points.dim() < dim ? DataFiles.widen(points, dim) : points;
        } else {
            d = read(file, format, dense);
        }
        if (d.size() == 0) {
            throw new IllegalArgumentException(file + " holds no examples");
        }
        if (d.dim() != dim) {
            String what = kind == InputKind.BAGS ? "the bags' instances have dimension " : "the points have dimension ";
            throw new IllegalArgumentException(file + ": " + what + d.dim() + ", expected " + dim + " (the dimension of "
                    + who + ")");
        }
        return d;
    }

    private static boolean relationalArff(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (DATA.matcher(line).matches()) {
                    return false;
                }
                if (RELATIONAL.matcher(line).matches()) {
                    return true;
                }
            }
        } catch (CharacterCodingException e) {
            return false; // not text: the ARFF reader names the problem
        }
        return false;
    }

    private static String firstColumn(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    int comma = line.indexOf(',');
                    return (comma < 0 ? line : line.substring(0, comma)).strip().replace("\uFEFF", "");
                }
            }
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + " is not UTF-8 text", e);
        }
        throw new IllegalArgumentException(file + " is empty");
    }
}
