/**
 * Sparse kernel classifiers for multi-instance bags (module {@code mi-sparse}).
 *
 * <ul>
 *   <li>{@link dev.kernelkit.mi.SparseMi}: SparseMI (Fu, Robles-Kelly &amp; Zhou, IEEE TNNLS 2013) —
 *       a label-mean bag SVM over N_XV learned expansion vectors; options in
 *       {@link dev.kernelkit.mi.SparseMiOptions}, the fitted {@link dev.kernelkit.mi.SparseMiModel}
 *       saves and loads.</li>
 *   <li>Baselines of the paper's Table I: {@link dev.kernelkit.mi.MiKernel} (SVM on the set kernel),
 *       {@link dev.kernelkit.mi.RandomSparseSvm} (RSVM) and {@link dev.kernelkit.mi.ReducedSet} (RS).</li>
 *   <li>Label-max baselines: {@link dev.kernelkit.mi.MiSvm} (mi-SVM and MI-SVM, Andrews et al. 2003),
 *       {@link dev.kernelkit.mi.Miles} (MILES, Chen, Bi &amp; Wang 2006, 1-norm SVM as an LP) and
 *       {@link dev.kernelkit.mi.MiCccp} (MI-CCCP, Cheung &amp; Kwok 2006).</li>
 *   <li>{@link dev.kernelkit.mi.MiCrossValidation}: the paper's evaluation protocol.</li>
 * </ul>
 */
package dev.kernelkit.mi;
