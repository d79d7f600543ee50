/**
 * Sparse kernel classifiers for multi-instance bags (module {@code mi-sparse}).
 *
 * <ul>
 *   <li>{@link dev.kernelkit.mi.SparseMi}: SparseMI (Fu, Lu, Ting &amp; Zhang, IEEE TNNLS 2013) —
 *       a label-mean bag SVM over N_XV learned expansion vectors; options in
 *       {@link dev.kernelkit.mi.SparseMiOptions}, the fitted {@link dev.kernelkit.mi.SparseMiModel}.</li>
 *   <li>Baselines of the paper's Table I: {@link dev.kernelkit.mi.MiKernel} (SVM on the set kernel),
 *       {@link dev.kernelkit.mi.RandomSparseSvm} (RSVM) and {@link dev.kernelkit.mi.ReducedSet} (RS).</li>
 *   <li>Label-max baselines: {@link dev.kernelkit.mi.MiSvm} (mi-SVM and MI-SVM, Andrews et al. 2003),
 *       {@link dev.kernelkit.mi.Miles} (MILES, Chen, Bi &amp; Wang 2006, 1-norm SVM as an LP) and
 *       {@link dev.kernelkit.mi.MiCccp} (MI-CCCP, Cheung &amp; Kwok 2006).</li>
 *   <li>The learner contract of {@code dev.kernelkit.learn}: every method has a {@code trainer(options)},
 *       its model is a {@link dev.kernelkit.mi.BagClassifier} ({@code Model<Bag>}) with a fit report,
 *       progress goes to a {@code FitListener}, {@code dev.kernelkit.io.Models} saves and loads every
 *       model type (the codecs {@code *Codec}), and {@link dev.kernelkit.mi.MiCatalog} lists the eight
 *       learners ({@code sparse-mi, rs, rsvm, mikernel, mi-SVM, MI-SVM, miles, cccp}) with the paper's
 *       defaults and tuning grid.</li>
 *   <li>{@link dev.kernelkit.mi.MiProtocol}: the paper's evaluation protocols (the gamma x C search, learner
 *       variants, the staged and joint N_XV searches) as definitions on the
 *       {@code dev.kernelkit.eval.ModelSelection} harness.</li>
 * </ul>
 */
package dev.kernelkit.mi;
