package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.svm.SquaredHingeProblem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.ml.clustering.CentroidCluster;
import org.apache.commons.math3.ml.clustering.DoublePoint;
import org.apache.commons.math3.ml.clustering.KMeansPlusPlusClusterer;
import org.apache.commons.math3.random.Well19937c;

/** The three initialisations of TNNLS 2013 Sec. V-D: random instances, k-means centroids, SVM-weight selection. */
final class XvInitializer {
    /** Above this many instances the eq.-8 SVM is solved by L-BFGS instead of Newton (an N x N system). */
    private static final int NEWTON_LIMIT = 1500;

    private XvInitializer() {
    }

    /** k distinct instance indices drawn uniformly (partial Fisher-Yates). */
    static int[] randomInstances(int n, int k, SplittableRandom rnd) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = 0; i < k; i++) {
            int j = i + rnd.nextInt(n - i);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        return Arrays.copyOf(perm, k);
    }

    /** The k-means++ centroids (commons-math3, at most 100 Lloyd iterations, seeded). */
    static double[][] kmeans(List<Vec> instances, int k, long seed) {
        List<DoublePoint> points = new ArrayList<>(instances.size());
        for (Vec v : instances) {
            points.add(new DoublePoint(v.toArray()));
        }
        KMeansPlusPlusClusterer<DoublePoint> clusterer = new KMeansPlusPlusClusterer<>(k, 100,
                new org.apache.commons.math3.ml.distance.EuclideanDistance(), new Well19937c(seed));
        List<CentroidCluster<DoublePoint>> clusters = clusterer.cluster(points);
        double[][] out = new double[clusters.size()][];
        for (int j = 0; j < out.length; j++) {
            out[j] = clusters.get(j).getCenter().getPoint().clone();
        }
        return out;
    }

    /**
     * The k instances with the largest sum over problems of |w_t|, w the weights of a linear
     * L2-SVM (squared hinge, same C; with {@code bagCosts} not null, bag i costs bagCosts[i]) on the eq.-8 bag
     * features s_t(X_i) = mean_p k(x_ip, x_t).
     */
    static int[] svmSelection(BagDataset data, List<Vec> instances, Kernel<Vec> kernel,
                              double[][] targets, double c, double[] bagCosts, int k) {
        int n = instances.size();
        int m = data.size();
        double[][] features = new double[m][n];
        for (int i = 0; i < m; i++) {
            Bag bag = data.bag(i);
            double inv = 1.0 / bag.size();
            for (Vec x : bag.instances()) {
                for (int t = 0; t < n; t++) {
                    features[i][t] += inv * kernel.apply(x, instances.get(t));
                }
            }
        }
        double[][] identity = new double[n][n];
        for (int t = 0; t < n; t++) {
            identity[t][t] = 1;
        }
        double[] score = new double[n];
        for (double[] y : targets) {
            SquaredHingeProblem svm = bagCosts == null ? new SquaredHingeProblem(features, y, c, identity)
                    : new SquaredHingeProblem(features, y, bagCosts, identity);
            double[] w = n <= NEWTON_LIMIT ? svm.solveNewton(null) : svm.solveLbfgs(null, 1e-6);
            for (int t = 0; t < n; t++) {
                score[t] += Math.abs(w[t]);
            }
        }
        Integer[] order = new Integer[n];
        for (int t = 0; t < n; t++) {
            order[t] = t;
        }
        Arrays.sort(order, (p, q) -> p.intValue() == q.intValue() ? 0
                : score[q] != score[p] ? Double.compare(score[q], score[p]) : Integer.compare(p, q));
        int[] out = new int[k];
        for (int j = 0; j < k; j++) {
            out[j] = order[j];
        }
        return out;
    }
}
