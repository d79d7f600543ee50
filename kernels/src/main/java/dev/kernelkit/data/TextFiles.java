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
     * Parses a finite decimal number: an optional sign, digits with an optional decimal point, an
     * optional exponent ({@code -1}, {@code +2.5}, {@code .5}, {@code 3.}, {@code 1e-7},
     * {@code 2.5E+3}). Refused: what {@link Double#parseDouble} also takes but no data file means
     * (hexadecimal, {@code 1d}, {@code 2f}, surrounding blanks), {@code NaN}, {@code Infinity}
     * and numbers too large for a double ({@code 1e400}); numbers too small for one read as 0.
     *
     * @param what names the value in the error message, e.g. "feature 3"
     * @throws MalformedDataException for a token that is not such a number, or overflows
     */
    static double parseFinite(String token, Path file, int line, String what) throws MalformedDataException {
        if (!isDecimal(token)) {
            if (isNonFiniteWord(token)) {
                throw new MalformedDataException(file, line, what + " must be finite, got '" + abbreviate(token) + "'");
            }
            throw new MalformedDataException(file, line, what + ": bad number '" + abbreviate(token) + "'");
        }
        double v = Double.parseDouble(token);
        if (!Double.isFinite(v)) {
            throw new MalformedDataException(file, line, what + " must be finite, got '" + abbreviate(token)
                    + "' (too large for a double)");
        }
        return v;
    }

    /** The finite decimal number {@code token} is (as {@link #parseFinite} reads it), or null. */
    static Double decimalOrNull(String token) {
        if (!isDecimal(token)) {
            return null;
        }
        double v = Double.parseDouble(token);
        return Double.isFinite(v) ? v : null;
    }

    private static boolean isNonFiniteWord(String t) {
        String s = t.startsWith("+") || t.startsWith("-") ? t.substring(1) : t;
        return s.equals("NaN") || s.equals("Infinity") || s.equalsIgnoreCase("nan") || s.equalsIgnoreCase("inf")
                || s.equalsIgnoreCase("infinity");
    }

    /** [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)? */
    private static boolean isDecimal(String s) {
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exp = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                exp++;
            }
            if (exp == 0) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
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
