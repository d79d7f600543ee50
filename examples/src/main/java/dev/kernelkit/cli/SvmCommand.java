package dev.kernelkit.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kernelkit svm}: the binary or one-vs-rest kernel SVM on labelled points (LIBSVM or ARFF files). */
@Command(name = "svm", mixinStandardHelpOptions = true,
        description = "Kernel SVM (our SMO solver) on labelled points: train a model, predict with it, or cross-validate.",
        subcommands = {SvmTrainCommand.class, SvmPredictCommand.class, SvmCvCommand.class})
final class SvmCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }
}
