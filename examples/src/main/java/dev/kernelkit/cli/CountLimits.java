package dev.kernelkit.cli;

import dev.kernelkit.util.MemoryBudget;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Counts given on the command line checked against what they imply before anything is read, run or
 * allocated (issue #35): each count option costs at least some bytes per unit (a split and its fold
 * record, a generated point or bag, a dense n x n matrix for a generated Gram problem), and the
 * outer splits of a resampling are folds (or splits) x repeats. A count whose floor does not fit
 * {@link MemoryBudget#USABLE_SHARE} of the largest heap this machine could give (its memory, or
 * this JVM's heap if larger), so that no -Xmx would help, is refused in one line naming the option,
 * the value, what it implies and the largest value that fits (exit code 1); everything is computed in
 * {@code long}/{@code double}, so no product overflows into a message. The estimates after the data
 * are read ({@link MemoryEstimates}) remain the precise check; these floors only stop values no heap
 * of this JVM could hold.
 *
 * <p>Iteration caps ({@code --max-iterations}, {@code --inner-iterations}, {@code --iterations}, {@code --max-rounds},
 * {@code --cccp-steps}, {@code --iterations-grid}) and caps relative to the data ({@code --max-core},
 * {@code --svm-max-n}, {@code --mikernel-max}, {@code --tune-max}, {@code --subsample},
 * {@code --t}, {@code --kernel-cap}) allocate nothing in proportion and are not bounded here.
 */
final class CountLimits {
    /** Bytes a split of a resampling takes at least (its index arrays, its fold record and scores). */
    static final long SPLIT_BYTES = 1024;
    /** Bytes a generated point takes at least (a vector object of two doubles, its label). */
    static final long POINT_BYTES = 64;
    /** Bytes a generated bag takes at least (a bag object and one instance). */
    static final long BAG_BYTES = 128;

    /** Options counting splits, runs or repetitions: {@link #SPLIT_BYTES} each. */
    static final Set<String> SPLIT_COUNTS = Set.of("--folds", "--splits", "--repeats", "--inner-folds", "--inner-repeats",
            "--restarts", "--runs", "--warm-fits", "--replicate", "--replicates", "--split", "--probability-folds");
    /** Options counting generated points of a command's own data: {@link #POINT_BYTES} each. */
    static final Set<String> POINT_COUNTS = Set.of();
    /** Options counting generated bags: {@link #BAG_BYTES} each. */
    static final Set<String> BAG_COUNTS = Set.of("--bags", "--test-bags", "--positive", "--negative");
    /** Caps and choices relative to the data, not allocated in proportion (see the class comment). */
    static final Set<String> UNBOUNDED = Set.of("--seed", "--threads", "--max-iterations", "--inner-iterations", "--iterations", "--max-rounds",
            "--cccp-steps", "--iterations-grid", "--max-core", "--svm-max-n", "--mikernel-max", "--tune-max",
            "--subsample", "--t", "--kernel-cap", "--xv", "--xv-grid");

    private CountLimits() {
    }

    /** Whether CountLimits bounds this integer option of this command (false: it is a cap or a seed). */
    static boolean bounds(CommandSpec command, String option) {
        return !UNBOUNDED.contains(option) && (SPLIT_COUNTS.contains(option) || POINT_COUNTS.contains(option)
                || BAG_COUNTS.contains(option) || quadratic(command, option) || option.equals("--n")
                || option.equals("--d") || option.equals("--dim") || option.equals("--instances"));
    }

    private static boolean quadratic(CommandSpec command, String option) {
        return option.equals("--points") && command.name().equals("demo")
                || option.equals("--n") && command.qualifiedName().endsWith("bench gram");
    }

    /**
     * Refuses a count of the command the parse result ends in whose floor does not fit the largest heap of this machine.
     *
     * @throws IllegalArgumentException "--repeats 100000000 is too large: ...; at most N fits"
     */
    static void check(ParseResult parsed) {
        check(parsed, (long) (MemoryBudget.USABLE_SHARE * largestHeap()));
    }

    /**
     * The largest heap a JVM could get on this machine: its physical memory (a container's limit
     * inside one), or this JVM's heap when that is larger or the memory is unknown. Counts that a
     * larger -Xmx would hold are left to the estimates after the data are read, which name the -Xmx.
     */
    static long largestHeap() {
        long heap = Runtime.getRuntime().maxMemory();
        try {
            if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    instanceof com.sun.management.OperatingSystemMXBean os) {
                return Math.max(heap, os.getTotalMemorySize());
            }
        } catch (RuntimeException | LinkageError e) {
            // no memory size on this platform: this JVM's heap
        }
        return heap;
    }

    static void check(ParseResult parsed, long usableBytes) {
        ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        CommandSpec spec = leaf.commandSpec();
        String heap = mib(usableBytes) + " a heap can use on this machine (" + (int) Math.round(MemoryBudget.USABLE_SHARE * 100)
                + " % of its memory)";
        for (OptionSpec o : leaf.matchedOptions()) {
            String name = o.longestName();
            if (!bounds(spec, name)) {
                continue;
            }
            for (long v : values(o)) {
                if (v <= 0) {
                    continue;  // the command says what it needs (>= 1, >= 2)
                }
                if (quadratic(spec, name)) {
                    double bytes = 8.0 * v * v;
                    long max = (long) Math.floor(Math.sqrt(usableBytes / 8.0));
                    refuseIf(bytes > usableBytes, name, v, "a dense " + v + " x " + v + " kernel matrix alone takes 8 n^2 = "
                            + mib(bytes), heap, max);
                } else if (name.equals("--n") || name.equals("--d") || name.equals("--dim") || name.equals("--instances")) {
                    long other = otherDimension(spec, name);
                    if (other > 0) {
                        double bytes = 8.0 * v * other;
                        refuseIf(bytes > usableBytes, name, v, "the generated data alone take 8 x " + other + " x " + v + " = "
                                + mib(bytes), heap, usableBytes / (8 * other));
                    } else {  // points of a fixed, small dimension (a checkerboard)
                        refuseIf((double) v * POINT_BYTES > usableBytes, name, v, v + " generated points, at least "
                                + POINT_BYTES + " bytes each, take " + mib((double) v * POINT_BYTES), heap, usableBytes / POINT_BYTES);
                    }
                } else {
                    long unit = SPLIT_COUNTS.contains(name) ? SPLIT_BYTES : BAG_COUNTS.contains(name) ? BAG_BYTES : POINT_BYTES;
                    String what = SPLIT_COUNTS.contains(name) ? "splits or runs, at least 1 KiB each,"
                            : BAG_COUNTS.contains(name) ? "bags, at least " + BAG_BYTES + " bytes each,"
                            : "points, at least " + POINT_BYTES + " bytes each,";
                    refuseIf((double) v * unit > usableBytes, name, v, v + " " + what + " take " + mib((double) v * unit), heap,
                            usableBytes / unit);
                }
            }
        }
        checkOuterSplits(spec, usableBytes, heap);
    }

    /** folds (or splits) x repeats outer splits, {@link #SPLIT_BYTES} each. */
    private static void checkOuterSplits(CommandSpec spec, long usableBytes, String heap) {
        OptionSpec repeats = spec.findOption("--repeats");
        OptionSpec per = spec.findOption("--folds") != null ? spec.findOption("--folds") : spec.findOption("--splits");
        if (repeats == null || per == null || !(repeats.getValue() instanceof Integer r) || !(per.getValue() instanceof Integer k)
                || r <= 0 || k <= 0) {
            return;
        }
        double splits = (double) r * k;
        long max = usableBytes / SPLIT_BYTES;
        refuseIf(splits * SPLIT_BYTES > usableBytes, "--repeats", r, per.longestName().substring(2) + " " + k + " x repeats " + r
                + " = " + String.format(Locale.ROOT, "%.0f", splits) + " outer splits, at least 1 KiB each, take "
                + mib(splits * SPLIT_BYTES), heap, max / k);
    }

    /** The other side of a generated n x d data set: --d for --n, --dim for --instances, and the reverse (0 when the command has none). */
    private static long otherDimension(CommandSpec spec, String name) {
        String other = switch (name) {
            case "--n" -> "--d";
            case "--d" -> "--n";
            case "--instances" -> "--dim";
            default -> "--instances";
        };
        OptionSpec o = spec.findOption(other);
        if (o == null) {
            return 0;
        }
        return o.getValue() instanceof Integer i && i > 0 ? i : 1;
    }

    private static List<Long> values(OptionSpec o) {
        Object v = o.getValue();
        if (v instanceof Integer i) {
            return List.of((long) i);
        }
        if (v instanceof Long l) {
            return List.of(l);
        }
        if (v instanceof int[] a) {
            return java.util.Arrays.stream(a).mapToObj(x -> (long) x).toList();
        }
        if (v instanceof List<?> list) {
            return list.stream().filter(x -> x instanceof Number).map(x -> ((Number) x).longValue()).toList();
        }
        return List.of();
    }

    private static void refuseIf(boolean tooMany, String option, long value, String implies, String heap, long max) {
        if (tooMany) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s %d is too large: %s, more than the %s; "
                    + "at most %d fits", option, value,
                    implies, heap, Math.max(0, max)));
        }
    }

    /** Bytes as "1,234 MiB" or "12.3 TiB". */
    static String mib(double bytes) {
        double m = bytes / (1 << 20);
        if (m >= 1024.0 * 1024) {
            return String.format(Locale.ROOT, "%,.1f TiB", m / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%,.0f MiB", Math.ceil(m));
    }
}
