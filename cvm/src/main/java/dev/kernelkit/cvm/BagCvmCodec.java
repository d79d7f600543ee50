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
import java.util.ArrayList;
import java.util.List;

/**
 * The model file of a {@link BagCvmModel} (type {@value #TYPE}, core and ball vector machines over
 * bags alike; the fit report says which), registered for {@link dev.kernelkit.io.Models}:
 *
 * <pre>
 * dim = 166
 * multiclass = ONE_VS_REST
 * kernel = set(gaussian:gamma=0.006)    the machines' expansions over bags
 * bags = 35, bag.0.count = 4, bag.0.0 = dense 166 ...
 * machines = 1, machine.0.bags, .coefficients, .bias   ({@link ExpansionParts#writeBagExpansions})
 * machine.0.core_indices, .alpha, .core_labels, .rho, .radius2, .eta, .c, .iterations, .converged, .seconds
 * </pre>
 *
 * The class names are {@link dev.kernelkit.io.Models}' {@code classes.*}. This is version 2; version 1
 * kept the expansions under {@code expansion.}.
 *
 * Doubles are written exactly, so a loaded model gives bit-identical decision values.
 */
public final class BagCvmCodec implements ModelCodec<BagCvmModel> {
    /** The type string. */
    public static final String TYPE = "bag-cvm";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Class<BagCvmModel> modelClass() {
        return BagCvmModel.class;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public ModelFile upgrade(ModelFile v1) throws ModelFormatException {
        return ModelParts.fromVersion1(v1, true).renamePrefix("expansion.", "").build();
    }

    @Override
    public void write(BagCvmModel model, ModelFileWriter out) {
        out.putInt("dim", model.dim());
        out.putString("multiclass", model.multiClass().name());
        List<KernelExpansionModel<Bag>> expansions = new ArrayList<>();
        for (CvmMachine<Bag> m : model.machines()) {
            expansions.add(m.expansion());
        }
        ExpansionParts.writeBagExpansions(out, "", expansions);
        for (int k = 0; k < model.machines().size(); k++) {
            CvmCodec.writeCore(out, ModelParts.machine(k) + ".", model.machines().get(k));
        }
    }

    @Override
    public BagCvmModel read(ModelFile in, FitReport report) throws ModelFormatException {
        int dim = in.getInt("dim");
        if (dim < 0) {
            throw in.formatError("dim", "expected a dimension >= 0 for 'dim', found " + dim);
        }
        List<String> classes = ModelParts.classes(in);
        CvmOptions.MultiClass mc = CvmCodec.multiClass(in);
        List<KernelExpansionModel<Bag>> expansions = ExpansionParts.readBagExpansions(in, "", dim);
        List<CvmMachine<Bag>> machines = new ArrayList<>(expansions.size());
        for (int k = 0; k < expansions.size(); k++) {
            machines.add(CvmCodec.readCore(in, "machine." + k + ".", expansions.get(k), KernelSpace.BAGS));
        }
        try {
            return new BagCvmModel(classes, mc, machines, dim, report);
        } catch (IllegalArgumentException e) {
            throw in.formatError("bag-cvm model: " + e.getMessage());
        }
    }
}
