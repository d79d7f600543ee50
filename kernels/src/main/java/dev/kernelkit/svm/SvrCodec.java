package dev.kernelkit.svm;

import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.learn.FitReport;

/**
 * The model file of an {@link SvrModel} (type {@value #TYPE}, version 2): {@code dim}, then the kernel expansion under
 * {@code svr} ({@link ExpansionParts#writeExpansion}). Registered for {@link dev.kernelkit.io.Models}. (A nu-SVM
 * is an {@link SvmModel} and is written by {@link SvmCodec}.)
 */
public final class SvrCodec implements ModelCodec<SvrModel> {
    /** The type string. */
    public static final String TYPE = "svr";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Class<SvrModel> modelClass() {
        return SvrModel.class;
    }

    /** Version 2: the model-file convention ({@link ModelParts}); version 1 files were written before it. */
    @Override
    public int version() {
        return 2;
    }

    @Override
    public dev.kernelkit.io.ModelFile upgrade(dev.kernelkit.io.ModelFile v1) throws ModelFormatException {
        return ModelParts.fromVersion1(v1, false).build();
    }

    @Override
    public void write(SvrModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        ExpansionParts.writeExpansion(out, "svr", model.expansion());
    }

    @Override
    public SvrModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = in.getInt("dim");
        if (dim < 0) {
            throw in.formatError("dim", "expected a dimension >= 0 for 'dim', found " + dim);
        }
        KernelExpansionModel<dev.kernelkit.data.Vec> e = ExpansionParts.readExpansion(in, "svr", dim);
        try {
            return new SvrModel(e, dim, report);
        } catch (IllegalArgumentException ex) {
            throw in.formatError("dim", ex.getMessage());
        }
    }
}
