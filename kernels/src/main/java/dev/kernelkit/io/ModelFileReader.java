package dev.kernelkit.io;

import dev.kernelkit.data.TextCheck;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Optional;

/**
 * Reads kernelkit model files (format in {@link ModelFileWriter}). The first key line must be
 * {@code format = kernelkit-model}, followed by {@code version = N} (N &ge; 1, the version of the
 * type's layout, checked against its codec by {@link Models}) and {@code type = ...}. Blank lines and lines starting with
 * {@code #} are ignored; keys after the header are unique.
 */
public final class ModelFileReader {

    private ModelFileReader() {
    }

    /**
     * Reads and checks a model file.
     *
     * @throws ModelFormatException naming the file (and line) when it is not a kernelkit model file
     *         (also: not UTF-8 text) or a line is malformed
     * @throws IOException when the file cannot be read
     */
    public static ModelFile read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            Optional<TextCheck.Malformed> m = TextCheck.firstMalformed(file);
            throw new ModelFormatException(m.isPresent() ? file + " line " + m.get().line() + ": " + m.get().describe()
                    : file + ": not a UTF-8 text file");
        }
        int nul = text.indexOf('\0');
        if (nul >= 0) {
            int line = 1;
            for (int i = 0; i < nul; i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                }
            }
            throw new ModelFormatException(file + " line " + line
                    + ": not a UTF-8 text file (NUL character; binary data or UTF-16?)");
        }
        return parse(file.toString(), text);
    }

    /**
     * Parses model-file text; {@code fileName} is used in error messages.
     *
     * @throws ModelFormatException as for {@link #read(Path)}
     */
    public static ModelFile parse(String fileName, String text) throws ModelFormatException {
        String[] lines = text.split("\r?\n", -1);
        LinkedHashMap<String, ModelFile.Entry> entries = new LinkedHashMap<>();
        int headerSeen = 0; // 0: expect format, 1: expect version, 2: expect type, 3: body
        int version = 0;
        String type = null;
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            String key = eq < 0 ? null : line.substring(0, eq).strip();
            String value = eq < 0 ? null : line.substring(eq + 1).strip();
            if (headerSeen == 0) {
                if (!"format".equals(key) || !ModelFile.FORMAT.equals(value)) {
                    throw new ModelFormatException(fileName + ": not a kernelkit model file (line " + lineNo
                            + ": expected 'format = " + ModelFile.FORMAT + "', found '" + abbreviate(line) + "')");
                }
                headerSeen = 1;
                continue;
            }
            if (key == null || !ModelFileWriter.KEY.matcher(key).matches()) {
                throw new ModelFormatException(fileName + " line " + lineNo + ": expected 'key = value', found '"
                        + abbreviate(line) + "'");
            }
            if (headerSeen == 1) {
                if (!key.equals("version")) {
                    throw new ModelFormatException(fileName + " line " + lineNo + ": expected 'version = N', found '"
                            + abbreviate(line) + "'");
                }
                try {
                    version = Integer.parseInt(value);
                } catch (NumberFormatException e) {
                    throw new ModelFormatException(fileName + " line " + lineNo
                            + ": expected an integer for 'version', found '" + value + "'");
                }
                if (version < 1) {
                    throw new ModelFormatException(fileName + " line " + lineNo + ": version must be >= 1, found "
                            + version);
                }
                headerSeen = 2;
                continue;
            }
            if (headerSeen == 2) {
                if (!key.equals("type") || value.isEmpty()) {
                    throw new ModelFormatException(fileName + " line " + lineNo + ": expected 'type = NAME', found '"
                            + abbreviate(line) + "'");
                }
                type = value;
                headerSeen = 3;
                continue;
            }
            ModelFile.Entry previous = entries.get(key);
            if (previous != null || key.equals("format") || key.equals("version") || key.equals("type")) {
                throw new ModelFormatException(fileName + " line " + lineNo + ": duplicate key '" + key + "'"
                        + (previous != null ? " (first on line " + previous.line() + ")" : " (set in the header)"));
            }
            entries.put(key, new ModelFile.Entry(value, lineNo));
        }
        if (headerSeen == 0) {
            throw new ModelFormatException(fileName + ": not a kernelkit model file (no 'format = "
                    + ModelFile.FORMAT + "' line)");
        }
        if (headerSeen == 1) {
            throw new ModelFormatException(fileName + ": missing key 'version'");
        }
        if (headerSeen == 2) {
            throw new ModelFormatException(fileName + ": missing key 'type'");
        }
        return new ModelFile(fileName, version, type, entries);
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
