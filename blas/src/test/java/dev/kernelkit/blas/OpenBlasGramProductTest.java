package dev.kernelkit.blas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.gram.GramProduct;
import dev.kernelkit.gram.GramProducts;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.LinearKernel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * OpenBLAS's dgemm behind {@link GramBuilder}: block products against the index-order sums, Gram and cross matrices
 * against the naive double loop, the ServiceLoader selection, and the fallback to the Java tile when the library
 * does not load or is switched off (in child JVMs, since a loaded library stays loaded).
 */
class OpenBlasGramProductTest {

    /** n points of dimension d, uniform in [-1, 1) with a fraction of exact zeros; dense or sparse rows. */
    static List<Vec> points(long seed, int n, int d, double density, boolean sparse) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] row = new double[d];
            for (int j = 0; j < d; j++) {
                if (r.nextDouble() < density) {
                    row[j] = 2 * r.nextDouble() - 1;
                }
            }
            if (sparse) {
                int[] idx = java.util.stream.IntStream.range(0, d).filter(j -> row[j] != 0).toArray();
                double[] val = java.util.Arrays.stream(idx).mapToDouble(j -> row[j]).toArray();
                out.add(new dev.kernelkit.data.SparseVec(d, idx, val));
            } else {
                out.add(dev.kernelkit.data.DenseVec.of(row));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "rows {0}+{1}, columns {2}+{3}, d {4}")
    @CsvSource({"0, 256, 0, 1024, 166", "3, 77, 250, 281, 31", "0, 1, 0, 1, 1", "10, 40, 5, 33, 600", "0, 9, 0, 9, 2"})
    void blockProductsEqualTheIndexOrderSumsWithin1e12OfTheNorms(int i0, int ni, int j0, int nj, int d) {
        int n = Math.max(i0 + ni, j0 + nj);
        List<Vec> x = points(n * 7L + d, n, d, 1.0, false);
        double[] rows = new double[n * d];
        for (int i = 0; i < n; i++) {
            x.get(i).toDense().copyInto(rows, i * d);
        }
        GramProduct p = OpenBlasGramProduct.load();
        double worst = 0;
        try (GramProduct.Operand o = p.pack(rows, n, d)) {
            double[][] c = new double[ni][nj];
            p.products(o, i0, ni, o, j0, nj, c);
            for (int i = 0; i < ni; i++) {
                for (int j = 0; j < nj; j++) {
                    double s = 0, na = 0, nb = 0;
                    for (int k = 0; k < d; k++) {
                        double u = rows[(i0 + i) * d + k], v = rows[(j0 + j) * d + k];
                        s += u * v;
                        na += u * u;
                        nb += v * v;
                    }
                    worst = Math.max(worst, Math.abs(c[i][j] - s) / Math.sqrt(na * nb));
                }
            }
        }
        assertThat(worst).isLessThanOrEqualTo(1e-12);
    }

    @ParameterizedTest(name = "n {0}, d {1}, density {2}, sparse {3}")
    @CsvSource({"600, 166, 1.0, false", "1300, 9, 1.0, false", "130, 40, 0.3, true", "70, 1500, 0.01, true",
            "1, 5, 1.0, false"})
    void gramAndCrossThroughOpenBlasEqualTheNaiveLoopWithin1e12Relative(int n, int d, double density, boolean sparse) {
        List<Vec> x = points(n * 101L + d, n, d, density, sparse);
        List<Vec> t = points(n * 103L + d, n / 3 + 2, d, density, !sparse);
        double gamma = 0.05;
        GramBuilder b = new GramBuilder(2, OpenBlasGramProduct.load());
        DenseKernelMatrix g = b.gram(new GaussianKernel(gamma), x);
        assertRelative(g.toArray(), naive(x, x, gamma), null, null);
        assertRelative(b.cross(new GaussianKernel(gamma), t, x).toArray(), naive(t, x, gamma), null, null);
        assertRelative(b.gram(new LinearKernel(), x).toArray(), naive(x, x, 0), x, x);
        for (int i = 0; i < n; i++) {
            assertThat(g.get(i, i)).isEqualTo(1.0);
            for (int j = 0; j < i; j++) {
                assertThat(g.get(i, j)).isEqualTo(g.get(j, i));
            }
        }
    }

    @Test
    void shortLivedOperandsFromSeveralThreadsShareABoundedBufferPoolAndGiveTheSameProducts() throws Exception {
        int n = 300;
        int d = 40;
        List<Vec> x = points(17, n, d, 1.0, false);
        double[] rows = new double[n * d];
        for (int i = 0; i < n; i++) {
            x.get(i).toDense().copyInto(rows, i * d);
        }
        OpenBlasGramProduct p = OpenBlasGramProduct.load();
        double[][] expected = new double[n][n];
        try (GramProduct.Operand o = p.pack(rows, n, d)) {
            p.products(o, 0, n, o, 0, n, expected);
            // SparseMI's pattern: a fresh operand per call (blocks of rows of various sizes) against a kept one
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
            try {
                List<java.util.concurrent.Future<?>> calls = new ArrayList<>();
                for (int call = 0; call < 200; call++) {
                    int i0 = (call * 37) % (n - 1);
                    int ni = 1 + (call * 53) % (n - i0);
                    calls.add(pool.submit(() -> {
                        double[] block = java.util.Arrays.copyOfRange(rows, i0 * d, (i0 + ni) * d);
                        double[][] c = new double[ni][n];
                        try (GramProduct.Operand z = p.pack(block, ni, d)) {
                            p.products(z, 0, ni, o, 0, n, c);
                        }
                        for (int i = 0; i < ni; i++) {
                            for (int j = 0; j < n; j++) {
                                // |x_i . x_j| <= d here; the sums may be blocked differently for another block height
                                assertThat(c[i][j]).as("(%d, %d)", i0 + i, j).isCloseTo(expected[i0 + i][j],
                                        org.assertj.core.api.Assertions.within(1e-12 * d));
                            }
                        }
                        return null;
                    }));
                }
                for (java.util.concurrent.Future<?> f : calls) {
                    f.get();
                }
            } finally {
                pool.shutdown();
            }
        }
        assertThat(p.pooledBuffers()).isBetween(1, OpenBlasGramProduct.POOLED_BUFFERS);
        GramProduct.Operand closed = p.pack(rows, n, d);
        closed.close();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> p.products(closed, 0, 1, closed, 0, 1,
                new double[1][1])).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void serviceLoaderFindsOpenBlasForAutoAndNative() {
        assertThat(GramProducts.select("auto").name()).isEqualTo("openblas");
        assertThat(GramProducts.select("native").product()).isSameAs(OpenBlasGramProduct.load());
        assertThat(GramProducts.select("java").product()).isSameAs(GramProducts.JAVA);
    }

    @Test
    void childJvmsUseOpenBlasByDefaultAndTheJavaTileWhenSwitchedOffOrWhenTheLibraryFailsToLoad()
            throws IOException, InterruptedException {
        String expected = Double.toString(Math.exp(-1.0)); // K((0,0), (1,1)) = exp(-0.5 * 2)
        String auto = child();
        assertThat(auto).startsWith("openblas|auto||openblas|").endsWith("|" + expected);
        String java = child("-D" + GramProducts.PROPERTY + "=java");
        assertThat(java).startsWith("java-tile|java||java-tile|").endsWith("|" + expected);
        // JavaCPP told to load the libraries of a platform whose jar is not on the class path: the load fails
        String broken = child("-Dorg.bytedeco.javacpp.platform=linux-nosuch");
        assertThat(broken).startsWith("java-tile|auto|openblas did not load (UnsatisfiedLinkError").endsWith("|java-tile|" + expected);
    }

    private static String child(String... flags) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(flags));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(SelectionMain.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        p.getErrorStream().transferTo(new ByteArrayOutputStream());
        assertThat(p.waitFor()).as("child exit status").isZero();
        String text = out.toString(StandardCharsets.UTF_8).trim();
        return text.lines().reduce((a, b) -> b).orElse("");
    }

    static double[][] naive(List<Vec> a, List<Vec> b, double gamma) {
        double[][] k = new double[a.size()][b.size()];
        for (int i = 0; i < a.size(); i++) {
            double[] x = a.get(i).toDense().toArray();
            for (int j = 0; j < b.size(); j++) {
                double[] y = b.get(j).toDense().toArray();
                double s = 0;
                for (int f = 0; f < x.length; f++) {
                    s += gamma > 0 ? (x[f] - y[f]) * (x[f] - y[f]) : x[f] * y[f];
                }
                k[i][j] = gamma > 0 ? Math.exp(-gamma * s) : s;
            }
        }
        return k;
    }

    /** |actual - expected| &le; 1e-12 |expected|, or &le; 1e-12 ||a_i|| ||b_j|| when a and b are given. */
    static void assertRelative(double[][] actual, double[][] expected, List<Vec> a, List<Vec> b) {
        double worst = 0;
        for (int i = 0; i < expected.length; i++) {
            for (int j = 0; j < expected[i].length; j++) {
                double scale = a == null ? Math.abs(expected[i][j])
                        : Math.sqrt(a.get(i).squaredNorm() * b.get(j).squaredNorm());
                double diff = Math.abs(actual[i][j] - expected[i][j]);
                if (diff > 0) {
                    worst = Math.max(worst, diff / scale);
                }
            }
        }
        assertThat(worst).as("largest relative difference from the naive loop").isLessThanOrEqualTo(1e-12);
    }
}
