package dev.kernelkit.gram;

/**
 * The inner products of dense points, block by block, behind {@link GramBuilder}'s Gaussian, linear and
 * polynomial Gram and cross matrices: the pure-Java tile ({@link GramProducts#JAVA}, built in) or a native BLAS
 * found through {@link java.util.ServiceLoader} ({@link Provider}; module {@code kernelkit-blas}).
 *
 * <p>Implementations are stateless apart from the operands they pack, and {@link #products} is called from
 * several threads at once on the same operands; each call uses one thread (the builder parallelises blocks).
 */
public interface GramProduct {
    /** A short name for reports: {@code java-tile}, {@code openblas}. */
    String name();

    /**
     * Copies n points of d features, given row-major ({@code rows[i * d + k]} is feature k of point i), into
     * this product's operand layout; {@code rows} is not kept.
     *
     * @throws IllegalArgumentException when rows holds fewer than n d values or n, d &lt; 0
     */
    Operand pack(double[] rows, int n, int d);

    /**
     * c[i][j] = &lt;a_(i0 + i), b_(j0 + j)&gt; for i &lt; ni, j &lt; nj (each c[i] has at least nj entries);
     * a and b are operands of this product with the same dimension.
     */
    void products(Operand a, int i0, int ni, Operand b, int j0, int nj, double[][] c);

    /** Points packed by {@link #pack}; closing releases any native memory, after which it must not be used. */
    interface Operand extends AutoCloseable {
        /** The number of points. */
        int size();

        /** The number of features. */
        int dimension();

        @Override
        void close();
    }

    /**
     * A {@link java.util.ServiceLoader} service: an optional product (a native library) that may fail to load.
     * {@link GramProducts} falls back to the Java tile when none loads.
     */
    interface Provider {
        /** The name of the product this provider loads. */
        String name();

        /**
         * Loads the product (e.g. its native library).
         *
         * @throws RuntimeException or {@link LinkageError} when it cannot be loaded on this machine
         */
        GramProduct load();
    }
}
