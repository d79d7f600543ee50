package dev.kernelkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Vec;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages of kernels' main code form no cycle (issue 34): the dependencies are read from the compiled classes
 * (every class named in a class file's constant pool, as a class entry or inside a descriptor or generic
 * signature), sub-packages count as packages of their own, and a cycle fails the test spelled out package by
 * package with one class-to-class reference per step.
 */
class PackageCyclesTest {
    private static final String PREFIX = "dev/kernelkit/";

    @Test
    void kernelsPackagesFormNoCycle() throws IOException {
        PackageGraph g = PackageGraph.readDirectory(classesDirectory());
        // guard against a vacuous pass: the reader sees every package and the edges everyone knows of
        assertThat(g.packages()).contains("dev.kernelkit.data", "dev.kernelkit.data.synthetic", "dev.kernelkit.eval",
                "dev.kernelkit.gram", "dev.kernelkit.io", "dev.kernelkit.kernel", "dev.kernelkit.learn",
                "dev.kernelkit.optim", "dev.kernelkit.svm", "dev.kernelkit.util");
        assertThat(g.packageEdges()).contains("dev.kernelkit.svm -> dev.kernelkit.kernel",
                "dev.kernelkit.gram -> dev.kernelkit.kernel", "dev.kernelkit.data.synthetic -> dev.kernelkit.data");
        assertThat(g.cycles()).as("package cycles among kernels' packages").isEmpty();
    }

    @Test
    void handBuiltCycleIsReportedWithOneClassReferencePerStep() {
        PackageGraph g = new PackageGraph();
        g.add("a.A1", "b.B1");
        g.add("b.B1", "c.C1");
        g.add("b.B2", "c.C2");
        g.add("c.C2", "a.A2");
        g.add("c.C1", "d.D1"); // leaves the cycle
        g.add("d.D1", "e.E1"); // no way back
        g.add("a.A1", "a.A2"); // same package: not an edge
        assertThat(g.cycles()).containsExactly(
                "a -> b (a.A1 -> b.B1) -> c (b.B1 -> c.C1) -> a (c.C2 -> a.A2)");

        PackageGraph acyclic = new PackageGraph();
        acyclic.add("a.A1", "b.B1");
        acyclic.add("b.B1", "c.C1");
        acyclic.add("a.A1", "c.C1");
        assertThat(acyclic.cycles()).isEmpty();
    }

    @Test
    void twoSeparateCyclesAreBothReported() {
        PackageGraph g = new PackageGraph();
        g.add("p.X", "q.Y");
        g.add("q.Y", "p.X");
        g.add("r.X", "s.Y");
        g.add("s.Y", "r.X");
        g.add("q.Y", "r.X");
        assertThat(g.cycles()).containsExactlyInAnyOrder("p -> q (p.X -> q.Y) -> p (q.Y -> p.X)",
                "r -> s (r.X -> s.Y) -> r (s.Y -> r.X)");
    }

    /** Holds a type named only in a method descriptor and one named only in a generic signature. */
    abstract static class DescriptorOnly {
        abstract void take(LongAdder adder);

        abstract List<Optional<Vec>> points();
    }

    @Test
    void typesNamedOnlyInDescriptorsAndSignaturesAreDependencies() throws IOException {
        byte[] bytes;
        try (InputStream in = DescriptorOnly.class.getResourceAsStream("PackageCyclesTest$DescriptorOnly.class")) {
            bytes = in.readAllBytes();
        }
        Set<String> names = PackageGraph.classNames(bytes);
        assertThat(names).contains("java/util/concurrent/atomic/LongAdder", "java/util/List", "java/util/Optional",
                "dev/kernelkit/data/Vec");
    }

    @Test
    void packageEdgesAgreeWithJdeps() throws IOException {
        Optional<ToolProvider> jdeps = ToolProvider.findFirst("jdeps");
        assertThat(jdeps).as("the JDK's jdeps tool").isPresent();
        Path dir = classesDirectory();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.get().run(new PrintWriter(out), new PrintWriter(err), "-verbose:package", dir.toString());
        assertThat(rc).as("jdeps exit code; stderr: " + err).isZero();
        Set<String> fromJdeps = new TreeSet<>();
        Matcher m = Pattern.compile("^\\s+(dev\\.kernelkit\\.[\\w.]+)\\s+->\\s+(dev\\.kernelkit\\.[\\w.]+)\\s", Pattern.MULTILINE)
                .matcher(out.toString());
        while (m.find()) {
            if (!m.group(1).equals(m.group(2))) {
                fromJdeps.add(m.group(1) + " -> " + m.group(2));
            }
        }
        assertThat(fromJdeps).as("jdeps found package edges").isNotEmpty();
        assertThat(PackageGraph.readDirectory(dir).packageEdges()).isEqualTo(fromJdeps);
    }

