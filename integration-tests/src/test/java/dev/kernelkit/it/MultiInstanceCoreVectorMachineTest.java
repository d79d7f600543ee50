package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.cvm.BagCvmModel;
import dev.kernelkit.cvm.BagCvmOptions;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmMachine;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelModel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.testing.RealData;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Composition 3 of issue #22, the core vector machine over bags with the set kernel (cvm module) against
 * MI-Kernel (mi-sparse), on real data: the bag CVM's solution is MI-Kernel's exact L2-SVM, and the bag CVM
 * reaches its accuracy floor on MUSK1 (RESULTS.md, "Multi-instance core vector machines").
 */
class MultiInstanceCoreVectorMachineTest {

    /** MUSK1 standardised on its own instances (both checks use fixed hyper-parameters). */
    private static BagDataset musk1() throws Exception {
        return CsvBagFormat.read(RealData.file("musk1/musk1.csv"));
    }

    /**
     * The CVM over bags solves the L2-SVM min ||w||^2 + b^2 - 2 rho + C sum xi_i^2 on the set kernel, i.e. the
     * squared-hinge SVM with its bias regularised; MI-Kernel's SMO (squared hinge) leaves the bias free. The same
     * problem is posed to MI-Kernel by doubling the bags (as CoreVectorMachineTest poses it to the SMO solver):
     * bag i appears as (B_i, t = y_i) with label +1 and as (B_i, t = -y_i) with label -1, the instance kernel
     * k'((x, t), (x', t')) = t t' (k(x, x') + 1) (a product of PSD kernels), whose averaged set kernel is
     * t t' (k_set(B, B') + 1), and C / 4: the equality constraint of SMO is then met by u = v at the optimum of
     * the unconstrained dual, s_i = u_i + v_i solves it, the CVM's weights are a = s / sum s and
     * rho* = 1 / sum s. With t = +1 on a test bag, MI-Kernel's decision minus its (zero) bias is f*(B) sum s.
     *
     * <p>Tolerance from epsilon (the derivation is in BagCoreVectorMachineTest): with the final full scan,
     * D = 2 (eps + eps^2 / 2) R^2 bounds |rho - rho*| and ||w - w*||^2 + (b - b*)^2, so
     * |f(B) - f*(B)| &le; sqrt(D (k_set(B, B) + 1)); the error measured is linear in eps and far below that
     * bound, so 1e-3 max|f| is asserted too. Measured: |rho - rho*| = 6.5e-10 (bound D = 3.9e-6), max |f - f*|
     * = 9.7e-7 over the 92 bags, 7.4e-5 of max |f*| (the rigorous bound sqrt(2 D) is 2.8e-3).
     */
    @Test
    void theBagCvmIsMiKernelsExactL2SvmOnASmallMusk1Problem() throws Exception {
        BagDataset all = musk1();
        // 40 bags, 20 of each class, in file order; the rest score the decisions
        List<Integer> pos = new ArrayList<>();
        List<Integer> neg = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            (all.sign(i) > 0 ? pos : neg).add(i);
        }
        int[] train = IntStream.concat(pos.subList(0, 20).stream().mapToInt(Integer::intValue),
                neg.subList(0, 20).stream().mapToInt(Integer::intValue)).sorted().toArray();
        FittedScaler scaler = FeatureScaling.STANDARD.fit(all.subset(train));
        BagDataset data = scaler.apply(all);
        BagDataset part = data.subset(train);
        int d = data.dim();
        double gamma = 4.0 / d;
        double c = 10;
        double eps = 1e-6;

        CvmMachine<Bag> cvm = CoreVectorMachine.fitBinaryBags(part.bags(), signs(part),
                BagCvmOptions.jmlr(new SetKernel(new GaussianKernel(gamma)), c, eps));
        assertThat(cvm.converged()).isTrue();

