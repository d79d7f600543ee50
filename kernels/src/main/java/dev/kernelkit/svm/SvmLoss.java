package dev.kernelkit.svm;

/**
 * The loss of a soft-margin SVM, which fixes the shape of its dual.
 *
 * <ul>
 *   <li>{@link #HINGE}: C-SVC, min 1/2 a'Qa - e'a s.t. y'a = 0, 0 &le; a_i &le; C_i.</li>
 *   <li>{@link #SQUARED_HINGE}: L2-SVM, Q gets I/(2 C_i) added to its diagonal and a_i has no
 *       upper bound: min 1/2 a'(Q + diag(1/(2C)))a - e'a s.t. y'a = 0, a_i &ge; 0.</li>
 * </ul>
 * Here Q_ij = y_i y_j K_ij.
 */
public enum SvmLoss {
    HINGE,
    SQUARED_HINGE
}
