/**
 * Model selection and evaluation: the one harness ({@link dev.kernelkit.eval.ModelSelection}: outer resampling,
 * preprocessing fitted per training part, an inner grid search, repeats, fold journals for {@code --resume}) that
 * every protocol of every module is defined on, its catalog form ({@link dev.kernelkit.eval.CatalogSelection},
 * {@link dev.kernelkit.eval.CatalogRecipe}), the engines that run its fits ({@link dev.kernelkit.eval.FitEngine}:
 * this JVM, or Spark through {@link dev.kernelkit.eval.FitEngineProvider}), the metrics (accuracy, balanced accuracy,
 * F1, AUC, AP; {@link dev.kernelkit.eval.ConfusionMatrix}) and the paired comparison of two learners on the same
 * splits ({@link dev.kernelkit.eval.PairedComparison}).
 */
package dev.kernelkit.eval;
