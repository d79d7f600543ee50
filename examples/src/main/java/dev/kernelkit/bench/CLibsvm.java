package dev.kernelkit.bench;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * C LIBSVM's command-line tools ({@code svm-train} and {@code svm-predict}, Chang and Lin,
 * "LIBSVM: a library for support vector machines", 2011; Debian package {@code libsvm-tools}) run
 * as a separate process on the same data as our solvers, for the benchmarks' side-by-side tables:
 * C-SVC ({@code -s 0}) with the RBF kernel ({@code -t 2}), the given gamma, C, cache ({@code -m})
 * and tolerance ({@code -e}), shrinking on. Its CPU time (user + system of the child, read with the
 * POSIX shell's {@code times}) is the steady measure; wall time is kept as well. Used only when the
 * tools are found; {@link #find} says where it looked otherwise.
 */
public final class CLibsvm {
    private static final Pattern ACCURACY = Pattern.compile("Accuracy = [0-9.]+% \\((\\d+)/(\\d+)\\)");
    private static final Pattern CHILD_TIMES = Pattern.compile("(\\d+)m([0-9.]+)s\\s+(\\d+)m([0-9.]+)s");

    private final Path train;
    private final Path predict;

    private CLibsvm(Path train, Path predict) {
        this.train = train;
        this.predict = predict;
    }

    /**
     * One run of {@code svm-train} (and {@code svm-predict} when there is a test file).
     *
     * @param cpuSeconds user + system CPU seconds of svm-train (its reading of the file included, as
     *        in every figure quoted from it)
     * @param wallSeconds wall-clock seconds of svm-train
     * @param supportVectors {@code total_sv} of the model it wrote
     * @param accuracy test accuracy from svm-predict, NaN without a test file
     */
    public record Run(double cpuSeconds, double wallSeconds, int supportVectors, double accuracy) {
    }

    /**
     * The tools: {@code command} itself when it names an executable file (a path), else
     * {@code command} looked up on {@code path}; {@code svm-predict} beside it, else on {@code path}.
     *
     * @return empty when either tool is missing (the caller says so and goes on)
     */
    public static Optional<CLibsvm> find(String command, String path) {
        Optional<Path> t = locate(command, path);
        if (t.isEmpty()) {
            return Optional.empty();
        }
        Path beside = t.get().resolveSibling("svm-predict");
        Optional<Path> p = Files.isRegularFile(beside) && Files.isExecutable(beside) ? Optional.of(beside)
                : locate("svm-predict", path);
        return p.map(q -> new CLibsvm(t.get(), q));
    }

    /** {@link #find(String, String)} with {@code svm-train} on this process's PATH. */
    public static Optional<CLibsvm> find() {
        return find("svm-train", System.getenv("PATH"));
    }

    /** The line the benchmarks print when the tools are missing. */
    public static String missing(String command) {
        return "C LIBSVM: '" + command + "' or svm-predict not found" + (command.contains(File.separator) ? "" : " on the PATH")
                + ", skipped (Debian/Ubuntu: apt-get install libsvm-tools)";
    }

    private static Optional<Path> locate(String command, String path) {
        if (command.contains(File.separator)) {
            Path p = Path.of(command);
            return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
        }
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, command);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p.toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    /** The svm-train executable. */
    public Path trainCommand() {
        return train;
    }

    /**
     * Writes the points (LIBSVM format, every value exactly as a Java double prints it, so svm-train
     * reads the same numbers) into a temporary folder, runs the tools on them and deletes the folder.
     *
     * @param test test points, or null
     * @throws IOException when the files cannot be written or a tool fails (its output quoted)
     */
    public Run run(LabeledDataset trainSet, LabeledDataset test, double gamma, double c, double cacheMb, double eps)
            throws IOException {
        Path dir = Files.createTempDirectory("kernelkit-svm-train");
        try {
            Path trainFile = dir.resolve("train.libsvm");
            LibsvmFormat.write(trainSet, trainFile);
            Path testFile = null;
            if (test != null) {
                testFile = dir.resolve("test.libsvm");
                LibsvmFormat.write(test, testFile);
            }
            return runIn(dir, trainFile, testFile, gamma, c, cacheMb, eps);
        } finally {
            deleteTree(dir);
        }
    }

    /**
     * Runs svm-train on {@code trainFile} and svm-predict on {@code testFile} when it is not null
     * (model and outputs in a temporary folder, deleted afterwards).
     *
     * @throws IOException when a tool fails (exit code and output quoted) or its output cannot be read
     */
    public Run run(Path trainFile, Path testFile, double gamma, double c, double cacheMb, double eps) throws IOException {
        Path dir = Files.createTempDirectory("kernelkit-svm-train");
        try {
            return runIn(dir, trainFile, testFile, gamma, c, cacheMb, eps);
        } finally {
            deleteTree(dir);
        }
    }

    private Run runIn(Path dir, Path trainFile, Path testFile, double gamma, double c, double cacheMb, double eps)
            throws IOException {
        Path model = dir.resolve("svm-train.model");
        Path log = dir.resolve("svm-train.out");
        List<String> cmd = new ArrayList<>(List.of("sh", "-c",
                "\"$0\" \"$@\" >\"$KERNELKIT_LOG\" 2>&1; status=$?; times; exit $status", train.toString(),
                "-s", "0", "-t", "2", "-g", num(gamma), "-c", num(c), "-m", num(cacheMb), "-e", num(eps), "-h", "1",
                trainFile.toString(), model.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("KERNELKIT_LOG", log.toString());
        long t0 = System.nanoTime();
        Result r = exec(pb);
        double wall = (System.nanoTime() - t0) * 1e-9;
        if (r.code != 0) {
            throw new IOException(train + " failed (exit " + r.code + "): " + tail(Files.exists(log)
                    ? Files.readString(log, StandardCharsets.UTF_8) : r.output));
        }
        double cpu = childCpuSeconds(r.output);
        int sv = totalSupportVectors(Files.readAllLines(model, StandardCharsets.UTF_8));
        double accuracy = Double.NaN;
        if (testFile != null) {
            Result p = exec(new ProcessBuilder(predict.toString(), testFile.toString(), model.toString(),
                    dir.resolve("svm-predict.out").toString()).redirectErrorStream(true));
            if (p.code != 0) {
                throw new IOException(predict + " failed (exit " + p.code + "): " + tail(p.output));
            }
            accuracy = accuracy(p.output);
        }
        return new Run(cpu, wall, sv, accuracy);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private record Result(int code, String output) {
    }

    private static Result exec(ProcessBuilder pb) throws IOException {
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            return new Result(p.waitFor(), out);
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + pb.command().get(0), e);
        }
    }

    /** User + system seconds of the children from the second line of the shell's {@code times}. */
    static double childCpuSeconds(String timesOutput) throws IOException {
        String[] lines = timesOutput.strip().split("\\R");
        Matcher m = lines.length < 2 ? null : CHILD_TIMES.matcher(lines[lines.length - 1].strip());
        if (m == null || !m.matches()) {
            throw new IOException("cannot read the child CPU times from the shell's 'times' output: " + tail(timesOutput));
        }
        return Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2))
                + Integer.parseInt(m.group(3)) * 60 + Double.parseDouble(m.group(4));
    }

    /** {@code total_sv N} of a LIBSVM model file. */
    static int totalSupportVectors(List<String> modelLines) throws IOException {
        for (String line : modelLines) {
            if (line.startsWith("total_sv ")) {
                return Integer.parseInt(line.substring("total_sv ".length()).strip());
            }
            if (line.equals("SV")) {
                break;
            }
        }
        throw new IOException("the model written by svm-train has no 'total_sv' line");
    }

    /** correct / total from svm-predict's "Accuracy = 92.78% (92780/100000) (classification)". */
    static double accuracy(String predictOutput) throws IOException {
        Matcher m = ACCURACY.matcher(predictOutput);
        if (!m.find()) {
            throw new IOException("svm-predict printed no accuracy: " + tail(predictOutput));
        }
        return Double.parseDouble(m.group(1)) / Double.parseDouble(m.group(2));
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static String tail(String s) {
        String t = s.strip();
        return t.length() <= 300 ? t : "..." + t.substring(t.length() - 300);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "CLibsvm(%s, %s)", train, predict);
    }
}