    private static Path classesDirectory() {
        try {
            Path p = Path.of(Vec.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            assertThat(p).as("kernels' main classes as a directory").isDirectory();
            return p;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Class-to-class references grouped by package, and the cycles among the packages. */
    static final class PackageGraph {
        private static final Pattern IN_DESCRIPTOR = Pattern.compile("L([\\w/$]+)[;<]");
        /** package -> package -> one class reference (from, to) that makes the edge. */
        private final Map<String, Map<String, String[]>> edges = new TreeMap<>();

        /** Reads every class under a compiled-classes directory, keeping the references among its packages. */
        static PackageGraph readDirectory(Path dir) throws IOException {
            Map<String, Set<String>> refs = new TreeMap<>();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class")).sorted()::iterator) {
                    String name = dir.relativize(f).toString().replace('\\', '/');
                    name = name.substring(0, name.length() - ".class".length());
                    if (name.startsWith(PREFIX) && !name.endsWith("package-info") && !name.endsWith("module-info")) {
                        refs.put(name, classNames(Files.readAllBytes(f)));
                    }
                }
            }
            Set<String> packages = new TreeSet<>();
            for (String c : refs.keySet()) {
                packages.add(packageOf(c));
            }
            PackageGraph g = new PackageGraph();
            for (String p : packages) {
                g.edges.put(p.replace('/', '.'), new TreeMap<>());
            }
            for (Map.Entry<String, Set<String>> e : refs.entrySet()) {
                for (String to : e.getValue()) {
                    if (packages.contains(packageOf(to))) {
                        g.add(e.getKey().replace('/', '.'), to.replace('/', '.'));
                    }
                }
            }
            return g;
        }

        private static String packageOf(String internalName) {
            int i = internalName.lastIndexOf('/');
            return i < 0 ? "" : internalName.substring(0, i);
        }

        /**
         * The internal names of the classes a class file refers to: its class entries (arrays by their element
         * type) and every class inside a descriptor or signature (UTF-8 entries).
         */
        static Set<String> classNames(byte[] classFile) throws IOException {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("not a class file");
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            List<Integer> classEntries = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 7 -> classEntries.add(in.readUnsignedShort());
                    case 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++; // takes two entries
                    }
                    default -> throw new IOException("unknown constant-pool tag " + tag + " at entry " + i);
                }
            }
            Set<String> names = new TreeSet<>();
            for (int index : classEntries) {
                String n = utf8[index];
                if (n.startsWith("[")) {
                    addFromDescriptor(n, names);
                } else {
                    names.add(n);
                }
            }
            for (String s : utf8) {
                if (s != null) {
                    addFromDescriptor(s, names);
                }
            }
            return names;
        }

        private static void addFromDescriptor(String s, Set<String> names) {
            Matcher m = IN_DESCRIPTOR.matcher(s);
            while (m.find()) {
                names.add(m.group(1));
            }
        }

        /** Records that class {@code from} refers to class {@code to} (binary names with dots). */
        void add(String from, String to) {
            String p = from.substring(0, from.lastIndexOf('.'));
            String q = to.substring(0, to.lastIndexOf('.'));
            Map<String, String[]> out = edges.computeIfAbsent(p, k -> new TreeMap<>());
            edges.computeIfAbsent(q, k -> new TreeMap<>());
            if (!p.equals(q)) {
                out.putIfAbsent(q, new String[] {from, to});
            }
        }

        Set<String> packages() {
            return edges.keySet();
        }

        /** Every package edge as "p -> q". */
        Set<String> packageEdges() {
            Set<String> out = new TreeSet<>();
            edges.forEach((p, qs) -> qs.keySet().forEach(q -> out.add(p + " -> " + q)));
            return out;
        }

        /**
         * One cycle per strongly connected component of more than one package (Tarjan), as
         * "p -> q (p.X -> q.Y) -> ... -> p (r.Z -> p.W)", starting at the component's first package by name.
         */
        List<String> cycles() {
            List<Set<String>> components = new Tarjan().run();
            List<String> out = new ArrayList<>();
            for (Set<String> c : components) {
                if (c.size() > 1) {
                    out.add(spell(c));
                }
            }
            return out;
        }

        /** The shortest way from the component's first package back to itself inside the component. */
        private String spell(Set<String> component) {
            String start = component.iterator().next();
            Map<String, String> parent = new HashMap<>();
            Deque<String> queue = new ArrayDeque<>();
            queue.add(start);
            String last = null;
            search:
            while (!queue.isEmpty()) {
                String p = queue.poll();
                for (String q : edges.get(p).keySet()) {
                    if (!component.contains(q)) {
                        continue;
                    }
                    if (q.equals(start)) {
                        last = p;
                        break search;
                    }
                    if (!parent.containsKey(q)) {
                        parent.put(q, p);
                        queue.add(q);
                    }
                }
            }
            List<String> path = new ArrayList<>();
            for (String p = last; p != null && !p.equals(start); p = parent.get(p)) {
                path.add(0, p);
            }
            path.add(0, start);
            path.add(start);
            StringBuilder sb = new StringBuilder(start);
            for (int i = 1; i < path.size(); i++) {
                String[] ref = edges.get(path.get(i - 1)).get(path.get(i));
                sb.append(" -> ").append(path.get(i)).append(" (").append(ref[0]).append(" -> ").append(ref[1])
                        .append(')');
            }
            return sb.toString();
        }

        /** Tarjan's strongly connected components over the package edges, each component sorted by name. */
        private final class Tarjan {
            private final Map<String, Integer> index = new HashMap<>();
            private final Map<String, Integer> low = new HashMap<>();
            private final Deque<String> stack = new ArrayDeque<>();
            private final Set<String> onStack = new TreeSet<>();
            private final List<Set<String>> components = new ArrayList<>();

            List<Set<String>> run() {
                for (String p : edges.keySet()) {
                    if (!index.containsKey(p)) {
                        visit(p);
                    }
                }
                return components;
            }

            private void visit(String p) {
                index.put(p, index.size());
                low.put(p, index.get(p));
                stack.push(p);
                onStack.add(p);
                for (String q : edges.get(p).keySet()) {
                    if (!index.containsKey(q)) {
                        visit(q);
                        low.put(p, Math.min(low.get(p), low.get(q)));
                    } else if (onStack.contains(q)) {
                        low.put(p, Math.min(low.get(p), index.get(q)));
                    }
                }
                if (low.get(p).equals(index.get(p))) {
                    Set<String> c = new TreeSet<>();
                    String q;
                    do {
                        q = stack.pop();
                        onStack.remove(q);
                        c.add(q);
                    } while (!q.equals(p));
                    components.add(c);
                }
            }
        }
    }
}
