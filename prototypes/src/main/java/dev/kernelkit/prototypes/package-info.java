/**
 * Interpretable multiple-kernel prototype learning (Hosseini &amp; Hammer, CIKM 2019; specification
 * {@code shared/design/prototypes.md}).
 *
 * <ul>
 *   <li>{@link dev.kernelkit.prototypes.NonNegativeQuadraticPursuit}: the NQP solver for
 *       min ½xᵀQx + cᵀx, x ≥ 0, ‖x‖₀ ≤ T, with Q reached through columns.</li>
 *   <li>{@link dev.kernelkit.prototypes.Imkpl} (trainer, options
 *       {@link dev.kernelkit.prototypes.ImkplOptions}) and
 *       {@link dev.kernelkit.prototypes.ImkplModel} (test-time coding, prediction, explanation;
 *       saved and loaded through {@link dev.kernelkit.io.Models}); ISKPL is {@code BetaStep.FIXED}. The default
 *       is the variant the measured evidence on training data chose ({@code ImkplOptions.recommended}: the
 *       capped β-step with DISTANCE_DIFFERENCE, r and the prediction rule by inner CV); the spec's β-step
 *       (NORMALISED_LP) and J_ls form (SIMILARITY) with the paper's vote are {@code ImkplOptions.of}, the
 *       named reference (RESULTS.md, IMKPL)</li>
 *   <li>The base kernels are a {@link dev.kernelkit.gram.MultipleKernel} (kernels module): one
 *       Gaussian per feature or feature group (width = mean squared distance over training pairs,
 *       {@link dev.kernelkit.gram.MultipleKernel#gaussianPerGroup}), or one normalised global alignment
 *       kernel per channel of a multivariate time series at fixed positions
 *       ({@link dev.kernelkit.gram.MultipleKernel#alignmentPerGroup}) or of series of any lengths
 *       ({@link dev.kernelkit.gram.MultipleKernel#alignmentPerChannel}, the
 *       {@link dev.kernelkit.data.VariableLengthSeries} encoding).</li>
 *   <li>{@link dev.kernelkit.prototypes.ImkplCatalog}: the learners {@code imkpl} and {@code iskpl};
 *       {@link dev.kernelkit.prototypes.ImkplCodec}: their model file.</li>
 *   <li>{@link dev.kernelkit.prototypes.PrototypeMeasures}: IP and DR.</li>
 *   <li>{@link dev.kernelkit.prototypes.SyntheticChannels}: our seeded recreation of the paper's
 *       9-channel feature-selection data.</li>
 * </ul>
 */
package dev.kernelkit.prototypes;
