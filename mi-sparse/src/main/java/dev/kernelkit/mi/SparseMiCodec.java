package dev.kernelkit.mi;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitReport;
import java.util.Arrays;
import java.util.List;

/**
 * The model file of a {@link SparseMiModel} (type {@value SparseMiModel#TYPE}; SparseMI, RS and
 * RSVM, told apart by {@code report.learner}):
 *
 * <pre>
 * kernel = gaussian:gamma=0.006      the instance kernel (gaussian, polynomial, linear, weighted-gaussian,
 *                                     or a learned sum(w*k, ...) of these on features)
 * dim = 166
 * xv.count = 10, xv.0 = dense 166 ...  the expansion vectors z_j (sparse in basis-vector mode)
 * machines = 1                        binary problems: 1 for two classes, else one per class
 * beta.0 = ..., rho.0 = ...           per problem
 * objective = ...                     g(Z) at the start and after every accepted step
 * stop = CONVERGED                    {@link SparseMi.StopReason}
 * </pre>
 *
 * A learned kernel ({@code MultipleKernel.DifferentiableCombined}) is written as {@code sum(w_m*k_m, ...)} over its
 * active base kernels ({@link Kernels#format}) and read back as the combination of those kernels with weights w_m
 * ({@link MultipleKernel#differentiable}): the same sum on the combination's fast path, equal up to rounding (the
 * path groups the active kernels only, and a group Gaussian comes back as the Gaussian of gamma = 1 / sigma).
 *
 * <p>This is version 2 of the layout: the class names are {@link dev.kernelkit.io.Models}' {@code classes.*}
 * and the problem count is {@code machines}; version 1 had {@code problems} (moved by {@link #upgrade}).
 * The oldest version-1 files, which {@code SparseMiModel.save} wrote before the learner contract, have
 * no {@code report.*} keys: they get a report with learner {@code sparse-mi},
 * options "unknown", seed 0, 0 seconds and the iterations, trace and convergence read from
 * {@code objective} and {@code stop}.
 */
public final class SparseMiCodec implements ModelCodec<SparseMiModel> {

    @Override
    public String type() {
        return SparseMiModel.TYPE;
    }

    @Override
    public Class<SparseMiModel> modelClass() {
        return SparseMiModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        ModelFile.Rewrite r = ModelParts.fromVersion1(v1, true).rename("problems", ModelParts.MACHINES);
        if (!v1.has("report.learner")) {
            SparseMi.StopReason stop = MiCodecs.enumValue(v1, "stop", SparseMi.StopReason.class);
            double[] trace = v1.getDoubles("objective");
            boolean converged = stop != SparseMi.StopReason.MAX_ITERATIONS || trace.length == 1;
            ModelParts.putReport(r, new FitReport(SparseMi.NAME, "unknown", 0, Math.max(0, trace.length - 1), converged,
                    trace, 0));
        }
        return r.build();
    }

    @Override
    public void write(SparseMiModel model, ModelFileWriter w) {
        w.putString("kernel", Kernels.format(model.kernel()));
        w.putInt("dim", model.dim());
        w.putVecs("xv", model.expansionVectors());
        ModelParts.writeMachines(w, model.problems());
        for (int p = 0; p < model.problems(); p++) {
            w.putDoubles("beta." + p, model.beta(p));
            w.putDouble("rho." + p, model.rho(p));
        }
        w.putDoubles("objective", model.objectiveTrace());
        w.putString("stop", model.stopReason().name());
    }

    @Override
    public SparseMiModel read(ModelFile f, FitReport report) throws ModelFormatException {
        Kernel<Vec> k = MiCodecs.kernel(f, "kernel");
        DifferentiableKernel dk;
        try {
            dk = MultipleKernel.differentiable(k);
        } catch (IllegalArgumentException e) {
            throw f.formatError("kernel", "expected a gaussian, polynomial or linear kernel, found '"
                    + f.getString("kernel") + "' (a weighted-gaussian or a learned sum of differentiable kernels on "
                    + "features would do too, but " + e.getMessage() + ")");
        }
        List<String> classes = ModelParts.classes(f);
        int dim = MiCodecs.dim(f);
        List<Vec> xvs = MiCodecs.vecs(f, "xv", dim);
        int problems = ModelParts.readMachines(f, 1, 2);  // each problem: beta.p and rho.p
        double[][] w = new double[problems][];
        for (int p = 0; p < problems; p++) {
            double[] beta = f.getDoubles("beta." + p, xvs.size());
            w[p] = Arrays.copyOf(beta, xvs.size() + 1);
            w[p][xvs.size()] = f.getDouble("rho." + p);
        }
        SparseMi.StopReason stop = MiCodecs.enumValue(f, "stop", SparseMi.StopReason.class);
        double[] trace = f.getDoubles("objective");
        try {
            return new SparseMiModel(dk, classes, dim, xvs, w, trace, stop, report);
        } catch (IllegalStateException e) {
            throw f.formatError("objective", e.getMessage());
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
    }
}
