package dev.kernelkit.testing;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random data for tests in every module (shipped in the kernels test-jar): dense and
 * sparse vectors, Gaussian-blob labelled data sets with labels ±1, and random bag data sets.
 * Everything is drawn from {@code new SplittableRandom(seed)} only, so a seed fixes the data.
 */
public final class TestData {
    private TestData() {
    }

    /** A standard normal variate (Box-Muller). */
    public static double gaussian(SplittableRandom rnd) {
        double u = 1.0 - rnd.nextDouble();
        double v = rnd.nextDouble();
        return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * v);
    }

    /** A dense vector of d independent N(0, 1) entries. */
    public static DenseVec randomDense(int d, SplittableRandom rnd) {
        double[] x = new double[d];
        for (int j = 0; j < d; j++) {
            x[j] = gaussian(rnd);
        }
        return DenseVec.wrap(x);
    }

    /** {@code n} dense N(0, I_d) vectors from the given seed. */
    public static List<Vec> randomDense(int n, int d, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(randomDense(d, rnd));
        }
        return out;
    }

    /**
     * A sparse vector of dimension d: each entry is stored with probability {@code density}
     * and then N(0, 1).
     */
    public static SparseVec randomSparse(int d, double density, SplittableRandom rnd) {
        if (!(density >= 0 && density <= 1)) {
            throw new IllegalArgumentException("density must be in [0, 1], got " + density);
        }
        int[] idx = new int[d];
        double[] val = new double[d];
        int k = 0;
        for (int j = 0; j < d; j++) {
            if (rnd.nextDouble() < density) {
                idx[k] = j;
                val[k] = gaussian(rnd);
                k++;
            }
        }
        return new SparseVec(d, java.util.Arrays.copyOf(idx, k), java.util.Arrays.copyOf(val, k));
    }

    /** {@code n} sparse vectors (see {@link #randomSparse(int, double, SplittableRandom)}). */
    public static List<Vec> randomSparse(int n, int d, double density, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(randomSparse(d, density, rnd));
        }
        return out;
    }

    /**
     * Two Gaussian blobs in d dimensions with labels ±1: class +1 ~ N(+s·e/2, I), class -1 ~
     * N(-s·e/2, I) with e = (1, ..., 1)/√d, so the means are {@code separation} apart. Labels
     * alternate +1, -1, +1, ... (⌈n/2⌉ positives).
     */
    public static LabeledDataset gaussianBlobs(int n, int d, double separation, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double shift = separation / 2 / Math.sqrt(d);
        List<Vec> x = new ArrayList<>(n);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = i % 2 == 0 ? 1 : -1;
            double[] p = new double[d];
            for (int j = 0; j < d; j++) {
                p[j] = y[i] * shift + gaussian(rnd);
            }
            x.add(DenseVec.wrap(p));
        }
        return new LabeledDataset(x, y);
    }

    /**
     * A binary bag data set: bags of 1..maxSize instances from N(0, I_d); every positive bag has
     * one extra instance from N(s·e, I) (e = (1, ..., 1)/√d, s = {@code separation}), so a
     * positive bag has a witness. Labels alternate +1, -1 (⌈nBags/2⌉ positive bags); bag ids
     * {@code b0, b1, ...}.
     */
    public static BagDataset randomBags(int nBags, int maxSize, int d, double separation, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double shift = separation / Math.sqrt(d);
        List<Bag> bags = new ArrayList<>(nBags);
        double[] signs = new double[nBags];
        for (int i = 0; i < nBags; i++) {
            signs[i] = i % 2 == 0 ? 1 : -1;
            int m = 1 + rnd.nextInt(maxSize);
            List<Vec> inst = new ArrayList<>(m + 1);
            for (int p = 0; p < m; p++) {
                inst.add(randomDense(d, rnd));
            }
            if (signs[i] > 0) {
                double[] w = new double[d];
                for (int j = 0; j < d; j++) {
                    w[j] = shift + gaussian(rnd);
                }
                inst.add(rnd.nextInt(m + 1), DenseVec.wrap(w));
            }
            bags.add(new Bag("b" + i, inst));
        }
        return BagDataset.binary(bags, signs);
    }

    /**
     * A multi-class bag data set with {@code classes} classes named {@code "c0", "c1", ...}: bag i
     * has class i mod classes; its 1..maxSize instances come from N(0, I_d) except one witness
     * from N(s·e_c, I), e_c the unit vector on axis c mod d.
     */
    public static BagDataset randomMultiClassBags(int nBags, int classes, int maxSize, int d, double separation,
            long seed) {
        if (classes < 2) {
            throw new IllegalArgumentException("classes must be >= 2, got " + classes);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Bag> bags = new ArrayList<>(nBags);
        int[] labels = new int[nBags];
        List<String> names = new ArrayList<>(classes);
        for (int c = 0; c < classes; c++) {
            names.add("c" + c);
        }
        for (int i = 0; i < nBags; i++) {
            int c = i % classes;
            labels[i] = c;
            int m = 1 + rnd.nextInt(maxSize);
            List<Vec> inst = new ArrayList<>(m);
            for (int p = 0; p < m - 1; p++) {
                inst.add(randomDense(d, rnd));
            }
            double[] w = randomDense(d, rnd).toArray();
            w[c % d] += separation;
            inst.add(rnd.nextInt(m), DenseVec.wrap(w));
            bags.add(new Bag("b" + i, inst));
        }
        return new BagDataset(bags, names, labels);
    }

    /** True when both data sets have the same labels and entrywise identical points (dense or sparse). */
    public static boolean sameData(LabeledDataset a, LabeledDataset b) {
        if (a.size() != b.size() || a.dim() != b.dim()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (Double.compare(a.y(i), b.y(i)) != 0
                    || !java.util.Arrays.equals(a.x(i).toArray(), b.x(i).toArray())) {
                return false;
            }
        }
        return true;
    }

    /** True when both bag data sets have the same class names, bag ids, labels and instances. */
    public static boolean sameData(BagDataset a, BagDataset b) {
        if (a.size() != b.size() || a.dim() != b.dim() || !a.classNames().equals(b.classNames())) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Bag x = a.bag(i);
            Bag y = b.bag(i);
            if (a.label(i) != b.label(i) || !x.id().equals(y.id()) || x.size() != y.size()) {
                return false;
            }
            for (int p = 0; p < x.size(); p++) {
                if (!java.util.Arrays.equals(x.instance(p).toArray(), y.instance(p).toArray())) {
                    return false;
                }
            }
        }
        return true;
    }
}
