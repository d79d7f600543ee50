package dev.kernelkit.cli.mkl;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit mkl}: soft margin MKL (SM1MKL, SM2MKL) and its baselines (Lp-MKL, SimpleMKL,
 * AveKernel) with the SimpleMKL base kernels of Xu, Tsang and Xu (TNNLS 2013, Section V-B):
 * Gaussian widths 2^-3..2^6 and polynomial degrees 1..3 on all variables and each variable,
 * unit trace on the standardised training data.
 */
@Command(name = "mkl", mixinStandardHelpOptions = true,
        description = "Soft margin multiple kernel learning: train, predict, cv (random hold-out splits) or compare all methods.",
        subcommands = {MklTrainCommand.class, MklPredictCommand.class, MklCvCommand.class, MklCompareCommand.class,
                MklBenchCommand.class, MklRowsBenchCommand.class, MklNoiseCommand.class, MklDemoCommand.class})
public final class MklCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }
}
