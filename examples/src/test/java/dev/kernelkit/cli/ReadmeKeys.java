package dev.kernelkit.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the JSON keys the README documents per command, from the table rows of the form
 * {@code | `svm train` | `key_a`, `key_b`, ... |} in its "Command line" section.
 */
final class ReadmeKeys {
    private static final Pattern ROW = Pattern.compile("^\\|\\s*`([a-z -]+)`\\s*\\|(.*)\\|\\s*$");
    private static final Pattern KEY = Pattern.compile("`([a-z_0-9]+)`");

    private ReadmeKeys() {
    }

    static Map<String, List<String>> read() throws Exception {
        String root = System.getProperty("kernelkit.root");
        Path readme = (root == null || root.isBlank() ? Path.of("..") : Path.of(root)).resolve("README.md");
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(readme)) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                List<String> keys = new ArrayList<>();
                Matcher k = KEY.matcher(m.group(2));
                while (k.find()) {
                    keys.add(k.group(1));
                }
                out.put(m.group(1).trim(), keys);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException(readme + " documents no JSON keys (no '| `command` | `key`, ... |' rows)");
        }
        return out;
    }
}
