package dev.kernelkit.mkl;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.svm.SmoSolver;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fitted MKL classifier on vectors: the base kernels with their unit-trace scales, the support
 * vectors, and one machine per binary problem (one for two classes, the larger label positive;
 * one-vs-rest over the sorted labels for three or more), each with its own kernel weights mu,
 * coefficients beta_i = alpha_i y_i and bias: f(x) = sum_i beta_i sum_m mu_m s_m k_m(x, x_i) + b.
 * Predicts through the base kernels (shared work per feature subset), after the optional input
 * scaler ({@link #withScaler}). Immutable; only
 * {@link SoftMarginMkl#fit} and {@link #load} make one.
 */
public final class MklModel {
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
    private final BaseKernels kernels;
    private final List<Vec> supportVectors;
    private final List<Machine> machines;
    private final double[][] weights;
    private final BaseKernels.Expansion[] expansions;
    private final FittedScaler scaler;

    MklModel(MklOptions options, double[] classes, BaseKernels kernels, List<Vec> supportVectors, List<Machine> machines) {
        this(options, classes, kernels, supportVectors, machines, null);
    }

    private MklModel(MklOptions options, double[] classes, BaseKernels kernels, List<Vec> supportVectors,
                     List<Machine> machines, FittedScaler scaler) {
        this.scaler = scaler;
        this.options = options;
        this.classes = classes.clone();
        this.kernels = kernels;
        this.supportVectors = List.copyOf(supportVectors);
        this.machines = List.copyOf(machines);
        this.weights = new double[machines.size()][];
        this.expansions = new BaseKernels.Expansion[machines.size()];
        for (int k = 0; k < weights.length; k++) {
            weights[k] = kernels.effectiveWeights(machines.get(k).mu);
            expansions[k] = kernels.expansion(this.supportVectors, machines.get(k).coefficients, weights[k]);
        }
    }

    /** Builds the model from binary results over the training points, keeping only support vectors. */
    static MklModel of(MklOptions options, double[] classes, BaseKernels kernels, List<Vec> points,
                       List<MklResult> results) {
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
        return new MklModel(options, classes, kernels, sv, machines);
    }

    /**
     * The same model reading raw points: each point is first transformed by the scaler fitted on
     * the raw training data (the support vectors stay in the scaled space). The scaler is saved with the model.
     */
    public MklModel withScaler(FittedScaler value) {
        return new MklModel(options, classes, kernels, supportVectors, machines, value);
    }

    /** The input scaler, if any. */
    public java.util.Optional<FittedScaler> scaler() {
        return java.util.Optional.ofNullable(scaler);
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

    /** The base kernels and their scales. */
    public BaseKernels kernels() {
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

    /** Kernel weights of machine k. */
    public double[] mu(int k) {
        return machines.get(k).mu();
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
        if (!supportVectors.isEmpty() && x.dim() != supportVectors.get(0).dim()) {
            throw new IllegalArgumentException("the point has dimension " + x.dim() + " but the model's base kernels were fitted on "
                    + supportVectors.get(0).dim() + "-dimensional training points");
        }
        if (scaler != null) {
            x = scaler.apply(x);
        }
        return machines.get(k).bias + expansions[k].value(x);
    }

    /** f_k(x) pair by pair through {@link BaseKernels#weightedSum}: the reference {@link #decision} is tested against. */
    double decisionPairwise(int k, Vec x) {
        if (scaler != null) {
            x = scaler.apply(x);
        }
        Machine mach = machines.get(k);
        double[] coef = mach.coefficients;
        double s = mach.bias;
        for (int i = 0; i < coef.length; i++) {
            if (coef[i] != 0) {
                s += coef[i] * kernels.weightedSum(x, supportVectors.get(i), weights[k]);
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

    /** One decision value per machine. */
    public double[] decisions(Vec x) {
        double[] out = new double[machines.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = decision(k, x);
        }
        return out;
    }

    /** The predicted label: sign of f for two classes, argmax of the one-vs-rest values otherwise. */
    public double predict(Vec x) {
        return labelOf(decisions(x));
    }

    /** The label of one point's decision values: sign of f for two classes, argmax otherwise. */
    private double labelOf(double[] d) {
        if (isBinary()) {
            return d[0] > 0 ? classes[1] : classes[0];
        }
        int best = 0;
        for (int k = 1; k < d.length; k++) {
            if (d[k] > d[best]) {
                best = k;
            }
        }
        return classes[best];
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
    public double[] predict(double[][] decisionValues) {
        double[] out = new double[decisionValues.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = labelOf(decisionValues[i]);
        }
        return out;
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

    /** Predicted labels of every point. */
    public double[] predict(LabeledDataset data) {
        return predict(decisionValues(data));
    }

    /**
     * Writes the model file.
     *
     * @throws IllegalArgumentException when a base kernel has no specification ({@link Kernels#format})
     */
    public void save(Path file) throws IOException {
        ModelFileWriter w = new ModelFileWriter(TYPE);
        w.putString("method", options.method().cliName());
        w.putDouble("c", options.c());
        w.putDouble("theta", options.theta());
        w.putDouble("p", options.p());
        w.putInt("max_iterations", options.maxIterations());
        w.putDouble("tolerance", options.tolerance());
        w.putDouble("weight_threshold", options.weightThreshold());
        w.putDouble("smo.eps", options.solver().eps());
        w.putBoolean("smo.shrinking", options.solver().shrinking());
        w.putLong("smo.max_iterations", options.solver().maxIterations());
        w.putDouble("smo.cache_mb", options.solver().cacheMb());
        List<String> specs = new ArrayList<>();
        for (Kernel<Vec> k : kernels.kernels()) {
            specs.add(Kernels.format(k));
        }
        w.putStrings("kernels", specs);
        w.putDoubles("scales", kernels.scales());
        w.putDoubles("classes", classes);
        w.putVecs("vectors", supportVectors);
        if (scaler != null) {
            w.putString("scaler.kind", scaler.kind().cliName());
            w.putDoubles("scaler.offsets", scaler.offsets());
            w.putDoubles("scaler.scales", scaler.scales());
        }
        w.putInt("machines.count", machines.size());
        for (int k = 0; k < machines.size(); k++) {
            Machine m = machines.get(k);
            String p = "machines." + k + ".";
            w.putDoubles(p + "mu", m.mu);
            w.putDoubles(p + "coefficients", m.coefficients);
            w.putDouble(p + "bias", m.bias);
            w.putDoubles(p + "objectives", m.objectives);
            w.putInt(p + "svm_solves", m.svmSolves);
            w.putBoolean(p + "converged", m.converged);
            w.putDouble(p + "seconds", m.seconds);
            w.putInt(p + "selected", m.selectedKernels);
        }
        w.write(file);
    }

    /**
     * Reads a model written by {@link #save}.
     *
     * @throws IOException when the file cannot be read, is not an MKL model, or its arrays have the
     *         wrong lengths (the message names the file and the key)
     */
    public static MklModel load(Path file) throws IOException {
        ModelFile f = ModelFileReader.read(file).requireType(TYPE);
        String name = file.toString();
        try {
            SmoSolver.Options smo = new SmoSolver.Options(f.getDouble("smo.eps"), f.getBoolean("smo.shrinking"),
                    f.getLong("smo.max_iterations"), f.getDouble("smo.cache_mb"));
            MklOptions options = new MklOptions(MklMethod.parse(f.getString("method")), f.getDouble("c"),
                    f.getDouble("theta"), f.getDouble("p"), f.getInt("max_iterations"), f.getDouble("tolerance"),
                    f.getDouble("weight_threshold"), smo);
            List<Kernel<Vec>> list = new ArrayList<>();
            for (String s : f.getStrings("kernels")) {
                list.add(Kernels.parse(s));
            }
            BaseKernels kernels = BaseKernels.of(list).withScales(f.getDoubles("scales", list.size()));
            double[] classes = f.getDoubles("classes");
            List<Vec> sv = f.getVecs("vectors");
            int count = f.getInt("machines.count");
            int expected = classes.length == 2 ? 1 : classes.length;
            if (count != expected) {
                throw new IOException(name + ": expected " + expected + " machines for " + classes.length
                        + " classes, found " + count);
            }
            List<Machine> machines = new ArrayList<>();
            for (int k = 0; k < count; k++) {
                String p = "machines." + k + ".";
                machines.add(new Machine(f.getDoubles(p + "mu", list.size()), f.getDoubles(p + "coefficients", sv.size()),
                        f.getDouble(p + "bias"), f.getDoubles(p + "objectives"), f.getInt(p + "svm_solves"),
                        f.getBoolean(p + "converged"), f.getDouble(p + "seconds"), f.getInt(p + "selected")));
            }
            FittedScaler scaler = null;
            if (f.has("scaler.kind")) {
                scaler = FittedScaler.of(FeatureScaling.parse(f.getString("scaler.kind")), f.getDoubles("scaler.offsets"),
                        f.getDoubles("scaler.scales"));
            }
            return new MklModel(options, classes, kernels, sv, machines, scaler);
        } catch (IllegalArgumentException e) {
            throw new IOException(name + ": " + e.getMessage());
        }
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
