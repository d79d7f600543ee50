package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.BagKernelMatrix;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.svm.ExpansionBatch;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.ArrayList;
import java.util.List;

/**
 * How the core-set learners read one input type, so that the core vector machine, the ball vector
 * machine and the one-class CVM are written once for vectors and for bags: the lazy kernel matrix of
 * a list of examples (no row cache: the core-set solver caches rows itself), the dimension of an
 * example, and a fitted expansion's decision values for many examples at once.
 *
 * @param <X> the example type
 */
interface KernelSpace<X> {

    /** The kernel matrix of {@code points} under {@code kernel}, entries equal to {@code kernel.apply}. */
    KernelMatrix matrix(List<X> points, Kernel<X> kernel);

    /** The feature dimension of an example (of a bag's instances). */
    int dim(X x);

    /** f(x_p) = b + sum_i beta_i k(s_i, x_p) for every point. */
    double[] decisions(KernelExpansionModel<X> expansion, List<? extends X> points);

    /**
     * Vectors: {@link CachedKernelMatrix} (for a Gaussian, squared norms and one dot product per entry,
     * a popcount on 0/1 features); batch decisions from the points' kernel rows against the expansion
     * vectors.
     */
    KernelSpace<Vec> VECTORS = new KernelSpace<>() {
        @Override
        public KernelMatrix matrix(List<Vec> points, Kernel<Vec> kernel) {
            return CachedKernelMatrix.of(points, kernel, 0.0, 1);
        }

        @Override
        public int dim(Vec x) {
            return x.dim();
        }

        @Override
        public double[] decisions(KernelExpansionModel<Vec> expansion, List<? extends Vec> points) {
            List<Vec> sv = expansion.supportVectors();
            int m = sv.size();
            List<Vec> all = new ArrayList<>(m + points.size());
            all.addAll(sv);
            all.addAll(points);
            CachedKernelMatrix k = CachedKernelMatrix.of(all, expansion.kernel(), 0.0, 1);
            int[] cols = new int[m];
            for (int i = 0; i < m; i++) {
                cols[i] = i;
            }
            double[] coef = expansion.coefficients();
            double b = expansion.bias();
            double[] row = new double[Math.max(1, m)];
            double[] out = new double[points.size()];
            for (int p = 0; p < out.length; p++) {
                k.row(m + p, cols, m, row);
                double s = b;
                for (int i = 0; i < m; i++) {
                    s += coef[i] * row[i];
                }
                out[p] = s;
            }
            return out;
        }
    };

    /**
     * Bags: {@link BagKernelMatrix} (for the set kernel and its normalised form, instance rows on
     * primitive arrays); batch decisions by {@link ExpansionBatch}, the doubles of
     * {@link KernelExpansionModel#decision}.
     */
    KernelSpace<Bag> BAGS = new KernelSpace<>() {
        @Override
        public KernelMatrix matrix(List<Bag> points, Kernel<Bag> kernel) {
            return BagKernelMatrix.of(points, kernel, 0.0);
        }

        @Override
        public int dim(Bag x) {
            return x.dim();
        }

        @Override
        public double[] decisions(KernelExpansionModel<Bag> expansion, List<? extends Bag> points) {
            return ExpansionBatch.decisions(expansion, points);
        }
    };
}
