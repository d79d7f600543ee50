package dev.kernelkit.cli.mkl;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Resampling;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --splits --test-fraction --seed --noise-ratio}: the outer random hold-out splits of the mkl commands (a picocli mixin). */
final class MklSplitOptions {
    @Option(names = "--splits", paramLabel = "R", defaultValue = "10",
            description = "Random stratified train/test splits (default: ${DEFAULT-VALUE}).")
    int splits = 10;

    @Option(names = "--test-fraction", paramLabel = "F", defaultValue = "0.3",
            description = "Test fraction of each split (default: ${DEFAULT-VALUE}).")
    double testFraction = 0.3;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the splits (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--noise-ratio", paramLabel = "R", defaultValue = "0",
            description = "Append round(R d) standard normal noise features, seeded by --seed (the noisy-kernel study, Fig. 2; default: ${DEFAULT-VALUE}).")
    double noiseRatio = 0;

    /** The data with round(noiseRatio d) N(0, 1) features appended (seed: --seed). */
    LabeledDataset withNoise(LabeledDataset d) {
        return MklData.addNoise(d, noiseRatio, seed);
    }

    /** The outer splits: split r the stratified hold-out seeded seed + r. */
    Resampling resampling() {
        if (splits < 1) {
            throw new IllegalArgumentException("--splits must be >= 1, got " + splits);
        }
        if (!(testFraction > 0 && testFraction < 1)) {
            throw new IllegalArgumentException("--test-fraction must be in (0, 1), got " + testFraction);
        }
        return Resampling.stratifiedHoldOut(1 - testFraction, splits, seed);
    }

    List<Splits.Split> make(LabeledDataset d) {
        return resampling().splits(d);
    }
}
