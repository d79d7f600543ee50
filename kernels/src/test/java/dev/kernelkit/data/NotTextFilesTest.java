package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Binary and wrongly encoded files given as data get one line naming the file, the line and the problem. */
class NotTextFilesTest {
    @TempDir
    Path dir;

    /** Every text reader, as one call. */
    private interface Reader {
        Object read(Path file) throws IOException;
    }

    private static final List<Reader> READERS = List.of(LibsvmFormat::read, CsvBagFormat::read, ArffFormat::read,
            ArffFormat::readBags, CsvSeriesFormat::read);

    private static final byte[] PNG_START = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13};

    private Path file(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    @Test
    void aPngGivenAsDataIsNotUtf8AtLineOneForEveryReader() throws IOException {
        Path p = file("picture.png", PNG_START);
        for (Reader r : READERS) {
            assertThatThrownBy(() -> r.read(p))
                    .isInstanceOf(MalformedDataException.class)
                    .hasMessage(p + ":1: not a UTF-8 text file (byte 0x89 at offset 0 is not valid UTF-8)");
        }
    }

    @Test
    void aLatin1ByteFarBeyondTheReadAheadBufferIsReportedOnItsOwnLine() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("+1 1:0.5 2:0.25\n".repeat(1999).getBytes(StandardCharsets.US_ASCII)); // lines 1..1999
        b.writeBytes("-1 1:2 # caf".getBytes(StandardCharsets.US_ASCII));
        b.write(0xE9); // 'é' in Latin-1: not UTF-8 when followed by ASCII
        b.writeBytes("\n+1 1:1\n".getBytes(StandardCharsets.US_ASCII));
        Path p = file("latin1.libsvm", b.toByteArray());
        long offset = 1999L * 16 + 12;
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(p + ":2000: not a UTF-8 text file (byte 0xE9 at offset " + offset + " is not valid UTF-8)");
    }

    @Test
    void utf16WithoutByteOrderMarkIsNamedByItsNulCharacters() throws IOException {
        Path p = file("utf16.csv", "bag,label,f1\nA,1,2\n".getBytes(StandardCharsets.UTF_16LE));
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(p + ":1: not a UTF-8 text file (NUL character at column 2; binary data or UTF-16?)");
    }

    @Test
    void utf16WithByteOrderMarkFailsOnItsFirstByte() throws IOException {
        Path p = file("utf16bom.arff", "@relation r\n".getBytes(StandardCharsets.UTF_16)); // FE FF, big endian
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(p + ":1: not a UTF-8 text file (byte 0xFE at offset 0 is not valid UTF-8)");
    }

    @Test
    void utf8ByteOrderMarkAndMultiByteCharactersAcrossTheScanBufferAreText() throws IOException {
        // 'é' (C3 A9) straddles the 64 KiB boundary of the scanner's buffer; nothing is malformed
        byte[] head = "x".repeat((1 << 16) - 1).getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[head.length + 2];
        System.arraycopy(head, 0, all, 0, head.length);
        all[head.length] = (byte) 0xC3;
        all[head.length + 1] = (byte) 0xA9;
        assertThat(TextCheck.firstMalformed(file("ok.txt", all))).isEmpty();
        Path bom = file("bom.libsvm", "\uFEFF+1 1:2\n".getBytes(StandardCharsets.UTF_8));
        assertThat(LibsvmFormat.read(bom).x(0).get(0)).isEqualTo(2.0);
    }

    @Test
    void scannerCountsLinesAsReadLineDoesAndFlagsATruncatedSequenceAtTheEnd() throws IOException {
        // lines end at \n, \r and \r\n: the bad byte is on line 4
        byte[] text = "a\r\nb\rc\n".getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[text.length + 2];
        System.arraycopy(text, 0, all, 0, text.length);
        all[text.length] = 'd';
        all[text.length + 1] = (byte) 0xE2; // first byte of a three-byte sequence, then the end
        TextCheck.Malformed m = TextCheck.firstMalformed(file("t.txt", all)).orElseThrow();
        assertThat(m).isEqualTo(new TextCheck.Malformed(4, 8, 0xE2));
    }

    @Test
    void aBinaryModelFileIsAOneLineModelFormatError() throws IOException {
        Path p = file("model.bin", PNG_START);
        assertThatThrownBy(() -> ModelFileReader.read(p))
                .isInstanceOf(ModelFormatException.class)
                .hasMessage(p + " line 1: not a UTF-8 text file (byte 0x89 at offset 0 is not valid UTF-8)");
        Path q = file("model16.txt", "# kernelkit model\nformat = kernelkit-model\n".getBytes(StandardCharsets.UTF_16LE));
        assertThatThrownBy(() -> ModelFileReader.read(q))
                .isInstanceOf(ModelFormatException.class)
                .hasMessage(q + " line 1: not a UTF-8 text file (NUL character; binary data or UTF-16?)");
    }

    @Test
    void fileContentQuotedInAMessageCannotBreakTheLine() throws IOException {
        // U+2028 and U+0085 are line breaks to a terminal but not to readLine
        Path p = file("ls.libsvm", "+1 1:2\u20283\n-1 2:x\u0085y\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(p + ":1: value of feature 1: bad number '2\\u20283'");
        assertThat(TextCheck.oneLine("a\nb\rc\td\u0000")).isEqualTo("a\\nb\\rc\td\\u0000");
        assertThat(new ModelFormatException("m line 2: found 'x\ny'").getMessage()).isEqualTo("m line 2: found 'x\\ny'");
    }
}
