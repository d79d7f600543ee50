package dev.kernelkit.mi;

import dev.kernelkit.gram.KernelMatrix;

/**
 * The kernel matrix of one MI-CCCP step's dual ({@link MiCccp#smoStep}): the Gram matrix of the
 * feature-space images of the dual variables, so that the step's Hessian M'KM is
 * Q_rs = y_r y_s K~_rs (y_r the bag's label for a hinge multiplier, +1 otherwise). With phi the
 * instance feature map, m_i = (1/n_i) sum_{t in B_i} phi(x_t) the mean map of bag i and beta_i the
 * current linearisation weights,
 *
 * <pre>
 *   a_i  -&gt;  m_i                                  (the hinge row of bag i)
 *   u_t  -&gt;  m_i - phi(x_t)       (t in B_i)       (the row f(x_t) - f(B_i) &le; delta_i)
 *   v_i  -&gt;  sum_j beta_ij phi(x_ij) - m_i         (the linearised row f(B_i) - sum_j beta_ij f(x_ij) &le; delta_i)
 * </pre>
 * so that gamma = sum_r (sign_r theta_r) image_r is the step's primal expansion (MiCccp#gammaOf).
 *
 * <p>Variable order (positions): a_0 .. a_{m-1}, then for each bag i its u_t (in the bag's order)
 * followed by v_i; with lambda = 0 only the a_i. A row is computed in O(n + m) from the rows of
 * the instance kernel K and the bag-mean rows bagRow_i = (1/n_i) sum_{t in B_i} K_t: the image's
 * kernel row z = K w is bagRow_i, bagRow_i - K_t or sum_j beta_ij K_{x_ij} - bagRow_i, and entry s
 * of the row is w_s'z, i.e. a bag mean of z, a bag mean minus one entry, or a beta-weighted sum
 * minus a bag mean. Nothing of size (2m + n)^2 is stored here; the solver caches rows. The entries
 * are the same sums in double whichever row they are read from, up to the order of the additions.
 * Immutable; safe for concurrent reads.
 */
final class CccpStepMatrix implements KernelMatrix {
    private final double[][] k;
    private final double[][] bagRow;
    private final int[][] members;
    private final double[][] beta;
    private final int m;
    private final int size;
    /** The bag of each position (for a_i: i) and the position of each bag's first u (-1 without them). */
    private final int[] bagOf;
    private final int[] blockStart;
    /** For a u position, the instance index; -1 for a or v. */
    private final int[] instance;
    /** 0 = a, 1 = u, 2 = v. */
    private final byte[] kind;

    /**
     * @param withBlocks false for lambda = 0 (only the hinge multipliers a_i)
     */
    CccpStepMatrix(double[][] k, double[][] bagRow, int[][] members, double[][] beta, boolean withBlocks) {
        this.k = k;
        this.bagRow = bagRow;
        this.members = members;
        this.beta = beta;
        this.m = members.length;
        int n = k.length;
        this.size = withBlocks ? 2 * m + n : m;
        bagOf = new int[size];
        instance = new int[size];
        kind = new byte[size];
        blockStart = new int[m];
        java.util.Arrays.fill(instance, -1);
        java.util.Arrays.fill(blockStart, -1);
        for (int i = 0; i < m; i++) {
            bagOf[i] = i;
        }
        if (withBlocks) {
            int pos = m;
            for (int i = 0; i < m; i++) {
                blockStart[i] = pos;
                for (int t : members[i]) {
                    bagOf[pos] = i;
                    instance[pos] = t;
                    kind[pos] = 1;
                    pos++;
                }
                bagOf[pos] = i;
                kind[pos] = 2;
                pos++;
            }
        }
    }

    /** The position of a bag's first u (the block of u's then v); -1 when the matrix has no blocks. */
    int blockStart(int bag) {
        return blockStart[bag];
    }

    @Override
    public int size() {
        return size;
    }

    /** z = K w_r, the kernel row of position r's image over the n instances. */
    private void image(int r, double[] z) {
        int i = bagOf[r];
        double[] mean = bagRow[i];
        int n = z.length;
        switch (kind[r]) {
            case 0 -> System.arraycopy(mean, 0, z, 0, n);
            case 1 -> {
                double[] kt = k[instance[r]];
                for (int s = 0; s < n; s++) {
                    z[s] = mean[s] - kt[s];
                }
            }
            default -> {
                for (int s = 0; s < n; s++) {
                    z[s] = -mean[s];
                }
                int[] bag = members[i];
                for (int p = 0; p < bag.length; p++) {
                    double b = beta[i][p];
                    if (b != 0) {
                        double[] kt = k[bag[p]];
                        for (int s = 0; s < n; s++) {
                            z[s] += b * kt[s];
                        }
                    }
                }
            }
        }
    }

    /** w_s'z for position s, given z = K w_r. */
    private double entry(int s, double[] z, double[] bagMeans) {
        int j = bagOf[s];
        switch (kind[s]) {
            case 0:
                return bagMeans[j];
            case 1:
                return bagMeans[j] - z[instance[s]];
            default:
                int[] bag = members[j];
                double lin = 0;
                for (int p = 0; p < bag.length; p++) {
                    lin += beta[j][p] * z[bag[p]];
                }
                return lin - bagMeans[j];
        }
    }

    /** The mean of z over every bag. */
    private double[] bagMeans(double[] z) {
        double[] out = new double[m];
        for (int j = 0; j < m; j++) {
            double sum = 0;
            for (int t : members[j]) {
                sum += z[t];
            }
            out[j] = sum / members[j].length;
        }
        return out;
    }

    @Override
    public double get(int r, int s) {
        double[] z = new double[k.length];
        image(r, z);
        int j = bagOf[s];
        double mean = 0;
        for (int t : members[j]) {
            mean += z[t];
        }
        mean /= members[j].length;
        double[] means = new double[m];
        means[j] = mean;
        return entry(s, z, means);
    }

    @Override
    public void row(int r, double[] out) {
        double[] z = new double[k.length];
        image(r, z);
        double[] means = bagMeans(z);
        for (int s = 0; s < size; s++) {
            out[s] = entry(s, z, means);
        }
    }

    @Override
    public void row(int r, int[] cols, int count, double[] out) {
        double[] z = new double[k.length];
        image(r, z);
        double[] means = bagMeans(z);
        for (int q = 0; q < count; q++) {
            out[q] = entry(cols[q], z, means);
        }
    }
}
