package dev.kernelkit.cvm;

/**
 * A minimum-enclosing-ball problem in a (transformed) kernel feature space, in the
 * center-constrained form of Tsang, Kwok and Zurada (IEEE TNN 2006), spec §5.1:
 *
 * <pre>
 *   dual  max_a  a'v - a'K~a   s.t.  a &ge; 0, 1'a = 1
 *   squared distance of point l to the centre c = sum_i a_i phi~(z_i):  d_l^2 = ||c||^2 - 2 (K~a)_l + v_l
 *   squared radius  R^2 = a'v - a'K~a
 * </pre>
 *
 * The plain MEB has v = diag(K~); a kernel with constant diagonal kappa~ (two-class CVM, §2.3)
 * may use v = kappa~ 1; any other v with v_i &ge; K~_ii is the center-constrained MEB with
 * Delta = v - diag(K~). Implementations must be immutable and safe for concurrent reads.
 */
public interface MebProblem {

    /** The number of points m. */
    int size();

    /** The transformed kernel entry K~_ij. */
    double entry(int i, int j);

    /** The linear term v_i (v_i &ge; K~_ii). */
    double offset(int i);

    /**
     * The sampling group of point i, 0 or 1 (the class for two-class problems); balanced sampling
     * alternates between the groups. The default puts every point in group 0.
     */
    default int group(int i) {
        return 0;
    }

    /**
     * out[k] = K~(l, cols[from + k]) for 0 &le; k &lt; to - from: a block of one row. The default
     * calls {@link #entry} for each column; implementations may compute the block faster but must
     * return the same doubles.
     */
    default void entries(int l, int[] cols, int from, int to, double[] out) {
        for (int k = from; k < to; k++) {
            out[k - from] = entry(l, cols[k]);
        }
    }

    /**
     * Whether {@link #entries} may be called from several threads at once (for the candidates of a
     * sampling round); the default says no. Implementations over a {@code KernelMatrix} (safe for
     * concurrent reads) say yes.
     */
    default boolean concurrentEntries() {
        return false;
    }
}
