package dev.kernelkit.svm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Class weights of a soft-margin SVM for imbalanced data: sample i of class c(i) gets the cost
 * C_i = C w_{c(i)} in the dual's box 0 &le; a_i &le; C_i (for the squared hinge, the diagonal term
 * 1/(2 C_i)). Three kinds:
 * <ul>
 *   <li>{@code none} (the default): w_c = 1 for every class, the plain C-SVC.</li>
 *   <li>{@code balanced}: w_c = n / (k n_c), n training examples, n_c of them in class c, k the number of
 *       classes present (scikit-learn's {@code class_weight='balanced'}); each class then carries the
 *       same total cost n C / k.</li>
 *   <li>explicit, {@code NAME=W,NAME=W}: w_c = W for the classes named, 1 for the others (LIBSVM's
 *       {@code -wi}, which names classes by their label). A name matches a training class when the texts
 *       are equal or both are numbers of equal value ({@code +1}, {@code 1.0} and {@code 1} are the same
 *       class); names are checked against the training set at fit time ({@link #resolve}).</li>
 * </ul>
 * The text form ({@link #parse}, {@link #toString}) is the value of the learners' {@code class-weight}
 * parameter and of the options line of a model file. Immutable.
 *
 * @param kind none, balanced or explicit
 * @param weights the explicit weights by class name, in the order given (empty unless explicit)
 */
public record ClassWeights(Kind kind, Map<String, Double> weights) {
    /** No weights: every class has weight 1. */
    public static final ClassWeights NONE = new ClassWeights(Kind.NONE, Map.of());
    /** scikit-learn's balanced weights w_c = n / (k n_c). */
    public static final ClassWeights BALANCED = new ClassWeights(Kind.BALANCED, Map.of());
    /** How the text form reads, for parameter listings and messages. */
    public static final String FORMAT = "none, balanced or NAME=W,NAME=W,... (W finite and > 0, other classes 1)";

    /** The kinds of class weights. */
    public enum Kind {
        /** w_c = 1. */
        NONE,
        /** w_c = n / (k n_c). */
        BALANCED,
        /** w_c given by class name, 1 for classes not named. */
        EXPLICIT
    }

    /**
     * @throws IllegalArgumentException for explicit weights that are empty, name a blank class or one
     *         containing ',' or '=', or hold a weight that is not finite and &gt; 0; for weights given with
     *         another kind
     */
    public ClassWeights {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(weights, "weights");
        if ((kind == Kind.EXPLICIT) == weights.isEmpty()) {
            throw new IllegalArgumentException(kind == Kind.EXPLICIT ? "class weights: explicit weights need at least "
                    + "one NAME=W" : "class weights: only explicit weights name classes, got " + kind + " with "
                    + weights);
        }
        Map<String, Double> copy = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : weights.entrySet()) {
            String name = Objects.requireNonNull(e.getKey(), "class name");
            Double w = Objects.requireNonNull(e.getValue(), "weight");
            if (name.isBlank() || name.contains(",") || name.contains("=") || !name.equals(name.strip())) {
                throw new IllegalArgumentException("class weights: a class name must be non-blank, without ',', '=' "
                        + "or surrounding spaces, got '" + name + "'");
            }
            checkWeight(name, w);
            copy.put(name, w);
        }
        weights = Collections.unmodifiableMap(copy);
    }

    /**
     * Explicit weights by class name (classes not named get 1).
     *
     * @throws IllegalArgumentException as the constructor
     */
    public static ClassWeights of(Map<String, Double> weights) {
        return new ClassWeights(Kind.EXPLICIT, weights);
    }

    /**
     * Reads the text form: {@code none}, {@code balanced} (ignoring case) or {@code NAME=W,NAME=W,...}
     * (spaces around names, weights and commas ignored).
     *
     * @throws IllegalArgumentException naming the bad part: an empty text, a part without '=' or with an
     *         empty name, a class given twice, a weight that is not a number, not finite or not &gt; 0
     */
    public static ClassWeights parse(String text) {
        String t = text == null ? "" : text.strip();
        if (t.equalsIgnoreCase("none")) {
            return NONE;
        }
        if (t.equalsIgnoreCase("balanced")) {
            return BALANCED;
        }
        if (t.isEmpty()) {
            throw new IllegalArgumentException("class weights: expected " + FORMAT + ", got ''");
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (String part : t.split(",", -1)) {
            String p = part.strip();
            int eq = p.indexOf('=');
            if (eq <= 0 || p.substring(0, eq).isBlank()) {
                throw new IllegalArgumentException("class weights: '" + p + "' is not NAME=W (expected " + FORMAT
                        + ", got '" + t + "')");
            }
            String name = p.substring(0, eq).strip();
            String value = p.substring(eq + 1).strip();
            double w;
            try {
                w = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("class weights: weight of class '" + name + "' = '" + value
                        + "' is not a number");
            }
            checkWeight(name, w);
            if (out.putIfAbsent(name, w) != null) {
                throw new IllegalArgumentException("class weights: class '" + name + "' is given twice in '" + t + "'");
            }
        }
        return of(out);
    }

    private static void checkWeight(String name, double w) {
        if (!(w > 0) || !Double.isFinite(w)) {
            throw new IllegalArgumentException("class weights: weight of class '" + name + "' must be finite and > 0, "
                    + "got " + w);
        }
    }

    /** True for {@link #NONE}. */
    public boolean isNone() {
        return kind == Kind.NONE;
    }

    /**
     * The weight w_c of each class of a training set, in class-index order.
     *
     * @param classNames the training set's class names, in class-index order
     * @param counts the number of training examples of each class, in class-index order (a class without
     *        examples gets weight 1 from {@code balanced} and does not count in k)
     * @throws IllegalArgumentException when an explicit weight names no class of the training set (the
     *         message lists the known ones), or the sizes differ
     */
    public double[] resolve(List<String> classNames, int[] counts) {
        if (classNames.size() != counts.length) {
            throw new IllegalArgumentException("expected " + classNames.size() + " class counts, found " + counts.length);
        }
        double[] w = new double[counts.length];
        java.util.Arrays.fill(w, 1.0);
        switch (kind) {
            case BALANCED -> {
                long n = 0;
                int present = 0;
                for (int cnt : counts) {
                    n += cnt;
                    present += cnt > 0 ? 1 : 0;
                }
                for (int c = 0; c < counts.length; c++) {
                    if (counts[c] > 0) {
                        w[c] = n / ((double) present * counts[c]);
                    }
                }
            }
            case EXPLICIT -> {
                for (Map.Entry<String, Double> e : weights.entrySet()) {
                    int c = indexOf(classNames, e.getKey());
                    if (c < 0) {
                        throw new IllegalArgumentException("class weights: unknown class '" + e.getKey()
                                + "'; the training set's classes: " + String.join(", ", classNames));
                    }
                    w[c] = e.getValue();
                }
            }
            default -> {
            }
        }
        return w;
    }

    /**
     * The per-sample costs C_i = C w_{c(i)} of a training set.
     *
     * @param c the cost C
     * @param classNames the class names, in class-index order
     * @param classIndex the class index of each sample
     * @throws IllegalArgumentException as {@link #resolve}, or for a class index out of range
     */
    public double[] costs(double c, List<String> classNames, int[] classIndex) {
        int[] counts = new int[classNames.size()];
        for (int i = 0; i < classIndex.length; i++) {
            if (classIndex[i] < 0 || classIndex[i] >= counts.length) {
                throw new IllegalArgumentException("class index of sample " + i + " must be in [0, " + counts.length
                        + "), got " + classIndex[i]);
            }
            counts[classIndex[i]]++;
        }
        double[] w = resolve(classNames, counts);
        double[] out = new double[classIndex.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = c * w[classIndex[i]];
        }
        return out;
    }

    private static int indexOf(List<String> classNames, String name) {
        int exact = classNames.indexOf(name);
        if (exact >= 0) {
            return exact;
        }
        Double v = number(name);
        if (v == null) {
            return -1;
        }
        for (int c = 0; c < classNames.size(); c++) {
            Double u = number(classNames.get(c));
            if (u != null && u.doubleValue() == v.doubleValue()) {
                return c;
            }
        }
        return -1;
    }

    private static Double number(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The text form: {@code none}, {@code balanced} or {@code NAME=W,NAME=W} ({@link #parse} reads it back). */
    @Override
    public String toString() {
        return switch (kind) {
            case NONE -> "none";
            case BALANCED -> "balanced";
            default -> {
                StringBuilder b = new StringBuilder();
                for (Map.Entry<String, Double> e : weights.entrySet()) {
                    if (b.length() > 0) {
                        b.append(',');
                    }
                    b.append(e.getKey()).append('=').append(e.getValue());
                }
                yield b.toString();
            }
        };
    }
}
