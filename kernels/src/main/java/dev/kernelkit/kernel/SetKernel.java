package dev.kernelkit.kernel;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import java.util.List;

/**
 * The (averaged) set kernel between bags, k_set(X, Y) = (1 / (|X| |Y|)) sum_p sum_q k(x_p, y_q)
 * (Gaertner, Flach, Kowalczyk and Smola, "Multi-instance kernels", ICML 2002, with the
 * 1/(|X||Y|) averaging). PSD when the instance kernel is: it is the inner product of the mean
 * feature vectors of the bags. Costs |X| |Y| instance-kernel evaluations.
 *
 * <p>For the normalised variant k_set(X, Y) / sqrt(k_set(X, X) k_set(Y, Y)) use
 * {@link #normalized(Kernel)}.
 *
 * @param instance the kernel between instances
 */
public record SetKernel(Kernel<Vec> instance) implements Kernel<Bag> {

    /** @throws IllegalArgumentException for a null instance kernel */
    public SetKernel {
        Checks.notNull("instance", instance);
    }

    /** The normalised set kernel, {@code new NormalizedKernel<>(new SetKernel(instance))}. */
    public static NormalizedKernel<Bag> normalized(Kernel<Vec> instance) {
        return new NormalizedKernel<>(new SetKernel(instance));
    }

    @Override
    public double apply(Bag x, Bag y) {
        List<Vec> a = x.instances();
        List<Vec> b = y.instances();
        double s = 0;
        for (Vec xp : a) {
            for (Vec yq : b) {
                s += instance.apply(xp, yq);
            }
        }
        return s / ((double) a.size() * b.size());
    }
}
