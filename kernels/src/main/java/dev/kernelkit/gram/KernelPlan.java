package dev.kernelkit.gram;

import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.GroupGaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a list of base kernels is evaluated with shared work: kernels on the same feature subset
 * (all variables, one variable j, or an ordered feature group G of a {@link GroupGaussianKernel}) read
 * one inner product and one squared distance per pair of points; Gaussian kernels whose widths differ by
 * a factor 2^s share one {@code exp} per pair (exp(-2^s g d) is exp(-g d) squared s times; the SimpleMKL
 * bandwidths 2^-3..2^6 differ by factors of 4, so the ten Gaussians of a subset cost one exp). Members of
 * a group: Gaussian chains exp(-gamma d), group Gaussians exp(-d / sigma) (1 for sigma = 0), polynomials
 * (gamma dot + offset)^degree. Any other kernel is evaluated on its own ("generic"). Groups come in the
 * order of their first Gaussian, then of their first group Gaussian, then of their first polynomial.
 * Moved here from mkl-softmargin with its arithmetic unchanged; the group Gaussians are the base kernels
 * of IMKPL, with the arithmetic of its former evaluator. Immutable.
 */
final class KernelPlan {
    /** Subset id of the all-variables group. */
    static final int ALL = -1;
    /** Subset id of a group on an ordered list of two or more features ({@link Group#features}). */
    static final int LIST = -2;

    /** Kernels on one feature subset. */
    static final class Group {
        /** {@link #ALL}, a feature index j, or {@link #LIST}. */
        final int feature;
        /** The features of a {@link #LIST} group in their order; null otherwise. */
        final int[] features;
        /** Gaussian chains: base gamma, then members (kernel index, squarings) sorted by squarings. */
        final double[] chainGamma;
        final int[][] chainKernel;
        final int[][] chainSquarings;
        /** Polynomial (and linear) members: (gamma dot + offset)^degree. */
        final int[] polyKernel;
        final int[] polyDegree;
        final double[] polyGamma;
        final double[] polyOffset;
        /** Group Gaussian members exp(-dist / sigma), 1 for sigma = 0 ({@link GroupGaussianKernel}). */
        final int[] widthKernel;
        final double[] width;

        Group(int feature, int[] features, double[] chainGamma, int[][] chainKernel, int[][] chainSquarings,
              int[] widthKernel, double[] width, int[] polyKernel, int[] polyDegree, double[] polyGamma,
              double[] polyOffset) {
            this.feature = feature;
            this.features = features;
            this.widthKernel = widthKernel;
            this.width = width;
            this.chainGamma = chainGamma;
            this.chainKernel = chainKernel;
            this.chainSquarings = chainSquarings;
            this.polyKernel = polyKernel;
            this.polyDegree = polyDegree;
            this.polyGamma = polyGamma;
            this.polyOffset = polyOffset;
        }

        /** Whether a member reads the inner product (a polynomial); the others read the squared distance only. */
        boolean needsDot() {
            return polyKernel.length > 0;
        }

        /** Whether any member has a non-zero weight. */
        boolean active(double[] w) {
            for (int[] chain : chainKernel) {
                for (int m : chain) {
                    if (w[m] != 0) {
                        return true;
                    }
                }
            }
            for (int m : widthKernel) {
                if (w[m] != 0) {
                    return true;
                }
            }
            for (int m : polyKernel) {
                if (w[m] != 0) {
                    return true;
                }
            }
            return false;
        }

        /** The largest feature index the group reads (-1 for the all-variables group). */
        int maxFeature() {
            if (feature == LIST) {
                int max = 0;
                for (int f : features) {
                    max = Math.max(max, f);
                }
                return max;
            }
            return feature;
        }

