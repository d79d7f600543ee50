package dev.kernelkit.cli.prototypes;

import dev.kernelkit.data.CsvSeriesFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.gram.MultipleKernel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --format libsvm|csv-series --kernel AUTO|GAUSSIAN|GAK}: how {@code prototypes train} and {@code prototypes cv}
 * read --data and which base kernels they build on it (a picocli mixin), with the formats, the reader and its result.
 */
final class PrototypesDataOptions implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Option(names = "--format", defaultValue = "libsvm", converter = FormatConverter.class,
            description = "Input format: libsvm or csv-series (header series,label,c1..cd; one time step per row; series "
                    + "may have different lengths with alignment kernels; default ${DEFAULT-VALUE}).")
    Format format;
    @Option(names = "--kernel", defaultValue = "AUTO",
            description = "Base kernels: ${COMPLETION-CANDIDATES} (AUTO: GAK per channel for csv-series, Gaussian per feature for libsvm).")
    KernelChoice kernel;

    /** Whether series are read in the variable-length encoding (alignment kernels on csv-series). */
    boolean variableLength() {
        return format == Format.CSV_SERIES && kernel != KernelChoice.GAUSSIAN;
    }

    /** Reads the data file for these options. */
    Input read(Path file) throws IOException {
        if (format == Format.LIBSVM && kernel == KernelChoice.GAK) {
            throw new IllegalArgumentException("--kernel GAK needs --format csv-series (time series with channels)");
        }
        return read(file, format, variableLength());
    }

    /**
     * The base kernels for a training set read with these options: one GAK per channel on series of any
     * lengths (the variable-length encoding), a Gaussian per channel on flat series, a Gaussian per feature
     * on LIBSVM data.
     */
    MultipleKernel kernelsFor(LabeledDataset train, int[][] groups, long seed) {
        if (format == Format.LIBSVM) {
            if (kernel == KernelChoice.GAK) {
                throw new IllegalArgumentException("--kernel GAK needs --format csv-series (time series with channels)");
            }
            return MultipleKernel.gaussianPerFeature(train.points());
        }
        return kernel == KernelChoice.GAUSSIAN ? MultipleKernel.gaussianPerGroup(train.points(), groups)
                : MultipleKernel.alignmentPerChannel(train.points(), seed);
    }

    /** Input formats. */
    enum Format {
        /** LIBSVM, integer labels 1..c (one Gaussian base kernel per feature by default). */
        LIBSVM,
        /** {@link CsvSeriesFormat}: multivariate time series (one GAK per channel by default). */
        CSV_SERIES
    }

    /** Base-kernel families. */
    enum KernelChoice {
        /** GAK per channel for csv-series, Gaussian per feature for LIBSVM. */
        AUTO,
        /** Gaussian per feature (LIBSVM) or per channel (csv-series). */
        GAUSSIAN,
        /** Normalised global alignment kernel per channel (csv-series only). */
        GAK
    }

    /**
     * Data read from a file, with the channel groups of a flat series file (null for LIBSVM and for series in the
     * variable-length encoding).
     */
    record Input(LabeledDataset data, int[][] groups) {
    }

    /**
     * Reads a file; a series file either in the variable-length encoding ({@code variableLength}: series of any
     * lengths, for one alignment kernel per channel) or flat (one length; channel groups at fixed positions).
     */
    static Input read(Path file, Format format, boolean variableLength) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--data: no such file: " + file);
        }
        if (format == Format.CSV_SERIES) {
            CsvSeriesFormat.SeriesSet ss = CsvSeriesFormat.readSeries(file);
            if (variableLength) {
                return new Input(ss.encoded(), null);
            }
            if (!ss.equalLengths()) {
                int min = Integer.MAX_VALUE;
                int max = 0;
                for (int i = 0; i < ss.size(); i++) {
                    min = Math.min(min, ss.length(i));
                    max = Math.max(max, ss.length(i));
                }
                throw new IllegalArgumentException(file + ": series have lengths " + min + " to " + max + "; Gaussian "
                        + "base kernels compare channels position by position and need one length (use --kernel GAK, "
                        + "the default for csv-series, which aligns series of any lengths)");
            }
            CsvSeriesFormat.SeriesData sd = ss.flat();
            return new Input(sd.data(), sd.channelGroups());
        }
        return new Input(LibsvmFormat.readDense(file), null);
    }

    /** Accepts libsvm and csv-series (any case). */
    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String v) {
            switch (v.toLowerCase(Locale.ROOT)) {
                case "libsvm":
                    return Format.LIBSVM;
                case "csv-series":
                    return Format.CSV_SERIES;
                default:
                    throw new CommandLine.TypeConversionException("--format must be libsvm or csv-series, got '" + v + "'");
            }
        }
    }
}
