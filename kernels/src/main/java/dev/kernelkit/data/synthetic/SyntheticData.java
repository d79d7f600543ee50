package dev.kernelkit.data.synthetic;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded synthetic problems: {@link #twoMoons}, {@link #checkerboard} (2-D labelled points,
 * labels ±1), Breiman's {@link #ringnorm} (labels ±1, any dimension), the two multi-instance problems
 * of Fu et al., TNNLS 2013, Sec. V-A, Fig. 2: {@link #ringBags} (binary, Fig. 2(a)) and
 * {@link #fourGaussianBags} (three classes, Fig. 2(b)), and {@link #muskLikeBags}, a MUSK2-shaped
 * timing set.
 * All use {@code new SplittableRandom(seed)} only; points are returned in random order (the
 * classes interleaved) so that the first rows are not all of one class.
 */
public final class SyntheticData {
    /** Radius of the ring of {@link #ringBags}. */
    public static final double RING_RADIUS = 2.0;
    /** Standard deviation of the radial noise of ring instances in {@link #ringBags}. */
    public static final double RING_NOISE = 0.1;
    /** Standard deviation (per coordinate) of the centre instances in {@link #ringBags}. */
    public static final double CENTRE_SD = 0.3;
    /**
     * The four means of {@link #fourGaussianBags}, from the paper: μ1 = [-2, 2], μ2 = [2, 2],
     * μ3 = [2, -2], μ4 = [-2, -2].
     */
    private static final double[][] MU = {{-2, 2}, {2, 2}, {2, -2}, {-2, -2}};
    /** σ of the four Gaussians of {@link #fourGaussianBags}, from the paper. */
    public static final double FOUR_GAUSSIAN_SIGMA = 0.25;
    /** Class names of {@link #fourGaussianBags}, the paper's class numbers. */
    public static final List<String> FOUR_GAUSSIAN_CLASSES = List.of("1", "2", "3");

    private SyntheticData() {
    }

    /** The mean μ_k (k = 1..4) of {@link #fourGaussianBags}, as a fresh array. */
    public static double[] fourGaussianMean(int k) {
        if (k < 1 || k > 4) {
            throw new IllegalArgumentException("k must be in 1..4, got " + k);
        }
        return MU[k - 1].clone();
    }

    /**
     * Two interleaving half circles (as scikit-learn's {@code make_moons}, but with angles drawn
     * uniformly at random): the upper moon (cos t, sin t), t ~ U[0, π], has label -1; the lower
     * moon (1 - cos t, 0.5 - sin t) has label +1; both get isotropic Gaussian noise of standard
     * deviation {@code noise}. ⌈n/2⌉ points are on the upper moon.
     *
     * @throws IllegalArgumentException for n &lt; 2 or a negative or non-finite noise
     */
    public static LabeledDataset twoMoons(int n, double noise, long seed) {
        if (n < 2) {
            throw new IllegalArgumentException("n must be >= 2, got " + n);
        }
        if (!(noise >= 0) || !Double.isFinite(noise)) {
            throw new IllegalArgumentException("noise must be finite and >= 0, got " + noise);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        int nUpper = (n + 1) / 2;
        List<Vec> x = new ArrayList<>(n);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double t = Math.PI * rnd.nextDouble();
            double a;
            double b;
            if (i < nUpper) {
                a = Math.cos(t);
                b = Math.sin(t);
                y[i] = -1;
            } else {
                a = 1 - Math.cos(t);
                b = 0.5 - Math.sin(t);
                y[i] = 1;
            }
            x.add(DenseVec.of(a + noise * gaussian(rnd), b + noise * gaussian(rnd)));
        }
        return shuffled(x, y, rnd);
    }

    /**
     * Points uniform on the unit square [0, 1)², split into {@code cells} × {@code cells} equal
     * squares coloured like a checkerboard: label +1 when ⌊cells·x1⌋ + ⌊cells·x2⌋ is even, else
     * -1. No noise; the difficulty grows with {@code cells}.
     *
     * @throws IllegalArgumentException for n &lt; 1 or cells &lt; 2
     */
    public static LabeledDataset checkerboard(int n, int cells, long seed) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        if (cells < 2) {
            throw new IllegalArgumentException("cells must be >= 2, got " + cells);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>(n);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double a = rnd.nextDouble();
            double b = rnd.nextDouble();
            x.add(DenseVec.of(a, b));
            y[i] = checkerboardLabel(a, b, cells);
        }
        return new LabeledDataset(x, y);
    }

    /** The checkerboard label of the point (a, b): +1 when ⌊cells·a⌋ + ⌊cells·b⌋ is even. */
    public static double checkerboardLabel(double a, double b, int cells) {
        long s = (long) Math.floor(cells * a) + (long) Math.floor(cells * b);
        return (s & 1L) == 0 ? 1.0 : -1.0;
    }

    /**
     * Breiman's Ringnorm ("Bias, variance and arcing classifiers", Technical Report 460, UC Berkeley,
     * 1996; the "ringnorm" set of the Delve and Raetsch benchmarks, 20 features): class 1 ~ N(0, 4 I),
     * class 2 ~ N(a 1, I) with a = 2 / sqrt(dim). Class 1 gets label +1 and the first ⌈n/2⌉ points,
     * class 2 label -1 and the others (Breiman draws the class with probability 1/2; fixed counts keep
     * a sample's classes balanced); points in random order.
     *
     * @throws IllegalArgumentException for n &lt; 2 or dim &lt; 1
     */
    public static LabeledDataset ringnorm(int n, int dim, long seed) {
        if (n < 2) {
            throw new IllegalArgumentException("n must be >= 2, got " + n);
        }
        if (dim < 1) {
            throw new IllegalArgumentException("dim must be >= 1, got " + dim);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        int nFirst = (n + 1) / 2;
        double a = 2.0 / Math.sqrt(dim);
        List<Vec> x = new ArrayList<>(n);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            boolean first = i < nFirst;
            double[] v = new double[dim];
            for (int j = 0; j < dim; j++) {
                v[j] = first ? 2.0 * gaussian(rnd) : a + gaussian(rnd);
            }
            x.add(DenseVec.wrap(v));
            y[i] = first ? 1.0 : -1.0;
        }
        return shuffled(x, y, rnd);
    }

    /**
     * The binary multi-instance problem of Fu et al. (TNNLS 2013, Sec. V-A, Fig. 2(a)): "each
     * positive bag contains at least one instance in the center, whereas each negative bag
     * contains only instances on the surrounding circle". The paper gives no numbers; ours are:
     * ring instances at angle θ ~ U[0, 2π) and radius {@link #RING_RADIUS} + N(0, {@link
     * #RING_NOISE}²); centre instances ~ N(0, {@link #CENTRE_SD}² I). A bag has m ~ U{minSize..maxSize}
     * instances; a positive bag has c ~ U{1..⌈m/2⌉} centre instances and m - c ring instances,
     * in random order; a negative bag has m ring instances. Bags {@code pos-i} and {@code neg-i},
     * interleaved in random order; a binary {@link BagDataset}.
     *
     * @throws IllegalArgumentException for bagsPerClass &lt; 1 or sizes outside 1 &le; minSize &le; maxSize
     */
    public static BagDataset ringBags(int bagsPerClass, int minSize, int maxSize, long seed) {
        checkBagArgs(bagsPerClass, minSize, maxSize);
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Bag> bags = new ArrayList<>(2 * bagsPerClass);
        List<Integer> labels = new ArrayList<>(2 * bagsPerClass);
        for (int i = 0; i < bagsPerClass; i++) {
            for (int cls = 1; cls >= 0; cls--) {
                int m = minSize + rnd.nextInt(maxSize - minSize + 1);
                int centre = cls == 1 ? 1 + rnd.nextInt((m + 1) / 2) : 0;
                List<Vec> inst = new ArrayList<>(m);
                for (int p = 0; p < m; p++) {
                    if (p < centre) {
                        inst.add(DenseVec.of(CENTRE_SD * gaussian(rnd), CENTRE_SD * gaussian(rnd)));
                    } else {
                        double th = 2 * Math.PI * rnd.nextDouble();
                        double r = RING_RADIUS + RING_NOISE * gaussian(rnd);
                        inst.add(DenseVec.of(r * Math.cos(th), r * Math.sin(th)));
                    }
                }
                shuffle(inst, rnd);
                bags.add(new Bag((cls == 1 ? "pos-" : "neg-") + i, inst));
                labels.add(cls);
            }
        }
        return shuffledBags(bags, labels, BagDataset.BINARY_CLASSES, rnd);
    }

    /**
     * The three-class multi-instance problem of Fu et al. (TNNLS 2013, Sec. V-A, Fig. 2(b)):
     * "Instances are generated from four Gaussians N(μi, σ²) (i = 1, ..., 4) with μ1 = [-2, 2],
     * μ2 = [2, 2], μ3 = [2, -2], μ4 = [-2, -2], and σ = 0.25. Bags from class 3 contain only
     * instances randomly drawn from N(μ2, σ²) and N(μ4, σ²), whereas each bag from class 1 contains
     * at least one instance drawn from N(μ1, σ²) and each bag from class 2 contains at least one
     * instance drawn from N(μ3, σ²)."
     *
     * <p>What the paper leaves open, and our choice: a bag has m ~ U{minSize..maxSize}
     * instances; a class-1 (class-2) bag has c ~ U{1..⌈m/2⌉} instances from N(μ1, σ²) (N(μ3,
     * σ²)) and its other m - c instances, like every instance of a class-3 bag, from N(μ2, σ²) or
     * N(μ4, σ²) with probability 1/2 each; instance order is random. So a class-1 bag never
     * contains a μ3 instance and vice versa. Class names {@code "1", "2", "3"} (indices 0, 1, 2);
     * bag ids {@code c1-i}, {@code c2-i}, {@code c3-i}; bags in random order.
     *
     * @throws IllegalArgumentException for bagsPerClass &lt; 1 or sizes outside 1 &le; minSize &le; maxSize
     */
    public static BagDataset fourGaussianBags(int bagsPerClass, int minSize, int maxSize, long seed) {
        checkBagArgs(bagsPerClass, minSize, maxSize);
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Bag> bags = new ArrayList<>(3 * bagsPerClass);
        List<Integer> labels = new ArrayList<>(3 * bagsPerClass);
        for (int i = 0; i < bagsPerClass; i++) {
            for (int cls = 0; cls < 3; cls++) {
                int m = minSize + rnd.nextInt(maxSize - minSize + 1);
                int witnesses = cls < 2 ? 1 + rnd.nextInt((m + 1) / 2) : 0;
                double[] witnessMean = cls == 0 ? MU[0] : MU[2];
                List<Vec> inst = new ArrayList<>(m);
                for (int p = 0; p < m; p++) {
                    double[] mu = p < witnesses ? witnessMean : (rnd.nextBoolean() ? MU[1] : MU[3]);
                    inst.add(DenseVec.of(mu[0] + FOUR_GAUSSIAN_SIGMA * gaussian(rnd),
                            mu[1] + FOUR_GAUSSIAN_SIGMA * gaussian(rnd)));
                }
                shuffle(inst, rnd);
                bags.add(new Bag("c" + (cls + 1) + "-" + i, inst));
                labels.add(cls);
            }
        }
        return shuffledBags(bags, labels, FOUR_GAUSSIAN_CLASSES, rnd);
    }

    /** Number of shared background clusters ("conformation families") of {@link #muskLikeBags}. */
    public static final int MUSK_LIKE_CLUSTERS = 12;
    /** A positive bag of n instances in {@link #muskLikeBags} has up to ⌈n / this⌉ witnesses. */
    public static final int MUSK_LIKE_WITNESS_DIVISOR = 4;
    /** Standard deviation (per feature) of the witness instances around the concept in {@link #muskLikeBags}. */
    public static final double MUSK_LIKE_WITNESS_SD = 0.5;
    /** Feature scale of {@link #muskLikeBags}: values are integers, as in the MUSK files. */
    public static final double MUSK_LIKE_SCALE = 20.0;

    /**
     * A binary multi-instance set shaped like MUSK2 (Dietterich, Lathrop &amp; Lozano-Pérez, AIJ
     * 1997: 102 bags, 39 positive, 6,598 instances of 166 integer features, bag sizes 1 to 1,044)
     * for timing bag-level learners at realistic bag sizes; not the MUSK2 data and not a model of
     * molecules. Bag sizes: {@code instances} split over the bags in proportion to log-normal
     * weights exp(0.6 N(0, 1)), every bag at least one instance, the rounding remainder given to
     * the bags in order, so the sizes sum to {@code instances} exactly. Every bag draws one of
     * {@value #MUSK_LIKE_CLUSTERS} shared cluster means (each ~ N(0, I)) and its own centre =
     * that mean + N(0, I); its instances are the centre + N(0, I). A positive bag replaces
     * w ~ U{1..⌈n/4⌉} of its instances (its witnesses) by draws from the concept c +
     * N(0, 0.5² I), c ~ N(0, I) drawn once, so only some instances of a positive bag tell it from a
     * negative one. Values are rounded to integers after scaling by {@value #MUSK_LIKE_SCALE}.
     * Bags {@code pos-i} / {@code neg-i} (class names {@link BagDataset#BINARY_CLASSES}) in random
     * order; {@code new SplittableRandom(seed)} only.
     *
     * @throws IllegalArgumentException for fewer than one bag per class, dim &lt; 1 or fewer
     *         instances than bags
     */
    public static BagDataset muskLikeBags(int positiveBags, int negativeBags, int instances, int dim, long seed) {
        if (positiveBags < 1 || negativeBags < 1) {
            throw new IllegalArgumentException("need at least one bag per class, got " + positiveBags + " positive and "
                    + negativeBags + " negative");
        }
        if (dim < 1) {
            throw new IllegalArgumentException("dim must be >= 1, got " + dim);
        }
        int bagCount = positiveBags + negativeBags;
        if (instances < bagCount) {
            throw new IllegalArgumentException("instances must be >= the number of bags (" + bagCount + "), got "
                    + instances);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] means = new double[MUSK_LIKE_CLUSTERS][dim];
        for (double[] mu : means) {
            for (int f = 0; f < dim; f++) {
                mu[f] = gaussian(rnd);
            }
        }
        double[] concept = new double[dim];
        for (int f = 0; f < dim; f++) {
            concept[f] = gaussian(rnd);
        }
        int[] sizes = logNormalSizes(bagCount, instances, rnd);
        List<Bag> bags = new ArrayList<>(bagCount);
        List<Integer> labels = new ArrayList<>(bagCount);
        for (int b = 0; b < bagCount; b++) {
            boolean positive = b < positiveBags;
            double[] mu = means[rnd.nextInt(MUSK_LIKE_CLUSTERS)];
            double[] centre = new double[dim];
            for (int f = 0; f < dim; f++) {
                centre[f] = mu[f] + gaussian(rnd);
            }
            int n = sizes[b];
            int maxWitnesses = (n + MUSK_LIKE_WITNESS_DIVISOR - 1) / MUSK_LIKE_WITNESS_DIVISOR;
            int witnesses = positive ? 1 + rnd.nextInt(maxWitnesses) : 0;
            List<Vec> inst = new ArrayList<>(n);
            for (int p = 0; p < n; p++) {
                double[] x = new double[dim];
                for (int f = 0; f < dim; f++) {
                    double v = p < witnesses ? concept[f] + MUSK_LIKE_WITNESS_SD * gaussian(rnd)
                            : centre[f] + gaussian(rnd);
                    x[f] = Math.rint(MUSK_LIKE_SCALE * v);
                }
                inst.add(DenseVec.of(x));
            }
            shuffle(inst, rnd);
            bags.add(new Bag((positive ? "pos-" : "neg-") + (positive ? b : b - positiveBags), inst));
            labels.add(positive ? 1 : 0);
        }
        return shuffledBags(bags, labels, BagDataset.BINARY_CLASSES, rnd);
    }

    /** {@code total} split over {@code count} parts of at least 1, in proportion to exp(0.6 N(0, 1)) weights. */
    private static int[] logNormalSizes(int count, int total, SplittableRandom rnd) {
        double[] w = new double[count];
        double sum = 0;
        for (int b = 0; b < count; b++) {
            w[b] = Math.exp(0.6 * gaussian(rnd));
            sum += w[b];
        }
        int[] sizes = new int[count];
        int assigned = 0;
        for (int b = 0; b < count; b++) {
            sizes[b] = 1 + (int) Math.floor((total - count) * w[b] / sum);
            assigned += sizes[b];
        }
        for (int b = 0; assigned < total; b = (b + 1) % count) {
            sizes[b]++;
            assigned++;
        }
        return sizes;
    }

    private static void checkBagArgs(int bagsPerClass, int minSize, int maxSize) {
        if (bagsPerClass < 1) {
            throw new IllegalArgumentException("bagsPerClass must be >= 1, got " + bagsPerClass);
        }
        if (minSize < 1) {
            throw new IllegalArgumentException("minSize must be >= 1, got " + minSize);
        }
        if (maxSize < minSize) {
            throw new IllegalArgumentException("maxSize must be >= minSize = " + minSize + ", got " + maxSize);
        }
    }

    /** A standard normal variate by the Box-Muller transform (one of the pair used). */
    static double gaussian(SplittableRandom rnd) {
        double u = 1.0 - rnd.nextDouble(); // in (0, 1]
        double v = rnd.nextDouble();
        return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * v);
    }

    private static <T> void shuffle(List<T> list, SplittableRandom rnd) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }

    private static LabeledDataset shuffled(List<Vec> x, double[] y, SplittableRandom rnd) {
        int n = y.length;
        int[] perm = permutation(n, rnd);
        List<Vec> px = new ArrayList<>(n);
        double[] py = new double[n];
        for (int k = 0; k < n; k++) {
            px.add(x.get(perm[k]));
            py[k] = y[perm[k]];
        }
        return new LabeledDataset(px, py);
    }

    private static BagDataset shuffledBags(List<Bag> bags, List<Integer> labels, List<String> classes,
            SplittableRandom rnd) {
        int n = bags.size();
        int[] perm = permutation(n, rnd);
        List<Bag> pb = new ArrayList<>(n);
        int[] pl = new int[n];
        for (int k = 0; k < n; k++) {
            pb.add(bags.get(perm[k]));
            pl[k] = labels.get(perm[k]);
        }
        return new BagDataset(pb, classes, pl);
    }

    private static int[] permutation(int n, SplittableRandom rnd) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
