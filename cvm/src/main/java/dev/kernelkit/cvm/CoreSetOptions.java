package dev.kernelkit.cvm;

/**
 * Options of the Bădoiu–Clarkson (1+epsilon) core-set iteration ({@link CoreSetSolver}), with the
 * JMLR 2005 CVM algorithm (Tsang, Kwok and Cheung) as {@link #jmlr(double)} and LibCVM 2.2's
 * refinements (spec §3.3) as {@link #libcvm(double)}.
 *
 * @param epsilon target epsilon, 0 &lt; epsilon &lt; 1: at exit every point lies within (1+epsilon) R
 *        of the centre (exactly so when the last check was a full scan)
 * @param init initial core set
 * @param sampleSize candidates per sampling round; 0 means an exact scan of all points every
 *        iteration (plain Bădoiu–Clarkson); 59 in the JMLR paper, 60 in LibCVM
 * @param balancedSampling draw candidates alternately from groups 0 and 1 (LibCVM), else uniformly
 * @param maxSampleRounds rounds of sampling before declaring "no violator" (1 in JMLR, 7 in LibCVM)
 * @param schedule fixed epsilon or LibCVM's halving from 0.1
 * @param finalFullScan before stopping a stage, check all points exactly (the reference mode)
 * @param maxCoreVectors cap on the core-set size (LibCVM {@code -f 50000}); reaching it stops
 *        training unconverged
 * @param innerStop how the core-set SMO decides it is done: the Frank–Wolfe gap below
 *        {@code innerTolerance} (reference) or LibCVM's dynamic pairwise tolerance
 * @param innerTolerance with {@link InnerStop#FRANK_WOLFE_GAP}: the tolerance on the gap, 0 meaning
 *        automatic (epsilon R^2 / 2 for the current stage's epsilon, which keeps the inner solution
 *        a (1+epsilon)-approximation); with {@link InnerStop#LIBCVM_DYNAMIC}: the floor of the
 *        dynamic tolerance, 0 meaning the target epsilon (LibCVM's floor is its {@code -e} value)
 * @param cacheMb memory for per-point kernel rows (floats) against the core set (megabytes; at most half the
 *        JVM's maximum heap is used). Only speed depends on it, never the result.
 * @param seed seed of the sampler and the random initialisation
 */
