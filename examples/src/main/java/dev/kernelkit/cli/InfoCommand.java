package dev.kernelkit.cli;

import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.io.Models;
import dev.kernelkit.io.Provenance;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Model;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit info --model M}: what a model file holds without predicting anything — its type and
 * layout version, input, classes, machines, scaler, calibration, options, fit report and provenance (the
 * data it was trained on, the kernelkit that wrote it, the command), read through {@link Models}.
 */
@Command(name = "info", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Show what a model file holds: type and layout version, input and dimension, classes, "
                + "machines, scaler, calibration, options, the fit report, and its provenance (training data and "
                + "SHA-256, kernelkit and Java versions, command, time).",
                "The file is read as `kernelkit predict` reads it; a file it cannot read is one error line."})
public final class InfoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model file written by any "
            + "kernelkit command or Models.save.")
    Path model;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        Options.checkReadable("--model", model);
        ModelFile written = ModelFileReader.read(model);
        ModelFile current = Models.current(written);
        Models.Loaded loaded = Models.loadWithProvenance(model);
        ModelCodec<?> codec = Models.codecs().get(written.type());
        FittedModel<?> m = loaded.model();
        FitReport r = m.report();
        Provenance p = loaded.details();

        String version = written.version() == codec.version() ? Integer.toString(written.version())
                : written.version() + " (read through the upgrade to version " + codec.version() + ")";
        String task = m instanceof Model<?> ? "classification" : "regression";
        String scaling = current.getString(Models.SCALING + ".kind");
        String calibration = current.has(Models.CALIBRATION + ".kind") ? current.getString(Models.CALIBRATION + ".kind")
                : Models.NONE;
        Integer machines = current.has(ModelParts.MACHINES) ? current.getInt(ModelParts.MACHINES) : null;

        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "model file   %s%n", model);
        out.printf(Locale.ROOT, "type         %s, layout version %s%n", written.type(), version);
        out.printf(Locale.ROOT, "learner      %s (%s)%n", r.learner(), task);
        out.printf(Locale.ROOT, "input        %s, %d features%n", m.input().label(), m.dim());
        if (m instanceof Model<?> c) {
            out.printf(Locale.ROOT, "classes      %s (%d)%n", String.join(", ", c.classNames()), c.classNames().size());
        }
        if (machines != null) {
            out.printf(Locale.ROOT, "machines     %d%n", machines);
        }
        out.printf(Locale.ROOT, "scaling      %s%n", scaling);
        if (m instanceof Model<?>) {
            out.printf(Locale.ROOT, "calibration  %s%n", calibration);
        }
        out.printf(Locale.ROOT, "options      %s%n", r.options().isEmpty() ? "(none recorded)" : r.options());
        out.printf(Locale.ROOT, "fit          %d iterations, %s, %s s, seed %d%n", r.iterations(),
                r.converged() ? "converged" : "NOT converged (iteration cap)", CommandSupport.seconds(r.seconds()),
                r.seed());
        Map<String, String> lines = p.lines();
        if (lines.isEmpty()) {
            out.println("provenance   (none recorded: written before model files carried it)");
        } else {
            out.println("provenance");
            lines.forEach((k, v) -> out.printf(Locale.ROOT, "  %-14s %s%n", k, v));
        }
        out.flush();

        JsonSummary js = new JsonSummary().put("command", "info").put("model", model.toString())
                .put("type", written.type()).put("version", (long) written.version())
                .put("reader_version", (long) codec.version()).put("learner", r.learner()).put("task", task)
                .put("input", m.input().label()).put("dim", (long) m.dim()).put("scaling", scaling)
                .put("options", r.options()).put("iterations", r.iterations()).put("converged", r.converged())
                .put("train_seconds", r.seconds()).put("seed", r.seed());
        if (m instanceof Model<?> c) {
            js.putList("classes", c.classNames()).put("calibration", calibration);
        }
        if (machines != null) {
            js.put("machines", (long) machines);
        }
        JsonSummary pj = new JsonSummary();
        lines.forEach(pj::put);
        js.put("provenance", pj);
        json.write(CommandSupport.putEnvironment(js));
        return Main.OK;
    }
}
