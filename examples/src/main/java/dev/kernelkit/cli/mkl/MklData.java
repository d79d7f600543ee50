package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.CliEnums.DataFormat;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** The data the mkl commands read and derive: labelled points from a file, noise features appended, a stratified subsample. */
final class MklData {
    private MklData() {
    }

    /** Reads labelled points (LIBSVM or ARFF). */
    static LabeledDataset read(Options.Input input) throws IOException {
        input.validate();
        Path file = input.data();
        DataFormat f = input.formatOf(file);
        LabeledDataset d = switch (f) {
            case LIBSVM -> LibsvmFormat.read(file);
            case ARFF -> ArffFormat.read(file);
            case CSV_BAGS -> throw new IllegalArgumentException(file + " is in the csv-bags format; mkl needs labelled points");
        };
        if (d.size() == 0) {
            throw new IllegalArgumentException(file + " holds no examples");
        }
        return d;
    }

    /**
     * The data with round(ratio d) standard normal features appended to every point (the noisy-kernel
     * study of Xu, Tsang and Xu, TNNLS 2013, Fig. 2); the draws depend only on the seed.
     *
     * @throws IllegalArgumentException for a negative or non-finite ratio
     */
    static LabeledDataset addNoise(LabeledDataset d, double ratio, long seed) {
        if (!(ratio >= 0) || !Double.isFinite(ratio)) {
            throw new IllegalArgumentException("--noise-ratio must be >= 0 and finite, got " + ratio);
        }
        int extra = (int) Math.round(ratio * d.dim());
        if (extra == 0) {
            return d;
        }
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x6e6f697365L);
        List<Vec> points = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            double[] x = Arrays.copyOf(d.x(i).toArray(), d.dim() + extra);
            for (int j = d.dim(); j < x.length; j++) {
                x[j] = gaussian(rnd);
            }
            points.add(DenseVec.wrap(x));
        }
        return new LabeledDataset(points, d.labels());
    }

    /** A standard normal draw (Box-Muller). */
    static double gaussian(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    /**
     * A stratified random subsample of {@code n} points (per class in proportion, rounded; seeded), or the data
     * themselves when {@code n} is null or at least their size.
     *
     * @throws IllegalArgumentException for n &lt; 2 or a subsample that would leave a class out
     */
    static LabeledDataset subsample(LabeledDataset data, Integer n, long seed) {
        if (n == null || n >= data.size()) {
            return data;
        }
        if (n < 2) {
            throw new IllegalArgumentException("--subsample must be >= 2, got " + n);
        }
        LabeledDataset part = data.subset(Splits.repeatedStratifiedHoldOut(data.labels(), (double) n / data.size(), 1, seed)
                .get(0).train());
        if (part.classCount() < data.classCount()) {
            throw new IllegalArgumentException("--subsample " + n + " leaves out a class of " + data.classCount()
                    + " (the rarest is too rare for so few points); take more points");
        }
        return part;
    }
}
