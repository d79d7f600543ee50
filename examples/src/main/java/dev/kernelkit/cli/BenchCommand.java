package dev.kernelkit.cli;

import dev.kernelkit.bench.CLibsvm;
import dev.kernelkit.bench.GramBenchmark;
import dev.kernelkit.bench.SvmBenchmark;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.svm.SvmDuplicates;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit bench}: timing comparisons against a named reference run in the same JVM,
 * printed side by side with their ratio and written with the JVM flags to {@code --json}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks: ours against a reference in the same JVM (run them on an idle machine).",
        subcommands = {BenchCommand.Gram.class, BenchCommand.Svm.class, dev.kernelkit.cli.cvm.CvmBenchCommand.class,
                dev.kernelkit.cli.cvm.BagCvmBenchCommand.class})
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }

    /** {@code bench gram}: Gaussian Gram matrix, our blocked builder vs a naive double loop. */
    @Command(name = "gram", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Gaussian Gram matrix of n random points in d dimensions: our builder vs a naive double loop.")
    static final class Gram implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--n", paramLabel = "N", defaultValue = "6000", description = "Number of points (default: ${DEFAULT-VALUE}).")
        int n;

        @Option(names = "--d", paramLabel = "D", defaultValue = "166", description = "Number of features (default: ${DEFAULT-VALUE}).")
        int d;

        @Option(names = "--gamma", paramLabel = "G", description = "Gaussian width (default: 1/d).")
        Double gamma;

        @Option(names = "--repeats", paramLabel = "R", defaultValue = "3",
                description = "Timed runs of ours, the best is reported (default: ${DEFAULT-VALUE}).")
        int repeats;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Data seed (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--threads", paramLabel = "T", description = "Worker threads of ours (default: all cores).")
        Integer threads;

        @Option(names = "--naive", negatable = true, defaultValue = "true", fallbackValue = "true",
                description = "Also run the naive double loop and compare (default: on; --no-naive times ours only).")
        boolean naive;

        @Option(names = "--gram-product", paramLabel = "P", defaultValue = "auto",
                description = {"Dense product of our builder: native (OpenBLAS dgemm, an error where it does not load),",
                        "java (the pure-Java tile) or auto (native where it loads; default: ${DEFAULT-VALUE})."})
        String gramProduct;

        @Mixin
        Options.Json json;

        @Override
        public Integer call() throws Exception {
            if (threads != null && threads < 1) {
                throw new IllegalArgumentException("--threads must be >= 1, got " + threads);
            }
            if (!java.util.List.of("java", "native", "auto").contains(gramProduct)) {
                throw new IllegalArgumentException("--gram-product must be java, native or auto, got '" + gramProduct + "'");
            }
            if (n < 1) {
                throw new IllegalArgumentException("--n must be >= 1, got " + n);
            }
            if (d < 1) {
                throw new IllegalArgumentException("--d must be >= 1, got " + d);
            }
            if (gamma != null) {
                Options.positive("--gamma", gamma);
            }
            if (repeats < 1) {
                throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
            }
            double g = gamma != null ? gamma : 1.0 / d;
            MemoryEstimates.gram("bench gram", n, d, naive);
            PrintWriter out = spec.commandLine().getOut();
            Progress progress = Progress.forTerminal(spec.commandLine().getErr());
            progress.status(String.format(Locale.ROOT, "Gram matrix n = %d, d = %d%s", n, d, naive ? " (the naive loop takes a while)" : ""));
            int t = threads != null ? threads : Runtime.getRuntime().availableProcessors();
            GramBenchmark.Result r = GramBenchmark.run(new GramBenchmark.Options(n, d, g, seed, repeats, t, naive, gramProduct));
            progress.done();

            out.printf(Locale.ROOT, "Gaussian Gram matrix, n = %d, d = %d, gamma = %s, seed %d%n", n, d,
                    CommandSupport.label(g), seed);
            TablePrinter table = new TablePrinter().textColumn("implementation").numberColumn("threads").numberColumn("seconds")
                    .row("ours (" + r.gramProduct() + ", best of " + repeats + ")", Integer.toString(r.threads()), fixed3(r.oursSeconds()));
            if (naive) {
                table.row("naive double loop", "1", fixed3(r.naiveSeconds()));
            }
            table.print(out);
            if (naive) {
                out.printf(Locale.ROOT, "%s; max |difference| %.1e; peak heap about %d MB%n",
                        ratio(r.oursSeconds(), r.naiveSeconds(), "the naive loop"), r.maxAbsDifference(), r.peakHeapBytes() >> 20);
            } else {
                out.printf(Locale.ROOT, "naive loop not run (--no-naive); peak heap about %d MB%n", r.peakHeapBytes() >> 20);
            }
            out.flush();

            JsonSummary summary = new JsonSummary()
                    .put("command", "bench gram")
                    .putNull("accuracy_mean")
                    .putNull("accuracy_sd")
                    .putNull("train_seconds")
                    .put("ours_seconds", r.oursSeconds())
                    .putOptional("ours_cpu_seconds", Double.isNaN(r.oursCpuSeconds()) ? null : r.oursCpuSeconds())
                    .putOptional("naive_seconds", naive ? r.naiveSeconds() : null)
                    .putOptional("speedup", naive ? r.speedup() : null)
                    .putOptional("max_abs_difference", naive ? r.maxAbsDifference() : null)
                    .put("threads", (long) r.threads())
                    .put("gram_product", r.gramProduct())
                    .put("peak_heap_bytes", r.peakHeapBytes())
                    .put("n", (long) n)
                    .put("d", (long) d)
                    .put("gamma", g)
                    .put("seed", seed)
                    .put("repeats", (long) repeats);
            json.write(CommandSupport.putEnvironment(summary));
            return Main.OK;
        }
    }

    /**
     * {@code bench svm}: our SMO vs LIBSVM's own RBF training, same cache, same tolerance; C LIBSVM's
     * {@code svm-train} on the same file as a third row when it is on the PATH.
     */
    @Command(name = "svm", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Our SMO solver vs LIBSVM (Java, its own RBF kernel) on --data, in the same JVM,",
                    "with the same C, gamma, tolerance and kernel-row cache; accuracy on --test when given;",
                    "C LIBSVM (svm-train, svm-predict) on the same file when found on the PATH."})
    static final class Svm implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Options.Threads threads;

        @Mixin
        Options.Input input;

        @Mixin
        Options.TestInput test;

        @Option(names = "--gamma", paramLabel = "G", required = true, description = "Gaussian (RBF) width G > 0.")
        double gamma;

        @Option(names = "--c", paramLabel = "C", defaultValue = "1", description = "Cost C > 0 (default: ${DEFAULT-VALUE}).")
        double c;

        @Option(names = "--cache-mb", paramLabel = "MB", defaultValue = "200",
                description = "Kernel-row cache of each solver in MB (default: ${DEFAULT-VALUE}).")
        double cacheMb;

        @Option(names = "--eps", paramLabel = "EPS", defaultValue = "0.001",
                description = "Stopping tolerance of both solvers, LIBSVM's -e (default: ${DEFAULT-VALUE}).")
        double eps;

        @Option(names = "--kernel-path", paramLabel = "PATH", defaultValue = "auto",
                description = "Our Gaussian row computation: auto (every exact fast path: the popcount path"
                        + " when all features are 0/1, a dense copy when at least half the entries are stored) or"
                        + " general (sparse dot products only, as for arbitrary values) (default: ${DEFAULT-VALUE}).")
        String kernelPath;

        @Option(names = "--duplicates", paramLabel = "MODE", defaultValue = "merge",
                description = "Our SMO on equal training points of one class: merge (one dual variable with their"
                        + " summed cost, as `train --learner svm`; the same optimum) or keep (one per point, LIBSVM's"
                        + " problem) (default: ${DEFAULT-VALUE}).")
        String duplicates;

        @Option(names = "--svm-train", paramLabel = "CMD", defaultValue = "svm-train",
                description = "C LIBSVM's svm-train (a name looked up on the PATH or a path; svm-predict beside it), "
                        + "run on the same file as a third row; none to skip (default: ${DEFAULT-VALUE}).")
        String svmTrain;

        @Mixin
        Options.Json json;

        @Override
        public Integer call() throws Exception {
            input.validate();
            test.validate();
            CachedKernelMatrix.FastPath path = switch (kernelPath) {
                case "auto" -> CachedKernelMatrix.FastPath.AUTO;
                case "general" -> CachedKernelMatrix.FastPath.GENERAL;
                default -> throw new IllegalArgumentException("--kernel-path must be auto or general, got '" + kernelPath + "'");
            };
            Options.positive("--gamma", gamma);
            Options.positive("--c", c);
            Options.positive("--cache-mb", cacheMb);
            Options.positive("--eps", eps);
            SvmDuplicates merge = SvmDuplicates.parse(duplicates, "--duplicates");
            PrintWriter out = spec.commandLine().getOut();
            Progress progress = Progress.forTerminal(spec.commandLine().getErr());
            progress.status("reading " + input.data());
            DataFiles.TrainTest data = DataFiles.readTrainTest(input.data(), test.test(), input);
            MemoryEstimates.svm("bench svm", data.train(), data.train().size(), cacheMb, 1);
            progress.status("training both solvers on " + data.train().size() + " points");
            SvmBenchmark.Result r = SvmBenchmark.run(
                    new SvmBenchmark.Options(data.train(), data.test(), gamma, c, cacheMb, eps, path, merge));
            progress.done();
            Optional<CLibsvm> tools = svmTrain.equals("none") ? Optional.empty() : CLibsvm.find(svmTrain, System.getenv("PATH"));
            CLibsvm.Run cRun = null;
            if (tools.isPresent()) {
                progress.status("training C LIBSVM (" + tools.get().trainCommand() + ") on the same file");
                cRun = runCLibsvm(tools.get(), data, gamma, c, cacheMb, eps);
                progress.done();
            }

            boolean scored = data.test() != null;
            out.printf(Locale.ROOT, "RBF SVM on %s (%d points, %d features), gamma = %s, C = %s, cache %s MB, eps %s%n",
                    CommandSupport.fileName(input.data()), data.train().size(), data.train().dim(),
                    CommandSupport.label(gamma), CommandSupport.label(c), CommandSupport.label(cacheMb), eps);
            TablePrinter table = new TablePrinter().textColumn("solver").numberColumn("seconds").numberColumn("cpu s")
                    .numberColumn("dual objective").numberColumn("#SV").numberColumn("iterations")
                    .numberColumn(scored ? "test accuracy" : "accuracy")
                    .row("smo (ours)", fixed3(r.oursSeconds()), fixed3(r.oursCpuSeconds()),
                            String.format(Locale.ROOT, "%.6f", r.objectiveOurs()),
                            Integer.toString(r.supportVectorsOurs()), Long.toString(r.iterationsOurs()),
                            scored ? TablePrinter.percent(r.accuracyOurs()) : "-")
                    .row("libsvm (java)", fixed3(r.libsvmSeconds()), fixed3(r.libsvmCpuSeconds()),
                            String.format(Locale.ROOT, "%.6f", r.objectiveLibsvm()),
                            Integer.toString(r.supportVectorsLibsvm()), Long.toString(r.iterationsLibsvm()),
                            scored ? TablePrinter.percent(r.accuracyLibsvm()) : "-");
            if (cRun != null) {
                table.row("libsvm (C svm-train)", fixed3(cRun.wallSeconds()), fixed3(cRun.cpuSeconds()), "-",
                        Integer.toString(cRun.supportVectors()), "-", scored ? TablePrinter.percent(cRun.accuracy()) : "-");
            }
            table.print(out);
            out.printf(Locale.ROOT, "%s; dual objectives differ by %.1e (relative); our kernel rows: %s path; %s%n",
                    ratio(r.oursSeconds(), r.libsvmSeconds(), "LIBSVM"), r.objectiveRelativeDifference(),
                    r.oursKernelPath(), SvmBenchmark.variablesNote(data.train().size(), r.variablesOurs()));
            out.printf(Locale.ROOT, "cpu s: CPU time of this JVM over each training (every thread, JIT and GC "
                    + "included)%s%n", cRun == null ? "" : "; svm-train's is its own process's (reading the file included)");
            if (cRun != null) {
                out.printf(Locale.ROOT, "CPU time ours / C svm-train = %.3f%n", r.oursCpuSeconds() / cRun.cpuSeconds());
            } else {
                out.println(svmTrain.equals("none") ? "C LIBSVM: skipped (--svm-train none)" : CLibsvm.missing(svmTrain));
            }
            out.flush();

            JsonSummary summary = new JsonSummary()
                    .put("command", "bench svm");
            if (scored) {
                summary.put("accuracy_mean", r.accuracyOurs()).put("accuracy_sd", 0.0);
            } else {
                summary.putNull("accuracy_mean").putNull("accuracy_sd");
            }
            summary.put("train_seconds", r.oursSeconds())
                    .put("ours_seconds", r.oursSeconds())
                    .put("libsvm_seconds", r.libsvmSeconds())
                    .put("ours_cpu_seconds", r.oursCpuSeconds())
                    .put("libsvm_cpu_seconds", r.libsvmCpuSeconds())
                    .putOptional("c_libsvm_seconds", cRun == null ? null : cRun.wallSeconds())
                    .putOptional("c_libsvm_cpu_seconds", cRun == null ? null : cRun.cpuSeconds())
                    .putOptional("c_libsvm_accuracy", cRun == null || !scored ? null : cRun.accuracy())
                    .put("speedup", r.speedup())
                    .putOptional("accuracy_ours", scored ? r.accuracyOurs() : null)
                    .putOptional("accuracy_libsvm", scored ? r.accuracyLibsvm() : null)
                    .put("objective_ours", r.objectiveOurs())
                    .put("objective_libsvm", r.objectiveLibsvm())
                    .put("objective_relative_difference", r.objectiveRelativeDifference())
                    .put("sv_ours", (long) r.supportVectorsOurs())
                    .put("sv_libsvm", (long) r.supportVectorsLibsvm())
                    .put("iterations_ours", r.iterationsOurs())
                    .put("iterations_libsvm", r.iterationsLibsvm())
                    .put("ours_kernel_path", r.oursKernelPath())
                    .put("ours_variables", (long) r.variablesOurs())
                    .put("duplicates", merge.cliName())
                    .put("data", input.data().toString())
                    .put("test", scored ? test.test().toString() : null)
                    .put("n_train", (long) data.train().size())
                    .put("n_test", scored ? (long) data.test().size() : 0L)
                    .put("dim", (long) data.train().dim())
                    .put("gamma", gamma)
                    .put("c", c)
                    .put("cache_mb", cacheMb)
                    .put("eps", eps);
            if (cRun == null) {
                summary.putNull("c_libsvm_sv");
            } else {
                summary.put("c_libsvm_sv", (long) cRun.supportVectors());
            }
            json.write(CommandSupport.putEnvironment(summary));
            return Main.OK;
        }

        /**
         * C LIBSVM on the files of this run: the --data/--test files themselves when they are LIBSVM text,
         * else the points written to a temporary folder.
         */
        private CLibsvm.Run runCLibsvm(CLibsvm tools, DataFiles.TrainTest data, double gamma, double c, double cacheMb,
                                       double eps) throws IOException {
            boolean libsvm = input.formatOf(input.data()) == CliEnums.DataFormat.LIBSVM
                    && (test.test() == null || input.formatOf(test.test()) == CliEnums.DataFormat.LIBSVM);
            return libsvm ? tools.run(input.data(), test.test(), gamma, c, cacheMb, eps)
                    : tools.run(data.train(), data.test(), gamma, c, cacheMb, eps);
        }
    }

    /** "time ours / REF = 0.25 (ours is 4.0x faster)" or "... (ours is 1.6x slower)". */
    static String ratio(double oursSeconds, double referenceSeconds, String reference) {
        double r = oursSeconds / referenceSeconds;
        String how = r <= 1 ? String.format(Locale.ROOT, "ours is %.1fx faster", 1 / r)
                : String.format(Locale.ROOT, "ours is %.1fx slower", r);
        return String.format(Locale.ROOT, "time ours / %s = %.3f (%s)", reference, r, how);
    }

    private static String fixed3(double seconds) {
        return String.format(Locale.ROOT, "%.3f", seconds);
    }
}
