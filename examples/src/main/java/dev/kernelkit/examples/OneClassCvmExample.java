package dev.kernelkit.examples;

import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.cvm.OneClassCvmOptions;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Anomaly flags with a one-class core vector machine (SVDD as a minimum enclosing ball in feature space; Tsang,
 * Kwok and Cheung, JMLR 2005, and LibCVM's CVDD): fit the ball on normal points only (two Gaussian clusters in the
 * plane), then flag every new point whose decision value R^2 - ||c - phi(x)||^2 is negative (outside the ball).
 * Scored on fresh normal points (false alarms) and on anomalies drawn uniformly from the square [-8, 8]^2 away
 * from the clusters (detections). Gaussian kernel gamma 0.5 and LibCVM's default C = 100, fixed beforehand. Run
 * with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.OneClassCvmExample}.
 */
public final class OneClassCvmExample {
    private OneClassCvmExample() {
    }

    /**
     * The flag rates on the training points, on fresh normal points and on anomalies, the number of support
     * vectors (core vectors with a_i &gt; 0) and the model.
     */
    public record Result(int trainingSize, double trainingFlagged, double normalFlagged, double anomaliesFlagged,
                         int supportVectors, OneClassCvmModel model) {
    }

    public static void main(String[] args) {
        Result r = run(2_000, 1);
        System.out.printf("ball of %d support vectors around %d normal points, R^2 = %.4f%n", r.supportVectors(),
                r.trainingSize(), r.model().radius2());
        System.out.printf("flagged: %.1f %% of the training points, %.1f %% of fresh normal points, %.1f %% of the"
                + " anomalies%n", 100 * r.trainingFlagged(), 100 * r.normalFlagged(), 100 * r.anomaliesFlagged());
        for (Vec x : List.of(DenseVec.of(-2, 0), DenseVec.of(2, 1), DenseVec.of(0, 4), DenseVec.of(6, 6))) {
            System.out.printf("  f(%.1f, %.1f) = %+.4f: %s%n", x.get(0), x.get(1), r.model().decision(x),
                    r.model().predictName(x));
        }
    }

    /** Fits on {@code n} normal points; scores {@code n / 4} fresh normal points and {@code n / 20} anomalies. */
    public static Result run(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);

        // 1. Data: normal points come from two clusters; anomalies from anywhere in the square outside them.
        List<Vec> train = normal(n, rnd);
        List<Vec> freshNormal = normal(n / 4, rnd);
        List<Vec> anomalies = anomalies(n / 20, rnd);

        // 2. The one-class CVM: Gaussian kernel, C = 100, the JMLR core-set iteration with epsilon 1e-4.
        OneClassCvmOptions options = new OneClassCvmOptions(new GaussianKernel(0.5), 100.0, CoreSetOptions.jmlr(1e-4))
                .withSeed(seed);
        OneClassCvmModel model = OneClassCvm.fit(train, options);

        // 3. Flags: class "outlier" (index 0) when the point lies outside the ball.
        return new Result(n, flagged(model, train), flagged(model, freshNormal), flagged(model, anomalies),
                model.supportVectors().size(), model);
    }

    /** The fraction of the points the model puts outside its ball. */
    private static double flagged(OneClassCvmModel model, List<Vec> points) {
        int outside = 0;
        for (Vec x : points) {
            outside += model.predictName(x).equals(OneClassCvmModel.OUTLIER) ? 1 : 0;
        }
        return (double) outside / points.size();
    }

    /** Half N((-2, 0), 0.5^2 I), half N((2, 1), 0.5^2 I). */
    private static List<Vec> normal(int n, SplittableRandom rnd) {
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double cx = i % 2 == 0 ? -2 : 2;
            double cy = i % 2 == 0 ? 0 : 1;
            x.add(DenseVec.of(cx + 0.5 * rnd.nextGaussian(), cy + 0.5 * rnd.nextGaussian()));
        }
        return x;
    }

    /** Uniform on [-8, 8]^2, at least 3 (six standard deviations) from both cluster centres. */
    private static List<Vec> anomalies(int n, SplittableRandom rnd) {
        List<Vec> x = new ArrayList<>();
        while (x.size() < n) {
            double a = rnd.nextDouble(-8, 8);
            double b = rnd.nextDouble(-8, 8);
            if (Math.hypot(a + 2, b) >= 3 && Math.hypot(a - 2, b - 1) >= 3) {
                x.add(DenseVec.of(a, b));
            }
        }
        return x;
    }
}
