package dev.kernelkit.svm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.BagKernelMatrix;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.Objects;

/**
 * Trains a {@link BagSvmModel}: C-SVC or L2-SVM on bags with a kernel between bags (the set kernel
 * over an instance kernel is the MI-Kernel of Gaertner, Flach, Kowalczyk and Smola, ICML 2002),
 * solved by {@link SmoSolver} over an on-the-fly {@link BagKernelMatrix}: the loop of {@link Svm}
 * (one machine for two classes, class index 1 positive; one-vs-rest for more), so memory is the
 * bags plus the solver's row cache, not the m x m matrix. Class weights
 * ({@link BagSvmOptions#classWeights()}) make bag i cost C w_{c(i)} in every machine, as in {@link Svm}.
 *
 * <p>As a learner of the contract ({@link #trainer}): {@value #NAME} for the hinge loss and
 * {@value #NAME_L2} for the squared hinge; on bag data the catalog also calls them {@code svm} and
 * {@code l2-svm}. The fit report holds the SMO iterations summed over machines and the machines'
 * final dual objectives.
 */
public final class BagSvm {
    /** The learner name of the hinge-loss SVM on bags. */
    public static final String NAME = "bag-svm";
    /** The learner name of the squared-hinge SVM on bags. */
    public static final String NAME_L2 = "bag-l2-svm";

    private BagSvm() {
    }

    /** The trainer of the learner contract: {@value #NAME} for the hinge loss, {@value #NAME_L2} for the squared hinge. */
    public static Trainer<Bag, BagSvmModel> trainer(BagSvmOptions options) {
        Objects.requireNonNull(options, "options");
        String name = options.loss() == SvmLoss.HINGE ? NAME : NAME_L2;
        return Trainers.of(name, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(BagDataset.of(data), options, listener));
    }

    /** @throws IllegalArgumentException when the data are empty or hold fewer than two classes */
    public static BagSvmModel fit(BagDataset data, BagSvmOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits, reporting each machine's dual objective to the listener (iteration = the machine's SMO
     * iterations).
     *
     * @throws IllegalArgumentException when the data are empty or hold fewer than two classes
     */
    public static BagSvmModel fit(BagDataset data, BagSvmOptions options, FitListener listener) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        String name = options.loss() == SvmLoss.HINGE ? NAME : NAME_L2;
        Trainers.check(name, InputKind.BAGS, Task.CLASSIFICATION, data);
        Stopwatch clock = Stopwatch.start();
        BagKernelMatrix k = BagKernelMatrix.of(data.bags(), options.kernel(), options.kernelCacheMb());
        int[] classIndex = data.classIndices();
        double[] costs = options.classWeights().costs(options.c(), data.classNames(), classIndex);
        Svm.Machines<Bag> fitted = Svm.machines(k, data.bags(), options.kernel(), classIndex,
                data.classCount(), costs, options.loss(), options.solver(), name, clock,
                listener == null ? FitListener.SILENT : listener);
        return new BagSvmModel(data.classNames(), fitted.models(), data.dim(), fitted.report(name, options, clock));
    }
}
