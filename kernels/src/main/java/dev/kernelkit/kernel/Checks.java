package dev.kernelkit.kernel;

/** Parameter checks shared by the kernel records (messages name the parameter and the value). */
final class Checks {
    private Checks() {
    }

    static void positiveFinite(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " must be > 0 and finite, got " + v);
        }
    }

    static void nonNegativeFinite(String name, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " must be >= 0 and finite, got " + v);
        }
    }

    static void finite(String name, double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " must be finite, got " + v);
        }
    }

    static <T> T notNull(String name, T v) {
        if (v == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return v;
    }

    /** x^p for an integer p &gt;= 0 by repeated squaring (exact for small p, no Math.pow). */
    static double intPow(double x, int p) {
        double result = 1.0;
        double b = x;
        int e = p;
        while (e > 0) {
            if ((e & 1) != 0) {
                result *= b;
            }
            b *= b;
            e >>= 1;
        }
        return result;
    }
}
