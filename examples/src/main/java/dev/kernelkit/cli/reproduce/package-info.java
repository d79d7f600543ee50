/**
 * {@code kernelkit reproduce}: regenerates each paper table (full and {@code --quick} protocols) with Markdown, JSON and plots.
 */
package dev.kernelkit.cli.reproduce;
