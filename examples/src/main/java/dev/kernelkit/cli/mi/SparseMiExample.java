package dev.kernelkit.cli.mi;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOptions;
import java.util.Arrays;
import java.util.List;

/**
 * SparseMI in one minute: the paper's ring problem (a positive bag has an instance in the centre,
 * a negative bag only instances on the ring), one expansion vector started on the ring, which
 * gradient descent moves to the centre (TNNLS 2013, Fig. 2(a)).
 */
public final class SparseMiExample {
    private SparseMiExample() {
    }

    /** Trains and prints the XV, the objective per iteration and the training accuracy. */
    public static void main(String[] args) {
        BagDataset bags = SyntheticData.ringBags(20, 4, 8, 3);

        SparseMiOptions options = SparseMiOptions.defaults()   // s_max = 10, t_max = 50, lambda_0 default
                .withGamma(0.5)                                  // Gaussian kernel exp(-0.5 ||x - z||^2)
                .withC(10)
                .withExpansionVectors(1);

        SparseMiModel model = SparseMi.fit(bags, options, List.of(DenseVec.of(2.0, 0.3)),
                progress -> System.out.printf("iteration %2d  g(Z) = %.4f%n", progress.iteration(),
                        progress.objective()));

        System.out.println("expansion vector: " + model.expansionVectors().get(0) + " (started at (2.0, 0.3))");
        System.out.println("beta = " + Arrays.toString(model.beta(0)) + ", rho = " + model.rho(0));
        System.out.println("training accuracy: " + Metrics.accuracy(model, bags));
        System.out.println("kernel evaluations per instance at prediction: " + model.kernelEvaluationsPerInstance());
    }
}
