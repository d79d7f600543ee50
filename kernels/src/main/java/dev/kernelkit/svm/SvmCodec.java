package dev.kernelkit.svm;

import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.learn.FitReport;

/**
 * The model file of an {@link SvmModel} (type {@value #TYPE}): {@code dim}, then
 * {@code svm.classes}, {@code svm.machines} and one kernel expansion per machine
 * ({@link ModelParts#writeSvm}). Registered for {@link dev.kernelkit.io.Models}.
 */
public final class SvmCodec implements ModelCodec<SvmModel> {
    /** The type string. */
    public static final String TYPE = "svm";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Class<SvmModel> modelClass() {
        return SvmModel.class;
    }

    @Override
    public void write(SvmModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        ModelParts.writeSvm(out, "svm", model);
    }

    @Override
    public SvmModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = in.getInt("dim");
        if (dim < 0) {
            throw in.formatError("dim", "expected a dimension >= 0 for 'dim', found " + dim);
        }
        return ModelParts.readSvm(in, "svm", dim, report);
    }
}
