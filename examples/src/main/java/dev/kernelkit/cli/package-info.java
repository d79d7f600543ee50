/**
 * The {@code kernelkit} command line (picocli): {@link dev.kernelkit.cli.Main} and the commands every learner shares
 * ({@code train}, {@code predict}, {@code compare}, {@code learners}, {@code demo}, {@code example-data}), the output layer
 * (run paths checked before any work, count limits, JSON summaries, fold journals) and the module commands' shared options.
 */
package dev.kernelkit.cli;
