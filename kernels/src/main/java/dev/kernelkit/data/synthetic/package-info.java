/**
 * Seeded synthetic data generators for demos and tests: two moons, checkerboard, and the two
 * multi-instance problems of Fu, Lu, Ting and Zhang, "Learning sparse kernel classifiers for
 * multi-instance classification", IEEE TNNLS 24(9), 2013, Section V-A and Fig. 2. Every
 * generator takes a {@code long seed} and draws only from {@code new SplittableRandom(seed)}, so
 * the same arguments give the same data.
 */
package dev.kernelkit.data.synthetic;
