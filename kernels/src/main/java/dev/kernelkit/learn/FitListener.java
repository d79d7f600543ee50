package dev.kernelkit.learn;

/**
 * Receives a fit's progress, once per iteration of every learner (the command line draws a
 * progress line from it, tests check that an objective is monotone). Called from the training
 * thread; a listener shared by parallel fits must be thread-safe. The default is {@link #SILENT}.
 */
@FunctionalInterface
public interface FitListener {

    /** A listener that ignores everything. */
    FitListener SILENT = progress -> { };

    /** One iteration has finished. */
    void onProgress(FitProgress progress);
}