        /** sum_m w_m k_m for one pair with the given inner product and squared distance. */
        double weighted(double dot, double dist, double[] w) {
            double s = 0;
            for (int c = 0; c < chainGamma.length; c++) {
                int[] ks = chainKernel[c];
                int[] sq = chainSquarings[c];
                int last = -1;
                for (int k = ks.length - 1; k >= 0; k--) {
                    if (w[ks[k]] != 0) {
                        last = k;
                        break;
                    }
                }
                if (last < 0) {
                    continue;
                }
                double v = Math.exp(-chainGamma[c] * dist);
                int cur = 0;
                for (int k = 0; k <= last; k++) {
                    while (cur < sq[k]) {
                        v *= v;
                        cur++;
                    }
                    double wk = w[ks[k]];
                    if (wk != 0) {
                        s += wk * v;
                    }
                }
            }
            for (int k = 0; k < widthKernel.length; k++) {
                double wk = w[widthKernel[k]];
                if (wk != 0) {
                    s += wk * widthValue(dist, width[k]);
                }
            }
            for (int k = 0; k < polyKernel.length; k++) {
                double wk = w[polyKernel[k]];
                if (wk != 0) {
                    s += wk * intPow(polyGamma[k] * dot + polyOffset[k], polyDegree[k]);
                }
            }
            return s;
        }

        /**
         * The partial derivatives of sum_m w_m k_m for one pair with inner product {@code dot} and squared distance
         * {@code dist}: out[0] = d/d dot (polynomials p g (g dot + c)^(p-1)), out[1] = d/d dist (a Gaussian of
         * chain width g squared s times, exp(-2^s g dist): -2^s g times its value; a group Gaussian: -exp(-dist /
         * sigma) / sigma, 0 for sigma = 0). Chain values as in {@link #weighted}.
         */
        void derivatives(double dot, double dist, double[] w, double[] out) {
            double dDot = 0, dDist = 0;
            for (int c = 0; c < chainGamma.length; c++) {
                int[] ks = chainKernel[c];
                int[] sq = chainSquarings[c];
                double v = Math.exp(-chainGamma[c] * dist);
                int cur = 0;
                for (int k = 0; k < ks.length; k++) {
                    double wk = w[ks[k]];
                    if (wk == 0) {
                        continue;
                    }
                    while (cur < sq[k]) {
                        v *= v;
                        cur++;
                    }
                    dDist -= wk * Math.scalb(chainGamma[c], sq[k]) * v;
                }
            }
            for (int k = 0; k < widthKernel.length; k++) {
                double wk = w[widthKernel[k]];
                if (wk != 0 && width[k] != 0) {
                    dDist -= wk * widthValue(dist, width[k]) / width[k];
                }
            }
            for (int k = 0; k < polyKernel.length; k++) {
                double wk = w[polyKernel[k]];
                if (wk != 0) {
                    dDot += wk * polyDegree[k] * polyGamma[k] * intPow(polyGamma[k] * dot + polyOffset[k], polyDegree[k] - 1);
                }
            }
            out[0] = dDot;
            out[1] = dDist;
        }

        /**
         * The members with w_m != 0 and their weights, flattened for {@link Active#weighted}, or
         * null when none is active.
         */
        Active compile(double[] w) {
            int chains = 0, steps = 0, polys = 0;
            for (int c = 0; c < chainGamma.length; c++) {
                int last = lastActive(c, w);
                if (last >= 0) {
                    chains++;
                    steps += last + 1;
                }
            }
            int widths = 0;
            for (int m : widthKernel) {
                widths += w[m] != 0 ? 1 : 0;
            }
            for (int m : polyKernel) {
                polys += w[m] != 0 ? 1 : 0;
            }
            if (chains == 0 && polys == 0 && widths == 0) {
                return null;
            }
            double[] gam = new double[chains];
            int[] end = new int[chains];
            int[] sq = new int[steps];
            double[] wt = new double[steps];
            int ci = 0, si = 0;
            for (int c = 0; c < chainGamma.length; c++) {
                int last = lastActive(c, w);
                if (last < 0) {
                    continue;
                }
                gam[ci] = chainGamma[c];
                int prev = 0;
                for (int k = 0; k <= last; k++) {
                    sq[si] = chainSquarings[c][k] - prev;
                    prev = chainSquarings[c][k];
                    wt[si] = w[chainKernel[c][k]];
                    si++;
                }
                end[ci++] = si;
            }
            double[] ws = new double[widths], ww = new double[widths];
            int wi = 0;
            for (int k = 0; k < widthKernel.length; k++) {
                double wk = w[widthKernel[k]];
                if (wk != 0) {
                    ws[wi] = width[k];
                    ww[wi++] = wk;
                }
            }
            int[] deg = new int[polys];
            double[] pg = new double[polys], po = new double[polys], pw = new double[polys];
            int pi = 0;
            for (int k = 0; k < polyKernel.length; k++) {
                double wk = w[polyKernel[k]];
                if (wk != 0) {
                    deg[pi] = polyDegree[k];
                    pg[pi] = polyGamma[k];
                    po[pi] = polyOffset[k];
                    pw[pi++] = wk;
                }
            }
            return new Active(feature, features, gam, end, sq, wt, ws, ww, deg, pg, po, pw);
        }

