package dev.kernelkit.cli;

import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit svm train}: fits the scaler on the training file, trains an SVM with our SMO
 * solver ({@link Svm#fit}), reports training (and, with {@code --test}, test) accuracy and writes
 * the model together with the scaler to {@code --model}. A bag file (CSV bags, multi-instance ARFF)
 * is trained on with the set kernel over bags ({@link SvmBags}, a {@code bag-svm} model file).
 */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Train an SVM on --data (points, or bags with the set kernel), score it on --test and write the model file.")
final class SvmTrainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Mixin
    Options.Input input;

    @Mixin
    Options.TestInput test;

    @Mixin
    Options.SvmParameters svm;

    @Mixin
    Options.Scale scale;

    @Mixin
    KernelFrom kernelFrom;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "Where to write the trained model.")
    Path model;

    @Option(names = "--cache-mb", paramLabel = "MB",
            description = "Kernel row cache of the SMO solver in MB (default: 200, less when it would not fit half the heap).")
    Double cacheMb;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        input.validate();
        test.validate();
        svm.validate();
        ExampleFiles.Format format = SvmBags.formatOf(input);
        if (format.kind() == dev.kernelkit.data.InputKind.BAGS) {
            return SvmBags.train(this, format);
        }
        kernelFrom.checkAlone(svm.hasKernel() ? "--gamma/--kernel" : null, scale.scaling());
        if (kernelFrom.given()) {
            svm.c().orElseThrow(() -> new IllegalArgumentException("--c C is required"));
        } else {
            svm.requireKernelAndC();
        }
        if (cacheMb != null) {
            Options.positive("--cache-mb", cacheMb);
        }
        double c = svm.c().orElseThrow();
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());

        progress.status("reading " + input.data());
        DataFiles.TrainTest raw = DataFiles.readTrainTest(input.data(), test.test(), input);
        double cache = MemoryEstimates.svm("svm train", raw.train(), raw.train().size(), cacheMb, 1);
        Kernel<Vec> kernel;
        FittedScaler scaler;
        LabeledDataset train;
        if (kernelFrom.given()) {
            kernelFrom.load();
            KernelFrom.Prepared learned = kernelFrom.prepare(raw.train(), "--data " + input.data());
            kernelFrom.describe(out, learned);
            kernel = learned.kernel().kernel();
            scaler = learned.kernel().scaler();
            train = learned.train();
        } else {
            kernel = CommandSupport.kernel(svm);
            scaler = scale.scaling().fit(raw.train());
            train = scaler.apply(raw.train());
        }
        LabeledDataset testSet = raw.test() == null ? null : scaler.apply(kernelFrom.widen(raw.test()));

        SvmOptions options = SvmOptions.of(kernel).withC(c).withLoss(svm.loss().toSvmLoss())
                .withSolver(SmoSolver.Options.defaults().withCacheMb(cache)).withDuplicates(svm.duplicates());
        progress.status("training on " + train.size() + " points");
        long pathMark = dev.kernelkit.gram.KernelRowPaths.mark();
        long t0 = System.nanoTime();
        SvmModel fitted = Svm.fit(train, options);
        double trainSeconds = CommandSupport.secondsSince(t0);
        progress.status("scoring");
        double trainAccuracy = CommandSupport.accuracy(fitted, train);
        Double testAccuracy = testSet == null ? null : CommandSupport.accuracy(fitted, testSet);
        progress.done();

        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("data", input.data().toString());
        provenance.put("points", Integer.toString(train.size()));
        provenance.put("c", Double.toString(c));
        provenance.put("loss", svm.loss().cliName());
        provenance.put("seconds", Double.toString(trainSeconds));
        provenance.put("training_accuracy", Double.toString(trainAccuracy));
        ModelFiles.saveSvm(model, fitted, scaler, provenance);

        TablePrinter table = new TablePrinter().textColumn("set").textColumn("file").numberColumn("points")
                .numberColumn("accuracy");
        table.row("train", CommandSupport.fileName(input.data()), Integer.toString(train.size()),
                TablePrinter.percent(trainAccuracy));
        if (testSet != null) {
            table.row("test", CommandSupport.fileName(test.test()), Integer.toString(testSet.size()),
                    TablePrinter.percent(testAccuracy));
        }
        table.print(out);
        out.printf("kernel %s, C = %s, loss %s, scaling %s; classes %s; %d support vectors; trained in %s s%n",
                kernelName(kernel), CommandSupport.label(c), svm.loss().cliName(), scaler.kind().cliName(),
                Arrays.toString(Arrays.stream(fitted.classes()).mapToObj(CommandSupport::label).toArray()),
                fitted.supportVectorCount(), CommandSupport.seconds(trainSeconds));
        out.println("model written to " + model);
        out.flush();

        double reported = testAccuracy != null ? testAccuracy : trainAccuracy;
        JsonSummary summary = new JsonSummary()
                .put("command", "svm train")
                .put("accuracy_mean", reported)
                .put("accuracy_sd", 0.0)
                .put("accuracy_on", testAccuracy != null ? "test" : "train")
                .put("train_seconds", trainSeconds)
                .put("train_accuracy", trainAccuracy)
                .put("data", input.data().toString())
                .put("test", test.test() == null ? null : test.test().toString())
                .put("n_train", (long) train.size())
                .put("n_test", testSet == null ? 0L : (long) testSet.size())
                .put("dim", (long) train.dim())
                .put("kernel", kernelName(kernel))
                .put("kernel_from", kernelFrom.given() ? kernelFrom.file().toString() : null)
                .put("c", c)
                .put("loss", svm.loss().cliName())
                .put("scale", scaler.kind().cliName())
                .put("support_vectors", (long) fitted.supportVectorCount())
                .put("model", model.toString());
        if (testAccuracy != null) {
            summary.put("test_accuracy", testAccuracy);
        }
        CommandSupport.reportPaths(summary, out, pathMark);
        out.flush();
        json.write(CommandSupport.putEnvironment(summary));
        return Main.OK;
    }

    /** The kernel's specification, or a short name for a learned combination (its terms can run to thousands). */
    private String kernelName(Kernel<Vec> kernel) {
        return kernelFrom.given() ? "learned (" + kernelFrom.file() + ")" : Kernels.format(kernel);
    }
}
