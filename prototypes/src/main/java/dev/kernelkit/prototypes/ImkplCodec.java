package dev.kernelkit.prototypes;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.kernel.ChannelAlignmentKernel;
import dev.kernelkit.kernel.GlobalAlignmentKernel;
import dev.kernelkit.kernel.GroupGaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.VariableLengthChannelKernel;
import dev.kernelkit.learn.FitReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The model file of an {@link ImkplModel} (type {@value ImkplModel#TYPE}), registered for
 * {@link dev.kernelkit.io.Models}:
 *
 * <pre>
 * t = 18, options.lambda = 0.1, options.mu, options.tau, options.beta_step, options.ls_form,
 * options.max_iterations, options.tolerance, options.recompute_neighbourhoods, options.self_coding,
 * options.kernel_cap, options.seed, options.dis_form, options.inner_folds
 * options.prediction_rule = CLASS_RECONSTRUCTION   the rule of predict
 * beta = ...                          the kernel weights
 * kernels.dim = 5748, kernels.count = 5748
 * kernels.sigma = ...                 the width of each group Gaussian (0 for an alignment channel)
 * kernels.group.M = 17                the features of base kernel M, in order
 * kernels.gak.M.sigma, kernels.gak.M.triangular   only for an alignment channel
 * kernels.series.M = 2                the channel of a variable-length alignment kernel (instead of a group;
 *                                     kernels.dim = 0 then: the points are series of any length)
 * kernels.series.M.resample = 60      the length its channel is resampled to (0: none)
 * points = ..., points.train_index = ..., points.class = ...     the stored training samples
 * prototypes.count = 72, prototypes.class = ..., prototypes.J.points = ..., prototypes.J.weights = ...
 * </pre>
 *
 * The class labels are {@link dev.kernelkit.io.Models}' {@code classes.*} (names of the numeric labels).
 * This is version 2 of the layout. Version 1 had the labels as numbers under {@code classes}, and its
 * older files lack the options added later ({@code self_coding}: HIDE_SELF_PROTOTYPE, {@code kernel_cap}:
 * 0, {@code dis_form}: DISTANCE, {@code prediction_rule}: PROTOTYPE_VOTE, the only rule before it was
 * stored, {@code inner_folds}: 5, the default then); {@link #upgrade} fills them in. Files written before the
 * one model-file entry point have their fit report rebuilt from their {@code objective_history} and
 * {@code converged} lines.
 */
public final class ImkplCodec implements ModelCodec<ImkplModel> {

    @Override
    public String type() {
        return ImkplModel.TYPE;
    }

    @Override
    public Class<ImkplModel> modelClass() {
        return ImkplModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        ModelFile.Rewrite r = ModelParts.fromVersion1(v1, true);
        ModelParts.numericClassesToNames(r, "classes");
        putIfAbsent(r, "self_coding", ImkplOptions.SelfCoding.HIDE_SELF_PROTOTYPE.name());
        putIfAbsent(r, "kernel_cap", "0");
        putIfAbsent(r, "dis_form", ImkplOptions.DisForm.DISTANCE.name());
        putIfAbsent(r, "prediction_rule", ImkplOptions.PredictionRule.PROTOTYPE_VOTE.name());
        putIfAbsent(r, "inner_folds", Integer.toString(ImkplOptions.LEGACY_INNER_FOLDS));
        if (!v1.has("report.learner")) {
            // the report of a file from before the fit report: its options, trace and convergence lines
            ImkplOptions opts = read(r.build(), new FitReport(ImkplModel.TYPE, "", 0, 0, true, new double[0], 0)).options();
            double[] history = v1.has("objective_history") ? v1.getDoubles("objective_history") : new double[0];
            boolean converged = !v1.has("converged") || v1.getBoolean("converged");
            r.remove("objective_history").remove("converged");
            ModelParts.putReport(r, new FitReport(Imkpl.learnerName(opts), opts.toString(), opts.seed(),
                    Math.max(0, history.length - 1), converged, history, 0));
        }
        return r.build();
    }

    private static void putIfAbsent(ModelFile.Rewrite r, String option, String value) throws ModelFormatException {
        if (!r.has(ModelParts.option(option))) {
            r.put(ModelParts.option(option), value);
        }
    }

    /**
     * @throws IllegalArgumentException when a base kernel is neither a {@link GroupGaussianKernel} nor a
     *         {@link ChannelAlignmentKernel} with a single-value frame, or a scale is not 1
     */
    @Override
    public void write(ImkplModel model, ModelFileWriter w) {
        MultipleKernel kernels = model.baseKernels();
        int count = kernels.count();
        double[] sigma = new double[count];
        for (int m = 0; m < count; m++) {
            Kernel<Vec> k = kernels.kernel(m);
            if (kernels.scale(m) != 1.0) {
                throw new IllegalArgumentException("the imkpl model file stores unscaled base kernels; kernel " + m
                        + " has scale " + kernels.scale(m));
            }
            if (k instanceof GroupGaussianKernel g) {
                sigma[m] = g.width();
            } else if (!(k instanceof ChannelAlignmentKernel) && !(k instanceof VariableLengthChannelKernel)) {
                throw new IllegalArgumentException("the imkpl model file stores Gaussian-per-group and alignment-per-channel "
                        + "base kernels only; kernel " + m + " is " + k);
            }
        }
        ImkplOptions options = model.options();
        w.putInt("t", model.t());
        w.putDouble("options.lambda", options.lambda());
        w.putDouble("options.mu", options.mu());
        w.putDouble("options.tau", options.tau());
        w.putString("options.beta_step", options.betaStep().name());
        w.putString("options.ls_form", options.lsForm().name());
        w.putInt("options.max_iterations", options.maxIterations());
        w.putDouble("options.tolerance", options.tolerance());
        w.putBoolean("options.recompute_neighbourhoods", options.recomputeNeighbourhoods());
        w.putString("options.self_coding", options.selfCoding().name());
        w.putInt("options.kernel_cap", options.kernelCap());
        w.putLong("options.seed", options.seed());
        w.putString("options.dis_form", options.disForm().name());
        w.putString("options.prediction_rule", options.predictionRule().name());
        w.putInt("options.inner_folds", options.innerFolds());
        if (options.innerMaxIterations() != ImkplOptions.DEFAULT_INNER_MAX_ITERATIONS) {
            w.putInt("options.inner_max_iterations", options.innerMaxIterations()); // absent: the default
        }
        w.putDoubles("beta", model.kernelWeights());
        w.putInt("kernels.dim", kernels.acceptsAnyDimension() ? 0 : model.dim());
        w.putInt("kernels.count", count);
        w.putDoubles("kernels.sigma", sigma);
        for (int m = 0; m < count; m++) {
            Kernel<Vec> k = kernels.kernel(m);
            if (k instanceof GroupGaussianKernel g) {
                w.putInts("kernels.group." + m, g.features());
            } else if (k instanceof VariableLengthChannelKernel v) {
                w.putInt("kernels.series." + m, v.channelIndex());
                w.putInt("kernels.series." + m + ".resample", v.resampleTo());
                w.putDouble("kernels.gak." + m + ".sigma", v.alignment().sigma());
                w.putInt("kernels.gak." + m + ".triangular", v.alignment().triangular());
            } else {
                ChannelAlignmentKernel a = (ChannelAlignmentKernel) k;
                w.putInts("kernels.group." + m, a.features());
                w.putDouble("kernels.gak." + m + ".sigma", a.alignment().sigma());
                w.putInt("kernels.gak." + m + ".triangular", a.alignment().triangular());
            }
        }
        w.putVecs("points", model.storedPoints());
        w.putInts("points.train_index", model.trainIndex());
        w.putInts("points.class", model.pointClasses());
        int k = model.prototypeCount();
        w.putInt("prototypes.count", k);
        w.putInts("prototypes.class", model.prototypeClasses());
        for (int j = 0; j < k; j++) {
            w.putInts("prototypes." + j + ".points", model.prototypePoints(j));
            w.putDoubles("prototypes." + j + ".weights", model.prototypeWeights(j));
        }
    }

    @Override
    public ImkplModel read(ModelFile f, FitReport report) throws ModelFormatException {
        int t = f.getInt("t");
        double[] classes = ModelParts.numericClasses(f);
        MultipleKernel kernels = readKernels(f, "kernels.");
        double[] beta = f.getDoubles("beta", kernels.count());
        List<Vec> points = f.getVecs("points");
        int[] trainIndex = f.getInts("points.train_index");
        int[] pointClass = f.getInts("points.class");
        int k = f.getInt("prototypes.count");
        int[] protoClass = f.getInts("prototypes.class");
        if (t < 1 || classes.length < 1 || k < 1 || points.isEmpty() || trainIndex.length != points.size()
                || pointClass.length != points.size() || protoClass.length != k) {
            throw f.formatError("inconsistent sizes (t=" + t + ", classes=" + classes.length
                    + ", points=" + points.size() + ", prototypes=" + k + ")");
        }
        for (Vec p : points) {
            if (!kernels.acceptsAnyDimension() && p.dim() != kernels.dim()) {
                throw f.formatError("points", "a stored point has dimension " + p.dim() + ", expected " + kernels.dim());
            }
        }
        for (int pc : pointClass) {
            checkIndex(f, "points.class", pc, classes.length);
        }
        for (int pc : protoClass) {
            checkIndex(f, "prototypes.class", pc, classes.length);
        }
        int[][] idx = new int[k][];
        double[][] val = new double[k][];
        for (int j = 0; j < k; j++) {
            idx[j] = f.getInts("prototypes." + j + ".points");
            val[j] = f.getDoubles("prototypes." + j + ".weights", idx[j].length);
            for (int a : idx[j]) {
                checkIndex(f, "prototypes." + j + ".points", a, points.size());
            }
        }
        ImkplOptions opts;
        try {
            opts = new ImkplOptions(t, f.getDouble("options.lambda"), f.getDouble("options.mu"), f.getDouble("options.tau"),
                    ImkplOptions.BetaStep.valueOf(f.getString("options.beta_step")),
                    ImkplOptions.LsForm.valueOf(f.getString("options.ls_form")), f.getInt("options.max_iterations"),
                    f.getDouble("options.tolerance"), f.getBoolean("options.recompute_neighbourhoods"),
                    ImkplOptions.SelfCoding.valueOf(f.getString("options.self_coding")), f.getInt("options.kernel_cap"),
                    f.getLong("options.seed"), ImkplOptions.DisForm.valueOf(f.getString("options.dis_form")),
                    ImkplOptions.PredictionRule.valueOf(f.getString("options.prediction_rule")),
                    f.getInt("options.inner_folds"), f.has("options.inner_max_iterations")
                            ? f.getInt("options.inner_max_iterations") : ImkplOptions.DEFAULT_INNER_MAX_ITERATIONS);
        } catch (IllegalArgumentException e) {
            throw f.formatError("invalid options: " + e.getMessage());
        }
        if (opts.predictionRule() == ImkplOptions.PredictionRule.BY_INNER_CV) {
            throw f.formatError("options.prediction_rule", "a model file needs the rule inner CV chose, found "
                    + opts.predictionRule());
        }
        try {
            return new ImkplModel(kernels, beta, classes, points, trainIndex, pointClass, idx, val, protoClass, t, opts,
                    report);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
    }

    /** The base kernels stored under {@code prefix} (unit diagonal, scales 1). */
    static MultipleKernel readKernels(ModelFile f, String prefix) throws ModelFormatException {
        int d = f.getInt(prefix + "dim");
        int count = f.getInt(prefix + "count");
        if (d < 0 || count < 1) {
            throw f.formatError("expected dim >= 0 and count >= 1 for '" + prefix + "', found " + d + " and " + count);
        }
        double[] sig = f.getDoubles(prefix + "sigma", count);
        List<Kernel<Vec>> list = new ArrayList<>(count);
        for (int m = 0; m < count; m++) {
            String skey = prefix + "series." + m;
            if (f.has(skey)) {
                int c = f.getInt(skey);
                if (c < 0) {
                    throw f.formatError(skey, "channel " + c + " of base kernel " + m + " must be >= 0");
                }
                try {
                    list.add(new VariableLengthChannelKernel(c, new GlobalAlignmentKernel(f.getDouble(prefix + "gak." + m + ".sigma"),
                            f.getInt(prefix + "gak." + m + ".triangular"), 1), f.getInt(skey + ".resample")));
                } catch (IllegalArgumentException e) {
                    throw f.formatError(prefix + "gak." + m + ".sigma", "alignment kernel " + m + ": " + e.getMessage());
                }
                continue;
            }
            if (d < 1) {
                throw f.formatError(prefix + "dim", "dim 0 is for variable-length series kernels only; base kernel " + m
                        + " reads features");
            }
            String key = prefix + "group." + m;
            int[] g = f.getInts(key);
            if (g.length == 0) {
                throw f.formatError(key, "feature group " + m + " must not be empty");
            }
            for (int x : g) {
                if (x < 0 || x >= d) {
                    throw f.formatError(key, "feature index " + x + " of '" + key + "' outside dimension " + d);
                }
            }
            if (!(sig[m] >= 0) || !Double.isFinite(sig[m])) {
                throw f.formatError(prefix + "sigma", "width " + sig[m] + " of base kernel " + m
                        + " must be finite and >= 0");
            }
            if (f.has(prefix + "gak." + m + ".sigma")) {
                try {
                    list.add(new ChannelAlignmentKernel(g, new GlobalAlignmentKernel(f.getDouble(prefix + "gak." + m + ".sigma"),
                            f.getInt(prefix + "gak." + m + ".triangular"), 1)));
                } catch (IllegalArgumentException e) {
                    throw f.formatError(prefix + "gak." + m + ".sigma", "alignment kernel " + m + ": " + e.getMessage());
                }
            } else {
                list.add(new GroupGaussianKernel(g, sig[m]));
            }
        }
        double[] ones = new double[count];
        Arrays.fill(ones, 1.0);
        return MultipleKernel.of(list, ones, MultipleKernel.Normalisation.UNIT_DIAGONAL, d);
    }

    private static void checkIndex(ModelFile f, String key, int v, int bound) throws ModelFormatException {
        if (v < 0 || v >= bound) {
            throw f.formatError(key, "index " + v + " in '" + key + "' outside [0, " + bound + ")");
        }
    }
}