        private int lastActive(int c, double[] w) {
            int[] ks = chainKernel[c];
            for (int k = ks.length - 1; k >= 0; k--) {
                if (w[ks[k]] != 0) {
                    return k;
                }
            }
            return -1;
        }

        /**
         * Column-wise quadratic-form accumulation: acc[m] += sum_c coef[c] k_m(pair c) for every member m
         * (unscaled), the pairs given by their inner products dot[c] and squared distances dist[c], c &lt; count.
         * Loops over c innermost (the JIT vectorises the squarings); tmp is scratch of length &ge; count.
         */
        void accumulateForms(double[] dot, double[] dist, double[] coef, int count, double[] acc, double[] tmp) {
            forEachMember(dot, dist, count, tmp, (m, values) -> acc[m] += dotProduct(coef, values, count));
        }

        /** Receives one member's values over the pairs (valid until the next call). */
        @FunctionalInterface
        interface MemberValues {
            void accept(int m, double[] values);
        }

        /**
         * Every member's unscaled values k_m(pair c), c &lt; count, in tmp, handed to visit member by member: per
         * chain one exp, then the squarings up to each member; then each group Gaussian; then each polynomial.
         */
        private void forEachMember(double[] dot, double[] dist, int count, double[] tmp, MemberValues visit) {
            for (int ch = 0; ch < chainGamma.length; ch++) {
                double g = -chainGamma[ch];
                for (int c = 0; c < count; c++) {
                    tmp[c] = Math.exp(g * dist[c]);
                }
                int[] ks = chainKernel[ch];
                int[] sq = chainSquarings[ch];
                int cur = 0;
                for (int k = 0; k < ks.length; k++) {
                    squareInPlace(tmp, count, sq[k] - cur);
                    cur = sq[k];
                    visit.accept(ks[k], tmp);
                }
            }
            for (int k = 0; k < widthKernel.length; k++) {
                widthValues(dist, count, width[k], false, tmp);
                visit.accept(widthKernel[k], tmp);
            }
            for (int k = 0; k < polyKernel.length; k++) {
                powers(dot, count, polyGamma[k], polyOffset[k], polyDegree[k], tmp);
                visit.accept(polyKernel[k], tmp);
            }
        }

        /**
         * Column-wise product accumulation for one point x_j against count points: out[v][m][c] += coef[v] k_m(pair c)
         * for every member m and every vector v with coef[v] != 0 (unscaled), the pairs given by dot[c] and
         * dist[c]. The loops over c are axpys the JIT vectorises; tmp is scratch of length &ge; count.
         */
        void accumulateProducts(double[] dot, double[] dist, int count, double[] coef, double[][][] out, double[] tmp) {
            forEachMember(dot, dist, count, tmp, (m, values) -> axpyEach(coef, out, m, values, 0, count));
        }

        /** Writes every member's value k_m (unscaled) for one pair into out[m]. */
        void values(double dot, double dist, double[] out) {
            for (int c = 0; c < chainGamma.length; c++) {
                int[] ks = chainKernel[c];
                int[] sq = chainSquarings[c];
                double v = Math.exp(-chainGamma[c] * dist);
                int cur = 0;
                for (int k = 0; k < ks.length; k++) {
                    while (cur < sq[k]) {
                        v *= v;
                        cur++;
                    }
                    out[ks[k]] = v;
                }
            }
            for (int k = 0; k < widthKernel.length; k++) {
                out[widthKernel[k]] = widthValue(dist, width[k]);
            }
            for (int k = 0; k < polyKernel.length; k++) {
                out[polyKernel[k]] = intPow(polyGamma[k] * dot + polyOffset[k], polyDegree[k]);
            }
        }

