package dev.kernelkit.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A data file that cannot be read because its content is malformed. The message has the form
 * {@code "file:line: problem"} so that an editor or terminal can jump to the offending line, and is
 * always one line: line breaks and control characters quoted from the file are escaped
 * ({@link TextCheck#oneLine}).
 */
public final class MalformedDataException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final int line;
    private final String problem;

    /**
     * @param file the file being read
     * @param line the 1-based line number of the problem (0 when it concerns the whole file)
     * @param problem what is wrong, with the offending value
     */
    public MalformedDataException(Path file, int line, String problem) {
        super(format(file, line, problem));
        this.file = Objects.requireNonNull(file, "file");
        this.line = line;
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    private static String format(Path file, int line, String problem) {
        return TextCheck.oneLine(line > 0 ? file + ":" + line + ": " + problem : file + ": " + problem);
    }

    /** The file being read. */
    public Path file() {
        return file;
    }

    /** The 1-based line number, or 0 when the problem concerns the whole file. */
    public int line() {
        return line;
    }

    /** The problem without the file and line prefix, as given (not escaped). */
    public String problem() {
        return problem;
    }
}
