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
 *   <li>{@link dev.kernelkit.mi.MiCrossValidation}: the paper's evaluation protocol.</li>
 * </ul>
 */
package dev.kernelkit.mi;
