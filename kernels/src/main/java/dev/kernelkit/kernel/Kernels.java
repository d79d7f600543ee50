package dev.kernelkit.kernel;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one kernel specification parser and formatter, used by the command line and by model
 * files. {@code format(parse(s))} is canonical and {@code parse(format(k)).equals(k)} for every
 * kernel built from the names below.
 *
 * <pre>
 * vector kernels                                       bag kernels
 *   linear                                               set(VECTOR-KERNEL)
 *   polynomial:degree=2,gamma=1.0,offset=1.0             normalized(BAG-KERNEL)
 *   gaussian:gamma=0.5                                   power(p=2,BAG-KERNEL)
 *   weighted-gaussian:gamma=0.5,weights=1.0;0.0;2.5      (one weight per feature)
 *   laplacian:gamma=0.5                                  sum(0.5*BAG-KERNEL,...)
 *   sigmoid:gamma=0.01,offset=-1.0  (not PSD)
 *   exp-chi2:gamma=1.0              (non-negative features)
 *   inverse-distance:gamma=1.0
 *   inverse-squared-distance:gamma=1.0
 *   normalized(K)    power(p=3,K)    sum(0.3*K1,0.7*K2)  (weight defaults to 1)
 *   feature(index=4,K)               features(indices=0;3;7,K)
 * </pre>
 *
 * Every parameter is required (no hidden defaults); whitespace between tokens is ignored.
 * Composite parameters come before the inner kernels, since the parameters after a simple
 * kernel's ':' are read as that kernel's own.
 */
public final class Kernels {
    /** Names of the vector kernels, in the order error messages list them. */
    public static final List<String> VECTOR_NAMES = List.of("linear", "polynomial", "gaussian", "laplacian",
            "sigmoid", "exp-chi2", "inverse-distance", "inverse-squared-distance", "weighted-gaussian", "normalized",
            "power", "sum", "feature", "features");
    /** Names of the bag kernels. */
    public static final List<String> BAG_NAMES = List.of("set", "normalized", "power", "sum");

    private Kernels() {
    }

    /**
     * Parses a vector kernel specification.
     *
     * @throws IllegalArgumentException naming the unknown kernel or parameter, the bad value, or the
     *         position of a syntax error
     */
    public static Kernel<Vec> parse(String spec) {
        Parser p = new Parser(spec);
        Kernel<Vec> k = p.vectorKernel();
        p.expectEnd();
        return k;
    }

    /** Parses a bag kernel specification such as {@code normalized(set(gaussian:gamma=0.5))}. */
    public static Kernel<Bag> parseBagKernel(String spec) {
        Parser p = new Parser(spec);
        Kernel<Bag> k = p.bagKernel();
        p.expectEnd();
        return k;
    }

    /**
     * The canonical specification of a kernel built from the names above.
     *
     * @throws IllegalArgumentException for any other kernel type (e.g. a lambda)
     */
    public static String format(Kernel<?> kernel) {
        StringBuilder sb = new StringBuilder();
        write(kernel, sb);
        return sb.toString();
    }

