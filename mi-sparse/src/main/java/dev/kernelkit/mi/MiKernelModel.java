package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.CrossKernelMatrix;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.gram.SetKernelGram;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fitted MI-Kernel classifier: f_c(X) = sum_i alpha_ci y_ci k_set(X_i, X) + b_c over support
 * bags (k_set averaged or normalised, {@link MiKernelOptions.Form}). Two classes: one machine,
 * class 1 when f &gt; 0; more: one-vs-rest, the largest f_c. Immutable; made by {@link MiKernel}.
 *
 * <p>Prediction expands every machine over the instances z_t of the distinct support bags:
 * f_c(X) = (1/|X|) sum_p sum_t w_ct k(x_p, z_t) [/ sqrt(k_set(X, X))] + b_c with
 * w_ct = alpha_ci y_ci / n_i [/ sqrt(k_set(X_i, X_i))] for z_t in X_i (summed form: no 1/|X|,
 * w_ct = alpha_ci y_ci), so one
 * pass over the N_sv support instances per test instance (a packed dense loop for the Gaussian
 * kernel, GramBuilder's cross matrix otherwise) serves all machines ({@link #machines()} keeps the per-bag
 * expansions, which give the same values through {@code Kernel.apply}). Saved and loaded by
 * {@link dev.kernelkit.io.Models} (type {@value #TYPE}, {@link MiKernelCodec}).
 */
public final class MiKernelModel implements BagClassifier {
    /** The model-file type. */
    public static final String TYPE = "mikernel";

    private final List<String> classNames;
    private final int dim;
    private final MiKernelOptions.Form form;
    private final SetKernel setKernel;
    private final List<KernelExpansionModel<Bag>> machines;
    private final List<Vec> supportPoints;
    private final double[][] weights;
    private final double[] bias;
    /** Gaussian instance kernel on dense support instances: gamma, the packed rows and their squared norms. */
    private final double gaussianGamma;
    /** Machines whose SVM solve stopped at the SMO iteration cap. */
    private final int unconverged;
    private final Map<Bag, Double> selfSimilarity;
    private final FitReport report;
    private final double[] packed;
    private final double[] packedNorms;
    private final GramBuilder instanceGram = new GramBuilder(1);
    private final SetKernelGram builder = new SetKernelGram(instanceGram);

    /**
     * @param machines the binary machines, over bags with the form's bag kernel ({@link MiKernel#bagKernel})
     * @param selfSimilarity k_set(X_i, X_i) of every support bag (by identity) when the form is
     *        normalised; unused otherwise
     * @param unconverged machines whose SMO solve stopped at its iteration cap
     * @throws IllegalArgumentException when the machines do not fit the classes, a support bag has
     *         another dimension or lacks its self-similarity in the normalised form
     */
    MiKernelModel(List<String> classNames, int dim, MiKernelOptions.Form form, SetKernel setKernel,
                  List<KernelExpansionModel<Bag>> machines, Map<Bag, Double> selfSimilarity, int unconverged,
                  FitReport report) {
        int expected = classNames.size() == 2 ? 1 : classNames.size();
        if (classNames.size() < 2 || machines.size() != expected) {
            throw new IllegalArgumentException("expected " + expected + " machines for " + classNames.size()
                    + " classes, found " + machines.size());
        }
        if (unconverged < 0 || unconverged > machines.size()) {
            throw new IllegalArgumentException("unconverged machines must be in [0, " + machines.size() + "], got "
                    + unconverged);
        }
        for (KernelExpansionModel<Bag> m : machines) {
            for (Bag b : m.supportVectors()) {
                if (b.dim() != dim) {
                    throw new IllegalArgumentException("support bag '" + b.id() + "' has dimension " + b.dim()
                            + ", expected " + dim);
                }
                if (form == MiKernelOptions.Form.NORMALIZED && !selfSimilarity.containsKey(b)) {
                    throw new IllegalArgumentException("support bag '" + b.id() + "' has no self-similarity");
                }
            }
        }
        this.unconverged = unconverged;
        this.report = java.util.Objects.requireNonNull(report, "report");
        Map<Bag, Double> self = new IdentityHashMap<>();
        if (form == MiKernelOptions.Form.NORMALIZED) {
            for (KernelExpansionModel<Bag> m : machines) {
                for (Bag b : m.supportVectors()) {
                    self.put(b, selfSimilarity.get(b));
                }
            }
        }
        this.selfSimilarity = Collections.unmodifiableMap(self);
        this.classNames = List.copyOf(classNames);
        this.dim = dim;
        this.form = form;
        this.setKernel = setKernel;
        this.machines = List.copyOf(machines);
        Map<Bag, Integer> start = new IdentityHashMap<>();
        List<Vec> points = new ArrayList<>();
        for (KernelExpansionModel<Bag> m : machines) {
            for (Bag b : m.supportVectors()) {
                if (!start.containsKey(b)) {
                    start.put(b, points.size());
                    points.addAll(b.instances());
                }
            }
        }
        this.supportPoints = List.copyOf(points);
        this.weights = new double[machines.size()][points.size()];
        this.bias = new double[machines.size()];
        for (int c = 0; c < machines.size(); c++) {
            KernelExpansionModel<Bag> m = machines.get(c);
            double[] beta = m.coefficients();
            for (int i = 0; i < beta.length; i++) {
                Bag b = m.supportVectors().get(i);
                double w = form == MiKernelOptions.Form.SUMMED ? beta[i] : beta[i] / b.size();
                if (form == MiKernelOptions.Form.NORMALIZED) {
                    double s = selfSimilarity.get(b);
                    w = s == 0 ? 0.0 : w / Math.sqrt(s);
                }
                int t0 = start.get(b);
                for (int t = t0; t < t0 + b.size(); t++) {
                    weights[c][t] += w;
                }
            }
            bias[c] = m.bias();
        }
        boolean dense = setKernel.instance() instanceof GaussianKernel;
        for (Vec z : points) {
            dense &= z instanceof DenseVec;
        }
        if (dense) {
            this.gaussianGamma = ((GaussianKernel) setKernel.instance()).gamma();
            this.packed = new double[points.size() * dim];
            this.packedNorms = new double[points.size()];
            for (int t = 0; t < points.size(); t++) {
                ((DenseVec) points.get(t)).copyInto(packed, t * dim);
                double q = 0;
                for (int k = t * dim, end = k + dim; k < end; k++) {
                    q += packed[k] * packed[k];
                }
                packedNorms[t] = q;
            }
        } else {
            this.gaussianGamma = 0;
            this.packed = null;
            this.packedNorms = null;
        }
    }

    /** exp(minusGamma max(dist, 0)): the squared distance from the norm expansion, clamped at 0. */
    private static double gaussian(double minusGamma, double dist) {
        return Math.exp(minusGamma * (dist > 0 ? dist : 0.0));
    }

    /**
     * colSum[t] = sum_p k(x_p, z_t): a plain loop over the packed dense support instances for the
     * Gaussian kernel (||x||^2 + ||z||^2 - 2 x.z, clamped at 0), else GramBuilder's cross matrix.
     */
    private double[] columnSums(Bag bag) {
        int nz = supportPoints.size();
        double[] colSum = new double[nz];
        if (packed != null) {
            double[] x = new double[dim];
            double g = -gaussianGamma;
            for (Vec v : bag.instances()) {
                java.util.Arrays.fill(x, 0.0);
                v.addTo(x, 1.0);
                double xx = 0;
                for (double a : x) {
                    xx += a * a;
                }
                int t = 0;
                for (; t + 4 <= nz; t += 4) { // four support rows at once: four independent sums
                    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
                    int o0 = t * dim, o1 = o0 + dim, o2 = o1 + dim, o3 = o2 + dim;
                    for (int k = 0; k < dim; k++) {
                        double xk = x[k];
                        s0 += xk * packed[o0 + k];
                        s1 += xk * packed[o1 + k];
                        s2 += xk * packed[o2 + k];
                        s3 += xk * packed[o3 + k];
                    }
                    colSum[t] += gaussian(g, xx + packedNorms[t] - 2.0 * s0);
                    colSum[t + 1] += gaussian(g, xx + packedNorms[t + 1] - 2.0 * s1);
                    colSum[t + 2] += gaussian(g, xx + packedNorms[t + 2] - 2.0 * s2);
                    colSum[t + 3] += gaussian(g, xx + packedNorms[t + 3] - 2.0 * s3);
                }
                for (; t < nz; t++) {
                    double dot = 0;
                    for (int k = 0, o = t * dim; k < dim; k++) {
                        dot += x[k] * packed[o + k];
                    }
                    colSum[t] += gaussian(g, xx + packedNorms[t] - 2.0 * dot);
                }
            }
            return colSum;
        }
        CrossKernelMatrix k = instanceGram.cross(setKernel.instance(), bag.instances(), supportPoints);
        double[] row = new double[nz];
        for (int p = 0; p < bag.size(); p++) {
            k.row(p, row);
            for (int t = 0; t < nz; t++) {
                colSum[t] += row[t];
            }
        }
        return colSum;
    }

    /** Class names, index = predicted class. */
    @Override
    public List<String> classNames() {
        return classNames;
    }

    @Override
    public int dim() {
        return dim;
    }

    @Override
    public FitReport report() {
        return report;
    }

    /** The binary machines (one for two classes). */
    public List<KernelExpansionModel<Bag>> machines() {
        return machines;
    }

    /** The instance kernel's set kernel k_set. */
    public SetKernel setKernel() {
        return setKernel;
    }

    /**
     * k_set(X, X) of a support bag (by identity), for the normalised form.
     *
     * @throws IllegalArgumentException for a bag that is not a support bag of the normalised form
     */
    public double selfSimilarity(Bag supportBag) {
        Double s = selfSimilarity.get(supportBag);
        if (s == null) {
            throw new IllegalArgumentException("bag '" + supportBag.id() + "' is not a support bag of this "
                    + "normalised model");
        }
        return s;
    }

    /**
     * f_c(X) for every machine.
     *
     * @throws IllegalArgumentException when the bag's dimension differs from the training data's
     */
    @Override
    public double[] decisions(Bag bag) {
        if (bag.dim() != dim) {
            throw new IllegalArgumentException("bag '" + bag.id() + "' has dimension " + bag.dim()
                    + ", expected " + dim + " as in training");
        }
        double[] f = bias.clone();
        int nz = supportPoints.size();
        if (nz == 0) {
            return f;
        }
        double scale = form == MiKernelOptions.Form.SUMMED ? 1.0 : 1.0 / bag.size();
        if (form == MiKernelOptions.Form.NORMALIZED) {
            double self = builder.selfSimilarities(setKernel, List.of(bag))[0];
            if (!(self > 0)) {
                return f; // phi(X) = 0: the normalised kernel is 0 against every bag
            }
            scale /= Math.sqrt(self);
        }
        double[] colSum = columnSums(bag);
        for (int c = 0; c < f.length; c++) {
            double s = 0;
            double[] w = weights[c];
            for (int t = 0; t < nz; t++) {
                s += w[t] * colSum[t];
            }
            f[c] += scale * s;
        }
        return f;
    }

    /** Whether the machines use the averaged or the normalised set kernel. */
    public MiKernelOptions.Form form() {
        return form;
    }

    /** f(X) of a two-class model. @throws IllegalStateException for a one-vs-rest model */
    public double decision(Bag bag) {
        if (machines.size() != 1) {
            throw new IllegalStateException("decision(bag) needs a two-class model; this one has "
                    + classNames.size() + " classes, use decisions(bag)");
        }
        return decisions(bag)[0];
    }

    /** Instances in the support bags (of all machines): the kernel evaluations per test instance. */
    @Override
    public int kernelEvaluationsPerInstance() {
        return supportPoints.size();
    }

    /** Machines whose SMO solve stopped at its iteration cap instead of its tolerance. */
    @Override
    public int unconvergedMachines() {
        return unconverged;
    }

    @Override
    public String toString() {
        return "MiKernelModel(classes=" + classNames + ", form=" + form + ", support instances=" + supportPoints.size() + ")";
    }
}
