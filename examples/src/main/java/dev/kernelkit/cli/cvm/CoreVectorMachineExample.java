package dev.kernelkit.cli.cvm;

import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * A core vector machine in a minute: train on a 4x4 checkerboard on [0,4]^2, look at the core set,
 * score a test set. Run with {@code java -cp kernelkit.jar dev.kernelkit.cli.cvm.CoreVectorMachineExample}.
 */
public final class CoreVectorMachineExample {
    private CoreVectorMachineExample() {
    }

    public static void main(String[] args) {
        // 1. Data: label = parity of floor(x1) + floor(x2) on [0,4]^2 (the JMLR paper's checkerboard).
        LabeledDataset train = scaled(SyntheticData.checkerboard(20_000, 4, 1));
        LabeledDataset test = scaled(SyntheticData.checkerboard(5_000, 4, 2));

        // 2. Options: Gaussian kernel, C and epsilon as in the spec's LibCVM runs, LibCVM's sampling.
        CvmOptions options = CvmOptions.libcvm(new GaussianKernel(0.378), 1e4, 1e-7).withSeed(7);

        // 3. Train: the L2-SVM dual is a minimum enclosing ball, found from a small core set.
        CvmModel model = CoreVectorMachine.fit(train, options);
        CvmMachine<Vec> machine = model.machines().get(0);
        System.out.printf("%d core vectors out of %d points, %d outer iterations, %.2f s%n",
                machine.coreSize(), train.size(), machine.iterations(), machine.seconds());
        System.out.printf("f(x) = sum a_i y_i k(x_i, x) + b with b = %.3g; margin rho = %.3g%n",
                machine.bias(), machine.rho());

        // 4. Predict.
        int correct = 0;
        for (int i = 0; i < test.size(); i++) {
            correct += model.predictLabel(test.x(i)) == test.y(i) ? 1 : 0;
        }
        System.out.printf("test accuracy %.2f %%%n", 100.0 * correct / test.size());

        // The JMLR 2005 reference algorithm is one call away:
        CvmOptions jmlr = options.withCoreSet(CoreSetOptions.jmlr(1e-7).withSeed(7));
        System.out.println("JMLR mode: " + CoreVectorMachine.fit(train, jmlr).coreVectorCount() + " core vectors");
    }

    private static LabeledDataset scaled(LabeledDataset unit) {
        List<Vec> x = new ArrayList<>();
        for (Vec v : unit.points()) {
            x.add(DenseVec.of(4 * v.get(0), 4 * v.get(1)));
        }
        return new LabeledDataset(x, unit.labels());
    }
}
