package org.example.consumer;

import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.Locale;

/**
 * Uses kernelkit-cvm the way a user's project would: trains a core vector machine on a seeded
 * 4 x 4 checkerboard on the unit square and prints its test accuracy. Exits with status 1 (and CI
 * fails) when the accuracy is below 90 %; any exception fails it too.
 */
public final class CvmConsumer {
    private CvmConsumer() {
    }

    public static void main(String[] args) {
        LabeledDataset train = SyntheticData.checkerboard(2_000, 4, 1);
        LabeledDataset test = SyntheticData.checkerboard(1_000, 4, 2);
        // Gaussian kernel exp(-gamma ||x - z||^2) with cells of width 1/4; C and epsilon as in the JMLR paper's runs.
        var model = CoreVectorMachine.fit(train, CvmOptions.jmlr(new GaussianKernel(6.0), 1e4, 1e-6));
        int correct = 0;
        for (int i = 0; i < test.size(); i++) {
            // Two classes: one decision value f(x); f(x) > 0 is the larger label, +1.
            boolean positive = model.decisions(test.x(i))[0] > 0;
            correct += positive == (test.y(i) > 0) ? 1 : 0;
        }
        double accuracy = correct / (double) test.size();
        System.out.printf(Locale.ROOT, "kernelkit-cvm consumer: checkerboard 4 x 4, %d training points, test accuracy %.4f%n",
                train.size(), accuracy);
        if (!(accuracy >= 0.90)) {
            System.err.printf(Locale.ROOT, "kernelkit-cvm consumer: test accuracy %.4f is below 0.90%n", accuracy);
            System.exit(1);
        }
    }
}