    private static void write(Kernel<?> k, StringBuilder sb) {
        if (k instanceof LinearKernel) {
            sb.append("linear");
        } else if (k instanceof PolynomialKernel p) {
            sb.append("polynomial:degree=").append(p.degree()).append(",gamma=").append(p.gamma())
                    .append(",offset=").append(p.offset());
        } else if (k instanceof GaussianKernel g) {
            sb.append("gaussian:gamma=").append(g.gamma());
        } else if (k instanceof WeightedGaussianKernel g) {
            sb.append("weighted-gaussian:gamma=").append(g.gamma()).append(",weights=");
            double[] w = g.weights();
            for (int d = 0; d < w.length; d++) {
                if (d > 0) {
                    sb.append(';');
                }
                sb.append(w[d]);
            }
        } else if (k instanceof LaplacianKernel g) {
            sb.append("laplacian:gamma=").append(g.gamma());
        } else if (k instanceof SigmoidKernel s) {
            sb.append("sigmoid:gamma=").append(s.gamma()).append(",offset=").append(s.offset());
        } else if (k instanceof ExponentialChiSquareKernel g) {
            sb.append("exp-chi2:gamma=").append(g.gamma());
        } else if (k instanceof InverseDistanceKernel g) {
            sb.append("inverse-distance:gamma=").append(g.gamma());
        } else if (k instanceof InverseSquaredDistanceKernel g) {
            sb.append("inverse-squared-distance:gamma=").append(g.gamma());
        } else if (k instanceof NormalizedKernel<?> n) {
            sb.append("normalized(");
            write(n.base(), sb);
            sb.append(')');
        } else if (k instanceof PowerKernel<?> p) {
            sb.append("power(p=").append(p.exponent()).append(',');
            write(p.base(), sb);
            sb.append(')');
        } else if (k instanceof WeightedSumKernel<?> s) {
            sb.append("sum(");
            for (int m = 0; m < s.kernels().size(); m++) {
                if (m > 0) {
                    sb.append(',');
                }
                sb.append(s.weights().get(m).doubleValue()).append('*');
                write(s.kernels().get(m), sb);
            }
            sb.append(')');
        } else if (k instanceof SingleFeatureKernel f) {
            sb.append("feature(index=").append(f.feature()).append(',');
            write(f.base(), sb);
            sb.append(')');
        } else if (k instanceof FeatureSubsetKernel f) {
            sb.append("features(indices=");
            int[] idx = f.features();
            for (int i = 0; i < idx.length; i++) {
                if (i > 0) {
                    sb.append(';');
                }
                sb.append(idx[i]);
            }
            sb.append(',');
            write(f.base(), sb);
            sb.append(')');
        } else if (k instanceof SetKernel s) {
            sb.append("set(");
            write(s.instance(), sb);
            sb.append(')');
        } else if (k instanceof KernelCombination c) {
            writeCombined(c, sb);
        } else {
            throw new IllegalArgumentException("cannot format kernel of type " + k.getClass().getName()
                    + "; only the kernels named in Kernels (" + String.join(", ", VECTOR_NAMES) + ", set) can be written");
        }
    }

    /**
     * A learned combination sum_m mu_m s_m k_m as {@code sum(w_1*K_1,...)} over the kernels with mu_m &gt; 0
     * (w_m = mu_m s_m); parsed back it is a {@link WeightedSumKernel} of the same values (evaluated kernel by
     * kernel instead of on the shared fast path, so equal up to rounding). A {@link GroupGaussianKernel} of width
     * sigma &gt; 0 is written as the Gaussian of gamma = 1 / sigma on its features (one rounding more).
     */
    private static void writeCombined(KernelCombination c, StringBuilder sb) {
        double[] mu = c.weights();
        sb.append("sum(");
        boolean first = true;
        for (int m = 0; m < mu.length; m++) {
            if (mu[m] == 0) {
                continue;
            }
            if (!first) {
                sb.append(',');
            }
            first = false;
            sb.append(mu[m] * c.scale(m)).append('*');
            Kernel<Vec> k = c.kernel(m);
            if (k instanceof GroupGaussianKernel g && g.width() > 0) {
                // exp(-||x_G - z_G||^2 / sigma) as the Gaussian of gamma = 1 / sigma on the features of G
                int[] idx = g.features();
                Kernel<Vec> gauss = new GaussianKernel(1.0 / g.width());
                write(idx.length == 1 ? new SingleFeatureKernel(idx[0], gauss) : new FeatureSubsetKernel(idx, gauss), sb);
            } else {
                write(k, sb);
            }
        }
        if (first) {
            throw new IllegalArgumentException("cannot format a learned kernel whose weights are all zero");
        }
        sb.append(')');
    }

    /** Recursive-descent parser over a token list (words and the punctuation : , ( ) = *). */
    private static final class Parser {
        private static final String PUNCT = ":,()=*";
        private final String src;
        private final List<String> tokens = new ArrayList<>();
        private final List<Integer> positions = new ArrayList<>();
        private int pos;

