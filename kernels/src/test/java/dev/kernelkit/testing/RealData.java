package dev.kernelkit.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Locates real benchmark files for tests. The folder is named by the environment variable
 * {@code KERNELKIT_DATA} (CI sets it to {@code ../shared/data}). When the variable is unset the
 * calling test is skipped with a message; when it is set and the file is missing the test fails.
 */
public final class RealData {
    /** The environment variable naming the data folder. */
    public static final String ENV = "KERNELKIT_DATA";

    private RealData() {
    }

    /**
     * The path of {@code relative} (e.g. {@code "heart/heart.libsvm"}) under the data folder.
     * A relative folder is resolved against the repository root (system property
     * {@code kernelkit.root}, set by the build), since Maven runs tests inside a module folder.
     */
    public static Path file(String relative) {
        String dir = System.getenv(ENV);
        Assumptions.assumeTrue(dir != null && !dir.isBlank(),
                ENV + " is not set: skipping the real-data test that needs " + relative);
        Path base = Path.of(dir);
        String root = System.getProperty("kernelkit.root");
        if (!base.isAbsolute() && root != null && !root.isBlank()) {
            base = Path.of(root).resolve(base);
        }
        Path p = base.resolve(relative);
        if (!Files.isRegularFile(p)) {
            fail(ENV + "=" + dir + " is set but " + p.toAbsolutePath().normalize() + " does not exist");
        }
        return p;
    }
}
