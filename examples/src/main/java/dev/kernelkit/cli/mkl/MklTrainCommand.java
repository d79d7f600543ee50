package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Selection;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.mkl.MklMethod;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.MklProtocol;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kernelkit mkl train}: tune the missing hyper-parameters by CV on --data, fit on all of it, save the model. */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Train on all of --data (missing hyper-parameters by CV on it) and save the model.")
final class MklTrainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    Options.Input input;
    @Mixin
    MklMethodOption method = new MklMethodOption();
    @Mixin
    MklParameters params = new MklParameters();
    @Option(names = "--model", required = true, paramLabel = "FILE", description = "Where to write the model.")
    Path model;
    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the CV folds and of --subsample (default: ${DEFAULT-VALUE}).")
    long seed = 1;
    @Option(names = "--subsample", paramLabel = "N",
            description = {"Fit on a stratified random subsample of N points of --data (seeded by --seed) instead of all "
                    + "of them: kernel learning costs O(n^2 M), so learn the kernel on a few thousand points and "
                    + "train a core vector machine with it on all (cvm train --kernel-from). Default: all points."})
    Integer subsample;
    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        MklMethod m = method.method();
        LabeledDataset all = MklData.read(input);
        LabeledDataset data = MklData.subsample(all, subsample, seed);
        MemoryEstimates.mkl("mkl train", data, data.size(), params.kernels().count(data.dim()));
        PrintWriter out = spec.commandLine().getOut();
        if (data != all) {
            out.printf(Locale.ROOT, "fitting on a stratified subsample of %d of %d points (seed %d)%n", data.size(),
                    all.size(), seed);
        }
        MklProtocol.Tuning tuning = params.tuning(m);
        Selection tuned = tuning.select(data, seed);
        MklOptions chosen = tuning.chosen(tuned, data.dim());
        long t0 = System.nanoTime();
        ScaledModel<Vec> fitted = MklProtocol.trainer(chosen, tuning.kernels()).fit(data);
        double seconds = (System.nanoTime() - t0) * 1e-9;
        MklModel o = (MklModel) fitted.inner();
        Models.save(fitted, model);
        MklSplitResult r = new MklSplitResult(1, chosen, Double.NaN, Double.NaN, o.selectedKernelsMean(), seconds, tuned.seconds(),
                o.svmSolves(), tuned.fits(), tuned.unconvergedFits(), o.machines().size(), o.unconvergedMachines());
        out.printf(Locale.ROOT, "%s: %s, kernels selected %.1f of %d, %d SVM solves, %.2f s training (+%.2f s tuning); model written to %s%s%n",
                m.cliName(), MklReports.describe(chosen), o.selectedKernelsMean(), o.baseKernels().count(), o.svmSolves(),
                seconds, tuned.seconds(), model, r.convergenceNote());
        out.flush();
        json.write(new JsonSummary().put("command", "mkl train").put("method", m.cliName())
                .put("options", MklReports.describe(chosen)).put("kernels_selected_mean", o.selectedKernelsMean())
                .put("train_seconds_mean", seconds).put("svm_solves_mean", (double) o.svmSolves())
                .put("tune_seconds", tuned.seconds()).put("n_train", (long) data.size())
                .put("n_data", (long) all.size()));
        return Main.OK;
    }
}
