/**
 * The learner contract every module implements: a {@link dev.kernelkit.learn.Learner} of a catalog (found by name
 * through {@link dev.kernelkit.learn.Learners}) with named parameters ({@link dev.kernelkit.learn.Param},
 * {@link dev.kernelkit.learn.ParamValues}) makes a {@link dev.kernelkit.learn.Trainer}, whose {@code fit} returns an
 * immutable {@link dev.kernelkit.learn.FittedModel} (a {@link dev.kernelkit.learn.Model} for classifiers, a
 * {@link dev.kernelkit.learn.RegressionModel} for regressors); wrappers any learner can take: feature scaling
 * ({@link dev.kernelkit.learn.Scaled}) and probability outputs ({@link dev.kernelkit.learn.Calibrated}: Platt's
 * sigmoid, pairwise coupling).
 */
package dev.kernelkit.learn;
