package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.SetKernelGram;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.SetKernel;
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
 * classes. The dense counterpart of SparseMI: its prediction costs one kernel evaluation per
 * instance of every support bag. Cost of training: the m x m set-kernel matrix, built by
 * {@link SetKernelGram} from the blocked N x N instance Gram (single-threaded, N² d / 2
 * multiply-adds), plus SMO.
 */
public final class MiKernel {
    private MiKernel() {
    }

    /**
     * Fits MI-Kernel.
     *
     * @throws IllegalArgumentException when the data has fewer than two classes
     */
    public static MiKernelModel fit(BagDataset data, MiKernelOptions options) {
        SparseMi.checkData(data);
        SetKernel setKernel = new SetKernel(options.kernel());
        SetKernelGram builder = SetKernelGram.singleThreaded();
        DenseKernelMatrix gram;
        Kernel<Bag> bagKernel;
        switch (options.form()) {
            case NORMALIZED -> {
                gram = builder.normalizedGram(setKernel, data.bags());
                bagKernel = new NormalizedKernel<>(setKernel);
            }
            case SUMMED -> {
                gram = builder.summedGram(setKernel, data.bags());
                bagKernel = (x, y) -> x.size() * (double) y.size() * setKernel.apply(x, y);
            }
            default -> {
                gram = builder.gram(setKernel, data.bags());
                bagKernel = setKernel;
            }
        }
        double[][] targets = SparseMi.targets(data);
        SmoSolver smo = new SmoSolver(options.solver());
        List<KernelExpansionModel<Bag>> machines = new ArrayList<>(targets.length);
        int unconverged = 0;
        for (double[] y : targets) {
            SvmSolution sol = smo.solve(SvmProblem.of(gram, y, options.c(), options.loss()));
            machines.add(KernelExpansionModel.fromSolution(bagKernel, data.bags(), y, sol));
            unconverged += sol.converged() ? 0 : 1;
        }
        Map<Bag, Double> self = new IdentityHashMap<>();
        if (options.form() == MiKernelOptions.Form.NORMALIZED) {
            double[] s = builder.selfSimilarities(setKernel, data.bags());
            for (int i = 0; i < s.length; i++) {
                self.put(data.bag(i), s[i]);
            }
        }
        return new MiKernelModel(data.classNames(), data.dim(), options.form(), setKernel, machines, self, unconverged);
    }
}
