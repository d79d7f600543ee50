/** Sparse kernel SVMs for multi-instance bags (SparseMI) and MI baselines (module `mi-sparse`; see ../shared/design and the issue tracker for its specification). */
package dev.kernelkit.mi;
