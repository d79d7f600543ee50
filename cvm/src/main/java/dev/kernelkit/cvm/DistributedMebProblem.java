package dev.kernelkit.cvm;

/**
 * An MEB problem whose points live elsewhere, e.g. in the partitions of a Spark cluster, while the
 * core-set iteration ({@link CoreSetSolver}) runs on one machine: the solver draws the sampling
 * candidates itself (the same global indices and random stream as for a problem in memory), tells
 * the problem which points it is about to read ({@link #prefetch}), and hands the two searches over
 * every point to the problem ({@link #furthestBeyond}, {@link #furthestFrom}). Both searches must
 * return what the solver's own loops would: the same doubles, the first (lowest) index among equal
 * distances. So a solve over a distributed problem finds the core set and weights of the same
 * problem in memory.
 */
public interface DistributedMebProblem extends MebProblem {

    /**
     * The solver is about to read the entries of {@code points[0..count)} (a sampling round's
     * candidates, in draw order; repeats possible): an implementation may fetch them in one pass,
     * together with the candidates of the rounds after it ({@code ahead}), so that most rounds need
     * no pass at all.
     */
    void prefetch(int[] points, int count, Lookahead ahead);

    /** The candidates of the sampling rounds to come. */
    @FunctionalInterface
    interface Lookahead {
        /**
         * The points the next {@code rounds} rounds will draw, in draw order, if the core set does not
         * change meanwhile (a point added to it may shift the later draws: the list is a forecast).
         */
        int[] draws(int rounds);
    }

    /**
     * The exact scan: the point l not in {@code core[0..len)} with the largest
     * d_l^2 = centreNorm2 - 2 s_l + v_l greater than {@code threshold}, where s_l is the sum, over
     * increasing j &lt; len with w_j != 0, of {@code w[j] * (float) K~(l, core[j])} (the row cache's
     * float entries); the lowest such index among equal d_l^2, or -1 when no point is beyond.
     */
    int furthestBeyond(double threshold, double centreNorm2, int[] core, double[] w, int len);

    /**
     * The ball vector machine's exact scan over the points not in {@code core[0..len)}: the point l with the largest
     * d_l^2 = centrePlusKappa - 2 s_l greater than {@code threshold}, s_l as in {@link #furthestBeyond} (the caller
     * ranks the core points itself); the lowest such index among equal d_l^2, or -1 when no point is beyond.
     */
    int furthestOutsideBall(double threshold, double centrePlusKappa, int[] core, double[] w, int len);

    /**
     * The point l != z with the largest K~_zz - 2 K~_zl + v_l (lowest index among equal values), or z
     * when z is the only point.
     */
    int furthestFrom(int z);
}
