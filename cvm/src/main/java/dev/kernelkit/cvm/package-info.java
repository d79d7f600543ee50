/** Core vector machines (module `cvm`; see ../shared/design and the issue tracker for its specification). */
package dev.kernelkit.cvm;
