package dev.kernelkit.io;

import dev.kernelkit.data.TextCheck;
import java.io.IOException;

/**
 * A model file that cannot be used: not a kernelkit model file, a newer format version, a missing
 * key or a malformed value. The message names the file and, where there is one, the line and key,
 * e.g. {@code model.txt line 7: expected a number for 'bias', found 'abc'}. The message is always
 * one line: line breaks and control characters quoted from the file are escaped
 * ({@link TextCheck#oneLine}).
 */
public final class ModelFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    /** An error whose message names the file (and line and key, where there is one). */
    public ModelFormatException(String message) {
        super(TextCheck.oneLine(message));
    }
}
