package dev.kernelkit.examples;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * SparseMI (Fu, Lu, Ting and Zhang, TNNLS 2013) in one minute: the paper's ring problem (a positive bag has an
 * instance near the centre, a negative bag only instances on the ring of radius 2), one expansion vector (XV)
 * started on the ring at (2.0, 0.3), which gradient descent on g(Z) moves to the centre (the paper's Fig. 2(a));
 * the classifier then costs one kernel evaluation per instance. Run with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.SparseMiExample}.
 */
public final class SparseMiExample {
    private SparseMiExample() {
    }

    /** Where the XV started and ended, g(Z) per iteration, and the training accuracy. */
    public record Result(Vec start, Vec expansionVector, double[] objectives, double trainingAccuracy,
                         SparseMiModel model) {
    }

    public static void main(String[] args) {
        Result r = run(20, 3);
        for (int i = 0; i < r.objectives().length; i++) {
            System.out.printf("iteration %2d  g(Z) = %.4f%n", i, r.objectives()[i]);
        }
        System.out.println("expansion vector: " + r.expansionVector() + " (started at " + r.start() + ")");
        System.out.println("training accuracy: " + r.trainingAccuracy());
        System.out.println("kernel evaluations per instance at prediction: "
                + r.model().kernelEvaluationsPerInstance());
    }

    /** Fits SparseMI with one XV on {@code bagsPerClass} ring bags of each class (4 to 8 instances each). */
    public static Result run(int bagsPerClass, long seed) {
        // 1. Data: positive bags hold one instance near (0, 0), negative bags only instances on the ring.
        BagDataset bags = SyntheticData.ringBags(bagsPerClass, 4, 8, seed);

        // 2. Options: the paper's defaults (s_max = 10, t_max = 50) with a Gaussian exp(-0.5 ||x - z||^2),
        //    C = 10 and a single expansion vector.
        SparseMiOptions options = SparseMiOptions.defaults().withGamma(0.5).withC(10).withExpansionVectors(1);

        // 3. Fit from a chosen start on the ring; the listener hears g(Z) after every iteration.
        Vec start = DenseVec.of(2.0, 0.3);
        List<Double> trace = new ArrayList<>();
        SparseMiModel model = SparseMi.fit(bags, options, List.of(start), p -> trace.add(p.objective()));

        // 4. The XV has moved to the centre, where the positive instances are.
        double[] objectives = trace.stream().mapToDouble(Double::doubleValue).toArray();
        return new Result(start, model.expansionVectors().get(0), objectives, Metrics.accuracy(model, bags), model);
    }
}
