package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.mi.LearnedKernelForSparseMi;
import dev.kernelkit.eval.Choosers;
import dev.kernelkit.eval.Point;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.io.Models;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.SparseMi;
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
        BagDataset raw = MiData.replicated(input.read(), replicate);
        String what = "--data " + input.data;
        BagDataset d = learner.prepare(raw, what);
        MemoryEstimates.sparseMi("sparse-mi train", d, 1, learner.largestXv(), false, threads.threads());
        PrintWriter out = spec.commandLine().getOut();
        if (learner.learnedKernel()) {
            out.println("kernel from " + learner.kernelFrom.file() + ": " + LearnedKernelForSparseMi.prepare(learner.learned(),
                    learner.kernelForm(), learner.gammas(d)[0], raw, what).description());
        }
        // (gamma, C[, N_XV or t_max]) by the inner CV on all the bags, seeded --seed, unless given
        Point tuned = learner.autoXv()
                ? MiProtocol.select(d, learner.sizeGrid(learner.gammas(d)), MiProtocol.chooser(learner.xvSearch(), learner.xvTies(), learner.xvLarge()),
                        learner.seed(), learner.innerRepeats).chosen()
                : learner.autoIterations()
                ? MiProtocol.select(d, learner.iterationGrid(learner.gammas(d), learner.cs()), Choosers.best(),
                        learner.seed(), learner.innerRepeats).chosen()
                : learner.fixed() ? null
                : MiProtocol.select(d, MiProtocol.grid(learner.factory(), learner.gammas(d), learner.cs()), Choosers.best(),
                        learner.seed(), learner.innerRepeats).chosen();
        double[] best = tuned == null ? new double[] {learner.gammas(d)[0], learner.c, learner.xvCount()}
                : new double[] {tuned.number(MiProtocol.GAMMA), tuned.number(MiProtocol.C),
                        learner.autoXv() ? tuned.number(MiProtocol.XV) : learner.xvCount()};
        Stopwatch clock = Stopwatch.start();
        BagClassifier m = learner.autoIterations()
                ? SparseMi.trainer(learner.options(best[0], best[1])
                        .withMaxIterations((int) tuned.number(MiProtocol.ITERATIONS))).fit(d)
                : learner.warmSizes() ? (BagClassifier) learner.sizeGrid(learner.gammas(d)).trainer(tuned).fit(d)
                : learner.searchedSizedFactory().trainer(best[0], best[1], (int) best[2]).fit(d);
        double secs = clock.elapsedSeconds();
        out.printf(Locale.ROOT, "method %s  bags %d  instances %d  xv %d  gamma %s  C %.6g  train_seconds %.3f  "
                        + "training_accuracy %.4f%s%n", learner.method, d.size(), d.instanceCount(),
                m.kernelEvaluationsPerInstance(), learner.learnedKernel() && learner.kernelForm()
                        == LearnedKernelForSparseMi.Form.LEARNED ? "learned" : String.format(Locale.ROOT, "%.6g", best[0]),
                best[1], secs, Metrics.accuracy(m, d),
                m instanceof SparseMiModel sm ? String.format(Locale.ROOT, "  iterations %d  objective %.6g%s",
                        sm.iterations(), sm.finalObjective(), learner.autoIterations() ? String.format(Locale.ROOT,
                                "  t_max %d (inner CV)", (int) tuned.number(MiProtocol.ITERATIONS)) : "") : "");
        if (model != null) {
            // with --kernel-from the model reads bags scaled by the learned kernel's scaler: saved behind it
            Models.save(learner.learnedKernel() && learner.learned().scaler().kind() != FeatureScaling.NONE
                    ? new ScaledModel<>(learner.learned().scaler(), m) : m, model);
            out.println("model written to " + model);
        }
        out.flush();
        return 0;
    }
}
