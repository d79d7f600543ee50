package dev.kernelkit.cli.cvm;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kernelkit cvm}: core vector machines (CVM, BVM, one-class CVM, CVR) on LIBSVM files, and CVM, BVM, one-class CVM on bag files with the set kernel. */
@Command(name = "cvm", mixinStandardHelpOptions = true,
        description = "Core vector machines (minimum enclosing ball core sets): train, predict or cross-validate.",
        subcommands = {CvmTrainCommand.class, CvmPredictCommand.class, CvmCvCommand.class})
public final class CvmCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Runs this command alone (until it is registered in {@code Main}). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new CvmCommand()).execute(args));
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }
}
