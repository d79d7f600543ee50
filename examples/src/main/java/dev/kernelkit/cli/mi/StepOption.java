package dev.kernelkit.cli.mi;

import dev.kernelkit.mi.SparseMiOptions;
import picocli.CommandLine.Option;

/** {@code --step length|gradient}: SparseMI's trial point ({@link SparseMiOptions.StepRule}); train, cv, compare. */
final class StepOption implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Option(names = "--step", paramLabel = "RULE", defaultValue = "length",
            description = "SparseMI's trial point: length (Z - lambda grad / ||grad||, lambda a step length) or "
                    + "gradient (Z - lambda grad, Algorithm 1 as printed) (default: ${DEFAULT-VALUE}).")
    String value;

    /** The parsed rule; an unknown value is an IllegalArgumentException naming --step and the value. */
    SparseMiOptions.StepRule rule() {
        return MiOptionValues.enumValue(SparseMiOptions.StepRule.class, "--step", value);
    }
}
