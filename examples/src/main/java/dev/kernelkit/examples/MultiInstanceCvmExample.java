package dev.kernelkit.examples;

import dev.kernelkit.cvm.BagCvmModel;
import dev.kernelkit.cvm.BagCvmOptions;
import dev.kernelkit.cvm.BagOneClassCvmModel;
import dev.kernelkit.cvm.BagOneClassCvmOptions;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelModel;
import dev.kernelkit.mi.MiKernelOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Multi-instance core vector machines (issue #22, composition 3): the core vector machine (Tsang, Kwok and
 * Cheung, JMLR 2005) over bags with the averaged set kernel of Gaertner et al. (ICML 2002) on a Gaussian,
 * which is MI-Kernel's kernel, next to MI-Kernel trained by SMO on the same bags, kernel and C; then the
 * one-class CVM over bags with the normalised set kernel, fitted on normal bags only, flagging bags whose
 * instances lie on rings of another radius. The bags are the ring problem of
 * the SparseMI paper (Fu, Lu, Ting and Zhang, TNNLS 2013, Fig. 2(a)): a positive bag has at least one instance
 * near the centre, a negative bag only instances on the ring. Settings fixed beforehand: gamma 1, C 100, LibCVM's
 * core-set search with its automatic epsilon. Run with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.MultiInstanceCvmExample [BAGS_PER_CLASS]}
 * (default 1,000, i.e. 2,000 training bags; MI-Kernel's dense bag Gram matrix grows with the square of the bags,
 * the CVM's core set does not).
 */
public final class MultiInstanceCvmExample {
    private MultiInstanceCvmExample() {
    }

    /** One learner's test accuracy, training seconds and the number of training bags its model keeps. */
    public record Row(String learner, double testAccuracy, double trainSeconds, int bagsKept) {
    }

    /** The two classifiers' rows and the one-class ball's flag rates on held-out normal and on anomalous bags. */
    public record Result(int trainingBags, List<Row> rows, double normalFlagged, double anomaliesFlagged) {
    }

    public static void main(String[] args) {
        int bagsPerClass = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        Result r = run(bagsPerClass, 1);
        System.out.printf("ring bags: %d training bags, %d test bags%n", r.trainingBags(), r.trainingBags());
        System.out.printf("%-22s %9s %9s %10s%n", "learner", "test acc", "train s", "bags kept");
        for (Row row : r.rows()) {
            System.out.printf("%-22s %8.2f%% %9.3f %10d%n", row.learner(), 100 * row.testAccuracy(),
                    row.trainSeconds(), row.bagsKept());
        }
        System.out.printf("one-class CVM on normal bags: flags %.1f %% of held-out normal bags and %.1f %% of the"
                + " anomalous bags%n", 100 * r.normalFlagged(), 100 * r.anomaliesFlagged());
    }

    /** Trains on {@code 2 * bagsPerClass} ring bags and tests on as many fresh ones. */
    public static Result run(int bagsPerClass, long seed) {
        // 1. Data: training and test bags from the same seeded generator.
        BagDataset train = SyntheticData.ringBags(bagsPerClass, 4, 8, seed);
        BagDataset test = SyntheticData.ringBags(bagsPerClass, 4, 8, seed + 1);
        double gamma = 1.0;
        double c = 100;

        // 2. The CVM over bags: the set kernel on a Gaussian; the L2-SVM's dual as a minimum enclosing ball whose
        //    core set is found among the bags (LibCVM's search, epsilon from C).
        BagCvmOptions cvmOptions = BagCvmOptions.libcvm(new SetKernel(new GaussianKernel(gamma)), c,
                CvmOptions.autoEpsilon(1, c));
        long t0 = System.nanoTime();
        BagCvmModel cvm = CoreVectorMachine.fitBags(train, cvmOptions);
        double cvmSeconds = (System.nanoTime() - t0) * 1e-9;

        // 3. MI-Kernel: the same set kernel and C, the hinge-loss SVM solved by SMO on the dense bag Gram matrix.
        t0 = System.nanoTime();
        MiKernelModel miKernel = MiKernel.fit(train, MiKernelOptions.defaults().withGamma(gamma).withC(c));
        double miKernelSeconds = (System.nanoTime() - t0) * 1e-9;

        List<Row> rows = List.of(
                new Row("CVM over bags", Metrics.accuracy(test.classIndices(), cvm.predictIndices(test.bags())), cvmSeconds,
                        cvm.machines().get(0).coreSize()),
                new Row("MI-Kernel (SMO)", Metrics.accuracy(miKernel, test), miKernelSeconds,
                        miKernel.machines().get(0).supportVectors().size()));

        // 4. The one-class CVM over bags: a ball around negative (all-ring) bags; bags on rings of another radius
        //    lie outside it.
        List<Bag> normal = new ArrayList<>();
        for (int i = 0; i < train.size(); i++) {
            if (train.sign(i) < 0) {
                normal.add(train.bag(i));
            }
        }
        List<Bag> heldOutNormal = new ArrayList<>();
        for (int i = 0; i < test.size(); i++) {
            if (test.sign(i) < 0) {
                heldOutNormal.add(test.bag(i));
            }
        }
        //    The normalised set kernel gives every bag unit norm: under the averaged one a small normal bag (four
        //    instances at nearby angles) lies as far from the centre as a bag on another ring, and with many
        //    training bags the ball grows to hold those (at 2,000 bags it then flagged a tenth of the anomalies).
        BagOneClassCvmModel ball = OneClassCvm.fitBags(normal, new BagOneClassCvmOptions(
                SetKernel.normalized(new GaussianKernel(gamma)), c, CoreSetOptions.libcvm(CvmOptions.autoEpsilon(1, c))
                        .withSeed(seed)));
        List<Bag> anomalous = otherRings(Math.max(10, bagsPerClass / 10), new SplittableRandom(seed + 2));
        return new Result(train.size(), rows, flagged(ball, heldOutNormal), flagged(ball, anomalous));
    }

    private static double flagged(BagOneClassCvmModel ball, List<Bag> bags) {
        int outside = 0;
        for (Bag b : bags) {
            outside += ball.predict(b) == 0 ? 1 : 0;
        }
        return (double) outside / bags.size();
    }

    /** Bags of 4 to 8 instances on a ring of radius 3 or 1 (alternately) instead of the training rings' 2. */
    private static List<Bag> otherRings(int n, SplittableRandom rnd) {
        List<Bag> bags = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double radius = i % 2 == 0 ? 3.0 : 1.0;
            int size = 4 + rnd.nextInt(5);
            List<Vec> instances = new ArrayList<>();
            for (int p = 0; p < size; p++) {
                double theta = 2 * Math.PI * rnd.nextDouble();
                double r = radius + SyntheticData.RING_NOISE * rnd.nextGaussian();
                instances.add(DenseVec.of(r * Math.cos(theta), r * Math.sin(theta)));
            }
            bags.add(new Bag("anomaly-" + i, instances));
        }
        return bags;
    }
}
