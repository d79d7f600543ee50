package dev.kernelkit.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * {@code --data -}: the data come from standard input. The bytes are copied once into a private temporary
 * folder (the readers need a file they can read twice: the format is sniffed from the header, then the data
 * read), named by what the first line looks like so that {@link ExampleFiles#formatOf} finds the format
 * without {@code --format}: {@code bag,…} or {@code series,…} or any other comma-separated header a
 * {@code .csv}, a line starting with {@code @} or {@code %} an {@code .arff}, anything else LIBSVM. Messages
 * name {@code <stdin>} instead of the temporary file, and the folder is removed when the command ends.
 */
final class StdinData implements AutoCloseable {
    /** What messages call the data read from standard input. */
    static final String NAME = "<stdin>";

    private final Path folder;
    private final Path file;

    private StdinData(Path folder, Path file) {
        this.folder = folder;
        this.file = file;
    }

    /**
     * The arguments with {@code --data -} (or {@code --data=-}) replaced by a file holding standard input, or
     * the same arguments and no file when no option reads standard input.
     */
    static Substituted substitute(String[] args, InputStream in) {
        int at = -1;
        for (int i = 0; i < args.length; i++) {
            if ((args[i].equals("--data") && i + 1 < args.length && args[i + 1].equals("-")) || args[i].equals("--data=-")) {
                at = i;
                break;
            }
        }
        if (at < 0) {
            return new Substituted(args, null);
        }
        StdinData d;
        try {
            byte[] bytes = in.readAllBytes();
            Path folder = Files.createTempDirectory("kernelkit-stdin");
            Path file = folder.resolve("stdin" + extension(bytes));
            Files.write(file, bytes);
            d = new StdinData(folder, file);
        } catch (IOException e) {
            throw new UncheckedIOException("reading --data - (standard input): " + e.getMessage(), e);
        }
        String[] out = args.clone();
        if (out[at].equals("--data=-")) {
            out[at] = "--data=" + d.file;
        } else {
            out[at + 1] = d.file.toString();
        }
        return new Substituted(out, d);
    }

    /** The arguments to run with, and the standard-input copy to remove afterwards (or null). */
    record Substituted(String[] args, StdinData data) {
        /** The message with the temporary file's path shown as {@link #NAME}. */
        String message(String text) {
            return data == null || text == null ? text : text.replace(data.file.toString(), NAME);
        }
    }

    private static String extension(byte[] bytes) {
        String head = new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.UTF_8).replace("\uFEFF", "");
        String first = head.lines().filter(l -> !l.isBlank()).findFirst().orElse("").strip();
        if (first.startsWith("@") || first.startsWith("%")) {
            return ".arff";
        }
        String firstToken = first.split("[\\s,]", 2)[0];
        if (first.contains(",") && !firstToken.contains(":")) {
            return ".csv";
        }
        return ".libsvm";
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a leftover in the temporary folder is not worth failing a finished command for
        }
    }
}
