package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.mi.MiCccp;
import dev.kernelkit.mi.MiCccpModel;
import dev.kernelkit.mi.MiCccpOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit sparse-mi bench-cccp}: MI-CCCP on the first training part of a stratified 10-fold split at fixed
 * gamma and each C, with each CCCP step solved by SMO (the default) and by the projected-gradient reference,
 * in the same run: train seconds, their ratio, the final objective J of both and the held-out
 * accuracy and prediction agreement.
 */
@Command(name = "bench-cccp", mixinStandardHelpOptions = true,
        description = "MI-CCCP training time at fixed gamma and C: SMO step solver vs the projected-gradient reference.")
final class SparseMiBenchCccpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Mixin
    BagInput input = new BagInput();

    @Mixin
    MiBenchOptions bench = new MiBenchOptions();

    @Option(names = "--c-grid", paramLabel = "LIST", split = ",", defaultValue = "1,10,100",
            description = "The C values to time (default: ${DEFAULT-VALUE}).")
    double[] cs;

    @Mixin
    CccpSettings cccp = new CccpSettings();

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1",
            description = "Timed fits per solver and C; the median is reported (default: ${DEFAULT-VALUE}).")
    int runs;

    @Mixin
    Options.Seed seed = new Options.Seed();

    @Override
    public Integer call() throws IOException {
        double gammaDim = bench.gammaDim;
        if (runs < 1 || cccp.steps < 1 || !(gammaDim > 0) || !(cccp.lambda >= 0)) {
            throw new IllegalArgumentException("--runs and --cccp-steps must be >= 1, --gamma-dim > 0, --cccp-lambda >= 0; "
                    + "got runs " + runs + ", cccp-steps " + cccp.steps + ", gamma-dim " + gammaDim + ", cccp-lambda " + cccp.lambda);
        }
        for (double c : cs) {
            if (!(c > 0) || !Double.isFinite(c)) {
                throw new IllegalArgumentException("--c-grid values must be > 0 and finite, got " + c);
            }
        }
        BagDataset[] parts = MiData.firstFold(input.read(), seed.seed());
        BagDataset train = parts[0];
        BagDataset test = parts[1];
        double g = gammaDim / train.dim();
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%s: training part of fold 1 of 10 (%d bags, %d instances), gamma %.4g (= %s/dim), "
                        + "lambda %s, <= %d CCCP steps, median of %d runs%n", input.data, train.size(),
                train.instanceCount(), g, gammaDim, cccp.lambda, cccp.steps, runs);
        out.printf(Locale.ROOT, "%-8s %10s %10s %8s %16s %16s %9s %9s %9s%n", "C", "smo_s", "pg_s", "pg/smo",
                "J_smo", "J_pg", "acc_smo", "acc_pg", "agree");
        out.flush();
        JsonSummary rows = new JsonSummary();
        for (double c : cs) {
            MiCccpOptions o = MiCccpOptions.defaults().withGamma(g).withC(c).withLambda(cccp.lambda).withMaxIterations(cccp.steps);
            double[] secs = new double[2];
            MiCccpModel[] models = new MiCccpModel[2];
            for (MiCccpOptions.StepSolver solver : MiCccpOptions.StepSolver.values()) {
                double[] t = new double[runs];
                for (int r = 0; r < runs; r++) {
                    Stopwatch clock = Stopwatch.start();
                    models[solver.ordinal()] = MiCccp.fit(train, o.withStepSolver(solver));
                    t[r] = clock.elapsedSeconds();
                }
                secs[solver.ordinal()] = MiData.median(t);
            }
            double[] j = new double[2];
            double[] acc = new double[2];
            for (int q = 0; q < 2; q++) {
                double[] trace = models[q].objectiveTrace(0);
                j[q] = trace[trace.length - 1];
                acc[q] = Metrics.accuracy(models[q], test);
            }
            int same = 0;
            for (int i = 0; i < test.size(); i++) {
                same += models[0].predict(test.bag(i)) == models[1].predict(test.bag(i)) ? 1 : 0;
            }
            double agree = same / (double) test.size();
            out.printf(Locale.ROOT, "%-8s %10.3f %10.3f %8.2f %16.6f %16.6f %9.4f %9.4f %9.4f%n", c, secs[0], secs[1],
                    secs[1] / secs[0], j[0], j[1], acc[0], acc[1], agree);
            out.flush();
            rows.put("C=" + c, new JsonSummary().put("smo_seconds", secs[0]).put("projected_gradient_seconds", secs[1])
                    .put("ratio", secs[1] / secs[0]).put("objective_smo", j[0]).put("objective_projected_gradient", j[1])
                    .put("accuracy_smo", acc[0]).put("accuracy_projected_gradient", acc[1]).put("agreement", agree));
        }
        bench.write(new JsonSummary().put("fits", rows).put("gamma", g).put("lambda", cccp.lambda).put("runs", (long) runs)
                .put("bags", (long) train.size()).put("instances", (long) train.instanceCount()));
        return 0;
    }
}
