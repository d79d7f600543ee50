package dev.kernelkit.examples;

import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * A core vector machine (Tsang, Kwok and Cheung, JMLR 2005) in a minute: the L2-SVM dual is a minimum enclosing
 * ball, found from a small core set; train on a 4 x 4 checkerboard on [0,4]^2, look at the core set, score a test
 * set, and fit the JMLR reference algorithm too. Run with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.CoreVectorMachineExample}.
 */
public final class CoreVectorMachineExample {
    private CoreVectorMachineExample() {
    }

    /** The machine LibCVM's algorithm found, its test accuracy, and the JMLR mode's core-set size. */
    public record Result(int trainingSize, CvmMachine<Vec> machine, double testAccuracy, int jmlrCoreVectors) {
    }

    public static void main(String[] args) {
        Result r = run(20_000, 5_000, 1);
        CvmMachine<Vec> machine = r.machine();
        System.out.printf("%d core vectors out of %d points, %d outer iterations, %.2f s%n",
                machine.coreSize(), r.trainingSize(), machine.iterations(), machine.seconds());
        System.out.printf("f(x) = sum a_i y_i k(x_i, x) + b with b = %.3g; margin rho = %.3g%n",
                machine.bias(), machine.rho());
        System.out.printf("test accuracy %.2f %%%n", 100 * r.testAccuracy());
        System.out.println("JMLR mode: " + r.jmlrCoreVectors() + " core vectors");
    }

    /** Trains on {@code n} checkerboard points and scores {@code nTest} fresh ones. */
    public static Result run(int n, int nTest, long seed) {
        // 1. Data: label = parity of floor(x1) + floor(x2) on [0,4]^2 (the JMLR paper's checkerboard).
        LabeledDataset train = stretched(SyntheticData.checkerboard(n, 4, seed));
        LabeledDataset test = stretched(SyntheticData.checkerboard(nTest, 4, seed + 1));

        // 2. Options: Gaussian kernel, C and epsilon as in the spec's LibCVM runs, LibCVM's sampling.
        CvmOptions options = CvmOptions.libcvm(new GaussianKernel(0.378), 1e4, 1e-7).withSeed(7);

        // 3. Train: the core set grows until the ball of the L2-SVM dual is (1 + eps)-approximate.
        CvmModel model = CoreVectorMachine.fit(train, options);

        // 4. Predict.
        double accuracy = Metrics.accuracy(model, test);

        // 5. The JMLR 2005 reference algorithm (furthest pair start, fixed epsilon, final full scan) is one
        //    option away.
        CvmOptions jmlr = options.withCoreSet(CoreSetOptions.jmlr(1e-7).withSeed(7));
        int jmlrCore = CoreVectorMachine.fit(train, jmlr).coreVectorCount();
        return new Result(train.size(), model.machines().get(0), accuracy, jmlrCore);
    }

    /** The unit-square checkerboard stretched to [0,4]^2. */
    private static LabeledDataset stretched(LabeledDataset unit) {
        List<Vec> x = new ArrayList<>();
        for (Vec v : unit.points()) {
            x.add(DenseVec.of(4 * v.get(0), 4 * v.get(1)));
        }
        return new LabeledDataset(x, unit.labels());
    }
}
