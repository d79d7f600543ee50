/**
 * Core vector machines: minimum-enclosing-ball core sets for kernel learning at scale
 * (specification: ../shared/design/cvm.md).
 *
 * <ul>
 *   <li>{@link dev.kernelkit.cvm.MinimumEnclosingBall}: the Bădoiu–Clarkson (1+epsilon) MEB in
 *       input or kernel feature space ({@link dev.kernelkit.cvm.EnclosingBall}).</li>
 *   <li>{@link dev.kernelkit.cvm.CoreVectorMachine}: two-class L2-SVM as an MEB (JMLR 2005;
 *       LibCVM 2.2's refinements as options), one-vs-rest / one-vs-one ({@link dev.kernelkit.cvm.CvmModel}).</li>
 *   <li>{@link dev.kernelkit.cvm.BallVectorMachine}: the fixed-radius enclosing ball, no QP (ICML 2007).</li>
 *   <li>{@link dev.kernelkit.cvm.OneClassCvm}: SVDD / novelty detection.</li>
 *   <li>{@link dev.kernelkit.cvm.CoreVectorRegression}: L2-SVR as a center-constrained MEB (TNN 2006).</li>
 *   <li>{@link dev.kernelkit.cvm.CoreSetSolver} over any {@link dev.kernelkit.cvm.MebProblem}: the shared
 *       driver (initialisation, sampling, epsilon schedule, row cache; the core-set QP is solved by the kernels layer's SMO).</li>
 *   <li>Over bags, with a kernel between bags such as the set kernel (the MI-Kernel of Gaertner et al.,
 *       ICML 2002): {@link dev.kernelkit.cvm.CoreVectorMachine#fitBags}, {@link dev.kernelkit.cvm.BallVectorMachine#fitBags}
 *       and {@link dev.kernelkit.cvm.OneClassCvm#fitBags}, the same code over {@code CvmMachine<Bag>}
 *       ({@link dev.kernelkit.cvm.BagCvmModel}, {@link dev.kernelkit.cvm.BagOneClassCvmModel}); the core-set search
 *       reads the kernels layer's lazy {@code BagKernelMatrix}.</li>
 *   <li>The learner contract: {@link dev.kernelkit.cvm.CvmCatalog} lists cvm, bvm, one-class-cvm and cvr with
 *       their defaults and grids, and bag-cvm, bag-bvm and bag-one-class-cvm (cvm, bvm and one-class-cvm on bag
 *       data); {@link dev.kernelkit.cvm.CvmCodec}, {@link dev.kernelkit.cvm.CvrCodec},
 *       {@link dev.kernelkit.cvm.OneClassCvmCodec}, {@link dev.kernelkit.cvm.BagCvmCodec} and
 *       {@link dev.kernelkit.cvm.BagOneClassCvmCodec} are their model files for {@link dev.kernelkit.io.Models}.</li>
 * </ul>
 */
package dev.kernelkit.cvm;
