/**
 * Soft margin multiple kernel learning (Xu, Tsang and Xu, "Soft Margin Multiple Kernel Learning",
 * IEEE TNNLS 24(5), 2013) with the baselines of its Table I.
 *
 * <pre>
 *   BaseKernels k = BaseKernels.simpleMklProtocol(train.dim()).withUnitTrace(train.points());
 *   MklModel model = SoftMarginMkl.fit(train, k, MklOptions.sm1(100, 0.05));
 *   double[] mu = model.mu(0);            // kernel weights
 *   double label = model.predict(x);       // through the base kernels
 * </pre>
 *
 * <ul>
 *   <li>{@link dev.kernelkit.mkl.BaseKernels}: the base kernel list and unit-trace scales; its
 *       training matrices ({@link dev.kernelkit.mkl.SharedKernelMatrices}) share one inner-product
 *       matrix per feature subset; {@link dev.kernelkit.mkl.PrecomputedKernelMatrices} takes the
 *       user's own Gram matrices.</li>
 *   <li>{@link dev.kernelkit.mkl.SoftMarginMkl}: SM1MKL, SM2MKL, Lp-MKL, SimpleMKL and AveKernel
 *       on one warm-started SMO solver; {@link dev.kernelkit.mkl.CappedSimplexUpdate} is the
 *       closed form of Lemmas 7-8.</li>
 *   <li>{@link dev.kernelkit.mkl.MklModel}: the fitted one-vs-rest classifier, saved and loaded
 *       as a kernelkit model file; {@link dev.kernelkit.mkl.MklResult} the binary machine on
 *       training matrices.</li>
 *   <li>{@link dev.kernelkit.mkl.MklProtocol}: the paper's experimental protocol (standardise,
 *       unit trace, CV on the training part).</li>
 * </ul>
 */
package dev.kernelkit.mkl;
