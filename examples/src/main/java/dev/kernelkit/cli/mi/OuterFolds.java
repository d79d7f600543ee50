package dev.kernelkit.cli.mi;

import picocli.CommandLine.Option;

/** {@code --folds K --repeats R}: the outer repeated stratified k-fold of {@code cv} and {@code compare} (a picocli mixin). */
final class OuterFolds {
    @Option(names = "--folds", paramLabel = "K", defaultValue = "10", description = "Folds (default: ${DEFAULT-VALUE}).")
    int folds;

    @Option(names = "--repeats", paramLabel = "R", defaultValue = "1", description = "Repeats (default: ${DEFAULT-VALUE}).")
    int repeats;

    /** The share of the bags in an outer training part, (K - 1) / K. */
    double trainFraction() {
        return (folds - 1.0) / folds;
    }
}
