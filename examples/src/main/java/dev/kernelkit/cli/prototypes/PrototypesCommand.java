package dev.kernelkit.cli.prototypes;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit prototypes train|predict|cv|demo}: IMKPL (interpretable multiple-kernel
 * prototype learning) from the command line. Data are multi-class LIBSVM files (labels as they
 * are); one Gaussian base kernel per feature. {@code cv} runs repeated stratified hold-out splits
 * and reports accuracy, IP, DR, selected kernels and training time; {@code demo} runs the seeded
 * synthetic feature-selection experiment (spec §7.5).
 */
@Command(name = "prototypes", mixinStandardHelpOptions = true,
        description = "Interpretable multiple-kernel prototype learning (IMKPL, with NQP).",
        subcommands = {PrototypesTrainCommand.class, PrototypesPredictCommand.class, PrototypesCvCommand.class,
                PrototypesDemoCommand.class})
public final class PrototypesCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing sub-command: train, predict, cv or demo");
    }

    /** Runs the command on its own (until it is registered in the kernelkit Main). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new PrototypesCommand()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }
}
