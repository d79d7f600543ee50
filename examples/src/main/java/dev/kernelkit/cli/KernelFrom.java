package dev.kernelkit.cli;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.LearnedKernel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code --kernel-from MODEL [--kernel-machine i|average]}: train with the kernel an MKL or IMKPL model
 * learned ({@link LearnedKernel}) instead of {@code --gamma}/{@code --kernel}; the model's scaler comes with it
 * and the kernel is scaled to mean k(x, x) = 1 on the training points, so C keeps the scale it has with a
 * Gaussian. Shared by {@code svm train|cv} and {@code cvm train|cv}.
 */
public final class KernelFrom {
    @Option(names = "--kernel-from", paramLabel = "MODEL",
            description = {"Use the kernel learned by an MKL (mkl train) or IMKPL/ISKPL (prototypes train) model file "
                    + "instead of --gamma/--kernel. The model's feature scaler is applied to the data (so --scale must "
                    + "stay none), and the kernel is scaled to mean k(x, x) = 1 on the training points."})
    Path model;

    @Option(names = "--kernel-machine", paramLabel = "i|average", defaultValue = "average",
            description = "With --kernel-from a multi-class (one-vs-rest) model: the kernel weights of machine i, or "
                    + "the average of all machines' weights (default: ${DEFAULT-VALUE}).")
    String machine = "average";

    private LearnedKernel loaded;

    /** The --kernel-from file, or null. */
    public Path file() {
        return model;
    }

    /** Whether --kernel-from was given. */
    public boolean given() {
        return model != null;
    }

    /**
     * The learned kernel (loaded once).
     *
     * @throws IllegalArgumentException for a missing file, a bad --kernel-machine or a model without a kernel
     * @throws IOException when the file cannot be read or parsed
     */
    public LearnedKernel load() throws IOException {
        if (loaded == null) {
            if (!Files.isRegularFile(model)) {
                throw new IllegalArgumentException("--kernel-from: no such file: " + model);
            }
            LearnedKernel.Choice choice;
            try {
                choice = LearnedKernel.Choice.parse(machine);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--kernel-machine: " + e.getMessage(), e);
            }
            try {
                loaded = Models.loadLearnedKernel(model, choice);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--kernel-from " + e.getMessage(), e);
            }
        }
        return loaded;
    }

    /**
     * Refuses the options --kernel-from replaces.
     *
     * @param kernelOption the kernel option given with it (e.g. "--gamma 0.5"), or null
     * @throws IllegalArgumentException naming the clash
     */
    public void checkAlone(String kernelOption, FeatureScaling scale) {
        if (!given()) {
            return;
        }
        if (kernelOption != null) {
            throw new IllegalArgumentException("give either --kernel-from or " + kernelOption + ", not both");
        }
        if (scale != FeatureScaling.NONE) {
            throw new IllegalArgumentException("--kernel-from applies the model's own scaler; drop --scale "
                    + scale.cliName());
        }
    }

    /**
     * The learned kernel for one training part: dimension checked, the part scaled by the model's scaler and
     * the kernel scaled to mean k(x, x) = 1 on it.
     *
     * @param what the data's name in messages (e.g. "--data a9a.libsvm")
     * @throws IllegalStateException before {@link #load}
     */
    public Prepared prepare(LabeledDataset rawTrain, String what) {
        if (loaded == null) {
            throw new IllegalStateException("load() the learned kernel first");
        }
        LearnedKernel k = loaded;
        LabeledDataset train = k.prepare(widen(rawTrain), what);
        double mean = k.meanDiagonal(train.points());
        return new Prepared(k.withUnitMeanDiagonal(train.points()), train, 1 / mean);
    }

    /**
     * Sparse (LIBSVM) data with fewer feature indices than the kernel was learned on, widened to its dimension
     * (the file just has no non-zero value in the last features); other data unchanged, so that
     * {@link LearnedKernel#checkDim} names any real mismatch.
     */
    public LabeledDataset widen(LabeledDataset raw) {
        if (loaded == null || raw.size() == 0 || raw.dim() >= loaded.dim() || !(raw.x(0) instanceof SparseVec)) {
            return raw;
        }
        return DataFiles.widen(raw, loaded.dim());
    }

    /** A learned kernel ready for one training part: the kernel, the scaled part and the factor applied. */
    public record Prepared(LearnedKernel kernel, LabeledDataset train, double factor) {
    }

    /** One line saying which kernel is used. */
    public void describe(PrintWriter out, Prepared p) {
        LearnedKernel k = p.kernel();
        out.printf(Locale.ROOT, "kernel from %s: learned by %s, %s (%d of %d base kernels with a positive weight), "
                        + "%s scaler of the model, scaled by %.6g to mean k(x, x) = 1 on the training points%n", model,
                k.learner(), k.describe(), k.activeKernels(), k.baseKernels().count(), k.scaler().kind().cliName(), p.factor());
    }
}
