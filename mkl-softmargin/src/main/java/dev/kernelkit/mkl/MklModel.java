package dev.kernelkit.mkl;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.LearnsKernel;
import dev.kernelkit.learn.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A fitted MKL classifier on vectors: the base kernels with their unit-trace scales, the support
 * vectors, and one machine per binary problem (one for two classes, the larger label positive;
 * one-vs-rest over the sorted labels for three or more), each with its own kernel weights mu,
 * coefficients beta_i = alpha_i y_i and bias: f(x) = sum_i beta_i sum_m mu_m s_m k_m(x, x_i) + b
 * (Xu, Tsang and Xu, TNNLS 2013). Predicts through the base kernels (shared work per feature subset,
 * {@link MultipleKernel.Combined}). As a {@link Model} the class names are
 * {@link LabeledDataset#className} of the labels, {@link #predict} gives the class index and
 * {@link #predictLabel} the label; as a {@link LearnsKernel} each machine hands out its learned kernel
 * sum_m mu_m s_m k_m. The model reads points in the space it was trained in: the protocol's
 * standardisation is a {@link dev.kernelkit.learn.ScaledModel} around it. Immutable; made by
 * {@link SoftMarginMkl#fit} and {@link MklCodec}.
 */
public final class MklModel implements Model<Vec>, LearnsKernel<Vec> {
    /** Model file type. */
    public static final String TYPE = "mkl";

    /** One binary machine and its fit report. */
    public record Machine(double[] mu, double[] coefficients, double bias, double[] objectives, int svmSolves,
                          boolean converged, double seconds, int selectedKernels) {
        /** Copies the arrays. */
        public Machine {
            mu = mu.clone();
            coefficients = coefficients.clone();
            objectives = objectives.clone();
        }

        @Override
        public double[] mu() {
            return mu.clone();
        }

        @Override
        public double[] coefficients() {
            return coefficients.clone();
        }

        @Override
        public double[] objectives() {
            return objectives.clone();
        }
    }

    private final MklOptions options;
    private final double[] classes;
    private final List<String> classNames;
    private final MultipleKernel kernels;
    private final int dim;
    private final List<Vec> supportVectors;
    private final List<Machine> machines;
    private final MultipleKernel.Combined[] learned;
    private final MultipleKernel.Expansion[] expansions;
    private final FitReport report;

    /**
     * @throws IllegalArgumentException when the classes are not finite and increasing, the number of machines
     *         does not fit them, a machine's arrays do not fit the kernels and support vectors, or a support
     *         vector has another dimension
     */
    MklModel(MklOptions options, double[] classes, MultipleKernel kernels, int dim, List<Vec> supportVectors,
             List<Machine> machines, FitReport report) {
        this.options = Objects.requireNonNull(options, "options");
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.report = Objects.requireNonNull(report, "report");
        if (classes.length < 2) {
            throw new IllegalArgumentException("an MKL model needs at least 2 classes, got " + classes.length);
        }
        for (int k = 0; k < classes.length; k++) {
            if (!Double.isFinite(classes[k]) || (k > 0 && !(classes[k] > classes[k - 1]))) {
                throw new IllegalArgumentException("classes must be finite and strictly increasing, got "
                        + Arrays.toString(classes));
            }
        }
        int expected = classes.length == 2 ? 1 : classes.length;
        if (machines.size() != expected) {
            throw new IllegalArgumentException("expected " + expected + " machines for " + classes.length
                    + " classes, found " + machines.size());
        }
        if (dim < 1) {
            throw new IllegalArgumentException("dim must be >= 1, got " + dim);
        }
        for (Vec v : supportVectors) {
            if (v.dim() != dim) {
                throw new IllegalArgumentException("a support vector has dimension " + v.dim() + ", expected " + dim);
            }
        }
        for (int k = 0; k < machines.size(); k++) {
            Machine m = machines.get(k);
            if (m.mu.length != kernels.count()) {
                throw new IllegalArgumentException("machine " + k + " has " + m.mu.length + " kernel weights, expected "
                        + kernels.count());
            }
            if (m.coefficients.length != supportVectors.size()) {
                throw new IllegalArgumentException("machine " + k + " has " + m.coefficients.length
                        + " coefficients, expected one per support vector (" + supportVectors.size() + ")");
            }
            if (!Double.isFinite(m.bias)) {
                throw new IllegalArgumentException("machine " + k + " has a non-finite bias " + m.bias);
            }
        }
        this.classes = classes.clone();
        List<String> names = new ArrayList<>(classes.length);
        for (double c : classes) {
            names.add(LabeledDataset.className(c));
        }
        this.classNames = List.copyOf(names);
        this.dim = dim;
        this.supportVectors = List.copyOf(supportVectors);
        this.machines = List.copyOf(machines);
        this.learned = new MultipleKernel.Combined[machines.size()];
        this.expansions = new MultipleKernel.Expansion[machines.size()];
        for (int k = 0; k < learned.length; k++) {
            learned[k] = kernels.combined(machines.get(k).mu);
            expansions[k] = learned[k].expansion(this.supportVectors, machines.get(k).coefficients);
        }
    }

    /**
     * Builds the model from binary results over the training points, keeping only support vectors; the fit
     * report sums the machines' iterations and keeps machine 0's objective trace.
     */
    static MklModel of(MklOptions options, double[] classes, MultipleKernel kernels, List<Vec> points,
                       List<MklResult> results, double seconds) {
        int n = points.size();
        boolean[] used = new boolean[n];
        for (MklResult r : results) {
            double[] b = r.beta();
            for (int i = 0; i < n; i++) {
                used[i] |= b[i] != 0;
            }
        }
        int[] index = new int[n];
        List<Vec> sv = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            index[i] = used[i] ? sv.size() : -1;
            if (used[i]) {
                sv.add(points.get(i));
            }
        }
        List<Machine> machines = new ArrayList<>();
        for (MklResult r : results) {
            double[] b = r.beta();
            double[] coef = new double[sv.size()];
            for (int i = 0; i < n; i++) {
                if (index[i] >= 0) {
                    coef[index[i]] = b[i];
                }
            }
            machines.add(new Machine(r.mu(), coef, r.bias(), r.objectives(), r.svmSolves(), r.converged(),
                    r.seconds(), r.selectedKernels()));
        }
        return new MklModel(options, classes, kernels, points.get(0).dim(), sv, machines,
                report(options, machines, seconds));
    }

    /**
     * The fit report of these machines: learner = the method's name, iterations summed over the machines,
     * converged when all are, machine 0's objective trace.
     */
    static FitReport report(MklOptions options, List<Machine> machines, double seconds) {
        long iterations = 0;
        boolean converged = true;
        for (Machine m : machines) {
            iterations += Math.max(0, m.objectives.length - 1);
            converged &= m.converged;
        }
        return new FitReport(options.method().cliName(), options.toString(), 0, iterations, converged,
                machines.get(0).objectives, seconds);
    }

    /** The training options. */
    public MklOptions options() {
        return options;
    }

    /** The sorted class labels. */
    public double[] classes() {
        return classes.clone();
    }

    /** Whether there are two classes (one machine). */
    public boolean isBinary() {
        return classes.length == 2;
    }

    @Override
    public MultipleKernel baseKernels() {
        return kernels;
    }

    /** The support vectors (union over machines). */
    public List<Vec> supportVectors() {
        return supportVectors;
    }

    /** The machines: one for two classes, one per class otherwise. */
    public List<Machine> machines() {
        return machines;
    }

    @Override
    public int machineCount() {
        return machines.size();
    }

    /** Kernel weights mu of machine k. */
    @Override
    public double[] kernelWeights(int machine) {
        return machines.get(machine).mu();
    }

    /** sum_m mu_m s_m k_m of machine k, the kernel its expansion f_k is written in. */
    @Override
    public MultipleKernel.Combined learnedKernel(int machine) {
        return learned[machine];
    }

    /** Mean number of selected kernels over the machines. */
    public double selectedKernelsMean() {
        return machines.stream().mapToInt(Machine::selectedKernels).average().orElse(0);
    }

    /** The number of machines whose fit ended without meeting its stopping rule (see {@link MklResult#converged()}). */
    public int unconvergedMachines() {
        return (int) machines.stream().filter(m -> !m.converged()).count();
    }

    /** Total SVM solves over the machines. */
    public int svmSolves() {
        return machines.stream().mapToInt(Machine::svmSolves).sum();
    }

    /** Total training seconds over the machines (the shared kernel set-up excluded). */
    public double trainSeconds() {
        return machines.stream().mapToDouble(Machine::seconds).sum();
    }

    /**
     * f_k(x) for machine k.
     *
     * @throws IllegalArgumentException when x has the wrong dimension
     */
    public double decision(int k, Vec x) {
        checkDim(x);
        return machines.get(k).bias + expansions[k].value(x);
    }

    private void checkDim(Vec x) {
        if (x.dim() != dim) {
            throw new IllegalArgumentException("the point has dimension " + x.dim() + " but the model's base kernels were fitted on "
                    + dim + "-dimensional training points");
        }
    }

    /** f_k(x) pair by pair through {@link MultipleKernel.Combined#apply}: the reference {@link #decision} is tested against. */
    double decisionPairwise(int k, Vec x) {
        checkDim(x);
        Machine mach = machines.get(k);
        double[] coef = mach.coefficients;
        double s = mach.bias;
        for (int i = 0; i < coef.length; i++) {
            if (coef[i] != 0) {
                s += coef[i] * learned[k].apply(x, supportVectors.get(i));
            }
        }
        return s;
    }

    /** The binary decision value (machine 0); for k &ge; 3 classes, use {@link #decisions}. */
    public double decision(Vec x) {
        if (!isBinary()) {
            throw new IllegalStateException("decision(x) is for two classes; this model has " + classes.length
                    + ", use decisions(x)");
        }
        return decision(0, x);
    }

    /** One decision value per machine: {f} for two classes, f_c per class (one-vs-rest) otherwise. */
    @Override
    public double[] decisions(Vec x) {
        double[] out = new double[machines.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = decision(k, x);
        }
        return out;
    }

    /** The predicted class index into {@link #classes()}: sign of f for two classes, argmax of the one-vs-rest values otherwise. */
    @Override
    public int predict(Vec x) {
        return Model.classOf(decisions(x));
    }

    /** The predicted label. */
    public double predictLabel(Vec x) {
        return classes[predict(x)];
    }

    @Override
    public List<String> classNames() {
        return classNames;
    }

    @Override
    public FitReport report() {
        return report;
    }

    @Override
    public InputKind input() {
        return InputKind.VECTORS;
    }

    @Override
    public int dim() {
        return dim;
    }

    /** The decision values of every point, one row per point ({@link #decisions}). */
    public double[][] decisionValues(LabeledDataset data) {
        double[][] f = new double[data.size()][];
        for (int i = 0; i < f.length; i++) {
            f[i] = decisions(data.x(i));
        }
        return f;
    }

    /** The predicted labels of points from their {@link #decisionValues}. */
    public double[] predictLabels(double[][] decisionValues) {
        double[] out = new double[decisionValues.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = classes[Model.classOf(decisionValues[i])];
        }
        return out;
    }

    /** Predicted labels of every point. */
    public double[] predictLabels(LabeledDataset data) {
        return predictLabels(decisionValues(data));
    }

    /**
     * The ranking quality of the decision values on labelled points: for two classes the average precision
     * of f with the larger label positive; for three or more the mean over the model's classes that occur
     * in {@code data} of the one-vs-rest average precision of each machine's f_k (MAP, as in the paper's
     * Table III). Labels the model does not know count as negatives of every class. NaN when no class of the
     * model occurs in {@code data} (two classes: when the positive label does not).
     */
    public double averagePrecision(LabeledDataset data) {
        return averagePrecision(data.labels(), decisionValues(data));
    }

    /** As {@link #averagePrecision(LabeledDataset)} from the points' labels and {@link #decisionValues}. */
    public double averagePrecision(double[] labels, double[][] decisionValues) {
        int n = labels.length;
        if (decisionValues.length != n) {
            throw new IllegalArgumentException("expected " + n + " rows of decision values, found " + decisionValues.length);
        }
        double[][] f = new double[machines.size()][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < f.length; k++) {
                f[k][i] = decisionValues[i][k];
            }
        }
        double[] y = labels;
        double sum = 0;
        int used = 0;
        for (int k = 0; k < f.length; k++) {
            boolean[] pos = Metrics.positives(y, isBinary() ? classes[1] : classes[k]);
            boolean any = false;
            for (boolean b : pos) {
                any |= b;
            }
            if (any) {
                sum += Metrics.averagePrecision(pos, f[k]);
                used++;
            }
        }
        return used == 0 ? Double.NaN : sum / used;
    }

    /** A short summary: method, classes, kernels selected per machine. */
    public Map<String, Object> summary() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("method", options.method().cliName());
        s.put("classes", Arrays.toString(classes));
        s.put("kernels", kernels.count());
        s.put("support_vectors", supportVectors.size());
        s.put("selected", machines.stream().map(Machine::selectedKernels).toList());
        return s;
    }

    @Override
    public String toString() {
        return "MklModel" + summary();
    }
}
