/**
 * Charts the commands write as PNG (XChart): bars with whiskers, lines, decision regions, prototype compositions.
 */
package dev.kernelkit.plot;
