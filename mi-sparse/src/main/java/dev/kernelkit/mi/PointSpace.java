package dev.kernelkit.mi;

/**
 * Where expansion vectors live during SparseMI training: either the input space (z_j is a
 * dense d-vector) or the span of Q basis vectors (z_j = B v_j, TNNLS 2013 Sec. IV-E, the
 * parameters are v_j). Gives the inner products a {@link DotProductKernel} needs and their
 * derivatives with respect to the parameters, never touching a dense copy of an instance.
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
}
