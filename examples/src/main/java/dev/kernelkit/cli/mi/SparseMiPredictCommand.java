package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.PredictCommand;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.io.Models;
import dev.kernelkit.mi.BagClassifier;
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

/** {@code kernelkit sparse-mi predict}: apply a saved model to a bag file, print one line per bag. */
@Command(name = "predict", mixinStandardHelpOptions = true, description = "Predict bags with a saved model.")
final class SparseMiPredictCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model from train.")
    Path model;

    @Mixin
    BagInput input = new BagInput();

    @Override
    public Integer call() throws IOException {
        BagClassifier m = Models.load(model, BagClassifier.class);
        // read as 'kernelkit predict' reads a bag model's data (kind and dimension checked); a file
        // not named .arff is csv-bags here, as for train and cv
        BagDataset d = (BagDataset) PredictCommand.readFor(m, model, input.data, input.formatName());
        PrintWriter out = spec.commandLine().getOut();
        Stopwatch clock = Stopwatch.start();
        int ok = 0;
        for (int i = 0; i < d.size(); i++) {
            Bag b = d.bag(i);
            int p = m.predict(b);
            ok += m.classNames().get(p).equals(d.classNames().get(d.label(i))) ? 1 : 0;
            out.println(b.id() + "\t" + m.classNames().get(p));
        }
        out.printf(Locale.ROOT, "# accuracy %.4f  predict_seconds %.4f  kernel_evals_per_instance %d%n",
                ok / (double) d.size(), clock.elapsedSeconds(), m.kernelEvaluationsPerInstance());
        out.flush();
        return 0;
    }
}
