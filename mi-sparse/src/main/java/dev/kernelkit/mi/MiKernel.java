package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import java.util.ArrayList;
import java.util.List;

/**
 * MI-Kernel: an SVM on bags with the set kernel k_set(X, Y) = (1/(|X||Y|)) sum_p sum_q k(x_p, y_q)
 * (Gärtner et al. 2002), solved by {@link SmoSolver}; one-vs-rest for more than two classes. The
 * dense counterpart of SparseMI: its prediction costs one kernel evaluation per instance of every
 * support bag. Cost of training: the m x m set-kernel matrix (N² instance-kernel evaluations)
 * plus SMO.
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
        DenseKernelMatrix gram = DenseKernelMatrix.compute(setKernel, data.bags());
        double[][] targets = SparseMi.targets(data);
        SmoSolver smo = new SmoSolver(options.solver());
        List<KernelExpansionModel<Bag>> machines = new ArrayList<>(targets.length);
        for (double[] y : targets) {
            SvmSolution sol = smo.solve(SvmProblem.of(gram, y, options.c(), options.loss()));
            machines.add(KernelExpansionModel.fromSolution(setKernel, data.bags(), y, sol));
        }
        return new MiKernelModel(data.classNames(), data.dim(), machines);
    }
}
