/**
 * The core vector machine on Spark: the training points stay in cached partitions on the executors,
 * the driver runs the one-machine core-set iteration over the core set only
 * ({@link dev.kernelkit.spark.cvm.SparkCoreVectorMachine}).
 */
package dev.kernelkit.spark.cvm;
