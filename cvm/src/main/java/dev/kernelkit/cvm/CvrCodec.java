package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.List;

/**
 * The model file of a {@link CvrModel} (type {@value #TYPE}), registered for
 * {@link dev.kernelkit.io.Models}: {@code dim}, {@code kernel}, {@code bias}, {@code coefficients},
 * {@code vectors} (the expansion), {@code epsilon_bar} and {@code core_size}, the keys
 * {@code cvm train --method cvr} has always written (version 2; the oldest version-1 files have no
 * {@code dim}, see {@link CvmCodec#putDim}).
 */
public final class CvrCodec implements ModelCodec<CvrModel> {
    /** The type string. */
    public static final String TYPE = "cvr";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Class<CvrModel> modelClass() {
        return CvrModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        ModelFile.Rewrite r = ModelParts.fromVersion1(v1, false);
        CvmCodec.putDim(r, "vectors");
        return r.build();
    }

    @Override
    public void write(CvrModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        out.putString("kernel", Kernels.format(model.expansion().kernel()));
        out.putDouble("bias", model.expansion().bias());
        out.putDoubles("coefficients", model.expansion().coefficients());
        out.putVecs("vectors", model.expansion().supportVectors());
        out.putDouble("epsilon_bar", model.epsilonBar());
        out.putInt("core_size", model.coreSize());
    }

    @Override
    public CvrModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = CvmCodec.dim(in);
        List<Vec> sv = CvmCodec.vectors(in, "vectors", dim);
        KernelExpansionModel<Vec> e = KernelExpansionModel.of(CvmCodec.kernel(in), sv,
                in.getDoubles("coefficients", sv.size()), in.getDouble("bias"));
        return new CvrModel(e, in.getDouble("epsilon_bar"), in.getInt("core_size"), dim, report, null);
    }
}