        MiKernelModel mik = MiKernel.fit(doubled(part), new MiKernelOptions(signed(gamma, d), c / 4, SvmLoss.SQUARED_HINGE,
                SmoSolver.Options.defaults().withEps(1e-9)));
        KernelExpansionModel<Bag> e = mik.machines().get(0);
        double sum = 0;
        for (double v : e.coefficients()) {
            sum += Math.abs(v);
        }
        double r2 = cvm.radius2();
        double bound = 2 * (eps + eps * eps / 2) * r2;
        System.out.printf("MUSK1 40 bags: rho %.12g, MI-Kernel's 1 / sum s %.12g, bias %.3g, bound D %.3g%n", cvm.rho(),
                1 / sum, e.bias(), bound);
        assertThat(cvm.rho()).isCloseTo(1 / sum, within(bound));
        assertThat(Math.abs(e.bias())).isLessThan(1e-6 * sum);
        double maxF = 0;
        double maxDiff = 0;
        for (Bag b : data.bags()) {
            double reference = (e.decision(signedBag(b, 1)) - e.bias()) / sum;
            double f = cvm.decision(b);
            maxF = Math.max(maxF, Math.abs(reference));
            maxDiff = Math.max(maxDiff, Math.abs(f - reference));
            assertThat(Math.abs(f - reference)).isLessThanOrEqualTo(Math.sqrt(bound * 2));
        }
        System.out.printf("MUSK1: max |f - f*| %.3g over %d bags, max |f*| %.3g (%.3g of it)%n", maxDiff, data.size(),
                maxF, maxDiff / maxF);
        assertThat(maxDiff).isLessThanOrEqualTo(1e-3 * maxF);
    }

    private static double[] signs(BagDataset b) {
        double[] y = new double[b.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = b.sign(i);
        }
        return y;
    }

    /** Each bag as (B, t = y) labelled +1 and as (B, t = -y) labelled -1. */
    private static BagDataset doubled(BagDataset part) {
        List<Bag> bags = new ArrayList<>();
        double[] labels = new double[2 * part.size()];
        for (int i = 0; i < part.size(); i++) {
            bags.add(signedBag(part.bag(i), part.sign(i)));
            labels[i] = 1;
        }
        for (int i = 0; i < part.size(); i++) {
            bags.add(signedBag(part.bag(i), -part.sign(i)));
            labels[part.size() + i] = -1;
        }
        return BagDataset.binary(bags, labels);
    }

    /** The bag's instances with one more coordinate, t. */
    private static Bag signedBag(Bag b, double t) {
        List<Vec> inst = new ArrayList<>(b.size());
        for (Vec x : b.instances()) {
            double[] v = new double[x.dim() + 1];
            System.arraycopy(x.toArray(), 0, v, 0, x.dim());
            v[x.dim()] = t;
            inst.add(DenseVec.wrap(v));
        }
        return new Bag(b.id(), inst);
    }

    /** k'((x, t), (x', t')) = t t' (exp(-gamma ||x - x'||^2) + 1) on the first d coordinates. */
    private static Kernel<Vec> signed(double gamma, int d) {
        GaussianKernel g = new GaussianKernel(gamma);
        return (a, b) -> {
            double[] x = a.toArray();
            double[] y = b.toArray();
            double k = g.apply(DenseVec.wrap(java.util.Arrays.copyOf(x, d)), DenseVec.wrap(java.util.Arrays.copyOf(y, d)));
            return x[d] * y[d] * (k + 1);
        };
    }

    /**
     * MUSK1, 10-fold stratified CV once (seed 1), features standardised on each training part, the bag CVM at
     * fixed gamma = 4 / d (the value MI-Kernel's inner search picks most often on MUSK1, RESULTS.md) and C = 100
     * with LibCVM's iteration and automatic epsilon: the mean accuracy reaches the floor recorded in RESULTS.md.
     */
    @Test
    void theBagCvmReachesItsAccuracyFloorOnMusk1() throws Exception {
        BagDataset data = musk1();
        List<Splits.Split> folds = Splits.stratifiedKFold(data.classIndices(), 10, 1);
        double sum = 0;
        for (Splits.Split s : folds) {
            BagDataset rawTrain = data.subset(s.train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(rawTrain);
            BagDataset train = scaler.apply(rawTrain);
            BagDataset test = scaler.apply(data.subset(s.test()));
            BagCvmModel m = CoreVectorMachine.fitBags(train, new BagCvmOptions(new SetKernel(new GaussianKernel(4.0 / data.dim())),
                    100, CoreSetOptions.libcvm(CvmOptions.autoEpsilon(1, 100)).withSeed(1), CvmOptions.MultiClass.ONE_VS_REST));
            int[] p = m.predictIndices(test.bags());
            int ok = 0;
            for (int i = 0; i < p.length; i++) {
                ok += p[i] == test.classIndex(i) ? 1 : 0;
            }
            sum += ok / (double) p.length;
        }
        double acc = sum / folds.size();
        System.out.printf("MUSK1 bag CVM, 10-fold CV (seed 1), gamma 4/d, C 100: mean accuracy %.4f%n", acc);
        assertThat(acc).isGreaterThanOrEqualTo(MUSK1_FLOOR);
    }

    /** The recorded floor (RESULTS.md): the measured mean, 0.9011, minus about one point. */
    static final double MUSK1_FLOOR = 0.89;
}