        Parser(String spec) {
            if (spec == null || spec.isBlank()) {
                throw new IllegalArgumentException("kernel spec must not be empty; known kernels: "
                        + String.join(", ", VECTOR_NAMES));
            }
            this.src = spec;
            int i = 0;
            while (i < spec.length()) {
                char c = spec.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (PUNCT.indexOf(c) >= 0) {
                    tokens.add(String.valueOf(c));
                    positions.add(i);
                    i++;
                } else {
                    int start = i;
                    while (i < spec.length() && !Character.isWhitespace(spec.charAt(i))
                            && PUNCT.indexOf(spec.charAt(i)) < 0) {
                        i++;
                    }
                    tokens.add(spec.substring(start, i));
                    positions.add(start);
                }
            }
        }

        private String peek(int ahead) {
            int p = pos + ahead;
            return p < tokens.size() ? tokens.get(p) : null;
        }

        private static boolean isWord(String t) {
            return t != null && !(t.length() == 1 && PUNCT.indexOf(t.charAt(0)) >= 0);
        }

        private IllegalArgumentException syntax(String what) {
            int at = pos < positions.size() ? positions.get(pos) : src.length();
            String found = pos < tokens.size() ? "'" + tokens.get(pos) + "'" : "end of input";
            return new IllegalArgumentException("bad kernel spec '" + src + "' at position " + at + ": expected "
                    + what + ", found " + found);
        }

        private void expect(String punct) {
            if (!punct.equals(peek(0))) {
                throw syntax("'" + punct + "'");
            }
            pos++;
        }

        private String word(String what) {
            String t = peek(0);
            if (!isWord(t)) {
                throw syntax(what);
            }
            pos++;
            return t;
        }

        void expectEnd() {
            if (pos != tokens.size()) {
                throw syntax("end of input");
            }
        }

        Kernel<Vec> vectorKernel() {
            int at = pos;
            String name = word("a kernel name");
            switch (name) {
                case "linear", "polynomial", "gaussian", "weighted-gaussian", "laplacian", "sigmoid", "exp-chi2",
                        "inverse-distance", "inverse-squared-distance" -> {
                    return simple(name, colonParams(name));
                }
                case "normalized" -> {
                    Composite<Vec> c = composite(name, Set.of(), this::vectorKernel);
                    return new NormalizedKernel<>(c.single(name));
                }
                case "power" -> {
                    Composite<Vec> c = composite(name, Set.of("p"), this::vectorKernel);
                    return build(name, () -> new PowerKernel<>(c.single(name), c.intParam(name, "p")));
                }
                case "sum" -> {
                    Composite<Vec> c = composite(name, Set.of(), this::vectorKernel);
                    return build(name, () -> new WeightedSumKernel<>(c.kernels, c.weights));
                }
                case "feature" -> {
                    Composite<Vec> c = composite(name, Set.of("index"), this::vectorKernel);
                    return build(name, () -> new SingleFeatureKernel(c.intParam(name, "index"), c.single(name)));
                }
                case "features" -> {
                    Composite<Vec> c = composite(name, Set.of("indices"), this::vectorKernel);
                    int[] idx = c.intListParam(name, "indices");
                    return build(name, () -> new FeatureSubsetKernel(idx, c.single(name)));
                }
                default -> {
                    pos = at;
                    throw unknown(name, VECTOR_NAMES);
                }
            }
        }

        Kernel<Bag> bagKernel() {
            int at = pos;
            String name = word("a bag kernel name");
            switch (name) {
                case "set" -> {
                    Composite<Vec> c = composite(name, Set.of(), this::vectorKernel);
                    return new SetKernel(c.single(name));
                }
                case "normalized" -> {
                    Composite<Bag> c = composite(name, Set.of(), this::bagKernel);
                    return new NormalizedKernel<>(c.single(name));
                }
                case "power" -> {
                    Composite<Bag> c = composite(name, Set.of("p"), this::bagKernel);
                    return build(name, () -> new PowerKernel<>(c.single(name), c.intParam(name, "p")));
                }
                case "sum" -> {
                    Composite<Bag> c = composite(name, Set.of(), this::bagKernel);
                    return build(name, () -> new WeightedSumKernel<>(c.kernels, c.weights));
                }
                default -> {
                    pos = at;
                    throw unknown(name, BAG_NAMES);
                }
            }
        }

