package dev.kernelkit.cli;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.svm.BagSvm;
import dev.kernelkit.svm.BagSvmModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bag side of {@code kernelkit svm train|cv|predict}: bag files (CSV bags, multi-instance ARFF,
 * recognised as {@code kernelkit predict} and {@code compare} recognise them) are trained on with the
 * set kernel over bags ({@link BagSvm}): {@code --gamma G} is the width of the Gaussian instance kernel
 * of the averaged set kernel k_set(X, Y) = (1 / (|X| |Y|)) sum_p sum_q exp(-G ||x_p - y_q||^2)
 * (Gaertner et al., ICML 2002), {@code --kernel} a bag kernel specification ({@code set(...)},
 * {@code normalized(set(...))}) or an instance kernel, whose averaged set kernel is used. Options that
 * only make sense on vectors ({@code --kernel-from}) are refused with the reason.
 */
final class SvmBags {
    private SvmBags() {
    }

    /** The format of --data: --format when given, else from the extension and header. */
    static ExampleFiles.Format formatOf(Options.Input input) throws IOException {
        return formatOf(input.data(), input);
    }

    /** The format of a file given with --data's --format. */
    static ExampleFiles.Format formatOf(Path file, Options.Input input) throws IOException {
        return ExampleFiles.formatOf(file, input.format == null ? null : input.format.cliName());
    }

    /** @throws IllegalArgumentException for --kernel-from (a kernel learned on vectors) and --duplicates (vectors only) */
    static void refuseVectorOptions(KernelFrom kernelFrom, Options.SvmParameters svm, Path data,
                                    ExampleFiles.Format format) {
        if (svm.duplicatesGiven()) {
            throw new IllegalArgumentException("--duplicates applies to vectors, but " + data + " holds bags ("
                    + format.cliName() + ")");
        }
        if (kernelFrom.given()) {
            throw new IllegalArgumentException("--kernel-from uses a kernel learned on vectors, but " + data + " holds bags ("
                    + format.cliName() + "); on bags give --gamma (the set kernel's instance Gaussian) or --kernel");
        }
    }

    /** The bags of a file in a bag format; none is an error. */
    static BagDataset read(Path file, ExampleFiles.Format format) throws IOException {
        Dataset<?> d = ExampleFiles.read(file, format, false);
        if (d.size() == 0) {
            throw new IllegalArgumentException(file + " holds no bags");
        }
        return BagDataset.of(d);
    }

    /**
     * The bag kernel of --gamma / --kernel, or null when neither was given: --gamma G is
     * set(gaussian:gamma=G); --kernel a bag kernel, or an instance kernel whose averaged set kernel is used.
     *
     * @throws IllegalArgumentException naming --kernel when it is neither
     */
    static Kernel<Bag> kernelOf(Options.SvmParameters svm) {
        if (!svm.hasKernel()) {
            return null;
        }
        if (svm.kernel() == null) {
            return new SetKernel(new GaussianKernel(svm.gamma().orElseThrow()));
        }
        String spec = svm.kernel();
        try {
            return Kernels.parseBagKernel(spec);
        } catch (IllegalArgumentException bagError) {
            try {
                Kernel<Vec> instance = Kernels.parse(spec);
                return new SetKernel(instance);
            } catch (IllegalArgumentException vectorError) {
                throw new IllegalArgumentException("--kernel " + spec + ": neither a bag kernel (" + bagError.getMessage()
                        + ") nor an instance kernel (" + vectorError.getMessage() + ")", vectorError);
            }
        }
    }

    /** The grid's gammas on a bag training part: g0 of its scaled instances times svm cv's factors, 4 digits. */
    static double[] gammaGrid(Dataset<Bag> part, FeatureScaling scaling) {
        BagDataset raw = BagDataset.of(part);
        BagDataset scaled = scaling.fit(raw).apply(raw);
        List<Vec> instances = new ArrayList<>(scaled.instanceCount());
        for (Bag b : scaled.bags()) {
            instances.addAll(b.instances());
        }
        double g0 = GammaHeuristic.scale(instances);
        double[] out = new double[SvmCvCommand.GAMMA_FACTORS.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = GammaHeuristic.roundTo4Digits(g0 * SvmCvCommand.GAMMA_FACTORS[i]);
        }
        return out;
    }

