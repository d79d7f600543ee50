/**
 * {@code kernelkit sparse-mi}: the multi-instance commands (train, cv, compare, predict) over the mi-sparse catalog.
 */
package dev.kernelkit.cli.mi;