        /** The value k_m (unscaled) of member m for one pair, with the arithmetic of {@link #values}. */
        double value(int m, double dot, double dist) {
            for (int c = 0; c < chainGamma.length; c++) {
                int[] ks = chainKernel[c];
                for (int k = 0; k < ks.length; k++) {
                    if (ks[k] == m) {
                        double v = Math.exp(-chainGamma[c] * dist);
                        for (int t = chainSquarings[c][k]; t > 0; t--) {
                            v *= v;
                        }
                        return v;
                    }
                }
            }
            for (int k = 0; k < widthKernel.length; k++) {
                if (widthKernel[k] == m) {
                    return widthValue(dist, width[k]);
                }
            }
            for (int k = 0; k < polyKernel.length; k++) {
                if (polyKernel[k] == m) {
                    return intPow(polyGamma[k] * dot + polyOffset[k], polyDegree[k]);
                }
            }
            throw new IllegalArgumentException("kernel " + m + " is not a member of this group");
        }
    }

    /** The active members of one group with their weights: sum_m w_m k_m for a pair in a tight loop. */
    static final class Active {
        final int feature;
        /** The features of a {@link #LIST} group; null otherwise. */
        final int[] features;
        private final double[] chainGamma;
        private final int[] chainEnd;
        private final int[] squarings;
        private final double[] chainWeight;
        private final double[] width;
        private final double[] widthWeight;
        private final int[] degree;
        private final double[] polyGamma;
        private final double[] polyOffset;
        private final double[] polyWeight;

        Active(int feature, int[] features, double[] chainGamma, int[] chainEnd, int[] squarings, double[] chainWeight,
               double[] width, double[] widthWeight, int[] degree, double[] polyGamma, double[] polyOffset,
               double[] polyWeight) {
            this.feature = feature;
            this.features = features;
            this.width = width;
            this.widthWeight = widthWeight;
            this.chainGamma = chainGamma;
            this.chainEnd = chainEnd;
            this.squarings = squarings;
            this.chainWeight = chainWeight;
            this.degree = degree;
            this.polyGamma = polyGamma;
            this.polyOffset = polyOffset;
            this.polyWeight = polyWeight;
        }

        /** Whether an active member reads the inner product (a polynomial). */
        boolean needsDot() {
            return degree.length > 0;
        }

        /**
         * Column-wise row evaluation: out[c] += sum over the active members of w_m k_m for the pairs with inner
         * products dot[c] and squared distances dist[c], c &lt; count. Same member values as
         * {@link #weighted(double, double)} (one exp per chain, then squarings), summed member by member; the
         * loops over c are innermost so that the JIT vectorises the squarings and sums. tmp is scratch of length
         * &ge; count. With {@code reciprocalWidth} the group Gaussians are exp(-dist (1 / sigma)) instead of
         * exp(-dist / sigma): the arithmetic of IMKPL's test-point rows, which its models have always used (the two
         * differ in the last bit at most; kept so that its results stay bit-identical).
         */
        void accumulate(double[] dot, double[] dist, int count, double[] out, double[] tmp, boolean reciprocalWidth) {
            int k = 0;
            for (int ch = 0; ch < chainGamma.length; ch++) {
                double g = -chainGamma[ch];
                for (int c = 0; c < count; c++) {
                    tmp[c] = Math.exp(g * dist[c]);
                }
                for (int end = chainEnd[ch]; k < end; k++) {
                    squareInPlace(tmp, count, squarings[k]);
                    double wk = chainWeight[k];
                    for (int c = 0; c < count; c++) {
                        out[c] += wk * tmp[c];
                    }
                }
            }
            for (int q = 0; q < width.length; q++) {
                // out[c] += w_q widthValue(dist[c]) in one pass (the same products as through tmp)
                double wq = widthWeight[q];
                double sg = width[q];
                if (sg == 0) {
                    for (int c = 0; c < count; c++) {
                        out[c] += wq * 1.0;
                    }
                } else if (reciprocalWidth) {
                    double inv = 1.0 / sg;
                    for (int c = 0; c < count; c++) {
                        out[c] += wq * Math.exp(-dist[c] * inv);
                    }
                } else {
                    for (int c = 0; c < count; c++) {
                        out[c] += wq * Math.exp(-dist[c] / sg);
                    }
                }
            }
            for (int p = 0; p < degree.length; p++) {
                powers(dot, count, polyGamma[p], polyOffset[p], degree[p], tmp);
                double wp = polyWeight[p];
                for (int c = 0; c < count; c++) {
                    out[c] += wp * tmp[c];
                }
            }
        }

