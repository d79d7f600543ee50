package dev.kernelkit.cli.mi;

import picocli.CommandLine.Option;

/** MI-CCCP's settings shared by {@code compare} and {@code bench-cccp} (a picocli mixin). */
final class CccpSettings implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Option(names = "--cccp-lambda", paramLabel = "L", defaultValue = "1",
            description = "MI-CCCP's weight of |f(B) - max f(x)| (default: ${DEFAULT-VALUE}).")
    double lambda;

    @Option(names = "--cccp-steps", paramLabel = "N", defaultValue = "10",
            description = "MI-CCCP's cap on CCCP steps (default: ${DEFAULT-VALUE}).")
    int steps;
}
