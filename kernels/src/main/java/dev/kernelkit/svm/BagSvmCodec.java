package dev.kernelkit.svm;

import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.learn.FitReport;
import java.util.List;

/**
 * The model file of a {@link BagSvmModel} (type {@value #TYPE}), registered for
 * {@link dev.kernelkit.io.Models}: {@code dim}, the class names {@code classes.count},
 * {@code classes.i}, and the expansions over bags under {@code svm} ({@link ModelParts#writeBagExpansions}:
 * the bag kernel, the support bags once each, per machine their indices, coefficients and bias).
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
    public void write(BagSvmModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        out.putStrings("classes", model.classNames());
        ModelParts.writeBagExpansions(out, "svm", model.expansionModels());
    }

    @Override
    public BagSvmModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = in.getInt("dim");
        if (dim < 0) {
            throw in.formatError("dim", "expected a dimension >= 0 for 'dim', found " + dim);
        }
        List<String> classes = in.getStrings("classes");
        try {
            return new BagSvmModel(classes, ModelParts.readBagExpansions(in, "svm", dim), dim, report);
        } catch (IllegalArgumentException e) {
            throw in.formatError("bag-svm model: " + e.getMessage());
        }
    }
}
