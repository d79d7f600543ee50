package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitReport;
import java.util.List;

/**
 * The model file of a {@link OneClassCvmModel} (type {@value #TYPE}), registered for
 * {@link dev.kernelkit.io.Models}: {@code dim}, {@code kernel}, {@code c}, {@code alpha},
 * {@code vectors}, {@code centre_norm2} and {@code radius2}, the keys {@code cvm train --method
 * one-class} has always written (version 2; the oldest version-1 files have no {@code dim}, see
 * {@link CvmCodec#putDim}).
 */
public final class OneClassCvmCodec implements ModelCodec<OneClassCvmModel> {
    /** The type string. */
    public static final String TYPE = "one-class-cvm";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Class<OneClassCvmModel> modelClass() {
        return OneClassCvmModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        ModelFile.Rewrite r = ModelParts.fromVersion1(v1, true);
        ModelParts.putClassNames(r, List.of(OneClassBallModel.OUTLIER, OneClassBallModel.INLIER));
        CvmCodec.putDim(r, "vectors");
        return r.build();
    }

    @Override
    public void write(OneClassCvmModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        out.putString("kernel", Kernels.format(model.kernel()));
        out.putDouble("c", model.c());
        out.putDoubles("alpha", model.alpha());
        out.putVecs("vectors", model.supportVectors());
        out.putDouble("centre_norm2", model.centreNorm2());
        out.putDouble("radius2", model.radius2());
    }

    @Override
    public OneClassCvmModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = CvmCodec.dim(in);
        List<Vec> sv = CvmCodec.vectors(in, "vectors", dim);
        return new OneClassCvmModel(CvmCodec.kernel(in), in.getDouble("c"), sv, in.getDoubles("alpha", sv.size()),
                in.getDouble("centre_norm2"), in.getDouble("radius2"), dim, report, null);
    }
}
