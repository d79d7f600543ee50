package dev.kernelkit.cli.mi;

import dev.kernelkit.mi.SparseMiOptions;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * SparseMI's stopping rules and inner solver (a picocli mixin of train, cv and compare): the relative tolerance of
 * Algorithm 1's outer loop ({@link SparseMiOptions#tolerance}), the printed "s &ge; s_max" clause
 * ({@link SparseMiOptions.TrialLimit}) and the inner solver of eq. 12 at fixed XVs, exact Newton or the paper's
 * L-BFGS to a relative tolerance ({@link SparseMiOptions.InnerSolver}). The defaults are the library's.
 */
final class SparseMiSolverOptions implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Option(names = "--tolerance", paramLabel = "TOL", defaultValue = "1e-6",
            description = "SparseMI stops when an accepted step lowers g(Z) by less than TOL * |g(Z)|, >= 0 "
                    + "(default: ${DEFAULT-VALUE}).")
    double tolerance;

    @Option(names = "--trial-limit", paramLabel = "no-decrease|printed", defaultValue = "no-decrease",
            description = "What else ends SparseMI: no-decrease, only a round of s_max failed trial steps; printed, "
                    + "also a step found only at the s_max-th trial (Algorithm 1's \"s >= s_max\") "
                    + "(default: ${DEFAULT-VALUE}).")
    String trialLimit;

    @Option(names = "--inner-solver", paramLabel = "newton|lbfgs", defaultValue = "newton",
            description = "Solver of the inner SVM problem at fixed XVs: newton (exact) or lbfgs (the paper's, "
                    + "stopped at --inner-tolerance) (default: ${DEFAULT-VALUE}).")
    String innerSolver;

    @Option(names = "--inner-tolerance", paramLabel = "TOL",
            description = "With --inner-solver lbfgs: stop when ||grad Q|| <= TOL * ||grad Q(0)||, in (0, 1) "
                    + "(default: 1e-3).")
    Double innerTolerance;

    /** The parsed trial limit; an unknown value is an IllegalArgumentException naming --trial-limit. */
    SparseMiOptions.TrialLimit trialLimit() {
        return switch (trialLimit.toLowerCase(Locale.ROOT)) {
            case "no-decrease" -> SparseMiOptions.TrialLimit.NO_DECREASE;
            case "printed" -> SparseMiOptions.TrialLimit.PRINTED;
            default -> throw new IllegalArgumentException("--trial-limit must be no-decrease or printed, got '"
                    + trialLimit + "'");
        };
    }

    /** The parsed inner solver; an unknown value is an IllegalArgumentException naming --inner-solver. */
    SparseMiOptions.InnerSolver innerSolver() {
        return switch (innerSolver.toLowerCase(Locale.ROOT)) {
            case "newton" -> SparseMiOptions.InnerSolver.NEWTON;
            case "lbfgs" -> SparseMiOptions.InnerSolver.LBFGS;
            default -> throw new IllegalArgumentException("--inner-solver must be newton or lbfgs, got '"
                    + innerSolver + "'");
        };
    }

    /** L-BFGS's relative tolerance: --inner-tolerance, or the library's default. */
    double innerTolerance() {
        return innerTolerance == null ? SparseMiOptions.DEFAULT_INNER_TOLERANCE : innerTolerance;
    }

    /** @throws IllegalArgumentException naming the first bad option and its value */
    void check() {
        if (!(tolerance >= 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("--tolerance must be >= 0 and finite, got " + tolerance);
        }
        trialLimit();
        if (innerTolerance != null) {
            if (innerSolver() != SparseMiOptions.InnerSolver.LBFGS) {
                throw new IllegalArgumentException("--inner-tolerance applies only with --inner-solver lbfgs, got "
                        + "--inner-solver " + innerSolver);
            }
            if (!(innerTolerance > 0 && innerTolerance < 1)) {
                throw new IllegalArgumentException("--inner-tolerance must be in (0, 1), got " + innerTolerance);
            }
        }
        innerSolver();
    }

    /** {@code base} with these settings. */
    SparseMiOptions apply(SparseMiOptions base) {
        return base.withTolerance(tolerance).withTrialLimit(trialLimit()).withInnerSolver(innerSolver(),
                innerTolerance());
    }

    /** The settings for a JSON summary or a report line, e.g. "tolerance 1e-06, trial-limit no-decrease, inner newton". */
    String describe() {
        return String.format(Locale.ROOT, "tolerance %g, trial-limit %s, inner %s%s", tolerance,
                trialLimit.toLowerCase(Locale.ROOT), innerSolver.toLowerCase(Locale.ROOT),
                innerSolver() == SparseMiOptions.InnerSolver.LBFGS ? " to " + innerTolerance() : "");
    }
}
