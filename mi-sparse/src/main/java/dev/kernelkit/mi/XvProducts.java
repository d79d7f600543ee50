package dev.kernelkit.mi;

import dev.kernelkit.gram.GramProduct;
import dev.kernelkit.gram.GramProducts;

/**
 * Dense matrix products of SparseMI's gradient, M Z for an N_XV x N_XV matrix M and the expansion vectors' rows Z,
 * through the Gram matrices' {@link GramProduct} ({@link GramProducts#selected()}: OpenBLAS where module
 * kernelkit-blas loads, else the pure-Java tile) in blocks of rows on the common pool ({@link XvBlocks}); small
 * products by a plain loop. Each entry is the sum over a of m[j][a] z[a][q], in an order that depends on the path,
 * so results agree with the loop to rounding.
 */
final class XvProducts {
    /** Multiply-adds below which the plain loop runs. */
    static final long PRODUCT_WORK = 1_000_000L;

    private XvProducts() {
    }

    /** M Z: out[j][q] = sum_a m[j][a] z[a][q], for M square of the size of Z's row count. */
    static double[][] times(double[][] m, double[][] z) {
        int rows = m.length;
        int inner = z.length;
        int cols = inner == 0 ? 0 : z[0].length;
        double[][] out = new double[rows][cols];
        if (rows == 0 || cols == 0 || inner == 0) {
            return out;
        }
        for (double[] mj : m) {
            if (mj.length != inner) {
                throw new IllegalArgumentException("M has a row of " + mj.length + " entries, expected " + inner);
            }
        }
        long work = (long) rows * inner * cols;
        if (work < PRODUCT_WORK) {
            for (int j = 0; j < rows; j++) {
                double[] mj = m[j];
                double[] oj = out[j];
                for (int a = 0; a < inner; a++) {
                    double v = mj[a];
                    if (v == 0) {
                        continue;
                    }
                    double[] za = z[a];
                    for (int q = 0; q < cols; q++) {
                        oj[q] += v * za[q];
                    }
                }
            }
            return out;
        }
        GramProduct product = GramProducts.selected();
        double[] packedM = new double[Math.multiplyExact(rows, inner)];
        for (int j = 0; j < rows; j++) {
            System.arraycopy(m[j], 0, packedM, j * inner, inner);
        }
        double[] packedZt = new double[Math.multiplyExact(cols, inner)];
        for (int a = 0; a < inner; a++) {
            double[] za = z[a];
            for (int q = 0; q < cols; q++) {
                packedZt[q * inner + a] = za[q];
            }
        }
        try (GramProduct.Operand mo = product.pack(packedM, rows, inner);
             GramProduct.Operand zt = product.pack(packedZt, cols, inner)) {
            XvBlocks.run(rows, work, (from, to) -> product.products(mo, from, to - from, zt, 0, cols,
                    java.util.Arrays.copyOfRange(out, from, to)));
        }
        return out;
    }
}
