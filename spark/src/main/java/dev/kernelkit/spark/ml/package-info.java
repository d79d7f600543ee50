/**
 * kernelkit in Spark ML pipelines: {@link dev.kernelkit.spark.ml.KernelkitClassifier}, an {@code Estimator} for
 * any classifier of the learner catalog (vectors, or bags grouped by a column), whose model
 * {@link dev.kernelkit.spark.ml.KernelkitClassificationModel} scores DataFrames on the executors and saves the
 * kernelkit model file that {@code kernelkit predict} reads.
 */
package dev.kernelkit.spark.ml;
