/**
 * Soft margin multiple kernel learning (Xu, Tsang and Xu, "Soft Margin Multiple Kernel Learning",
 * IEEE TNNLS 24(5), 2013) with the baselines of its Table I.
 *
 * <pre>
 *   MultipleKernel k = MultipleKernel.simpleMklProtocol(train.dim()).withUnitTrace(train.points());
 *   MklModel model = SoftMarginMkl.fit(train, k, MklOptions.sm1(100, 0.05));
 *   double[] mu = model.kernelWeights(0);          // kernel weights
 *   Kernel&lt;Vec&gt; learned = model.learnedKernel(0);  // sum_m mu_m s_m k_m
 *   int c = model.predict(x);                      // class index, through the base kernels
 * </pre>
 *
 * <ul>
 *   <li>The base kernels are a {@link dev.kernelkit.gram.MultipleKernel} (kernels module): the list,
 *       unit-trace scales, and training matrices ({@link dev.kernelkit.gram.SharedKernelMatrices}) that
 *       share one inner-product matrix per feature subset; {@link dev.kernelkit.gram.PrecomputedKernelMatrices}
 *       takes the user's own Gram matrices.</li>
 *   <li>{@link dev.kernelkit.mkl.SoftMarginMkl}: SM1MKL, SM2MKL, Lp-MKL, SimpleMKL and AveKernel
 *       on one warm-started SMO solver, and their trainers of the learner contract;
 *       {@link dev.kernelkit.mkl.CappedSimplexUpdate} is the closed form of Lemmas 7-8.</li>
 *   <li>{@link dev.kernelkit.mkl.MklModel}: the fitted one-vs-rest classifier (a
 *       {@link dev.kernelkit.learn.Model} and {@link dev.kernelkit.learn.LearnsKernel}), saved and loaded
 *       through {@link dev.kernelkit.io.Models} ({@link dev.kernelkit.mkl.MklCodec});
 *       {@link dev.kernelkit.mkl.MklResult} the binary machine on training matrices.</li>
 *   <li>{@link dev.kernelkit.mkl.MklCatalog}: the learners {@code sm1}, {@code sm2}, {@code lp},
 *       {@code simple}, {@code ave} with their defaults and the paper's grids.</li>
 *   <li>{@link dev.kernelkit.mkl.MklProtocol}: the paper's experimental protocol (standardise,
 *       unit trace, CV on the training part).</li>
 * </ul>
 */
package dev.kernelkit.mkl;
