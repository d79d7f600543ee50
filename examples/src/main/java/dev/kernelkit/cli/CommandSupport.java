package dev.kernelkit.cli;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.GramProducts;
import dev.kernelkit.gram.KernelRowPaths;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.svm.SvmModel;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;

/** Small helpers shared by the commands: kernels from options, batch prediction, JVM facts. */
public final class CommandSupport {
    private CommandSupport() {
    }

    /** The kernel of {@code --kernel SPEC} or the Gaussian kernel of {@code --gamma G}. */
    static Kernel<Vec> kernel(Options.SvmParameters p) {
        if (p.kernel() != null) {
            try {
                return Kernels.parse(p.kernel());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--kernel " + p.kernel() + ": " + e.getMessage(), e);
            }
        }
        return new GaussianKernel(p.gamma().orElseThrow());
    }

    /** Predicted labels of every point, computed in parallel (the model is immutable). */
    static double[] predict(SvmModel model, List<Vec> points) {
        return IntStream.range(0, points.size()).parallel().mapToDouble(i -> model.predictLabel(points.get(i))).toArray();
    }

    /** Fraction of points whose predicted label equals the true label. */
    static double accuracy(double[] truth, double[] predicted) {
        if (truth.length != predicted.length || truth.length == 0) {
            throw new IllegalArgumentException("expected equally many (and some) labels and predictions, found "
                    + truth.length + " and " + predicted.length);
        }
        int hits = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] == predicted[i]) {
                hits++;
            }
        }
        return (double) hits / truth.length;
    }

    /** The accuracy of a model on a data set. */
    static double accuracy(SvmModel model, LabeledDataset data) {
        return accuracy(data.labels(), predict(model, data.points()));
    }

    /** A label as LIBSVM writes it: integral values without a fraction ("1", "-1"), others in full. */
    static String label(double y) {
        if (y == Math.rint(y) && Math.abs(y) < 1e15) {
            return Long.toString((long) y);
        }
        return Double.toString(y);
    }

    /** Seconds since {@code startNanos}. */
    static double secondsSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** Formats a duration in seconds for tables. */
    static String seconds(double s) {
        return String.format(Locale.ROOT, s < 10 ? "%.3f" : "%.1f", s);
    }

    /** The file name (for tables and provenance) or the path when it has none. */
    static String fileName(Path p) {
        return p.getFileName() == null ? p.toString() : p.getFileName().toString();
    }

    /** Adds the JVM flags, available processors, Java version and the Gram product used (if any) to a summary. */
    public static JsonSummary putEnvironment(JsonSummary json) {
        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        json.putList("jvm_flags", flags)
                .put("available_processors", (long) Runtime.getRuntime().availableProcessors())
                .put("max_heap_bytes", Runtime.getRuntime().maxMemory())
                .put("java_version", System.getProperty("java.version"));
        // the dense Gram product of this run's GramBuilders (openblas, java-tile); null when none was built;
        // a command that chose its own product (bench gram --gram-product) has put it already
        if (json.has("gram_product")) {
            return json;
        }
        Optional<String> product = gramProduct();
        return product.isPresent() ? json.put("gram_product", product.get()) : json.putNull("gram_product");
    }

    /** The dense Gram product of this run's GramBuilders (openblas, java-tile), empty when none was built. */
    static Optional<String> gramProduct() {
        return GramProducts.current().map(GramProducts.Selection::name);
    }

    /**
     * The kernel-row paths ({@link KernelRowPaths}: dense, dense-vectors, lane-sparse, binary-popcount, general, "+distinct") of the
     * kernel matrices that computed rows since {@code mark}, joined by ", "; empty when none did.
     */
    static Optional<String> kernelPath(long mark) {
        List<String> paths = KernelRowPaths.since(mark);
        return paths.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", paths));
    }

    /**
     * Puts {@code kernel_path} (the rows' paths since {@code mark}, null when no kernel matrix computed a row) into a
     * fit's summary and, when a kernel matrix computed rows or a Gram matrix was built, prints which paths ran:
     * {@code kernel rows: dense; Gram product: none}.
     */
    static void reportPaths(JsonSummary json, PrintWriter out, long mark) {
        Optional<String> rows = kernelPath(mark);
        Optional<String> gram = gramProduct();
        if (rows.isPresent()) {
            json.put("kernel_path", rows.get());
        } else {
            json.putNull("kernel_path");
        }
        if (rows.isPresent() || gram.isPresent()) {
            out.printf(Locale.ROOT, "kernel rows: %s; Gram product: %s%n", rows.orElse("none"), gram.orElse("none"));
        }
    }
}
