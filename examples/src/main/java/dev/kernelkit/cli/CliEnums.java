package dev.kernelkit.cli;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.svm.SvmLoss;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * The enumerated option values of the command line, each spelled on the command line in lower
 * case with hyphens ({@code csv-bags}, {@code squared-hinge}; {@code --scale} uses the data layer's
 * {@link FeatureScaling} names), with the
 * picocli converters that parse them and name the accepted values when a value is unknown.
 */
public final class CliEnums {
    private CliEnums() {
    }

    /** An enum constant with a command-line spelling. */
    interface Named {
        String cliName();
    }

    /** Input file formats of {@code --format}. */
    public enum DataFormat implements Named {
        LIBSVM("libsvm"), CSV_BAGS("csv-bags"), ARFF("arff");

        private final String cliName;

        DataFormat(String cliName) {
            this.cliName = cliName;
        }

        @Override
        public String cliName() {
            return cliName;
        }

        /**
         * The format a file name implies: {@code .csv} is CSV bags, {@code .arff} is ARFF and
         * anything else (LIBSVM files often have no extension, e.g. {@code a9a}) is LIBSVM text.
         */
        public static DataFormat forFile(java.nio.file.Path file) {
            String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
            if (name.endsWith(".csv")) {
                return CSV_BAGS;
            }
            if (name.endsWith(".arff")) {
                return ARFF;
            }
            return LIBSVM;
        }

        /** Picocli converter. */
        public static final class Converter implements CommandLine.ITypeConverter<DataFormat> {
            @Override
            public DataFormat convert(String value) {
                return parse(DataFormat.class, value);
            }
        }
    }

    /** Picocli converter of {@code --scale} to the data layer's {@link FeatureScaling}. */
    public static final class ScalingConverter implements CommandLine.ITypeConverter<FeatureScaling> {
        @Override
        public FeatureScaling convert(String value) {
            try {
                return FeatureScaling.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("expected one of none, standard, minmax, log1p-minmax but was '"
                        + value + "'");
            }
        }
    }

    /** SVM losses of {@code --loss}. */
    public enum Loss implements Named {
        HINGE("hinge"), SQUARED_HINGE("squared-hinge");

        private final String cliName;

        Loss(String cliName) {
            this.cliName = cliName;
        }

        @Override
        public String cliName() {
            return cliName;
        }

        /** The solver layer's loss. */
        public SvmLoss toSvmLoss() {
            return this == HINGE ? SvmLoss.HINGE : SvmLoss.SQUARED_HINGE;
        }

        /** The loss spelled as on the command line. */
        public static Loss of(SvmLoss loss) {
            return loss == SvmLoss.HINGE ? HINGE : SQUARED_HINGE;
        }

        /** Picocli converter. */
        public static final class Converter implements CommandLine.ITypeConverter<Loss> {
            @Override
            public Loss convert(String value) {
                return parse(Loss.class, value);
            }
        }
    }

    /** The accepted spellings, joined with '|'. */
    static <E extends Enum<E> & Named> String choices(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Named::cliName).collect(Collectors.joining("|"));
    }

    /**
     * The constant spelled {@code value} (case-insensitive).
     *
     * @throws CommandLine.TypeConversionException naming the accepted values
     */
    static <E extends Enum<E> & Named> E parse(Class<E> type, String value) {
        for (E e : type.getEnumConstants()) {
            if (e.cliName().equalsIgnoreCase(value)) {
                return e;
            }
        }
        throw new CommandLine.TypeConversionException("expected one of " + choices(type).replace("|", ", ")
                + " but was '" + value + "'");
    }
}
