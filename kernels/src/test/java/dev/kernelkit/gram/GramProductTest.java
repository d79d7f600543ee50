package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@link GramProduct} seam of {@link GramBuilder}: the builder's results through a product that sums in another
 * order (as a native BLAS may) against the naive double loop, the Java tile's block products against the index-order
 * sums, and the choice of product with its fallback when a provider fails to load.
 */
class GramProductTest {

    /**
     * An independent product: row-major dot products summed in reverse index order (k = d - 1 down to 0), so its
     * entries differ from the tile's in the last bits, like a BLAS with its own blocking.
     */
    static final class ReverseOrderProduct implements GramProduct {
        int calls;

        @Override
        public String name() {
            return "reverse-order";
        }

        @Override
        public Operand pack(double[] rows, int n, int d) {
            return new Rows(java.util.Arrays.copyOf(rows, n * d), n, d);
        }

        record Rows(double[] rows, int size, int dimension) implements Operand {
            @Override
            public void close() {
            }
        }

        @Override
        public synchronized void products(Operand a, int i0, int ni, Operand b, int j0, int nj, double[][] c) {
            calls++;
            double[] x = rowsOf(a), y = rowsOf(b);
            int d = a.dimension();
            for (int i = 0; i < ni; i++) {
                for (int j = 0; j < nj; j++) {
                    double s = 0;
                    for (int k = d - 1; k >= 0; k--) {
                        s += x[(i0 + i) * d + k] * y[(j0 + j) * d + k];
                    }
                    c[i][j] = s;
                }
            }
        }

        private static double[] rowsOf(Operand o) {
            return ((Rows) o).rows();
        }
    }

    @ParameterizedTest(name = "n {0}, d {1}, density {2}, sparse {3}")
    @CsvSource({"150, 37, 1.0, false", "300, 166, 1.0, false", "1300, 7, 1.0, false", "130, 40, 0.3, true",
            "520, 9, 0.4, true", "1, 5, 1.0, false"})
    void gramAndCrossThroughAnotherProductEqualTheNaiveLoopWithin1e12Relative(int n, int d, double density,
            boolean sparse) {
        List<Vec> x = GramBuilderTest.points(n * 101L + d, n, d, density, sparse);
        List<Vec> t = GramBuilderTest.points(n * 103L + d, n / 3 + 2, d, density, !sparse);
        double gamma = 0.05;
        double[][] gaussX = GramBuilderTest.naiveLoop(x, x, gamma), linX = GramBuilderTest.naiveLoop(x, x, 0);
        double[][] gaussT = GramBuilderTest.naiveLoop(t, x, gamma), linT = GramBuilderTest.naiveLoop(t, x, 0);
        for (int threads : new int[] {1, 2}) {
            ReverseOrderProduct product = new ReverseOrderProduct();
            GramBuilder b = new GramBuilder(threads, product);
            assertThat(b.product()).isSameAs(product);
            DenseKernelMatrix g = b.gram(new GaussianKernel(gamma), x);
            GramBuilderTest.assertRelative(g.toArray(), gaussX, null, null);
            GramBuilderTest.assertRelative(GramBuilderTest.dense(b.gramPacked(new GaussianKernel(gamma), x)), gaussX,
                    null, null);
            GramBuilderTest.assertRelative(b.cross(new GaussianKernel(gamma), t, x).toArray(), gaussT, null, null);
            GramBuilderTest.assertRelative(b.gram(new LinearKernel(), x).toArray(), linX, x, x);
            GramBuilderTest.assertRelative(b.cross(new LinearKernel(), t, x).toArray(), linT, t, x);
            assertThat(product.calls).as("the product computed the blocks").isPositive();
            for (int i = 0; i < n; i++) {
                assertThat(g.get(i, i)).isEqualTo(1.0);
                for (int j = 0; j < i; j++) {
                    assertThat(g.get(i, j)).as("exactly symmetric (%d, %d)", i, j).isEqualTo(g.get(j, i));
                }
            }
        }
    }

    @Test
    void polynomialGramThroughAnotherProductEqualsThePlainLoop() {
        List<Vec> x = GramBuilderTest.points(5, 280, 12, 1.0, false);
        PolynomialKernel k = new PolynomialKernel(3, 0.5, 1.0);
        DenseKernelMatrix fast = new GramBuilder(2, new ReverseOrderProduct()).gram(k, x);
        DenseKernelMatrix plain = DenseKernelMatrix.compute(k, x);
        double worst = 0;
        for (int i = 0; i < x.size(); i++) {
            for (int j = 0; j < x.size(); j++) {
                worst = Math.max(worst, Math.abs(fast.get(i, j) - plain.get(i, j)) / Math.abs(plain.get(i, j)));
            }
        }
        assertThat(worst).isLessThanOrEqualTo(1e-12);
    }

