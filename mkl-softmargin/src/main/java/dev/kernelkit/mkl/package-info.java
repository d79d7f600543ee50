/** Soft margin multiple kernel learning (module `mkl-softmargin`; see ../shared/design and the issue tracker for its specification). */
package dev.kernelkit.mkl;
