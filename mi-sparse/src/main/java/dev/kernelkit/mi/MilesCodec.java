package dev.kernelkit.mi;

import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitReport;
import java.util.List;

/**
 * The model file of a {@link MilesModel} (type {@value MilesModel#TYPE}):
 *
 * <pre>
 * kernel = gaussian:gamma=0.006      the instance similarity of the embedding
 * dim = 166
 * kept.count = 40, kept.0 = dense 166 ...   the kept training instances z_j
 * kept.index = 3 17 ...              their positions among the training instances
 * machines = 1
 * weights.0 = ...                    w_cj over the kept instances
 * bias = ...                         b_c, one per machine
 * </pre>
 *
 * This is version 2 of the layout; the class names are {@link dev.kernelkit.io.Models}' {@code classes.*},
 * as they were in version 1, whose other shared keys {@link ModelParts#fromVersion1} moves.
 */
public final class MilesCodec implements ModelCodec<MilesModel> {

    @Override
    public String type() {
        return MilesModel.TYPE;
    }

    @Override
    public Class<MilesModel> modelClass() {
        return MilesModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        return ModelParts.fromVersion1(v1, true).build();
    }

    @Override
    public void write(MilesModel model, ModelFileWriter w) {
        w.putString("kernel", Kernels.format(model.kernel()));
        w.putInt("dim", model.dim());
        w.putVecs("kept", model.keptInstances());
        w.putInts("kept.index", model.keptInstanceIndices());
        w.putInt("machines", model.machines());
        double[] bias = new double[model.machines()];
        for (int c = 0; c < bias.length; c++) {
            w.putDoubles("weights." + c, model.weights(c));
            bias[c] = model.bias(c);
        }
        w.putDoubles("bias", bias);
    }

    @Override
    public MilesModel read(ModelFile f, FitReport report) throws ModelFormatException {
        Kernel<Vec> kernel = MiCodecs.kernel(f, "kernel");
        List<String> classes = ModelParts.classes(f);
        int dim = MiCodecs.dim(f);
        List<Vec> kept = MiCodecs.vecs(f, "kept", dim);
        int[] index = f.getInts("kept.index");
        int machines = MiCodecs.count(f, "machines");
        double[][] weights = MiCodecs.rows(f, "weights", machines, kept.size());
        double[] bias = f.getDoubles("bias", machines);
        try {
            return new MilesModel(classes, dim, kernel, kept, index, weights, bias, report);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
    }
}
