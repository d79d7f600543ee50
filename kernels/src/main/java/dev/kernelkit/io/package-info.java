/**
 * Files a run writes: the one model-file door ({@link dev.kernelkit.io.Models}: save and load any model of any module
 * through the codec of its type, {@link dev.kernelkit.io.ModelCodec}), the model-file text format
 * ({@link dev.kernelkit.io.ModelFile}), and {@link dev.kernelkit.io.AtomicFiles}, which writes every output so that
 * a crash never leaves half a file and a FIFO or device is never replaced. A learned kernel is read from a model
 * file here ({@link dev.kernelkit.io.Models#loadLearnedKernel}), not in learn, so that learn does not depend on io.
 */
package dev.kernelkit.io;