        private IllegalArgumentException unknown(String name, List<String> known) {
            return new IllegalArgumentException("unknown kernel '" + name + "' in '" + src + "'; known: "
                    + String.join(", ", known));
        }

        private Map<String, String> colonParams(String kernel) {
            Map<String, String> params = new LinkedHashMap<>();
            if (!":".equals(peek(0))) {
                return params;
            }
            pos++;
            while (true) {
                String key = word("a parameter name for " + kernel);
                expect("=");
                String value = word("a value for parameter '" + key + "' of " + kernel);
                if (params.put(key, value) != null) {
                    throw new IllegalArgumentException("parameter '" + key + "' of " + kernel + " given twice in '"
                            + src + "'");
                }
                if (",".equals(peek(0)) && isWord(peek(1)) && "=".equals(peek(2))) {
                    pos++;
                } else {
                    return params;
                }
            }
        }

        private Kernel<Vec> simple(String name, Map<String, String> params) {
            Params p = new Params(name, params);
            return switch (name) {
                case "linear" -> p.build(List.of(), LinearKernel::new);
                case "polynomial" -> p.build(List.of("degree", "gamma", "offset"),
                        () -> new PolynomialKernel(p.integer("degree"), p.real("gamma"), p.real("offset")));
                case "gaussian" -> p.build(List.of("gamma"), () -> new GaussianKernel(p.real("gamma")));
                case "weighted-gaussian" -> p.build(List.of("gamma", "weights"),
                        () -> new WeightedGaussianKernel(p.real("gamma"), p.reals("weights")));
                case "laplacian" -> p.build(List.of("gamma"), () -> new LaplacianKernel(p.real("gamma")));
                case "sigmoid" -> p.build(List.of("gamma", "offset"),
                        () -> new SigmoidKernel(p.real("gamma"), p.real("offset")));
                case "exp-chi2" -> p.build(List.of("gamma"), () -> new ExponentialChiSquareKernel(p.real("gamma")));
                case "inverse-distance" -> p.build(List.of("gamma"), () -> new InverseDistanceKernel(p.real("gamma")));
                case "inverse-squared-distance" -> p.build(List.of("gamma"),
                        () -> new InverseSquaredDistanceKernel(p.real("gamma")));
                default -> throw unknown(name, VECTOR_NAMES);
            };
        }

        private <T> Composite<T> composite(String name, Set<String> allowed, java.util.function.Supplier<Kernel<T>> inner) {
            Composite<T> c = new Composite<>();
            expect("(");
            while (true) {
                if (isWord(peek(0)) && "=".equals(peek(1))) {
                    String key = word("a parameter name");
                    if (!allowed.contains(key)) {
                        throw new IllegalArgumentException("unknown parameter '" + key + "' for " + name + " in '" + src
                                + "'; known: " + (allowed.isEmpty() ? "none" : String.join(", ", allowed)));
                    }
                    if (!c.kernels.isEmpty()) {
                        throw syntax("the parameters of " + name + " before its kernels");
                    }
                    pos++;
                    String value = word("a value for parameter '" + key + "' of " + name);
                    if (c.params.put(key, value) != null) {
                        throw new IllegalArgumentException("parameter '" + key + "' of " + name + " given twice in '"
                                + src + "'");
                    }
                } else {
                    double weight = 1.0;
                    if (isWord(peek(0)) && "*".equals(peek(1))) {
                        if (!name.equals("sum")) {
                            throw syntax("a kernel (weights 'w*' are only allowed in sum)");
                        }
                        String w = word("a weight");
                        weight = parseReal(name, "weight", w);
                        pos++;
                    }
                    c.kernels.add(inner.get());
                    c.weights.add(weight);
                }
                if (",".equals(peek(0))) {
                    pos++;
                } else {
                    break;
                }
            }
            expect(")");
            for (String key : allowed) {
                if (!c.params.containsKey(key)) {
                    throw new IllegalArgumentException("missing parameter '" + key + "' for " + name + " in '" + src + "'");
                }
            }
            if (c.kernels.isEmpty()) {
                throw new IllegalArgumentException(name + " needs at least one kernel in '" + src + "'");
            }
            return c;
        }

