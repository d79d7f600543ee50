package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.svm.ExpansionParts;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.List;

/**
 * The model file of a {@link BagOneClassCvmModel} (type {@value #TYPE}), registered for
 * {@link dev.kernelkit.io.Models}: {@code dim}, {@code c}, the support bags with their weights a_i as
 * the one expansion ({@link ExpansionParts#writeBagExpansions}, {@code machines = 1}, bias 0),
 * {@code centre_norm2} and {@code radius2}. This is version 2; version 1 kept the expansion under
 * {@code ball.}.
 */
public final class BagOneClassCvmCodec implements ModelCodec<BagOneClassCvmModel> {
    /** The type string. */
    public static final String TYPE = "bag-one-class-cvm";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Class<BagOneClassCvmModel> modelClass() {
        return BagOneClassCvmModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        ModelFile.Rewrite r = ModelParts.fromVersion1(v1, true).renamePrefix("ball.", "");
        return ModelParts.putClassNames(r, List.of(OneClassBallModel.OUTLIER, OneClassBallModel.INLIER)).build();
    }

    @Override
    public void write(BagOneClassCvmModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        out.putDouble("c", model.c());
        ExpansionParts.writeBagExpansions(out, "",
                List.of(KernelExpansionModel.of(model.kernel(), model.supportVectors(), model.alpha(), 0.0)));
        out.putDouble("centre_norm2", model.centreNorm2());
        out.putDouble("radius2", model.radius2());
    }

    @Override
    public BagOneClassCvmModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = in.getInt("dim");
        if (dim < 0) {
            throw in.formatError("dim", "expected a dimension >= 0 for 'dim', found " + dim);
        }
        List<KernelExpansionModel<Bag>> e = ExpansionParts.readBagExpansions(in, "", dim);
        if (e.size() != 1) {
            throw in.formatError(ModelParts.MACHINES, "expected one expansion for 'machines', found " + e.size());
        }
        KernelExpansionModel<Bag> ball = e.get(0);
        try {
            return new BagOneClassCvmModel(ball.kernel(), in.getDouble("c"), ball.supportVectors(), ball.coefficients(),
                    in.getDouble("centre_norm2"), in.getDouble("radius2"), dim, report, null);
        } catch (IllegalArgumentException ex) {
            throw in.formatError("bag-one-class-cvm model: " + ex.getMessage());
        }
    }
}
