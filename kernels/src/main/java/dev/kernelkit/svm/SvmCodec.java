package dev.kernelkit.svm;

import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.ModelParts;
import dev.kernelkit.learn.FitReport;

/**
 * The model file of an {@link SvmModel} (type {@value #TYPE}, version 2): {@code dim}, then
 * {@code machines} and one kernel expansion per machine under {@code machine.K}
 * ({@link ExpansionParts#writeSvm}); the classes are {@link dev.kernelkit.io.Models}' {@code classes.*}.
 * Version 1 (before the model-file convention) kept {@code svm.classes} (numbers), {@code svm.machines}
 * and {@code svm.machine.K}; {@link #upgrade} moves them. Registered for {@link dev.kernelkit.io.Models}.
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
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        ModelFile.Rewrite r = ModelParts.fromVersion1(v1, true);
        ModelParts.numericClassesToNames(r, "svm.classes");
        return r.rename("svm.machines", ModelParts.MACHINES).renamePrefix("svm.machine.", "machine.").build();
    }

    @Override
    public void write(SvmModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        ExpansionParts.writeSvm(out, "", model);
    }

    @Override
    public SvmModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = in.getInt("dim");
        if (dim < 0) {
            throw in.formatError("dim", "expected a dimension >= 0 for 'dim', found " + dim);
        }
        return ExpansionParts.readSvm(in, "", dim, report);
    }
}