    @Test
    void everyProductTransformsItsOwnSumsWithMathExp() {
        int n = 70, d = 9;
        double gamma = 0.3;
        List<Vec> x = GramBuilderTest.points(21, n, d, 1.0, false);
        double[] rows = GramBuilder.rowMajor(x, n, d);
        DenseKernelMatrix java = new GramBuilder(1, GramProducts.JAVA).gram(new GaussianKernel(gamma), x);
        DenseKernelMatrix other = new GramBuilder(1, new ReverseOrderProduct()).gram(new GaussianKernel(gamma), x);
        double[] sq = GramBuilder.squaredNorms(rows, n, d, GramBuilder.FUSED);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double fwd = 0, rev = 0;
                for (int k = 0; k < d; k++) {
                    double u = rows[i * d + k], v = rows[j * d + k];
                    fwd = GramBuilder.FUSED ? Math.fma(u, v, fwd) : fwd + u * v;
                    int kr = d - 1 - k;
                    rev += rows[i * d + kr] * rows[j * d + kr];
                }
                double df = sq[i] + sq[j] - 2.0 * fwd, dr = sq[i] + sq[j] - 2.0 * rev;
                assertThat(java.get(i, j)).isEqualTo(Math.exp(-gamma * (df > 0 ? df : 0.0)));
                assertThat(other.get(i, j)).isEqualTo(Math.exp(-gamma * (dr > 0 ? dr : 0.0)));
            }
        }
    }

    @Test
    void javaTileBlockProductsEqualTheIndexOrderSumsBitForBit() {
        // unaligned rows (3..80) across a panel edge in the columns (250..530), d odd
        int n = 600, d = 31;
        List<Vec> x = GramBuilderTest.points(9, n, d, 1.0, false);
        double[] rows = GramBuilder.rowMajor(x, n, d);
        GramProduct p = GramProducts.JAVA;
        assertThat(p.name()).isEqualTo("java-tile");
        try (GramProduct.Operand o = p.pack(rows, n, d)) {
            int i0 = 3, ni = 78, j0 = 250, nj = 281;
            double[][] c = new double[ni][nj];
            p.products(o, i0, ni, o, j0, nj, c);
            for (int i = 0; i < ni; i++) {
                for (int j = 0; j < nj; j++) {
                    double s = 0;
                    for (int k = 0; k < d; k++) {
                        double u = rows[(i0 + i) * d + k], v = rows[(j0 + j) * d + k];
                        s = GramBuilder.FUSED ? Math.fma(u, v, s) : s + u * v;
                    }
                    assertThat(c[i][j]).as("(%d, %d)", i0 + i, j0 + j).isEqualTo(s);
                }
            }
        }
    }

    @Test
    void aProviderThatFailsToLoadFallsBackToTheJavaTileAndSaysWhy() {
        GramProduct.Provider failing = new GramProduct.Provider() {
            @Override
            public String name() {
                return "broken-blas";
            }

            @Override
            public GramProduct load() {
                throw new UnsatisfiedLinkError("no libbroken in java.library.path");
            }
        };
        GramProducts.Selection s = GramProducts.loadFrom(List.of(failing), "auto");
        assertThat(s.product()).isSameAs(GramProducts.JAVA);
        assertThat(s.name()).isEqualTo("java-tile");
        assertThat(s.note()).contains("broken-blas").contains("UnsatisfiedLinkError").contains("libbroken");

        ReverseOrderProduct working = new ReverseOrderProduct();
        GramProduct.Provider ok = new GramProduct.Provider() {
            @Override
            public String name() {
                return "reverse-order";
            }

            @Override
            public GramProduct load() {
                return working;
            }
        };
        GramProducts.Selection both = GramProducts.loadFrom(List.of(failing, ok), "auto");
        assertThat(both.product()).isSameAs(working);
        assertThat(both.note()).isEmpty();
        assertThat(GramProducts.loadFrom(List.of(), "auto").note()).contains("kernelkit-blas");
    }

    @Test
    void withoutAProviderAutoAndJavaGiveTheTileAndNativeIsAClearError() {
        // the kernels module alone has no provider on its class path
        assertThat(GramProducts.select("auto").product()).isSameAs(GramProducts.JAVA);
        assertThat(GramProducts.select("java").product()).isSameAs(GramProducts.JAVA);
        assertThatThrownBy(() -> GramProducts.select("native")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gram product native").hasMessageContaining("kernelkit-blas");
        assertThatThrownBy(() -> GramProducts.select("fortran")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java, native or auto").hasMessageContaining("'fortran'");
    }

    @Test
    void thePropertyChoosesTheProductOfABuilderWhenItIsFirstNeeded() {
        String old = System.getProperty(GramProducts.PROPERTY);
        try {
            System.setProperty(GramProducts.PROPERTY, "java");
            assertThat(new GramBuilder(1).product()).isSameAs(GramProducts.JAVA);
            assertThat(GramProducts.selection().mode()).isEqualTo("java");
            System.setProperty(GramProducts.PROPERTY, "sometimes");
            GramBuilder lazy = new GramBuilder(1); // the product is chosen when first needed
            assertThatThrownBy(lazy::product).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(GramProducts.PROPERTY);
        } finally {
            if (old == null) {
                System.clearProperty(GramProducts.PROPERTY);
            } else {
                System.setProperty(GramProducts.PROPERTY, old);
            }
        }
    }
}