public record CoreSetOptions(double epsilon, Init init, int sampleSize, boolean balancedSampling,
                             int maxSampleRounds, EpsilonSchedule schedule, boolean finalFullScan,
                             int maxCoreVectors, InnerStop innerStop, double innerTolerance, double cacheMb,
                             long seed) {

    /** How the first core set is chosen. */
    public enum Init {
        /** JMLR: z arbitrary, z_a furthest from z, z_b furthest from z_a; S_0 = {z_a, z_b}. */
        FURTHEST_PAIR,
        /** LibCVM: 20 distinct random points, alternately from the two groups, a = 1/20. */
        RANDOM_BALANCED_20
    }

    /** How epsilon evolves over the run. */
    public enum EpsilonSchedule {
        /** One stage at the target epsilon (JMLR). */
        FIXED,
        /** Stages at 0.1, 0.05, 0.025, ... clamped at the target, warm-started (LibCVM). */
        HALVING_FROM_0_1
    }

    /** When the core-set SMO stops. */
    public enum InnerStop {
        /**
         * Frank–Wolfe duality gap a'G - min G below the tolerance: bounds the objective error, so
         * the core-set ball is within the (1+epsilon) argument (Kumar, Mitchell and Yildirim 2003).
         */
        FRANK_WOLFE_GAP,
        /**
         * LibCVM 2.2 ({@code Solver_Lag}, spec §3.3 item 8): a pair is worked on only while its
         * gradient difference is at least tol (the pairwise KKT gap, looser than the Frank–Wolfe
         * gap); tol starts at 1e-3 and is halved whenever the first selection of a solve finds no
         * pair, down to the floor, and persists across solves; a solve also ends when a step moves
         * less than tol^2.
         */
        LIBCVM_DYNAMIC
    }

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public CoreSetOptions {
        if (!(epsilon > 0 && epsilon < 1)) {
            throw new IllegalArgumentException("epsilon must be in (0, 1), got " + epsilon);
        }
        if (init == null || schedule == null || innerStop == null) {
            throw new IllegalArgumentException("init, schedule and innerStop must not be null");
        }
        if (sampleSize < 0) {
            throw new IllegalArgumentException("sampleSize must be >= 0 (0 = full scan), got " + sampleSize);
        }
        if (maxSampleRounds < 1) {
            throw new IllegalArgumentException("maxSampleRounds must be >= 1, got " + maxSampleRounds);
        }
        if (maxCoreVectors < 2) {
            throw new IllegalArgumentException("maxCoreVectors must be >= 2, got " + maxCoreVectors);
        }
        if (!(innerTolerance >= 0) || !Double.isFinite(innerTolerance)) {
            throw new IllegalArgumentException("innerTolerance must be >= 0 (0 = automatic), got " + innerTolerance);
        }
        if (!(cacheMb > 0) || !Double.isFinite(cacheMb)) {
            throw new IllegalArgumentException("cacheMb must be > 0, got " + cacheMb);
        }
    }

    /** The JMLR 2005 algorithm: furthest pair, 59 uniform samples, one round, fixed epsilon, final full scan. */
    public static CoreSetOptions jmlr(double epsilon) {
        return new CoreSetOptions(epsilon, Init.FURTHEST_PAIR, 59, false, 1, EpsilonSchedule.FIXED, true,
                50_000, InnerStop.FRANK_WOLFE_GAP, 0.0, 200.0, 0L);
    }

    /**
     * LibCVM 2.2: 20 balanced random points, 60 balanced samples, 7 rounds, halving epsilon, no full
     * scan. The core-set SMO keeps the Frank–Wolfe stop (epsilon R^2 / 2 for the stage's epsilon):
     * LibCVM's dynamic pairwise tolerance ({@link InnerStop#LIBCVM_DYNAMIC}, via
     * {@link #withInnerStop}) needed 11.5x the inner SMO iterations on the 20k checkerboard
     * (C 1e4, epsilon 1e-7: 10.1 M against 0.88 M) and no fewer core vectors.
     */
    public static CoreSetOptions libcvm(double epsilon) {
        return new CoreSetOptions(epsilon, Init.RANDOM_BALANCED_20, 60, true, 7, EpsilonSchedule.HALVING_FROM_0_1,
                false, 50_000, InnerStop.FRANK_WOLFE_GAP, 0.0, 200.0, 0L);
    }

    /** Exact Bădoiu–Clarkson: a full scan for the furthest point every iteration. */
    public static CoreSetOptions exact(double epsilon) {
        return new CoreSetOptions(epsilon, Init.FURTHEST_PAIR, 0, false, 1, EpsilonSchedule.FIXED, true,
                50_000, InnerStop.FRANK_WOLFE_GAP, 0.0, 200.0, 0L);
    }

    public CoreSetOptions withEpsilon(double value) {
        return new CoreSetOptions(value, init, sampleSize, balancedSampling, maxSampleRounds, schedule,
                finalFullScan, maxCoreVectors, innerStop, innerTolerance, cacheMb, seed);
    }

    public CoreSetOptions withSeed(long value) {
        return new CoreSetOptions(epsilon, init, sampleSize, balancedSampling, maxSampleRounds, schedule,
                finalFullScan, maxCoreVectors, innerStop, innerTolerance, cacheMb, value);
    }

    public CoreSetOptions withFinalFullScan(boolean value) {
        return new CoreSetOptions(epsilon, init, sampleSize, balancedSampling, maxSampleRounds, schedule,
                value, maxCoreVectors, innerStop, innerTolerance, cacheMb, seed);
    }

    public CoreSetOptions withMaxCoreVectors(int value) {
        return new CoreSetOptions(epsilon, init, sampleSize, balancedSampling, maxSampleRounds, schedule,
                finalFullScan, value, innerStop, innerTolerance, cacheMb, seed);
    }

    public CoreSetOptions withSampleSize(int value) {
        return new CoreSetOptions(epsilon, init, value, balancedSampling, maxSampleRounds, schedule,
                finalFullScan, maxCoreVectors, innerStop, innerTolerance, cacheMb, seed);
    }

    public CoreSetOptions withInit(Init value) {
        return new CoreSetOptions(epsilon, value, sampleSize, balancedSampling, maxSampleRounds, schedule,
                finalFullScan, maxCoreVectors, innerStop, innerTolerance, cacheMb, seed);
    }

    public CoreSetOptions withSchedule(EpsilonSchedule value) {
        return new CoreSetOptions(epsilon, init, sampleSize, balancedSampling, maxSampleRounds, value,
                finalFullScan, maxCoreVectors, innerStop, innerTolerance, cacheMb, seed);
    }

    public CoreSetOptions withInnerTolerance(double value) {
        return new CoreSetOptions(epsilon, init, sampleSize, balancedSampling, maxSampleRounds, schedule,
                finalFullScan, maxCoreVectors, innerStop, value, cacheMb, seed);
    }

    public CoreSetOptions withCacheMb(double value) {
        return new CoreSetOptions(epsilon, init, sampleSize, balancedSampling, maxSampleRounds, schedule,
                finalFullScan, maxCoreVectors, innerStop, innerTolerance, value, seed);
    }

    public CoreSetOptions withInnerStop(InnerStop value) {
        return new CoreSetOptions(epsilon, init, sampleSize, balancedSampling, maxSampleRounds, schedule,
                finalFullScan, maxCoreVectors, value, innerTolerance, cacheMb, seed);
    }
}