        double weighted(double dot, double dist) {
            double s = 0;
            int k = 0;
            for (int c = 0; c < chainGamma.length; c++) {
                double v = Math.exp(-chainGamma[c] * dist);
                int end = chainEnd[c];
                for (; k < end; k++) {
                    for (int t = squarings[k]; t > 0; t--) {
                        v *= v;
                    }
                    s += chainWeight[k] * v;
                }
            }
            for (int q = 0; q < width.length; q++) {
                s += widthWeight[q] * widthValue(dist, width[q]);
            }
            for (int p = 0; p < degree.length; p++) {
                double b = polyGamma[p] * dot + polyOffset[p];
                double v = switch (degree[p]) {
                    case 1 -> b;
                    case 2 -> b * b;
                    case 3 -> b * b * b;
                    default -> intPow(b, degree[p]);
                };
                s += polyWeight[p] * v;
            }
            return s;
        }
    }

    /** The active groups for weights w (groups with no active member left out). */
    Active[] compile(double[] w) {
        return groups.stream().map(g -> g.compile(w)).filter(a -> a != null).toArray(Active[]::new);
    }

    final int count;
    final List<Group> groups;
    /** Kernel indices evaluated on their own. */
    final int[] generic;
    /** The group of every kernel (its index in {@link #groups}), -1 for a generic kernel. */
    final int[] groupOf;

    private KernelPlan(int count, List<Group> groups, int[] generic) {
        this.count = count;
        this.groups = groups;
        this.generic = generic;
        this.groupOf = new int[count];
        Arrays.fill(groupOf, -1);
        for (int gi = 0; gi < groups.size(); gi++) {
            Group g = groups.get(gi);
            for (int[] chain : g.chainKernel) {
                for (int m : chain) {
                    groupOf[m] = gi;
                }
            }
            for (int m : g.widthKernel) {
                groupOf[m] = gi;
            }
            for (int m : g.polyKernel) {
                groupOf[m] = gi;
            }
        }
    }

    static KernelPlan of(List<? extends Kernel<Vec>> kernels) {
        // subset keys: [] = all variables, [j] = feature j, [f1, f2, ...] = an ordered feature group
        Map<List<Integer>, List<Integer>> gauss = new LinkedHashMap<>();
        Map<List<Integer>, List<Integer>> widths = new LinkedHashMap<>();
        Map<List<Integer>, List<Integer>> poly = new LinkedHashMap<>();
        List<Integer> generic = new ArrayList<>();
        for (int m = 0; m < kernels.size(); m++) {
            Kernel<Vec> k = kernels.get(m);
            List<Integer> subset = List.of();
            if (k instanceof SingleFeatureKernel sf) {
                subset = List.of(sf.feature());
                k = sf.base();
            }
            if (k instanceof GaussianKernel) {
                gauss.computeIfAbsent(subset, f -> new ArrayList<>()).add(m);
            } else if (k instanceof PolynomialKernel || k instanceof LinearKernel) {
                poly.computeIfAbsent(subset, f -> new ArrayList<>()).add(m);
            } else if (k instanceof GroupGaussianKernel g && subset.isEmpty()) {
                List<Integer> key = new ArrayList<>();
                for (int f : g.features()) {
                    key.add(f);
                }
                widths.computeIfAbsent(List.copyOf(key), f -> new ArrayList<>()).add(m);
            } else {
                generic.add(m);
            }
        }
        // insertion-ordered and without repeats: Gaussian subsets first, then group-Gaussian ones, then polynomial ones
        java.util.Set<List<Integer>> subsets = new java.util.LinkedHashSet<>(gauss.keySet());
        subsets.addAll(widths.keySet());
        subsets.addAll(poly.keySet());
        List<Group> groups = new ArrayList<>();
        for (List<Integer> f : subsets) {
            groups.add(group(f, gauss.getOrDefault(f, List.of()), widths.getOrDefault(f, List.of()),
                    poly.getOrDefault(f, List.of()), kernels));
        }
        return new KernelPlan(kernels.size(), List.copyOf(groups), generic.stream().mapToInt(Integer::intValue).toArray());
    }

