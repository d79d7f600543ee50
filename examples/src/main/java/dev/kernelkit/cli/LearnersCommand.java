package dev.kernelkit.cli;

import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Param;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit learners}: every learner of the catalog ({@link Learners}) with its input kind, task,
 * description and named parameters (name, type, default, valid range, description), the names that
 * {@code train --learner} and {@code --param NAME=VALUE} take.
 */
@Command(name = "learners", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"List every learner of the catalog: name (and aliases), input (vectors or bags), task, "
                + "description, and its parameters with type, default, valid range and meaning.",
                "These are the names `kernelkit train --learner NAME --param NAME=VALUE` and `kernelkit compare` take."})
public final class LearnersCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--learner", paramLabel = "NAME", description = "Only this learner (a name or alias).")
    String only;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        List<Learner<?>> list = only == null ? Learners.all() : matching(only);
        PrintWriter out = spec.commandLine().getOut();
        List<Object> entries = new ArrayList<>();
        for (Learner<?> l : list) {
            out.printf(Locale.ROOT, "%s%s  [%s, %s]%n", l.name(),
                    l.aliases().isEmpty() ? "" : " (also " + String.join(", ", l.aliases()) + " on " + l.input().label()
                            + ")", l.input().label(), taskName(l));
            out.printf(Locale.ROOT, "    %s%n", l.description());
            TablePrinter table = new TablePrinter().textColumn("parameter").textColumn("type").textColumn("default")
                    .textColumn("valid").textColumn("meaning");
            List<Object> params = new ArrayList<>();
            for (Param p : l.params()) {
                table.row(p.name(), p.type().label(), p.defaultValue(), p.range(), p.description());
                JsonSummary pj = new JsonSummary().put("name", p.name()).put("type", p.type().label())
                        .put("default", p.defaultValue()).put("valid", p.range()).put("description", p.description());
                if (!p.choices().isEmpty()) {
                    pj.putList("choices", p.choices());
                }
                params.add(pj);
            }
            if (l.params().isEmpty()) {
                out.println("    (no parameters)");
            } else {
                java.io.StringWriter text = new java.io.StringWriter();
                try (PrintWriter w = new PrintWriter(text)) {
                    table.print(w);
                }
                text.toString().lines().forEach(line -> out.println("    " + line));
            }
            out.println();
            entries.add(new JsonSummary().put("name", l.name()).putList("aliases", l.aliases())
                    .put("input", l.input().label()).put("task", taskName(l)).put("description", l.description())
                    .putList("parameters", params));
        }
        out.flush();
        json.write(CommandSupport.putEnvironment(new JsonSummary().put("command", "learners")
                .putList("learners", entries)));
        return Main.OK;
    }

    /** The learners a name or alias means (one per input kind it names). */
    private static List<Learner<?>> matching(String name) {
        List<Learner<?>> out = new ArrayList<>();
        for (Learner<?> l : Learners.all()) {
            if (l.name().equals(name) || l.aliases().contains(name)) {
                out.add(l);
            }
        }
        if (out.isEmpty()) {
            out.add(CompareCommand.learner(name));
        }
        return out;
    }

    /** "classification", "one-class", "regression". */
    static String taskName(Learner<?> l) {
        return l.task().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
