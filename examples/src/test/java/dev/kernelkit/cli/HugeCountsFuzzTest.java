package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Huge counts (issue #35): 10^8, 2^31 - 1, 2^31 and 10^18 for every count option of every command
 * (exhaustively). A value that does not fit the option's type is a usage error: exit code 2 and one
 * line naming the option. One that does is refused by {@link CountLimits} before anything is read or
 * allocated, in one line naming the option, the value and the largest value that fits, against a
 * fixed budget (as with -Xmx5g, so the outcome does not depend on this machine); the command's data
 * file does not even exist, so a refusal that came after reading would name the file instead.
 * Every integer option of every command is either bounded or named as a cap, so a new one is not
 * forgotten.
 */
class HugeCountsFuzzTest {
    /** The budget the property checks against: 80 % of a 5 GiB heap. */
    static final long USABLE = 4L << 30;
    static final List<String> HUGE = List.of("100000000", "2147483647", "2147483648", "1000000000000000000");

    record Case(List<String> command, String option, String value) {
        @Override
        public String toString() {
            return String.join(" ", command) + " " + option + " " + value;
        }
    }

    static CommandLine root() {
        return Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    }

    static boolean isInteger(OptionSpec o) {
        Class<?> t = o.type();
        Class<?> a = o.auxiliaryTypes().length > 0 ? o.auxiliaryTypes()[0] : t;
        return t == int.class || t == Integer.class || t == long.class || t == Long.class || t == int[].class
                || a == Integer.class || a == Long.class || a == int.class;
    }

    static void walk(CommandLine cl, List<String> path, List<Case> cases, List<String> unclassified) {
        CommandSpec spec = cl.getCommandSpec();
        for (OptionSpec o : spec.options()) {
            if (!isInteger(o)) {
                continue;
            }
            if (CountLimits.bounds(spec, o.longestName())) {
                for (String v : HUGE) {
                    cases.add(new Case(path, o.longestName(), v));
                }
            } else if (!CountLimits.UNBOUNDED.contains(o.longestName())) {
                unclassified.add(String.join(" ", path) + " " + o.longestName());
            }
        }
        cl.getSubcommands().forEach((name, sub) -> {
            if (!name.equals(sub.getCommandName()) || name.equals("help")) {
                return;  // an alias
            }
            List<String> p = new ArrayList<>(path);
            p.add(name);
            walk(sub, p, cases, unclassified);
        });
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        walk(root(), List.of(), cases, new ArrayList<>());
        return cases;
    }

    @Example
    void everyIntegerOptionOfEveryCommandIsBoundedOrNamedAsACap() {
        List<Case> cases = new ArrayList<>();
        List<String> unclassified = new ArrayList<>();
        walk(root(), List.of(), cases, unclassified);
        assertThat(unclassified).as("integer options neither bounded by CountLimits nor listed as caps").isEmpty();
        assertThat(cases).extracting(Case::toString).contains("svm cv --repeats 100000000", "compare --splits 2147483647",
                "demo --points 100000000", "bench gram --n 2147483647");
    }

    @Provide
    Arbitrary<Case> everyCase() {
        return Arbitraries.of(cases());
    }

    /** The command's required options (one of each required group) with values that parse; data files absent. */
    static List<String> required(CommandSpec spec, String except) {
        List<String> args = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (o.required() && o.group() == null && !o.longestName().equals(except)) {
                args.add(o.longestName());
                args.add(sample(o));
            }
        }
        for (ArgGroupSpec g : spec.argGroups()) {
            if (g.multiplicity().min() > 0) {
                OptionSpec first = g.options().iterator().next();
                args.add(first.longestName());
                args.add(sample(first));
            }
        }
        return args;
    }

    static String sample(OptionSpec o) {
        if (o.type() == java.nio.file.Path.class) {
            return "/nonexistent/kernelkit-huge-counts/" + o.longestName().substring(2) + ".libsvm";
        }
        Iterable<String> candidates = o.completionCandidates();
        if (candidates != null) {
            Iterator<String> it = candidates.iterator();
            if (it.hasNext()) {
                return it.next();
            }
        }
        return o.longestName().equals("--learners") ? "svm" : "1";
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void aHugeCountIsOneLineWithExitCode1Or2BeforeAnythingIsRead(@ForAll("everyCase") Case c) {
        CommandLine cl = root();
        CommandLine leaf = cl;
        for (String name : c.command()) {
            leaf = leaf.getSubcommands().get(name);
        }
        List<String> args = new ArrayList<>(c.command());
        args.addAll(required(leaf.getCommandSpec(), c.option()));
        args.add(c.option());
        args.add(c.value());
        if (Long.parseLong(c.value()) > Integer.MAX_VALUE) {
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertThat(r.exitCode()).as("%s: %s", c, r.err()).isEqualTo(2);
            assertThat(r.err().lines()).as("%s", c).hasSize(1);
            assertThat(r.err()).startsWith("kernelkit: error: ").contains(c.option()).contains("see '");
            return;
        }
        CommandLine.ParseResult parsed = cl.parseArgs(args.toArray(String[]::new));
        assertThatThrownBy(() -> CountLimits.check(parsed, USABLE)).as("%s", c)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("\n")
                .hasMessageContaining(c.value())
                .hasMessageContaining("at most ")
                .hasMessageNotContaining("-1")
                .satisfies(e -> assertThat(e.getMessage()).matches("--[a-z-]+ \\d+ is too large: .*"));
    }

    @Example
    void theIssuesRunsStopInOneLineThroughTheCommandLine() {
        for (String[] args : List.of(
                new String[] {"svm", "cv", "--data", "/nonexistent/d.libsvm", "--repeats", "100000000"},
                new String[] {"svm", "cv", "--data", "/nonexistent/d.libsvm", "--folds", "10", "--repeats", "200000000"},
                new String[] {"compare", "--data", "/nonexistent/d.libsvm", "--learners", "svm", "--seed", "1", "--splits", "2147483647"},
                new String[] {"demo", "--points", "2000000000"},
                new String[] {"demo", "--bags", "2000000000"})) {
            CliRun r = CliRun.of(args);
            assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(1);
            assertThat(r.err().lines()).hasSize(1);
            assertThat(r.err()).startsWith("kernelkit: error: --").contains(" is too large: ").contains("at most ")
                    .doesNotContain("Illegal Capacity").doesNotContain("out of memory").doesNotContain("nonexistent");
        }
    }
}