    private static Kernel<Vec> base(Kernel<Vec> k) {
        return k instanceof SingleFeatureKernel sf ? sf.base() : k;
    }

    private static Group group(List<Integer> subset, List<Integer> gauss, List<Integer> widthMembers, List<Integer> poly,
                               List<? extends Kernel<Vec>> kernels) {
        int feature = subset.isEmpty() ? ALL : subset.size() == 1 ? subset.get(0) : LIST;
        int[] features = feature == LIST ? subset.stream().mapToInt(Integer::intValue).toArray() : null;
        List<Integer> sorted = new ArrayList<>(gauss);
        sorted.sort(Comparator.comparingDouble(m -> ((GaussianKernel) base(kernels.get(m))).gamma()));
        List<Double> bases = new ArrayList<>();
        List<List<int[]>> members = new ArrayList<>();
        for (int m : sorted) {
            double g = ((GaussianKernel) base(kernels.get(m))).gamma();
            boolean placed = false;
            for (int c = 0; c < bases.size() && !placed; c++) {
                int s = exactPowerOfTwo(g / bases.get(c));
                if (s >= 0 && s <= 30 && bases.get(c) * Math.scalb(1.0, s) == g) {
                    members.get(c).add(new int[] {m, s});
                    placed = true;
                }
            }
            if (!placed) {
                bases.add(g);
                List<int[]> list = new ArrayList<>();
                list.add(new int[] {m, 0});
                members.add(list);
            }
        }
        double[] chainGamma = bases.stream().mapToDouble(Double::doubleValue).toArray();
        int[][] chainKernel = new int[bases.size()][];
        int[][] chainSquarings = new int[bases.size()][];
        for (int c = 0; c < bases.size(); c++) {
            List<int[]> list = members.get(c);
            list.sort(Comparator.comparingInt(a -> a[1]));
            chainKernel[c] = list.stream().mapToInt(a -> a[0]).toArray();
            chainSquarings[c] = list.stream().mapToInt(a -> a[1]).toArray();
        }
        int[] widthKernel = widthMembers.stream().mapToInt(Integer::intValue).toArray();
        double[] width = new double[widthKernel.length];
        for (int k = 0; k < width.length; k++) {
            width[k] = ((GroupGaussianKernel) kernels.get(widthKernel[k])).width();
        }
        int p = poly.size();
        int[] polyKernel = new int[p];
        int[] degree = new int[p];
        double[] gamma = new double[p];
        double[] offset = new double[p];
        for (int k = 0; k < p; k++) {
            int m = poly.get(k);
            polyKernel[k] = m;
            if (base(kernels.get(m)) instanceof PolynomialKernel pk) {
                degree[k] = pk.degree();
                gamma[k] = pk.gamma();
                offset[k] = pk.offset();
            } else {
                degree[k] = 1;
                gamma[k] = 1.0;
                offset[k] = 0.0;
            }
        }
        return new Group(feature, features, chainGamma, chainKernel, chainSquarings, widthKernel, width, polyKernel,
                degree, gamma, offset);
    }

