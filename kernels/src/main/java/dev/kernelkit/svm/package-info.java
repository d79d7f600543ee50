/**
 * Support vector machines on the one SMO solver ({@link dev.kernelkit.svm.SmoSolver}; its problems
 * {@link dev.kernelkit.svm.SvmProblem}: the C-SVC dual with a cost per sample, general and grouped duals): the
 * C-SVC and L2-SVM on vectors ({@link dev.kernelkit.svm.Svm}) and on bags ({@link dev.kernelkit.svm.BagSvm}), class
 * weights ({@link dev.kernelkit.svm.ClassWeights}), kernel-expansion models, their model-file codecs, the catalog of
 * these learners ({@link dev.kernelkit.svm.SvmCatalog}) and LIBSVM's Java solver as an independent reference
 * ({@link dev.kernelkit.svm.LibsvmSolver}).
 */
package dev.kernelkit.svm;
