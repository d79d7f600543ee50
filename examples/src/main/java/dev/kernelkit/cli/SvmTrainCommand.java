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
 * the model together with the scaler to {@code --model}.
 */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Train an SVM on --data (and score it on --test) and write the model file.")
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
        svm.requireKernelAndC();
        if (cacheMb != null) {
            Options.positive("--cache-mb", cacheMb);
        }
        Kernel<Vec> kernel = CommandSupport.kernel(svm);
        double c = svm.c().orElseThrow();
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());

        progress.status("reading " + input.data());
        DataFiles.TrainTest raw = DataFiles.readTrainTest(input.data(), test.test(), input);
        double cache = MemoryEstimates.svm("svm train", raw.train(), raw.train().size(), cacheMb, 1);
        FittedScaler scaler = scale.scaling().fit(raw.train());
        LabeledDataset train = scaler.apply(raw.train());
        LabeledDataset testSet = raw.test() == null ? null : scaler.apply(raw.test());

        SvmOptions options = SvmOptions.of(kernel).withC(c).withLoss(svm.loss().toSvmLoss())
                .withSolver(SmoSolver.Options.defaults().withCacheMb(cache));
        progress.status("training on " + train.size() + " points");
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
                Kernels.format(kernel), CommandSupport.label(c), svm.loss().cliName(), scale.scaling().cliName(),
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
                .put("kernel", Kernels.format(kernel))
                .put("c", c)
                .put("loss", svm.loss().cliName())
                .put("scale", scale.scaling().cliName())
                .put("support_vectors", (long) fitted.supportVectorCount())
                .put("model", model.toString());
        if (testAccuracy != null) {
            summary.put("test_accuracy", testAccuracy);
        }
        json.write(CommandSupport.putEnvironment(summary));
        return Main.OK;
    }
}
