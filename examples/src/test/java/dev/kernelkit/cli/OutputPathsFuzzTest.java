package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.kernelkit.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Hostile paths for the output layer (issue #35), as a property (jqwik, fixed seed): a run's inputs
 * and outputs drawn at random from one folder's regular files, symbolic links to them, hard links to
 * them, {@code .}/{@code ..} spellings of each, new names (one of 250 bytes), a FIFO, {@code /dev/null}
 * and {@code -}. {@link RunPaths#check} refuses, in one line, exactly the runs where an output is the
 * same file as an input or as another output (two outputs may share a FIFO or {@code /dev/null}, never
 * {@code -}); the runs it lets through are then written by {@link AtomicFiles}, and every input keeps
 * its content, the FIFO stays a FIFO, {@code /dev/null} a device and every link a link.
 */
class OutputPathsFuzzTest {
    private static Path root;
    private static boolean fifos;
    private static int world;

    @BeforeContainer
    static void makeRoot() throws Exception {
        root = Files.createTempDirectory("output-paths-fuzz");
        fifos = mkfifo(root.resolve("probe.fifo"));
        if (!fifos) {
            System.out.println("OutputPathsFuzzTest: mkfifo is not on this system: runs without a FIFO");
        }
    }

    @AfterContainer
    static void removeRoot() throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** mkfifo PATH; false (and a line on stdout saying so) when mkfifo is not on this system. */
    static boolean mkfifo(Path fifo) throws Exception {
        try {
            Process p = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (IOException e) {
            System.out.println("mkfifo is not available (" + e.getMessage() + "): the FIFO cases are skipped");
            return false;
        }
    }

    /**
     * A name of the world and what it is: {@code node} says which file it is (names of one node are one
     * file); {@code through} that it is written in place (FIFO, /dev/null, -).
     */
    record Name(String spelling, String node, boolean through, boolean input) {
    }

    /** The world's names, spelled in one of three ways (plain, "./x", "sub/../x"), to be resolved under a fresh folder. */
    static List<Name> names() {
        List<Name> n = new ArrayList<>();
        for (String f : List.of("a", "b")) {
            n.add(new Name(f, f, false, true));
            n.add(new Name("link-" + f, f, false, true));      // symbolic link to f
            n.add(new Name("hard-" + f, f, false, true));      // hard link to f
        }
        n.add(new Name("new", "new", false, false));
        n.add(new Name("m".repeat(250), "long", false, false));
        n.add(new Name("fifo", "fifo", true, false));
        n.add(new Name("/dev/null", "null", true, false));
        n.add(new Name("-", "stdout", true, false));
        return n;
    }

    /** One use: a name of the world, a spelling (0 plain, 1 "./", 2 "sub/../"), and whether it is an input. */
    record Pick(int name, int spelling, boolean input) {
    }

    @Provide
    Arbitrary<List<Pick>> runs() {
        int count = names().size();
        Arbitrary<Pick> pick = net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, count - 1),
                Arbitraries.integers().between(0, 2), Arbitraries.of(true, false)).as(Pick::new);
        return pick.list().ofMinSize(1).ofMaxSize(5);
    }

    @Property(tries = 300, seed = "3535")
    void anOutputIsRefusedExactlyWhenItIsAnInputOrAnotherOutputAndNothingIsLost(@ForAll("runs") List<Pick> picks)
            throws Exception {
        Path dir = Files.createDirectory(root.resolve("w" + world++));
        Files.createDirectory(dir.resolve("sub"));
        for (String f : List.of("a", "b")) {
            Files.writeString(dir.resolve(f), "input " + f + "\n");
            Files.createSymbolicLink(dir.resolve("link-" + f), dir.resolve(f));
            Files.createLink(dir.resolve("hard-" + f), dir.resolve(f));
        }
        boolean fifo = fifos && mkfifo(dir.resolve("fifo"));
        List<Name> world = names();
        List<RunPaths.Use> in = new ArrayList<>();
        List<RunPaths.Use> out = new ArrayList<>();
        List<Name> inNames = new ArrayList<>();
        List<Name> outNames = new ArrayList<>();
        for (Pick p : picks) {
            Name n = world.get(p.name());
            if (n.node().equals("fifo") && !fifo) {
                continue;
            }
            boolean asInput = p.input() && n.input();
            Path path = spelled(dir, n.spelling(), p.spelling());
            if (asInput) {
                in.add(new RunPaths.Use("--data", path, false));
                inNames.add(n);
            } else {
                out.add(new RunPaths.Use("--json", path, false));
                outNames.add(n);
            }
        }
        boolean conflict = false;
        for (int i = 0; i < outNames.size(); i++) {
            Name o = outNames.get(i);
            for (Name input : inNames) {
                conflict |= input.node().equals(o.node());
            }
            for (int j = 0; j < i; j++) {
                Name other = outNames.get(j);
                conflict |= other.node().equals(o.node()) && (!o.through() || o.node().equals("stdout"));
            }
        }
        Map<Path, String> before = new HashMap<>();
        for (String f : List.of("a", "b")) {
            before.put(dir.resolve(f), Files.readString(dir.resolve(f)));
        }
        Throwable refused = catchThrowable(() -> new RunPaths("kernelkit test", in, out).check());
        if (conflict) {
            assertThat(refused).as("in %s out %s", in, out).isInstanceOf(IllegalArgumentException.class);
            assertThat(refused.getMessage()).doesNotContain("\n").startsWith("--json ");
            return;
        }
        assertThat(refused).as("in %s out %s", in, out).isNull();
        for (RunPaths.Use o : out) {
            if (AtomicFiles.isStandardOutput(o.path())) {
                continue;  // fd 1 of the test JVM: shown in the surefire report, not checked here
            }
            CompletableFuture<byte[]> reader = null;
            if (o.path().endsWith("fifo")) {
                Path f = o.path();
                reader = CompletableFuture.supplyAsync(() -> {
                    try {
                        return Files.readAllBytes(f);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            }
            AtomicFiles.writeString(o.path(), "output\n");
            if (reader != null) {
                assertThat(new String(reader.get(60, TimeUnit.SECONDS), StandardCharsets.UTF_8)).isEqualTo("output\n");
            }
        }
        for (Map.Entry<Path, String> e : before.entrySet()) {
            boolean written = outNames.stream().anyMatch(o -> o.node().equals(e.getKey().getFileName().toString()));
            if (!written) {
                assertThat(Files.readString(e.getKey())).isEqualTo(e.getValue());
            }
        }
        assertThat(Files.isSymbolicLink(dir.resolve("link-a"))).isTrue();
        assertThat(Files.isSymbolicLink(dir.resolve("link-b"))).isTrue();
        if (fifo) {
            assertThat(Files.isRegularFile(dir.resolve("fifo"))).isFalse();
        }
        assertThat(Files.isRegularFile(Path.of("/dev/null"))).isFalse();
    }

    private static Path spelled(Path dir, String name, int spelling) {
        if (name.startsWith("/") || name.equals("-")) {
            return Path.of(name);
        }
        return switch (spelling) {
            case 1 -> Path.of(dir + "/./" + name);
            case 2 -> Path.of(dir + "/sub/../" + name);
            default -> dir.resolve(name);
        };
    }
}
