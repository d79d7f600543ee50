package dev.kernelkit.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Seeded train/test splits of n indexed examples: stratified k-fold, repeated stratified k-fold,
 * plain k-fold and repeated random hold-out (plain or stratified). Every {@link Split} holds two sorted,
 * disjoint index arrays whose union is 0..n-1.
 *
 * <p>Stratification is by class label: pass {@link BagDataset#labels()} (int class indices) or
 * {@link LabeledDataset#labels()} (doubles; each distinct value is a class). All shuffles are
 * Fisher&ndash;Yates with {@code new SplittableRandom(seed)}, so the same labels and seed always
 * give the same splits.
 *
 * <p><b>Stratified k-fold.</b> The examples of each class, in a seeded random order, are dealt to
 * the folds in turn, the deal continuing across classes (class by class in increasing label
 * order). Each fold then holds &lfloor;n_c/k&rfloor; or &lceil;n_c/k&rceil; examples of every
 * class c, and fold sizes differ by at most one. k must not exceed the smallest class count.
 *
 * <p><b>Repeated stratified k-fold.</b> Repeat r (0-based) is the stratified k-fold with seed
 * {@code seed + r}; splits are listed repeat by repeat, fold by fold.
 *
 * <p><b>Plain k-fold</b> (no labels, e.g. regression targets). A seeded random permutation of
 * 0..n-1 is dealt to the folds in turn: position i of the permutation goes to fold i mod k. Fold
 * sizes differ by at most one; k must not exceed n. Repeat r of a repeated plain k-fold uses seed
 * {@code seed + r}.
 *
 * <p><b>Hold-out.</b> Repeat r draws its split with seed {@code seed + r}. Plain: the first
 * round(f n) indices of a random permutation are the training set (at least 1 and at most n-1).
 * Stratified: from each class c, round(f n_c) examples go to training, adjusted into
 * [1, n_c - 1] so that every class is in both sets; each class needs at least 2 examples.
 */
public final class Splits {

    private Splits() {
    }

    /** One train/test split: two sorted, disjoint index arrays. Immutable (arrays copied out). */
    public static final class Split {
        private final int[] train;
        private final int[] test;

        /**
         * @throws IllegalArgumentException when an array is not strictly increasing or the two overlap
         */
        public Split(int[] train, int[] test) {
            this.train = checkSorted(train, "train").clone();
            this.test = checkSorted(test, "test").clone();
            int a = 0;
            int b = 0;
            while (a < this.train.length && b < this.test.length) {
                if (this.train[a] == this.test[b]) {
                    throw new IllegalArgumentException("index " + this.train[a] + " is in both train and test");
                }
                if (this.train[a] < this.test[b]) {
                    a++;
                } else {
                    b++;
                }
            }
        }

        private static int[] checkSorted(int[] idx, String name) {
            Objects.requireNonNull(idx, name);
            for (int i = 0; i < idx.length; i++) {
                if (idx[i] < 0 || (i > 0 && idx[i] <= idx[i - 1])) {
                    throw new IllegalArgumentException(name + " indices must be non-negative and strictly increasing, got "
                            + idx[i] + " at position " + i);
                }
            }
            return idx;
        }

        /** A copy of the sorted training indices. */
        public int[] train() {
            return train.clone();
        }

        /** A copy of the sorted test indices. */
        public int[] test() {
            return test.clone();
        }

        /** Number of training indices. */
        public int trainSize() {
            return train.length;
        }

        /** Number of test indices. */
        public int testSize() {
            return test.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Split s && Arrays.equals(train, s.train) && Arrays.equals(test, s.test);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(train) + Arrays.hashCode(test);
        }

        @Override
        public String toString() {
            return "Split(train=" + train.length + ", test=" + test.length + ")";
        }
    }

    /**
     * Stratified k-fold over integer class labels; fold i is {@code get(i)}, its test set is fold i.
     *
     * @throws IllegalArgumentException when k &lt; 2 or k exceeds the number of examples of some class
     */
    public static List<Split> stratifiedKFold(int[] labels, int k, long seed) {
        return stratifiedKFold(classIndices(labels), k, seed);
    }

    /** Stratified k-fold over real labels (each distinct value is a class); see {@link #stratifiedKFold(int[], int, long)}. */
    public static List<Split> stratifiedKFold(double[] labels, int k, long seed) {
        return stratifiedKFold(classIndices(labels), k, seed);
    }

    /** {@code repeats} stratified k-folds, repeat r with seed {@code seed + r}; k * repeats splits. */
    public static List<Split> repeatedStratifiedKFold(int[] labels, int k, int repeats, long seed) {
        return repeatedKFold(classIndices(labels), k, repeats, seed);
    }

    /** As {@link #repeatedStratifiedKFold(int[], int, int, long)} for real labels. */
    public static List<Split> repeatedStratifiedKFold(double[] labels, int k, int repeats, long seed) {
        return repeatedKFold(classIndices(labels), k, repeats, seed);
    }

    /**
     * Plain (unstratified) k-fold of 0..n-1: the seeded permutation's position i goes to fold
     * i mod k; fold i is {@code get(i)}.
     *
     * @throws IllegalArgumentException when k &lt; 2 or k &gt; n
     */
    public static List<Split> kFold(int n, int k, long seed) {
        if (k < 2) {
            throw new IllegalArgumentException("k must be >= 2, got " + k);
        }
        if (k > n) {
            throw new IllegalArgumentException("k = " + k + " exceeds the " + n + " example" + (n == 1 ? "" : "s")
                    + ": every fold needs at least one");
        }
        int[] perm = identity(n);
        shuffle(perm, new SplittableRandom(seed));
        int[] fold = new int[n];
        for (int i = 0; i < n; i++) {
            fold[perm[i]] = i % k;
        }
        List<Split> out = new ArrayList<>(k);
        for (int f = 0; f < k; f++) {
            out.add(foldSplit(fold, f));
        }
        return List.copyOf(out);
    }

    /** {@code repeats} plain k-folds of 0..n-1, repeat r with seed {@code seed + r}; k * repeats splits. */
    public static List<Split> repeatedKFold(int n, int k, int repeats, long seed) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
        List<Split> out = new ArrayList<>(capacity(n, k, repeats));
        for (int r = 0; r < repeats; r++) {
            out.addAll(kFold(n, k, seed + r));
        }
        return List.copyOf(out);
    }

    /**
     * {@code repeats} random hold-out splits of 0..n-1 with round(trainFraction n) training indices,
     * repeat r with seed {@code seed + r}.
     *
     * @throws IllegalArgumentException when n &lt; 2, trainFraction is not in (0, 1), repeats &lt; 1,
     *         or the rounded training size is 0 or n
     */
    public static List<Split> repeatedHoldOut(int n, double trainFraction, int repeats, long seed) {
        if (n < 2) {
            throw new IllegalArgumentException("need at least 2 examples for a hold-out split, got " + n);
        }
        checkHoldOut(trainFraction, repeats);
        int nTrain = (int) Math.round(trainFraction * n);
        if (nTrain < 1 || nTrain > n - 1) {
            throw new IllegalArgumentException("trainFraction " + trainFraction + " of " + n
                    + " examples leaves an empty train or test set (train size " + nTrain + ")");
        }
        List<Split> out = new ArrayList<>(repeats);
        for (int r = 0; r < repeats; r++) {
            int[] perm = identity(n);
            shuffle(perm, new SplittableRandom(seed + r));
            out.add(fromMembership(n, Arrays.copyOf(perm, nTrain)));
        }
        return List.copyOf(out);
    }

    /**
     * {@code repeats} stratified random hold-out splits, repeat r with seed {@code seed + r}.
     *
     * @throws IllegalArgumentException when trainFraction is not in (0, 1), repeats &lt; 1 or a
     *         class has fewer than 2 examples
     */
    public static List<Split> repeatedStratifiedHoldOut(int[] labels, double trainFraction, int repeats, long seed) {
        return stratifiedHoldOut(classIndices(labels), trainFraction, repeats, seed);
    }

    /** As {@link #repeatedStratifiedHoldOut(int[], double, int, long)} for real labels. */
    public static List<Split> repeatedStratifiedHoldOut(double[] labels, double trainFraction, int repeats, long seed) {
        return stratifiedHoldOut(classIndices(labels), trainFraction, repeats, seed);
    }

    // ------------------------------------------------------------------ internals

    /** Indices of each class, classes in increasing label order, indices increasing. */
    private record Classes(int n, List<int[]> members, List<String> names) {
    }

    private static Classes classIndices(int[] labels) {
        Objects.requireNonNull(labels, "labels");
        TreeMap<Integer, List<Integer>> map = new TreeMap<>();
        for (int i = 0; i < labels.length; i++) {
            map.computeIfAbsent(labels[i], c -> new ArrayList<>()).add(i);
        }
        List<int[]> members = new ArrayList<>();
        List<String> names = new ArrayList<>();
        map.forEach((c, l) -> {
            members.add(l.stream().mapToInt(Integer::intValue).toArray());
            names.add(Integer.toString(c));
        });
        return new Classes(labels.length, members, names);
    }

    private static Classes classIndices(double[] labels) {
        Objects.requireNonNull(labels, "labels");
        TreeMap<Double, List<Integer>> map = new TreeMap<>();
        for (int i = 0; i < labels.length; i++) {
            if (Double.isNaN(labels[i])) {
                throw new IllegalArgumentException("label " + i + " is NaN");
            }
            // -0.0 and 0.0 are one class.
            map.computeIfAbsent(labels[i] + 0.0, c -> new ArrayList<>()).add(i);
        }
        List<int[]> members = new ArrayList<>();
        List<String> names = new ArrayList<>();
        map.forEach((c, l) -> {
            members.add(l.stream().mapToInt(Integer::intValue).toArray());
            names.add(Double.toString(c));
        });
        return new Classes(labels.length, members, names);
    }

    /**
     * The number of splits of {@code repeats} k-folds of n examples, checked before any is made: the
     * count fits an array and their index arrays (n ints per split, with ~64 bytes of object
     * overhead) fit the heap.
     *
     * @throws IllegalArgumentException naming the repeats that fit, never an overflowed count
     */
    static int capacity(int n, int k, int repeats) {
        long splits = (long) k * repeats;
        double bytes = splits * (4.0 * n + 64);
        long heap = Runtime.getRuntime().maxMemory();
        if (splits > Integer.MAX_VALUE - 8 || bytes > heap) {
            long fit = (long) Math.min((Integer.MAX_VALUE - 8L) / k, heap / (k * (4.0 * n + 64)));
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "repeats %d of %d folds of %d examples "
                    + "make %d splits whose index arrays take about %.0f MiB; the heap holds %d MiB: at most %d repeats fit",
                    repeats, k, n, splits, bytes / (1 << 20), heap >> 20, fit));
        }
        return (int) splits;
    }

    private static List<Split> repeatedKFold(Classes classes, int k, int repeats, long seed) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
        List<Split> out = new ArrayList<>(capacity(classes.n(), k, repeats));
        for (int r = 0; r < repeats; r++) {
            out.addAll(stratifiedKFold(classes, k, seed + r));
        }
        return List.copyOf(out);
    }

    private static List<Split> stratifiedKFold(Classes classes, int k, long seed) {
        if (k < 2) {
            throw new IllegalArgumentException("k must be >= 2, got " + k);
        }
        if (classes.n() == 0) {
            throw new IllegalArgumentException("cannot split an empty data set");
        }
        for (int c = 0; c < classes.members().size(); c++) {
            int nc = classes.members().get(c).length;
            if (k > nc) {
                throw new IllegalArgumentException("k = " + k + " exceeds the " + nc + " example" + (nc == 1 ? "" : "s")
                        + " of class " + classes.names().get(c) + ": every fold needs one of each class");
            }
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] fold = new int[classes.n()];
        int next = 0;
        for (int[] members : classes.members()) {
            int[] order = members.clone();
            shuffle(order, rnd);
            for (int i : order) {
                fold[i] = next;
                next = (next + 1) % k;
            }
        }
        List<Split> out = new ArrayList<>(k);
        for (int f = 0; f < k; f++) {
            out.add(foldSplit(fold, f));
        }
        return List.copyOf(out);
    }

    /** The split whose test set is every index assigned to fold f. */
    private static Split foldSplit(int[] fold, int f) {
        int count = 0;
        for (int v : fold) {
            if (v == f) {
                count++;
            }
        }
        int[] test = new int[count];
        int[] train = new int[fold.length - count];
        int a = 0;
        int b = 0;
        for (int i = 0; i < fold.length; i++) {
            if (fold[i] == f) {
                test[b++] = i;
            } else {
                train[a++] = i;
            }
        }
        return new Split(train, test);
    }

    private static List<Split> stratifiedHoldOut(Classes classes, double trainFraction, int repeats, long seed) {
        checkHoldOut(trainFraction, repeats);
        for (int c = 0; c < classes.members().size(); c++) {
            int nc = classes.members().get(c).length;
            if (nc < 2) {
                throw new IllegalArgumentException("class " + classes.names().get(c) + " has " + nc
                        + " example: a stratified hold-out needs at least 2 per class");
            }
        }
        List<Split> out = new ArrayList<>(repeats);
        for (int r = 0; r < repeats; r++) {
            SplittableRandom rnd = new SplittableRandom(seed + r);
            int total = 0;
            List<int[]> chosen = new ArrayList<>();
            for (int[] members : classes.members()) {
                int nc = members.length;
                int take = (int) Math.min(nc - 1, Math.max(1, Math.round(trainFraction * nc)));
                int[] order = members.clone();
                shuffle(order, rnd);
                chosen.add(Arrays.copyOf(order, take));
                total += take;
            }
            int[] train = new int[total];
            int p = 0;
            for (int[] c : chosen) {
                System.arraycopy(c, 0, train, p, c.length);
                p += c.length;
            }
            out.add(fromMembership(classes.n(), train));
        }
        return List.copyOf(out);
    }

    private static void checkHoldOut(double trainFraction, int repeats) {
        if (!(trainFraction > 0 && trainFraction < 1)) {
            throw new IllegalArgumentException("trainFraction must be in (0, 1), got " + trainFraction);
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
    }

    /** The split whose training set is {@code trainMembers} (any order) and test set the rest of 0..n-1. */
    private static Split fromMembership(int n, int[] trainMembers) {
        boolean[] inTrain = new boolean[n];
        for (int i : trainMembers) {
            inTrain[i] = true;
        }
        int[] train = new int[trainMembers.length];
        int[] test = new int[n - trainMembers.length];
        int a = 0;
        int b = 0;
        for (int i = 0; i < n; i++) {
            if (inTrain[i]) {
                train[a++] = i;
            } else {
                test[b++] = i;
            }
        }
        return new Split(train, test);
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /** Fisher&ndash;Yates shuffle. */
    private static void shuffle(int[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
