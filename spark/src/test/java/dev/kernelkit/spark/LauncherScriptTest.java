package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code spark/bin/kernelkit-spark} gives the driver JVM the options this module's tests run Spark with
 * ({@code spark.jvm.options} of its pom, Spark's own list for Java 17), so that what passes here runs there,
 * and is executable.
 */
class LauncherScriptTest {
    private static final Path SCRIPT = Path.of("bin", "kernelkit-spark");

    @Test
    void launcherPassesTheJvmOptionsOfTheModulesTestsInTheSameOrder() throws Exception {
        Matcher pom = Pattern.compile("<spark\\.jvm\\.options>(.*?)</spark\\.jvm\\.options>", Pattern.DOTALL)
                .matcher(Files.readString(Path.of("pom.xml")));
        assertThat(pom.find()).as("spark.jvm.options in pom.xml").isTrue();
        List<String> expected = Arrays.asList(pom.group(1).strip().split("\\s+"));

        Matcher script = Pattern.compile("spark_jvm_options=\\((.*?)\\)", Pattern.DOTALL)
                .matcher(Files.readString(SCRIPT));
        assertThat(script.find()).as("spark_jvm_options in " + SCRIPT).isTrue();
        List<String> given = Arrays.asList(script.group(1).strip().split("\\s+"));

        assertThat(given).hasSizeGreaterThan(10).containsExactlyElementsOf(expected);
        assertThat(Files.isExecutable(SCRIPT)).isTrue();
    }
}
