package dev.kernelkit.svm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.gram.BagKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The decision values f(x) = b + sum_i beta_i k(s_i, x) of a {@link KernelExpansionModel} for many
 * points at once: the kernel values come from a lazy {@link KernelMatrix} over the support vectors
 * followed by the points (row i of support vector s_i against the points), and each f(x_p) is summed
 * from b over i in the order of {@link KernelExpansionModel#decision}, so a matrix whose entries are
 * {@code kernel.apply(s_i, x)} gives the same doubles. O(#SV x #points) kernel entries.
 */
public final class ExpansionBatch {
    private ExpansionBatch() {
    }

    /**
     * f(x_p) for every point.
     *
     * @param matrix the lazy kernel matrix of a list of examples (support vectors first), e.g.
     *        {@code all -> CachedKernelMatrix.of(all, kernel, 0, 1)}
     */
    public static <X> double[] decisions(KernelExpansionModel<X> model, List<? extends X> points,
                                         Function<List<X>, KernelMatrix> matrix) {
        List<X> sv = model.supportVectors();
        int m = sv.size();
        int n = points.size();
        double[] out = new double[n];
        java.util.Arrays.fill(out, model.bias());
        if (m == 0 || n == 0) {
            return out;
        }
        List<X> all = new ArrayList<>(m + n);
        all.addAll(sv);
        all.addAll(points);
        KernelMatrix k = matrix.apply(all);
        int[] cols = new int[n];
        for (int p = 0; p < n; p++) {
            cols[p] = m + p;
        }
        double[] coef = model.coefficients();
        double[] row = new double[n];
        for (int i = 0; i < m; i++) {
            k.row(i, cols, n, row);
            double c = coef[i];
            for (int p = 0; p < n; p++) {
                out[p] += c * row[p];
            }
        }
        return out;
    }

    /** f(B_p) for every bag, over a {@link BagKernelMatrix} of the model's bag kernel. */
    public static double[] decisions(KernelExpansionModel<Bag> model, List<? extends Bag> bags) {
        return decisions(model, bags, all -> BagKernelMatrix.of(all, model.kernel(), 0.0));
    }
}
