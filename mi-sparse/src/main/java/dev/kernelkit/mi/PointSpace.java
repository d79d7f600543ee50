package dev.kernelkit.mi;

/**
 * Where expansion vectors live during SparseMI training: either the input space (z_j is a
 * dense d-vector) or the span of Q basis vectors (z_j = B v_j, TNNLS 2013 Sec. IV-E, the
 * parameters are v_j). Gives the inner products a {@link DotProductKernel} needs and their
 * derivatives with respect to the parameters, never touching a dense copy of an instance.
 *
 * <p>The bulk methods ({@link #instanceDots}, {@link #addInstanceDirections}, {@link #inners})
 * are what SparseMI's objective calls; their defaults loop over the single-pair methods, and an
 * implementation may replace them by faster code that sums the same terms in another order
 * ({@link InputSpace}: matrix products), so results agree with the loops to rounding.
 */
interface PointSpace {

    /** Number of training instances N. */
    int instanceCount();

    /** Length of one expansion vector's parameter vector (d, or Q in basis mode). */
    int parameterDim();

    /** x_t · z(p). */
    double instanceDot(int t, double[] p);

    /** ||x_t||². */
    double instanceSquaredNorm(int t);

    /** acc += scale * d(x_t · z(p))/dp. */
    void addInstanceDirection(int t, double scale, double[] acc);

    /** z(p) · z(q). */
    double inner(double[] p, double[] q);

    /** acc += scale * d(z(q) · z(p))/dp (which does not depend on p). */
    void addMetricDirection(double[] q, double scale, double[] acc);

    /** out[j][t] = x_t · z(p[j]) for every point j and instance t, as {@link #instanceDot} gives it up to rounding. */
    default void instanceDots(double[][] p, double[][] out) {
        int n = instanceCount();
        for (int j = 0; j < p.length; j++) {
            double[] oj = out[j];
            for (int t = 0; t < n; t++) {
                oj[t] = instanceDot(t, p[j]);
            }
        }
    }

    /**
     * acc[j] += sum_t w[j][t] d(x_t · z(p))/dp for every j: {@link #addInstanceDirection
     * addInstanceDirection(t, w[j][t], acc[j])} for every non-zero weight, in increasing t.
     *
     * @param used the instances that may carry a non-zero weight, in increasing order (every weight of the others is
     *        zero), or null for all
     */
    default void addInstanceDirections(double[][] w, int[] used, double[][] acc) {
        int count = used == null ? instanceCount() : used.length;
        for (int c = 0; c < count; c++) {
            int t = used == null ? c : used[c];
            for (int j = 0; j < w.length; j++) {
                double s = w[j][t];
                if (s != 0) {
                    addInstanceDirection(t, s, acc[j]);
                }
            }
        }
    }

    /** out[a][b] = z(p[a]) · z(p[b]) for every ordered pair, each as {@link #inner inner(p[a], p[b])} gives it. */
    default void inners(double[][] p, double[][] out) {
        for (int a = 0; a < p.length; a++) {
            for (int b = 0; b < p.length; b++) {
                out[a][b] = inner(p[a], p[b]);
            }
        }
    }
}
