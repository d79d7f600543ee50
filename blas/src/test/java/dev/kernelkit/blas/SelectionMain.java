package dev.kernelkit.blas;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.gram.GramProducts;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.List;

/** Run in a child JVM by {@link OpenBlasGramProductTest}: prints the selected product, the note and one Gram entry. */
public final class SelectionMain {
    private SelectionMain() {
    }

    /** Prints "name|mode|note|K(0,1)". */
    public static void main(String[] args) {
        GramProducts.Selection s = GramProducts.selection();
        GramBuilder b = new GramBuilder(1);
        double k = b.gram(new GaussianKernel(0.5), List.of(DenseVec.of(0, 0), DenseVec.of(1, 1))).get(0, 1);
        System.out.println(s.name() + "|" + s.mode() + "|" + s.note() + "|" + b.product().name() + "|" + k);
    }
}
