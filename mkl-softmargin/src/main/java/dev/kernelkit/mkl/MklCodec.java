package dev.kernelkit.mkl;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
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
 * options.method = sm1, options.c = 10.0, options.theta, options.p, options.max_iterations = 200,
 * options.tolerance = 0.01, options.weight_threshold = 1e-5
 * options.smo.eps, options.smo.shrinking = true, options.smo.max_iterations, options.smo.cache_mb
 * options.class_weight = none             {@link ClassWeights} (none, balanced or NAME=W,...)
 * kernels = gaussian:gamma=32.0 ...       one specification per base kernel ({@link Kernels#format})
 * scales = ...                            the scales s_m (unit trace on the training data)
 * normalisation = UNIT_TRACE              {@link MultipleKernel.Normalisation}
 * vectors = ...                           the support vectors (union over machines)
 * machines = 1
 * machine.0.mu, .coefficients, .bias, .objectives, .svm_solves, .converged, .seconds, .selected
 * </pre>
 *
 * The class names are {@link dev.kernelkit.io.Models}' {@code classes.*}. This is version 2 of the
 * layout; version 1 kept the options at the top level, the classes as numbers under {@code classes},
 * {@code machines.count} and {@code machines.K}, {@code class_weight} only for weighted fits, and its files
 * from before the one model-file entry point
 * have no {@code dim} (read from the support vectors or the scaler), no {@code normalisation} (unit trace,
 * the only one they used), their scaler under {@code scaler.*}, and no {@code report.*} (the report is
 * then rebuilt from the machines); {@link #upgrade} moves and fills these in.
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
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        ModelFile.Rewrite r = ModelParts.fromVersion1(v1, true);
        for (String name : OPTION_NAMES) {
            r.rename(name, ModelParts.option(name));
        }
        r.renamePrefix("smo.", ModelParts.option("smo."));
        if (!r.has(ModelParts.option("class_weight"))) {  // written only for weighted fits in version 1
            r.put(ModelParts.option("class_weight"), ClassWeights.NONE.toString());
        }
        ModelParts.numericClassesToNames(r, "classes");
        r.rename("machines.count", ModelParts.MACHINES).renamePrefix("machines.", "machine.");
        if (!r.has("normalisation")) {
            r.put("normalisation", MultipleKernel.Normalisation.UNIT_TRACE.name());
        }
        if (!r.has("dim")) {
            ModelFile in = r.original();
            List<Vec> sv = in.getVecs("vectors");
            if (!sv.isEmpty()) {
                r.put("dim", Integer.toString(sv.get(0).dim()));
            } else if (in.has("scaler.offsets")) {
                r.put("dim", Integer.toString(in.getDoubles("scaler.offsets").length));
            } else {
                throw in.formatError("expected 'dim' (or support vectors to read it from)");
            }
        }
        if (!v1.has("report.learner")) {
            // the report of a file from before the fit report: rebuilt from its options and machines
            MklModel m = read(r.build(), new FitReport(MklModel.TYPE, "", 0, 0, true, new double[0], 0));
            double seconds = m.machines().stream().mapToDouble(MklModel.Machine::seconds).sum();
            ModelParts.putReport(r, MklModel.report(m.options(), m.machines(), Math.max(0, seconds)));
        }
        return r.build();
    }

    private static final List<String> OPTION_NAMES = List.of("method", "c", "theta", "p", "max_iterations", "tolerance",
            "weight_threshold", "class_weight");

    @Override
    public void write(MklModel model, ModelFileWriter w) {
        MklOptions options = model.options();
        List<String> specs = new ArrayList<>();
        for (Kernel<Vec> k : model.baseKernels().kernels()) {
            specs.add(Kernels.format(k));
        }
        w.putInt("dim", model.dim());
        w.putString(ModelParts.option("method"), options.method().cliName());
        w.putDouble(ModelParts.option("c"), options.c());
        w.putDouble(ModelParts.option("theta"), options.theta());
        w.putDouble(ModelParts.option("p"), options.p());
        w.putInt(ModelParts.option("max_iterations"), options.maxIterations());
        w.putDouble(ModelParts.option("tolerance"), options.tolerance());
        w.putDouble(ModelParts.option("weight_threshold"), options.weightThreshold());
        w.putDouble(ModelParts.option("smo.eps"), options.solver().eps());
        w.putBoolean(ModelParts.option("smo.shrinking"), options.solver().shrinking());
        w.putLong(ModelParts.option("smo.max_iterations"), options.solver().maxIterations());
        w.putDouble(ModelParts.option("smo.cache_mb"), options.solver().cacheMb());
        w.putString(ModelParts.option("class_weight"), options.classWeights().toString());
        w.putStrings("kernels", specs);
        w.putDoubles("scales", model.baseKernels().scales());
        w.putString("normalisation", model.baseKernels().normalisation().name());
        w.putVecs("vectors", model.supportVectors());
        List<MklModel.Machine> machines = model.machines();
        ModelParts.writeMachines(w, machines.size());
        for (int k = 0; k < machines.size(); k++) {
            MklModel.Machine m = machines.get(k);
            String p = ModelParts.machine(k) + ".";
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
            SmoSolver.Options smo = new SmoSolver.Options(f.getDouble(ModelParts.option("smo.eps")),
                    f.getBoolean(ModelParts.option("smo.shrinking")), f.getLong(ModelParts.option("smo.max_iterations")),
                    f.getDouble(ModelParts.option("smo.cache_mb")));
            options = new MklOptions(MklMethod.parse(f.getString(ModelParts.option("method"))),
                    f.getDouble(ModelParts.option("c")), f.getDouble(ModelParts.option("theta")),
                    f.getDouble(ModelParts.option("p")), f.getInt(ModelParts.option("max_iterations")),
                    f.getDouble(ModelParts.option("tolerance")), f.getDouble(ModelParts.option("weight_threshold")), smo,
                    ClassWeights.parse(f.getString(ModelParts.option("class_weight"))));
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
            MultipleKernel.Normalisation normalisation = MultipleKernel.Normalisation.valueOf(f.getString("normalisation"));
            kernels = MultipleKernel.of(list, f.getDoubles("scales", list.size()), normalisation, 0);
        } catch (IllegalArgumentException e) {
            throw f.formatError("scales", e.getMessage());
        }
        double[] classes = ModelParts.numericClasses(f);
        List<Vec> sv = f.getVecs("vectors");
        int dim = f.getInt("dim");
        int count = f.getInt(ModelParts.MACHINES);
        int expected = classes.length == 2 ? 1 : classes.length;
        if (count != expected) {
            throw f.formatError(ModelParts.MACHINES, "expected " + expected + " machines for " + classes.length
                    + " classes, found " + count);
        }
        List<MklModel.Machine> machines = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            String p = ModelParts.machine(k) + ".";
            machines.add(new MklModel.Machine(f.getDoubles(p + "mu", list.size()),
                    f.getDoubles(p + "coefficients", sv.size()), f.getDouble(p + "bias"), f.getDoubles(p + "objectives"),
                    f.getInt(p + "svm_solves"), f.getBoolean(p + "converged"), f.getDouble(p + "seconds"),
                    f.getInt(p + "selected")));
        }
        return new MklModel(options, classes, kernels, dim, sv, machines, report);
    }
}
