package dev.kernelkit.cli;

import dev.kernelkit.cli.CliEnums.DataFormat;
import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the instance data sets of the SVM commands (LIBSVM text or plain ARFF) and makes a
 * training and a test file agree on the dimension. LIBSVM files do not state their dimension, so
 * a test file may use fewer (or more) feature indices than the training file: both are widened to
 * the larger dimension, which leaves every point and every kernel value unchanged.
 */
final class DataFiles {
    private DataFiles() {
    }

    /** A training set and an optional test set of one dimension. */
    record TrainTest(LabeledDataset train, LabeledDataset test) {
    }

    /**
     * Reads labelled points.
     *
     * @throws IllegalArgumentException for the csv-bags format (bags, not points)
     * @throws IOException for a missing or malformed file (with its line number)
     */
    static LabeledDataset readPoints(Path file, DataFormat format) throws IOException {
        return switch (format) {
            case LIBSVM -> LibsvmFormat.read(file);
            case ARFF -> ArffFormat.read(file);
            case CSV_BAGS -> throw new IllegalArgumentException(file + " is in the csv-bags format, which holds "
                    + "multi-instance bags; the svm commands need labelled points (libsvm or arff)");
        };
    }

    /** Reads labelled points whose dimension must be {@code dim} (LIBSVM: indices up to dim). */
    static LabeledDataset readPoints(Path file, DataFormat format, int dim) throws IOException {
        if (format == DataFormat.LIBSVM) {
            return widen(LibsvmFormat.read(file, dim), dim);
        }
        LabeledDataset d = readPoints(file, format);
        if (d.size() > 0 && d.dim() != dim) {
            throw new IllegalArgumentException(file + " has " + d.dim() + " features, expected " + dim);
        }
        return d;
    }

    /** Reads a training file and, when {@code test} is not null, a test file of the same dimension. */
    static TrainTest readTrainTest(Path train, Path test, Options.Input input) throws IOException {
        LabeledDataset tr = nonEmpty(readPoints(train, input.formatOf(train)), train);
        if (test == null) {
            return new TrainTest(tr, null);
        }
        LabeledDataset te = nonEmpty(readPoints(test, input.formatOf(test)), test);
        int dim = Math.max(tr.dim(), te.dim());
        try {
            return new TrainTest(widen(tr, dim), widen(te, dim));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("training file " + train + " has " + tr.dim() + " features but test file "
                    + test + " has " + te.dim());
        }
    }

    /**
     * The same points with dimension {@code dim}: sparse vectors get more implicit zeros; dense
     * vectors must already have it.
     */
    static LabeledDataset widen(LabeledDataset data, int dim) {
        if (data.dim() == dim) {
            return data;
        }
        if (data.dim() > dim) {
            throw new IllegalArgumentException("data have " + data.dim() + " features, expected at most " + dim);
        }
        List<Vec> out = new ArrayList<>(data.size());
        for (Vec v : data.points()) {
            if (!(v instanceof SparseVec s)) {
                throw new IllegalArgumentException("dense data have " + v.dim() + " features, expected " + dim);
            }
            int k = s.storedCount();
            int[] idx = new int[k];
            double[] val = new double[k];
            for (int p = 0; p < k; p++) {
                idx[p] = s.indexAt(p);
                val[p] = s.valueAt(p);
            }
            out.add(new SparseVec(dim, idx, val));
        }
        return data.withPoints(out);
    }

    private static LabeledDataset nonEmpty(LabeledDataset d, Path file) {
        if (d.size() == 0) {
            throw new IllegalArgumentException(file + " holds no data points");
        }
        if (d.dim() == 0) {
            throw new IllegalArgumentException(file + " holds points without features");
        }
        return d;
    }
}
