package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.SetKernelGram;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * MI-Kernel: an SVM on bags with the set kernel k_set(X, Y) = (1/(|X||Y|)) sum_p sum_q k(x_p, y_q)
 * (Gärtner et al. 2002), its normalised form k_set(X, Y) / sqrt(k_set(X, X) k_set(Y, Y)) or the
 * summed form |X||Y| k_set(X, Y) ({@link MiKernelOptions.Form}), solved by {@link SmoSolver}; one-vs-rest for more than two
 * classes. Class weights ({@link MiKernelOptions#classWeights()}) make bag i cost C w_{c(i)}, its own
 * class's weight, in every machine (as {@link dev.kernelkit.svm.Svm}). The dense counterpart of SparseMI: its prediction costs one kernel evaluation per
 * instance of every support bag. Cost of training: the m x m set-kernel matrix, built by
 * {@link SetKernelGram} from the blocked N x N instance Gram (single-threaded, N² d / 2
 * multiply-adds), plus SMO.
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}) it reports each
 * machine's dual objective after its SMO solve to the {@link FitListener} (iteration = the
 * solve's SMO iterations); the fit report holds the SMO iterations summed over machines, whether
 * every solve met its tolerance, and the machines' final dual objectives.
 */
public final class MiKernel {
    /** The catalog name and fit-report learner of MI-Kernel. */
    public static final String NAME = "mikernel";

    private MiKernel() {
    }

    /** The trainer of the learner contract ({@value #NAME}): {@link #fit(BagDataset, MiKernelOptions, FitListener)}. */
    public static Trainer<Bag, MiKernelModel> trainer(MiKernelOptions options) {
        return Trainers.of(NAME, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(BagDataset.of(data), options, listener));
    }

    /**
     * Fits MI-Kernel.
     *
     * @throws IllegalArgumentException when the data has fewer than two classes
     */
    public static MiKernelModel fit(BagDataset data, MiKernelOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits MI-Kernel, reporting each machine's SMO solve to the listener.
     *
     * @throws IllegalArgumentException when the data has fewer than two classes
     */
    public static MiKernelModel fit(BagDataset data, MiKernelOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        SparseMi.checkData(data);
        SetKernel setKernel = new SetKernel(options.kernel());
        SetKernelGram builder = SetKernelGram.singleThreaded();
        DenseKernelMatrix gram = switch (options.form()) {
            case NORMALIZED -> builder.normalizedGram(setKernel, data.bags());
            case SUMMED -> builder.summedGram(setKernel, data.bags());
            default -> builder.gram(setKernel, data.bags());
        };
        Kernel<Bag> bagKernel = bagKernel(options.form(), setKernel);
        double[][] targets = SparseMi.targets(data);
        double[] costs = options.classWeights().costs(options.c(), data.classNames(), data.labels());
        SmoSolver smo = new SmoSolver(options.solver());
        List<KernelExpansionModel<Bag>> machines = new ArrayList<>(targets.length);
        int unconverged = 0;
        long iterations = 0;
        double[] objectives = new double[targets.length];
        for (int c = 0; c < targets.length; c++) {
            double[] y = targets[c];
            SvmSolution sol = smo.solve(new SvmProblem(gram, y, costs, options.loss()));
            machines.add(KernelExpansionModel.fromSolution(bagKernel, data.bags(), y, sol));
            unconverged += sol.converged() ? 0 : 1;
            iterations += sol.iterations();
            objectives[c] = sol.objective();
            listener.onProgress(new FitProgress(NAME, c, targets.length, (int) Math.min(Integer.MAX_VALUE,
                    sol.iterations()), sol.objective(), clock.elapsedSeconds()));
        }
        Map<Bag, Double> self = new IdentityHashMap<>();
        if (options.form() == MiKernelOptions.Form.NORMALIZED) {
            double[] s = builder.selfSimilarities(setKernel, data.bags());
            for (int i = 0; i < s.length; i++) {
                self.put(data.bag(i), s[i]);
            }
        }
        FitReport report = new FitReport(NAME, options.toString(), 0, iterations, unconverged == 0, objectives,
                clock.elapsedSeconds());
        return new MiKernelModel(data.classNames(), data.dim(), options.form(), setKernel, machines, self, unconverged,
                report);
    }

    /**
     * The bag kernel of the SVM for a set-kernel form: the set kernel itself (averaged), its
     * cosine normalisation, or |X||Y| times it (summed). The model's machines evaluate with it.
     */
    static Kernel<Bag> bagKernel(MiKernelOptions.Form form, SetKernel setKernel) {
        return switch (form) {
            case NORMALIZED -> new NormalizedKernel<>(setKernel);
            case SUMMED -> (x, y) -> x.size() * (double) y.size() * setKernel.apply(x, y);
            default -> setKernel;
        };
    }
}
