package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.eval.Choosers;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.io.Models;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.SparseMiModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit sparse-mi train}: fit on a bag file ((gamma, C[, N_XV]) by inner 3-fold CV on all the bags
 * unless given), print the training accuracy, optionally save the model.
 */
@Command(name = "train", mixinStandardHelpOptions = true, description = "Train on a bag file and save the model.")
final class SparseMiTrainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    BagInput input = new BagInput();
    @Mixin
    SparseMiLearnerOptions learner = new SparseMiLearnerOptions();

    @Option(names = "--model", paramLabel = "FILE", description = "Where to write the model.")
    Path model;

    @Option(names = "--replicate", paramLabel = "K", defaultValue = "1",
            description = "Train on every bag repeated K times (to measure how training time grows with the "
                    + "number of instances; default: ${DEFAULT-VALUE}).")
    int replicate;

    @Override
    public Integer call() throws IOException {
        learner.checkGrid();
        if (replicate < 1) {
            throw new IllegalArgumentException("--replicate must be >= 1, got " + replicate);
        }
        BagDataset d = MiData.replicated(input.read(), replicate);
        MemoryEstimates.sparseMi("sparse-mi train", d, 1, learner.largestXv(), false, threads.threads());
        // (gamma, C[, N_XV]) by the inner CV on all the bags, seeded --seed, unless given
        Point tuned = learner.autoXv()
                ? MiProtocol.select(d, MiProtocol.grid(learner::trainer, learner.xvGrid, learner.gammas(d), learner.cs()),
                        MiProtocol.chooser(learner.xvSearch()), learner.seed(), learner.innerRepeats).chosen()
                : learner.gamma != null ? null
                : MiProtocol.select(d, MiProtocol.grid(learner::trainer, learner.gammas(d), learner.cs()), Choosers.best(),
                        learner.seed(), learner.innerRepeats).chosen();
        double[] best = tuned == null ? new double[] {learner.gamma, learner.c, learner.xvCount()}
                : new double[] {tuned.number(MiProtocol.GAMMA), tuned.number(MiProtocol.C),
                        learner.autoXv() ? tuned.number(MiProtocol.XV) : learner.xvCount()};
        Stopwatch clock = Stopwatch.start();
        BagClassifier m = learner.trainer(best[0], best[1], (int) best[2]).fit(d);
        double secs = clock.elapsedSeconds();
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "method %s  bags %d  instances %d  xv %d  gamma %.6g  C %.6g  train_seconds %.3f  "
                        + "training_accuracy %.4f%s%n", learner.method, d.size(), d.instanceCount(),
                m.kernelEvaluationsPerInstance(), best[0], best[1], secs, Metrics.accuracy(m, d),
                m instanceof SparseMiModel sm ? String.format(Locale.ROOT, "  iterations %d  objective %.6g",
                        sm.iterations(), sm.finalObjective()) : "");
        if (model != null) {
            Models.save(m, model);
            out.println("model written to " + model);
        }
        out.flush();
        return 0;
    }
}
