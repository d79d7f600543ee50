package dev.kernelkit.svm;

import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.learn.FitReport;
import java.util.List;

/**
 * The model file of a {@link BagSvmModel} (type {@value #TYPE}, version 2), registered for
 * {@link dev.kernelkit.io.Models}: {@code dim} and the expansions over bags at the top level
 * ({@link ExpansionParts#writeBagExpansions}: the bag kernel, the support bags once each, {@code machines}
 * and per machine its support bags' indices, coefficients and bias); the class names are
 * {@link dev.kernelkit.io.Models}' {@code classes.*}. Version 1 kept the expansions under {@code svm.}.
 */
public final class BagSvmCodec implements ModelCodec<BagSvmModel> {
    /** The type string. */
    public static final String TYPE = "bag-svm";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Class<BagSvmModel> modelClass() {
        return BagSvmModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        return ModelParts.fromVersion1(v1, true).renamePrefix("svm.", "").build();
    }

    @Override
    public void write(BagSvmModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        ExpansionParts.writeBagExpansions(out, "", model.expansionModels());
    }

    @Override
    public BagSvmModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = in.getInt("dim");
        if (dim < 0) {
            throw in.formatError("dim", "expected a dimension >= 0 for 'dim', found " + dim);
        }
        List<String> classes = ModelParts.classes(in);
        try {
            return new BagSvmModel(classes, ExpansionParts.readBagExpansions(in, "", dim), dim, report);
        } catch (IllegalArgumentException e) {
            throw in.formatError("bag-svm model: " + e.getMessage());
        }
    }
}
