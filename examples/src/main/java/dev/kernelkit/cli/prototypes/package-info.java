/**
 * {@code kernelkit prototypes}: the prototype learning commands (IMKPL train, cv, demo; the NQP benchmark).
 */
package dev.kernelkit.cli.prototypes;
