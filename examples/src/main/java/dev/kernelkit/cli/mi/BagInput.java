package dev.kernelkit.cli.mi;

import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --data FILE [--format csv-bags|arff]}: the bag file of every sparse-mi sub-command (a picocli mixin). */
final class BagInput {
    @Option(names = "--data", required = true, paramLabel = "FILE",
            description = "Bag data file (for predict: the bags to predict).")
    Path data;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "csv-bags or arff (default: from the extension, .arff is arff, else csv-bags).")
    String format;

    /** Reads --data in --format. */
    BagDataset read() throws IOException {
        return read(data, format);
    }

    /** --format, or the format the file name implies: arff for {@code .arff}, else csv-bags. */
    String formatName() {
        return format != null ? format : data.toString().endsWith(".arff") ? "arff" : "csv-bags";
    }

    /**
     * Reads a bag file in {@code format} (null: from the extension).
     *
     * @throws IllegalArgumentException for a format other than csv-bags and arff
     */
    static BagDataset read(Path file, String format) throws IOException {
        String f = format != null ? format : file.toString().endsWith(".arff") ? "arff" : "csv-bags";
        return switch (f) {
            case "arff" -> ArffFormat.readBags(file);
            case "csv-bags" -> CsvBagFormat.read(file);
            default -> throw new IllegalArgumentException("--format must be csv-bags or arff, got '" + f + "'");
        };
    }
}
