/**
 * Support vector machines on the one SMO solver ({@link dev.kernelkit.svm.SmoSolver}; its problems
 * {@link dev.kernelkit.svm.SvmProblem}: the C-SVC dual with a cost per sample, general and grouped duals): the
 * C-SVC and L2-SVM on vectors ({@link dev.kernelkit.svm.Svm}) and on bags ({@link dev.kernelkit.svm.BagSvm}), nu-SVC
 * ({@link dev.kernelkit.svm.NuSvm}) and epsilon-SVR ({@link dev.kernelkit.svm.EpsilonSvr}) as LIBSVM formulates them, class
 * weights ({@link dev.kernelkit.svm.ClassWeights}), kernel-expansion models, their model-file codecs, the catalog of
 * these learners ({@link dev.kernelkit.svm.SvmCatalog}) and LIBSVM's Java solver as an independent reference
 * ({@link dev.kernelkit.svm.LibsvmSolver}). The kernel-expansion keys of model files are written and read here
 * ({@link dev.kernelkit.svm.ExpansionParts}), not in io, so that io does not depend on svm.
 */
package dev.kernelkit.svm;
