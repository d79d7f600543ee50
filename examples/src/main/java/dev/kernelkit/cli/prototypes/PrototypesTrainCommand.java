package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.PrototypeMeasures;
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

/** {@code kernelkit prototypes train}: fit IMKPL on a file and write the model (and, asked, its plots). */
@Command(name = "train", mixinStandardHelpOptions = true, description = "Train IMKPL and write a model file.")
final class PrototypesTrainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Option(names = "--data", required = true, description = "Training data (LIBSVM, labels 1..c).")
    Path data;
    @Option(names = "--model", required = true, description = "Model file to write.")
    Path model;
    @Mixin
    ImkplHyperOptions hyper;
    @Mixin
    PrototypesDataOptions fmt;
    @Option(names = "--plots", paramLabel = "DIR", description = "Write the prototype-composition chart (and kernel weights) as PNG into DIR.")
    Path plots;

    @Override
    public Integer call() throws IOException {
        PrototypesDataOptions.Input in = fmt.read(data);
        LabeledDataset train = in.data();
        MemoryEstimates.prototypes("prototypes train", train, train.size(),
                in.groups() == null ? train.dim() : in.groups().length);
        long t0 = System.nanoTime();
        ImkplModel m = Imkpl.fit(train, fmt.kernelsFor(train, in.groups(), hyper.seed.seed()), hyper.options(),
                FitListener.SILENT);
        double secs = (System.nanoTime() - t0) / 1e9;
        Models.save(m, model);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "trained on %d samples in %.2f s: %d prototypes, %d of %d kernels selected, IP %.1f%%%n",
                train.size(), secs, m.prototypeCount(), m.selectedKernels(1e-6), m.kernelWeights().length,
                100 * PrototypeMeasures.interpretability(m));
        if (plots != null) {
            PrototypePlots.writeModelPlots(plots, "imkpl", m, true, out);
        }
        return 0;
    }
}