        private <K> K build(String name, java.util.function.Supplier<K> make) {
            try {
                return make.get();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + " in '" + src + "': " + e.getMessage(), e);
            }
        }

        private double parseReal(String kernel, String key, String value) {
            try {
                return Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("parameter '" + key + "' of " + kernel + " must be a number, got '"
                        + value + "' in '" + src + "'", e);
            }
        }

        private int parseInt(String kernel, String key, String value) {
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("parameter '" + key + "' of " + kernel + " must be an integer, got '"
                        + value + "' in '" + src + "'", e);
            }
        }

        /** The parsed contents of NAME( ... ). */
        private final class Composite<T> {
            final Map<String, String> params = new LinkedHashMap<>();
            final List<Kernel<T>> kernels = new ArrayList<>();
            final List<Double> weights = new ArrayList<>();

            Kernel<T> single(String name) {
                if (kernels.size() != 1) {
                    throw new IllegalArgumentException(name + " takes exactly one kernel, got " + kernels.size()
                            + " in '" + src + "'");
                }
                if (weights.get(0) != 1.0) {
                    throw new IllegalArgumentException(name + " takes no weight in '" + src + "'");
                }
                return kernels.get(0);
            }

            int intParam(String name, String key) {
                return parseInt(name, key, params.get(key));
            }

            int[] intListParam(String name, String key) {
                String[] parts = params.get(key).split(";", -1);
                int[] out = new int[parts.length];
                for (int i = 0; i < parts.length; i++) {
                    out[i] = parseInt(name, key, parts[i]);
                }
                return out;
            }
        }

        /** The key=value parameters of one simple kernel. */
        private final class Params {
            private final String kernel;
            private final Map<String, String> values;

            Params(String kernel, Map<String, String> values) {
                this.kernel = kernel;
                this.values = values;
            }

            Kernel<Vec> build(List<String> known, java.util.function.Supplier<Kernel<Vec>> make) {
                for (String key : values.keySet()) {
                    if (!known.contains(key)) {
                        throw new IllegalArgumentException("unknown parameter '" + key + "' for " + kernel + " in '" + src
                                + "'; known: " + (known.isEmpty() ? "none" : String.join(", ", known)));
                    }
                }
                for (String key : known) {
                    if (!values.containsKey(key)) {
                        throw new IllegalArgumentException("missing parameter '" + key + "' for " + kernel + " in '" + src
                                + "' (expected " + kernel + ":" + String.join("=..,", known) + "=..)");
                    }
                }
                try {
                    return make.get();
                } catch (IllegalArgumentException e) {
                    if (e.getMessage() != null && e.getMessage().contains("' in '" + src)) {
                        throw e;
                    }
                    throw new IllegalArgumentException(kernel + " in '" + src + "': " + e.getMessage(), e);
                }
            }

            double real(String key) {
                return parseReal(kernel, key, values.get(key));
            }

            int integer(String key) {
                return parseInt(kernel, key, values.get(key));
            }

            /** A ';'-separated list of numbers, e.g. {@code 1.0;0.0;2.5}. */
            double[] reals(String key) {
                String[] parts = values.get(key).split(";", -1);
                double[] out = new double[parts.length];
                for (int i = 0; i < parts.length; i++) {
                    out[i] = parseReal(kernel, key, parts[i]);
                }
                return out;
            }
        }
    }
}
