/**
 * kernelkit on Apache Spark (optional module {@code kernelkit-spark}; Spark is a provided
 * dependency). {@link dev.kernelkit.spark.SparkFitEngine} runs the one model-selection harness
 * ({@link dev.kernelkit.eval.ModelSelection}) with the fits of the nested protocol as Spark tasks
 * (those of one inner split together), the data set broadcast once, each outer split prepared once
 * per executor JVM and the choices made on the driver, so the evaluation equals
 * the one-machine one; a {@link dev.kernelkit.spark.Protocol} is the serializable recipe from which
 * every executor builds the harness again ({@link dev.kernelkit.spark.CatalogProtocol}: a catalog
 * learner as {@code kernelkit compare} runs it, from a {@link dev.kernelkit.eval.CatalogRecipe}).
 * {@link dev.kernelkit.spark.SparkEngineProvider} registers the engine "spark" with
 * {@link dev.kernelkit.eval.FitEngines} ({@code compare --engine spark}; {@code spark/bin/kernelkit-spark}
 * puts this module and Spark on the command line's class path). Learner modules reach the executors through the
 * learner catalog on their class path, so this module needs none of them at compile time.
 */
package dev.kernelkit.spark;