    /** {@code svm train} on bags. */
    static int train(SvmTrainCommand cmd, ExampleFiles.Format format) throws IOException {
        Path dataFile = cmd.input.data();
        refuseVectorOptions(cmd.kernelFrom, cmd.svm, dataFile, format);
        cmd.svm.requireKernelAndC();
        if (cmd.cacheMb != null) {
            Options.positive("--cache-mb", cmd.cacheMb);
        }
        Kernel<Bag> kernel = kernelOf(cmd.svm);
        double c = cmd.svm.c().orElseThrow();
        PrintWriter out = cmd.spec.commandLine().getOut();
        Progress progress = Progress.forTerminal(cmd.spec.commandLine().getErr());
        progress.status("reading " + dataFile);
        BagDataset raw = read(dataFile, format);
        BagDataset rawTest = null;
        if (cmd.test.test() != null) {
            ExampleFiles.Format tf = formatOf(cmd.test.test(), cmd.input);
            if (tf.kind() != InputKind.BAGS) {
                throw new IllegalArgumentException("--test " + cmd.test.test() + " holds " + tf.kind().label() + " ("
                        + tf.cliName() + "), but --data " + dataFile + " holds bags");
            }
            rawTest = read(cmd.test.test(), tf);
            if (rawTest.dim() != raw.dim()) {
                throw new IllegalArgumentException("training file " + dataFile + " has " + raw.dim()
                        + " features per instance but test file " + cmd.test.test() + " has " + rawTest.dim());
            }
        }
        double cache = MemoryEstimates.bagSvm("svm train", raw, raw.size(), cmd.cacheMb, 1);
        FittedScaler scaler = cmd.scale.scaling().fit(raw);
        BagDataset train = scaler.apply(raw);
        BagDataset test = rawTest == null ? null : scaler.apply(rawTest);
        progress.status("training on " + train.size() + " bags");
        long pathMark = dev.kernelkit.gram.KernelRowPaths.mark();
        long t0 = System.nanoTime();
        BagSvmModel fitted = BagSvm.fit(train, SvmCvCommand.bagOptions(kernel, c, cmd.svm.loss().toSvmLoss(), cache));
        double trainSeconds = CommandSupport.secondsSince(t0);
        progress.status("scoring");
        double trainAccuracy = PredictCommand.predict(fitted, train).accuracy();
        Double testAccuracy = test == null ? null : PredictCommand.predict(fitted, test).accuracy();
        progress.done();

        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("data", dataFile.toString());
        provenance.put("bags", Integer.toString(train.size()));
        provenance.put("c", Double.toString(c));
        provenance.put("loss", cmd.svm.loss().cliName());
        provenance.put("seconds", Double.toString(trainSeconds));
        provenance.put("training_accuracy", Double.toString(trainAccuracy));
        Models.save(new ScaledModel<>(scaler, fitted), cmd.model, provenance);

        TablePrinter table = new TablePrinter().textColumn("set").textColumn("file").numberColumn("bags")
                .numberColumn("accuracy");
        table.row("train", CommandSupport.fileName(dataFile), Integer.toString(train.size()),
                TablePrinter.percent(trainAccuracy));
        if (test != null) {
            table.row("test", CommandSupport.fileName(cmd.test.test()), Integer.toString(test.size()),
                    testAccuracy == null ? "-" : TablePrinter.percent(testAccuracy));
        }
        table.print(out);
        out.printf("bag kernel %s, C = %s, loss %s, scaling %s; classes %s; %d support bags; trained in %s s%n",
                Kernels.format(kernel), CommandSupport.label(c), cmd.svm.loss().cliName(), scaler.kind().cliName(),
                train.classNames(), fitted.supportVectorCount(), CommandSupport.seconds(trainSeconds));
        out.println("model written to " + cmd.model);
        out.flush();

        double reported = testAccuracy != null ? testAccuracy : trainAccuracy;
        JsonSummary summary = new JsonSummary()
                .put("command", "svm train")
                .put("input", "bags")
                .put("accuracy_mean", reported)
                .put("accuracy_sd", 0.0)
                .put("accuracy_on", testAccuracy != null ? "test" : "train")
                .put("train_seconds", trainSeconds)
                .put("train_accuracy", trainAccuracy)
                .put("data", dataFile.toString())
                .put("test", cmd.test.test() == null ? null : cmd.test.test().toString())
                .put("n_train", (long) train.size())
                .put("n_test", test == null ? 0L : (long) test.size())
                .put("dim", (long) train.dim())
                .put("kernel", Kernels.format(kernel))
                .put("kernel_from", (String) null)
                .put("c", c)
                .put("loss", cmd.svm.loss().cliName())
                .put("scale", scaler.kind().cliName())
                .put("support_vectors", (long) fitted.supportVectorCount())
                .put("model", cmd.model.toString());
        if (testAccuracy != null) {
            summary.put("test_accuracy", testAccuracy);
        }
        CommandSupport.reportPaths(summary, out, pathMark);
        out.flush();
        cmd.json.write(CommandSupport.putEnvironment(summary));
        return Main.OK;
    }

    /** {@code svm predict} with a bag-svm model file: the class name of every bag, and the accuracy. */
    static int predict(SvmPredictCommand cmd, PredictCommand.LoadedModel loaded) throws IOException {
        Dataset<?> d = loaded.read(cmd.input.data(), cmd.input.format == null ? null : cmd.input.format.cliName());
        PredictCommand.Predictions p = PredictCommand.predict(loaded.model(), d);
        if (cmd.output != null) {
            dev.kernelkit.io.AtomicFiles.writeString(cmd.output, p.text());
        }
        PrintWriter out = cmd.spec.commandLine().getOut();
        new TablePrinter().textColumn("file").numberColumn("bags").numberColumn("accuracy").numberColumn("seconds")
                .row(CommandSupport.fileName(cmd.input.data()), Integer.toString(d.size()),
                        p.accuracy() == null ? "-" : TablePrinter.percent(p.accuracy()), CommandSupport.seconds(p.seconds()))
                .print(out);
        if (cmd.output != null) {
            out.println("predictions written to " + cmd.output);
        }
        out.flush();
        BagSvmModel svm = (BagSvmModel) dev.kernelkit.learn.Scaled.innermost(loaded.model());
        JsonSummary summary = new JsonSummary()
                .put("command", "svm predict")
                .put("input", "bags")
                .putOptional("accuracy_mean", p.accuracy())
                .put("accuracy_sd", 0.0)
                .put("predict_seconds", p.seconds())
                .put("data", cmd.input.data().toString())
                .put("n", (long) d.size())
                .put("model", cmd.model.toString())
                .put("kernel", Kernels.format(svm.expansionModels().get(0).kernel()))
                .put("scale", loaded.model() instanceof dev.kernelkit.learn.Scaled<?> s ? s.scaler().kind().cliName()
                        : FeatureScaling.NONE.cliName())
                .put("support_vectors", (long) svm.supportVectorCount())
                .put("output", cmd.output == null ? null : cmd.output.toString());
        cmd.json.write(CommandSupport.putEnvironment(summary));
        return Main.OK;
    }
}
