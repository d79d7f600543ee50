package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Model;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README as a newcomer reads it: the Java block of "Using kernelkit as a library" is compiled as it is
 * printed there (imports included) against the modules' jars and run on a two-moons file, and the four
 * commands of "Train and predict on your own file" run through {@code bin/kernelkit} in a fresh folder
 * (the jar of this build, as the first set-up command leaves it).
 */
class ReadmeLibraryExampleTest {

    private static Path root() {
        String r = System.getProperty("kernelkit.root");
        return (r == null || r.isBlank() ? Path.of("..") : Path.of(r)).toAbsolutePath().normalize();
    }

    /** The text of the first fenced block of a language after a heading. */
    private static String block(String readme, String heading, String language) {
        int h = readme.indexOf(heading);
        assertThat(h).as("README has the heading %s", heading).isNotNegative();
        int start = readme.indexOf("```" + language + "\n", h);
        int end = readme.indexOf("```\n", start + 4 + language.length());
        return readme.substring(start + 4 + language.length(), end);
    }

    @Test
    void theReadmeLibraryExampleCompilesAsPrintedAndRunsAndItsModelLoadsBack(@TempDir Path dir) throws Exception {
        String readme = Files.readString(root().resolve("README.md"));
        String code = block(readme, "### The learner contract in 15 lines", "java");
        Path src = dir.resolve("src/TrainAndPredict.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, code);
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("a JDK compiler").isNotNull();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, "-d", classes.toString(), "-cp", classPath, "--release", "17",
                src.toString());
        assertThat(rc).as(diagnostics.toString(StandardCharsets.UTF_8)).isZero();

        Path moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(300, 0.15, 1), moons);
        Path modelFile = dir.resolve("moons.model");
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                getClass().getClassLoader())) {
            Method main = loader.loadClass("TrainAndPredict").getMethod("main", String[].class);
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) new String[] {moons.toString(), modelFile.toString()});
        } finally {
            System.setOut(stdout);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("FitReport(svm").contains("over folds").contains("FitReport(sm1");
        assertThat(out).contains("c=100.0");
        Model<?> loaded = Models.loadClassifier(modelFile);
        assertThat(loaded.classNames()).hasSize(2);
    }

    @Test
    void theQuickStartCommandsRunAsWrittenThroughTheLauncherInAFreshFolder(@TempDir Path dir) throws Exception {
        Path launcher = root().resolve("bin/kernelkit");
        assertThat(root().resolve("examples/target/kernelkit.jar")).as("the jar `mvn package` builds").exists();
        String readme = Files.readString(root().resolve("README.md"));
        List<String> commands = block(readme, "## Train and predict on your own file", "bash").lines()
                .filter(l -> !l.isBlank()).toList();
        assertThat(commands).hasSize(4).allMatch(l -> l.startsWith("bin/kernelkit "));
        for (String line : commands) {
            List<String> argv = new ArrayList<>();
            argv.add(launcher.toString());
            for (String word : line.substring("bin/kernelkit ".length()).split("\\s+")) {
                argv.add(word);
            }
            Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("out.txt").toFile()).start();
            assertThat(p.waitFor(5, TimeUnit.MINUTES)).as(line).isTrue();
            assertThat(p.exitValue()).as(line + ": " + Files.readString(dir.resolve("out.txt"))).isZero();
        }
        assertThat(dir.resolve("moons.model")).exists();
        List<String> predictions = Files.readAllLines(dir.resolve("predictions.txt"));
        assertThat(predictions).hasSize(LibsvmFormat.read(dir.resolve("data" + File.separator + "moons-test.libsvm"))
                .size());
    }
}
