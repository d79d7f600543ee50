package dev.kernelkit.cli.mi;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code kernelkit sparse-mi train|predict|cv|compare|bench|bench-cccp|synth}: SparseMI (TNNLS 2013) and its
 * sparse baselines RSVM and RS on multi-instance bag files (CSV bags or multi-instance ARFF), one class per
 * sub-command.
 *
 * <p>{@code cv} follows the paper's protocol: repeated stratified k-fold over bags, features
 * standardised on each training part, (gamma, C) fixed by {@code --gamma/--c} or, when both are
 * omitted, chosen by 3-fold CV on the training part. {@code train} and {@code predict} use the
 * features as given (standardise the files beforehand if needed). {@code compare} runs every method of
 * the module (SparseMI, MI-Kernel, RSVM, RS, mi-SVM, MI-SVM, MILES, MI-CCCP) through the cv protocol on the
 * same folds.
 */
@Command(name = "sparse-mi", mixinStandardHelpOptions = true,
        description = "Sparse kernel SVMs for multi-instance bags (SparseMI) and the baselines MI-Kernel, RSVM, RS.",
        subcommands = {SparseMiTrainCommand.class, SparseMiPredictCommand.class, SparseMiCvCommand.class,
                SparseMiCompareCommand.class, SparseMiBenchCommand.class, SparseMiBenchCccpCommand.class,
                SyntheticBagsCommand.class})
public final class SparseMiCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }

    /** Runs the command alone (until it is registered in the main command). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new SparseMiCommand()).execute(args));
    }
}
