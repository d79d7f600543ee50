/** Interpretable multiple-kernel prototype learning (module `prototypes`; see ../shared/design and the issue tracker for its specification). */
package dev.kernelkit.prototypes;