    /** s with ratio == 2^s exactly, or -1. */
    private static int exactPowerOfTwo(double ratio) {
        if (!(ratio >= 1) || !Double.isFinite(ratio)) {
            return -1;
        }
        int e = Math.getExponent(ratio);
        return Math.scalb(1.0, e) == ratio ? e : -1;
    }

    /** Whether the plan needs the all-variables inner products. */
    boolean needsAll() {
        return groups.stream().anyMatch(g -> g.feature == ALL);
    }

    /** The largest feature index a group reads (-1 when only the all-variables group and generic kernels). */
    int maxFeature() {
        int max = -1;
        for (Group g : groups) {
            max = Math.max(max, g.maxFeature());
        }
        return max;
    }

    /** v[c] = v[c]^(2^times) for c &lt; count, two squarings per pass. */
    static void squareInPlace(double[] v, int count, int times) {
        for (; times >= 2; times -= 2) {
            for (int c = 0; c < count; c++) {
                double x = v[c] * v[c];
                v[c] = x * x;
            }
        }
        if (times == 1) {
            for (int c = 0; c < count; c++) {
                v[c] *= v[c];
            }
        }
    }

    /** out[c] = (gamma dot[c] + offset)^degree for c &lt; count, with the same products as {@link #intPow}. */
    static void powers(double[] dot, int count, double gamma, double offset, int degree, double[] out) {
        switch (degree) {
            case 1 -> {
                for (int c = 0; c < count; c++) {
                    out[c] = gamma * dot[c] + offset;
                }
            }
            case 2 -> {
                for (int c = 0; c < count; c++) {
                    double b = gamma * dot[c] + offset;
                    out[c] = b * b;
                }
            }
            case 3 -> {
                for (int c = 0; c < count; c++) {
                    double b = gamma * dot[c] + offset;
                    out[c] = b * b * b;
                }
            }
            default -> {
                for (int c = 0; c < count; c++) {
                    out[c] = intPow(gamma * dot[c] + offset, degree);
                }
            }
        }
    }

    /**
     * out[v][m][c] += coef[v] values[from + c] for c &lt; count and every v with coef[v] != 0: one kernel's
     * contribution to the per-kernel products of {@link BaseKernelMatrices#products} (the JIT vectorises it).
     */
    static void axpyEach(double[] coef, double[][][] out, int m, double[] values, int from, int count) {
        for (int v = 0; v < coef.length; v++) {
            double a = coef[v];
            if (a != 0) {
                double[] o = out[v][m];
                for (int c = 0; c < count; c++) {
                    o[c] += a * values[from + c];
                }
            }
        }
    }

    /** sum_c a[c] b[c] for c &lt; count, with four partial sums. */
    static double dotProduct(double[] a, double[] b, int count) {
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        int c = 0;
        for (; c + 3 < count; c += 4) {
            s0 += a[c] * b[c];
            s1 += a[c + 1] * b[c + 1];
            s2 += a[c + 2] * b[c + 2];
            s3 += a[c + 3] * b[c + 3];
        }
        for (; c < count; c++) {
            s0 += a[c] * b[c];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** A group Gaussian's value exp(-dist / sigma), 1 for sigma = 0 (the all-ones kernel of a constant group). */
    static double widthValue(double dist, double width) {
        return width == 0 ? 1.0 : Math.exp(-dist / width);
    }

    /**
     * out[c] = {@link #widthValue}(dist[c], width) for c &lt; count; with {@code reciprocal}, exp(-dist[c] (1 / width))
     * (see {@link Active#accumulate}).
     */
    static void widthValues(double[] dist, int count, double width, boolean reciprocal, double[] out) {
        if (width == 0) {
            Arrays.fill(out, 0, count, 1.0);
        } else if (reciprocal) {
            double inv = 1.0 / width;
            for (int c = 0; c < count; c++) {
                out[c] = Math.exp(-dist[c] * inv);
            }
        } else {
            for (int c = 0; c < count; c++) {
                out[c] = Math.exp(-dist[c] / width);
            }
        }
    }

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

    @Override
    public String toString() {
        return "KernelPlan(count=" + count + ", groups=" + groups.size() + ", generic=" + Arrays.toString(generic) + ")";
    }
}
