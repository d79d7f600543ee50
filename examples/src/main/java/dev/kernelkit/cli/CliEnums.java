package dev.kernelkit.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * The enumerated option values of the command line, each spelled on the command line in lower
 * case with hyphens ({@code csv-bags}, {@code log1p-minmax}, {@code squared-hinge}), with the
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

    /** Feature scalings of {@code --scale}, fitted on the training part only. */
    public enum Scaling implements Named {
        NONE("none"), STANDARD("standard"), MINMAX("minmax"), LOG1P_MINMAX("log1p-minmax");

        private final String cliName;

        Scaling(String cliName) {
            this.cliName = cliName;
        }

        @Override
        public String cliName() {
            return cliName;
        }

        /** Picocli converter. */
        public static final class Converter implements CommandLine.ITypeConverter<Scaling> {
            @Override
            public Scaling convert(String value) {
                return parse(Scaling.class, value);
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
