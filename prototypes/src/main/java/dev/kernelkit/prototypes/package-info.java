/**
 * Interpretable multiple-kernel prototype learning (Hosseini &amp; Hammer, CIKM 2019; specification
 * {@code shared/design/prototypes.md}).
 *
 * <ul>
 *   <li>{@link dev.kernelkit.prototypes.NonNegativeQuadraticPursuit}: the NQP solver for
 *       min ½xᵀQx + cᵀx, x ≥ 0, ‖x‖₀ ≤ T, with Q reached through columns.</li>
 *   <li>{@link dev.kernelkit.prototypes.Imkpl} (trainer, options
 *       {@link dev.kernelkit.prototypes.ImkplOptions}) and
 *       {@link dev.kernelkit.prototypes.ImkplModel} (test-time coding, prediction, explanation,
 *       save/load); ISKPL is {@code BetaStep.FIXED}. The spec's
 *       default β-step (NORMALISED_LP) and J_ls form (SIMILARITY) are kept as defaults; the
 *       alternatives CAPPED_SIMPLEX_LP, SIMPLEX_LP, DISTANCE_DIFFERENCE and EXCLUDE_SELF are options
 *       (on TOX-171 CAPPED_SIMPLEX_LP with DISTANCE_DIFFERENCE is more accurate than the default,
 *       but inner CV preferred ISKPL; see RESULTS.md).</li>
 *   <li>{@link dev.kernelkit.prototypes.BaseKernels}: one Gaussian per feature or feature
 *       group (width = mean squared distance over training pairs), or one normalised global
 *       alignment kernel per channel of a multivariate time series.</li>
 *   <li>{@link dev.kernelkit.prototypes.PrototypeMeasures}: IP and DR.</li>
 *   <li>{@link dev.kernelkit.prototypes.SyntheticChannels}: our seeded recreation of the paper's
 *       9-channel feature-selection data.</li>
 * </ul>
 */
package dev.kernelkit.prototypes;
