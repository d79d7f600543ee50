package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.JsonSummary;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --gamma-dim G --json FILE}: the fixed kernel width and the output file of {@code bench} and {@code bench-cccp} (a picocli mixin). */
final class MiBenchOptions {
    @Option(names = "--gamma-dim", paramLabel = "G", defaultValue = "1",
            description = "Gaussian gamma times the feature count, i.e. gamma = G / dim (default: ${DEFAULT-VALUE}).")
    double gammaDim;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the measurements as JSON.")
    Path json;

    /** Writes the measurements when --json was given. */
    void write(JsonSummary measurements) throws IOException {
        if (json != null) {
            measurements.writeTo(json);
        }
    }
}
