package dev.kernelkit.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Diagnostics for text files that are not text: where a file stops being UTF-8 (RFC 3629), so a
 * reader can say "not a UTF-8 text file" with the line instead of the decoder's bare
 * "Input length = 1", and one-line messages for errors that quote file content.
 */
public final class TextCheck {
    private TextCheck() {
    }

    /**
     * The first byte of a file that is not well-formed UTF-8.
     *
     * @param line the 1-based line it is on (lines end at {@code \n}, {@code \r} or {@code \r\n},
     *        as {@link java.io.BufferedReader#readLine} counts them)
     * @param offset its 0-based byte offset in the file
     * @param value the byte, 0..255
     */
    public record Malformed(int line, long offset, int value) {
        /** "not a UTF-8 text file (byte 0xE9 at offset 17 is not valid UTF-8)". */
        public String describe() {
            return "not a UTF-8 text file (byte 0x" + String.format(Locale.ROOT, "%02X", value) + " at offset "
                    + offset + " is not valid UTF-8)";
        }
    }

    /**
     * Finds the first malformed byte of {@code file}, reading it as a stream (the file is never
     * held in memory whole). A truncated multi-byte sequence at the end of the file counts as
     * malformed.
     *
     * @return the first malformed byte, or empty when the whole file is well-formed UTF-8
     */
    public static Optional<Malformed> firstMalformed(Path file) throws IOException {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.allocate(1 << 16);
        CharBuffer out = CharBuffer.allocate(1 << 16);
        long consumed = 0; // bytes before in.position() 0
        int line = 1;
        boolean lastWasCr = false;
        try (InputStream s = Files.newInputStream(file)) {
            boolean eof = false;
            while (true) {
                if (!eof) {
                    int r = s.read(in.array(), in.position(), in.remaining());
                    if (r < 0) {
                        eof = true;
                    } else {
                        in.position(in.position() + r);
                    }
                }
                in.flip();
                int start = in.position();
                CoderResult res;
                do {
                    out.clear();
                    res = dec.decode(in, out, eof);
                } while (res.isOverflow());
                // count line ends among the bytes decoded so far (0x0A and 0x0D never occur inside
                // a multi-byte UTF-8 sequence)
                for (int i = start; i < in.position(); i++) {
                    byte b = in.get(i);
                    if (b == '\n') {
                        if (!lastWasCr) {
                            line++;
                        }
                        lastWasCr = false;
                    } else if (b == '\r') {
                        line++;
                        lastWasCr = true;
                    } else {
                        lastWasCr = false;
                    }
                }
                if (res.isError()) {
                    return Optional.of(new Malformed(line, consumed + in.position(), in.get(in.position()) & 0xFF));
                }
                if (eof) {
                    if (in.hasRemaining()) { // an incomplete sequence at the end
                        return Optional.of(new Malformed(line, consumed + in.position(),
                                in.get(in.position()) & 0xFF));
                    }
                    return Optional.empty();
                }
                consumed += in.position();
                in.compact();
            }
        }
    }

    /**
     * The text on one line: line breaks ({@code \n}, {@code \r}, U+0085, U+2028, U+2029) and
     * other control characters but the tab are written as escapes ({@code \n}, {@code \r}, and a
     * backslash-u escape for the others), so an error message quoting file content stays one line
     * on a terminal.
     */
    public static String oneLine(String text) {
        int n = text.length();
        int i = 0;
        while (i < n && !needsEscape(text.charAt(i))) {
            i++;
        }
        if (i == n) {
            return text;
        }
        StringBuilder sb = new StringBuilder(n + 16).append(text, 0, i);
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (!needsEscape(c)) {
                sb.append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else {
                sb.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
            }
        }
        return sb.toString();
    }

    private static boolean needsEscape(char c) {
        return Character.isISOControl(c) && c != '\t' || c == '\u2028' || c == '\u2029';
    }
}
