package dev.kernelkit.learn;

import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.Kernel;

/**
 * A fitted model that learned a combination of base kernels: its base kernels (a {@link MultipleKernel},
 * scales included), and per machine (one for two classes, one per class for one-vs-rest models) the kernel
 * weights mu and the learned kernel K_mu(x, z) = sum_m mu_m s_m k_m(x, z) as a {@link Kernel}, so that a
 * kernel learned by one module can be handed to another (an SVM, a core vector machine). Implemented by the
 * MKL models (SM1MKL, SM2MKL, Lp-MKL, SimpleMKL, AveKernel; Xu, Tsang and Xu, TNNLS 2013) and the IMKPL /
 * ISKPL models (Hosseini and Hammer, CIKM 2019).
 *
 * <p>The learned kernel reads the examples the model reads: for a model behind its training scaler
 * ({@link Scaled}) that is the scaled space, so apply the scaler first.
 *
 * @param <X> the example type
 */
public interface LearnsKernel<X> {

    /** The base kernels with their normalisation (the scales s_m are part of them). */
    MultipleKernel baseKernels();

    /** The number of machines that learned weights (1 for a binary or single-kernel-set model). */
    int machineCount();

    /**
     * A copy of the kernel weights mu of one machine (M values, non-negative).
     *
     * @throws IndexOutOfBoundsException for a machine outside [0, {@link #machineCount()})
     */
    double[] kernelWeights(int machine);

    /**
     * The kernel machine {@code machine} learned, sum_m mu_m s_m k_m, evaluated on the base kernels' fast path.
     *
     * @throws IndexOutOfBoundsException for a machine outside [0, {@link #machineCount()})
     */
    Kernel<X> learnedKernel(int machine);

    /** The mean of the machines' kernel weights, (1 / machines) sum_k mu_k: one kernel for the whole model. */
    default double[] averageKernelWeights() {
        int machines = machineCount();
        double[] avg = kernelWeights(0);
        for (int k = 1; k < machines; k++) {
            double[] mu = kernelWeights(k);
            for (int m = 0; m < avg.length; m++) {
                avg[m] += mu[m];
            }
        }
        for (int m = 0; m < avg.length; m++) {
            avg[m] /= machines;
        }
        return avg;
    }
}
