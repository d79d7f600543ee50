package dev.kernelkit.data;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Shared helpers of the text readers and writers: opening files, parsing numbers. */
final class TextFiles {
    private TextFiles() {
    }

    /**
     * Opens {@code file} as UTF-8, skipping a leading byte-order mark; a missing file raises a
     * NoSuchFileException naming it. The reader's {@code readLine} turns content that is not
     * text (a byte that is not UTF-8, a NUL character) into a {@link MalformedDataException}
     * "file:line: not a UTF-8 text file (...)".
     */
    static BufferedReader open(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null, "data file does not exist");
        }
        if (Files.isDirectory(file)) {
            throw new IOException(file + ": is a directory, expected a data file");
        }
        TextReader in = new TextReader(file);
        in.skipByteOrderMark();
        return in;
    }

    /** A UTF-8 line reader whose decoding errors name the file and line. */
    private static final class TextReader extends BufferedReader {
        private final Path file;
        private int lineNo;

        TextReader(Path file) throws IOException {
            super(new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)));
            this.file = file;
        }

        void skipByteOrderMark() throws IOException {
            try {
                mark(1);
                if (super.read() != '\uFEFF') {
                    reset();
                }
            } catch (CharacterCodingException e) {
                close();
                throw notUtf8(file);
            } catch (IOException e) {
                close();
                throw e;
            }
        }

        @Override
        public String readLine() throws IOException {
            String line;
            try {
                line = super.readLine();
            } catch (CharacterCodingException e) {
                throw notUtf8(file);
            }
            if (line == null) {
                return null;
            }
            lineNo++;
            int nul = line.indexOf('\0');
            if (nul >= 0) {
                throw new MalformedDataException(file, lineNo, "not a UTF-8 text file (NUL character at column "
                        + (nul + 1) + "; binary data or UTF-16?)");
            }
            return line;
        }
    }

    /** The error for a file that failed to decode as UTF-8, locating the first malformed byte. */
    static MalformedDataException notUtf8(Path file) throws IOException {
        TextCheck.Malformed m = TextCheck.firstMalformed(file).orElse(null);
        if (m == null) { // the file changed under us
            return new MalformedDataException(file, 0, "not a UTF-8 text file");
        }
        return new MalformedDataException(file, m.line(), m.describe());
    }

    /** Creates or truncates {@code file} for UTF-8 writing. */
    static BufferedWriter create(Path file) throws IOException {
        return Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    /**
     * Parses a finite decimal number.
     *
     * @param what names the value in the error message, e.g. "feature 3"
     * @throws MalformedDataException for a token that is not a number, or is NaN or infinite
     */
    static double parseFinite(String token, Path file, int line, String what) throws MalformedDataException {
        double v;
        try {
            v = Double.parseDouble(token);
        } catch (NumberFormatException e) {
            throw new MalformedDataException(file, line, what + ": bad number '" + token + "'");
        }
        if (!Double.isFinite(v)) {
            throw new MalformedDataException(file, line, what + " must be finite, got '" + token + "'");
        }
        if (token.isEmpty() || !isPlainNumberChar(token.charAt(token.length() - 1))) {
            // Double.parseDouble also accepts "1d", "2f" and hexadecimal: refuse what no data file means
            throw new MalformedDataException(file, line, what + ": bad number '" + token + "'");
        }
        return v;
    }

    private static boolean isPlainNumberChar(char c) {
        return (c >= '0' && c <= '9') || c == '.';
    }

    /** Decimal text that reads back as exactly {@code v}: integers without ".0", else Double.toString. */
    static String formatNumber(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            long l = (long) v;
            if (l == 0 && Double.doubleToRawLongBits(v) != 0L) {
                return "-0.0";
            }
            return Long.toString(l);
        }
        return Double.toString(v);
    }

    /** At most 60 characters of {@code s}, for quoting file content in a message. */
    static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
