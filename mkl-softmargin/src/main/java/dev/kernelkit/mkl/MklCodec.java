package dev.kernelkit.mkl;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.svm.SmoSolver;
import java.util.ArrayList;
import java.util.List;

/**
 * The model file of an {@link MklModel} (type {@value MklModel#TYPE}), registered for
 * {@link dev.kernelkit.io.Models}:
 *
 * <pre>
 * dim = 13
 * method = sm1, c = 10.0, theta = ..., p = ..., max_iterations = 200, tolerance = 0.01, weight_threshold = 1e-5
 * smo.eps = ..., smo.shrinking = true, smo.max_iterations = ..., smo.cache_mb = ...
 * kernels = gaussian:gamma=32.0 ...       one specification per base kernel ({@link Kernels#format})
 * scales = ...                            the scales s_m (unit trace on the training data)
 * normalisation = UNIT_TRACE              {@link MultipleKernel.Normalisation}
 * classes = -1.0 1.0
 * vectors = ...                           the support vectors (union over machines)
 * machines.count = 1
 * machines.0.mu, .coefficients, .bias, .objectives, .svm_solves, .converged, .seconds, .selected
 * </pre>
 *
 * Files written before the one model-file entry point still load: they have no {@code dim} (it is read
 * from the support vectors or the scaler), no {@code normalisation} (unit trace, the only one they used)
 * and no {@code report.*} (the report is rebuilt from the machines); their {@code scaler.*} lines are read
 * by {@link dev.kernelkit.io.Models} as the model's scaler.
 */
public final class MklCodec implements ModelCodec<MklModel> {

    @Override
    public String type() {
        return MklModel.TYPE;
    }

    @Override
    public Class<MklModel> modelClass() {
        return MklModel.class;
    }

    @Override
    public void write(MklModel model, ModelFileWriter w) {
        MklOptions options = model.options();
        List<String> specs = new ArrayList<>();
        for (Kernel<Vec> k : model.baseKernels().kernels()) {
            specs.add(Kernels.format(k));
        }
        w.putInt("dim", model.dim());
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
        if (!options.classWeights().isNone()) {  // unweighted files keep their old keys
            w.putString("class_weight", options.classWeights().toString());
        }
        w.putStrings("kernels", specs);
        w.putDoubles("scales", model.baseKernels().scales());
        w.putString("normalisation", model.baseKernels().normalisation().name());
        w.putDoubles("classes", model.classes());
        w.putVecs("vectors", model.supportVectors());
        List<MklModel.Machine> machines = model.machines();
        w.putInt("machines.count", machines.size());
        for (int k = 0; k < machines.size(); k++) {
            MklModel.Machine m = machines.get(k);
            String p = "machines." + k + ".";
            w.putDoubles(p + "mu", m.mu());
            w.putDoubles(p + "coefficients", m.coefficients());
            w.putDouble(p + "bias", m.bias());
            w.putDoubles(p + "objectives", m.objectives());
            w.putInt(p + "svm_solves", m.svmSolves());
            w.putBoolean(p + "converged", m.converged());
            w.putDouble(p + "seconds", m.seconds());
            w.putInt(p + "selected", m.selectedKernels());
        }
    }

    @Override
    public MklModel read(ModelFile f, FitReport report) throws ModelFormatException {
        MklOptions options;
        try {
            SmoSolver.Options smo = new SmoSolver.Options(f.getDouble("smo.eps"), f.getBoolean("smo.shrinking"),
                    f.getLong("smo.max_iterations"), f.getDouble("smo.cache_mb"));
            options = new MklOptions(MklMethod.parse(f.getString("method")), f.getDouble("c"), f.getDouble("theta"),
                    f.getDouble("p"), f.getInt("max_iterations"), f.getDouble("tolerance"),
                    f.getDouble("weight_threshold"), smo,
                    f.has("class_weight") ? ClassWeights.parse(f.getString("class_weight")) : ClassWeights.NONE);
        } catch (IllegalArgumentException e) {
            throw f.formatError("invalid options: " + e.getMessage());
        }
        List<Kernel<Vec>> list = new ArrayList<>();
        for (String s : f.getStrings("kernels")) {
            try {
                list.add(Kernels.parse(s));
            } catch (IllegalArgumentException e) {
                throw f.formatError("kernels", "base kernel '" + s + "': " + e.getMessage());
            }
        }
        MultipleKernel kernels;
        try {
            MultipleKernel.Normalisation normalisation = f.has("normalisation")
                    ? MultipleKernel.Normalisation.valueOf(f.getString("normalisation"))
                    : MultipleKernel.Normalisation.UNIT_TRACE;
            kernels = MultipleKernel.of(list, f.getDoubles("scales", list.size()), normalisation, 0);
        } catch (IllegalArgumentException e) {
            throw f.formatError("scales", e.getMessage());
        }
        double[] classes = f.getDoubles("classes");
        List<Vec> sv = f.getVecs("vectors");
        int dim;
        if (f.has("dim")) {
            dim = f.getInt("dim");
        } else if (!sv.isEmpty()) {
            dim = sv.get(0).dim();
        } else if (f.has("scaler.offsets")) {
            dim = f.getDoubles("scaler.offsets").length;
        } else {
            throw f.formatError("expected 'dim' (or support vectors to read it from)");
        }
        int count = f.getInt("machines.count");
        int expected = classes.length == 2 ? 1 : classes.length;
        if (count != expected) {
            throw f.formatError("machines.count", "expected " + expected + " machines for " + classes.length
                    + " classes, found " + count);
        }
        List<MklModel.Machine> machines = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            String p = "machines." + k + ".";
            machines.add(new MklModel.Machine(f.getDoubles(p + "mu", list.size()),
                    f.getDoubles(p + "coefficients", sv.size()), f.getDouble(p + "bias"), f.getDoubles(p + "objectives"),
                    f.getInt(p + "svm_solves"), f.getBoolean(p + "converged"), f.getDouble(p + "seconds"),
                    f.getInt(p + "selected")));
        }
        if (!f.has("report.learner")) {
            double seconds = machines.stream().mapToDouble(MklModel.Machine::seconds).sum();
            report = MklModel.report(options, machines, Math.max(0, seconds));
        }
        return new MklModel(options, classes, kernels, dim, sv, machines, report);
    }
}
