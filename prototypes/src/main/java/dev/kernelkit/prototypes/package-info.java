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
 *       save/load); ISKPL is {@code BetaStep.FIXED}.</li>
 *   <li>{@link dev.kernelkit.prototypes.BaseKernels}: one Gaussian per feature or feature
 *       group, width = mean squared distance over training pairs.</li>
 *   <li>{@link dev.kernelkit.prototypes.PrototypeMeasures}: IP and DR.</li>
 *   <li>{@link dev.kernelkit.prototypes.SyntheticChannels}: our seeded recreation of the paper's
 *       9-channel feature-selection data.</li>
 * </ul>
 */
package dev.kernelkit.prototypes;
