import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.MklProtocol;
import dev.kernelkit.mkl.MklResult;
import dev.kernelkit.mkl.SoftMarginMkl;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * One inner fold's grid of SM1 or SM2 fits, each on its own ({@code SoftMarginMkl.fitBinary}: no shared first
 * solves, no SM2 anchor), as in BENCHMARKS.md (issue #23): the training part of split S of {@code mkl compare
 * --seed 1} (70/30), inner fold F of its 5 (seed 1 + 1000 S), standardised, the protocol kernels at unit trace; per
 * fit the SVM solves, the iterations (accepted weight steps), whether it met its stopping rule, the kernels kept
 * (mu_m &gt; 1e-5 sum mu) and the final objective, then the totals with the process CPU time and the CPU time per fit. Public API only, so the same command runs against any
 * kernelkit jar: {@code java -cp kernelkit.jar benchmarks/scripts/MklFoldFitsBench.java DATA S F METHOD [CS [SECONDS]]}
 * with METHOD sm1 or sm2, CS the C list (default the paper's) and SECONDS the SM2 thetas or the SM1 ratios nu
 * (default the paper's grid).
 */
public final class MklFoldFitsBench {
    public static void main(String[] args) throws Exception {
        if (args.length < 4 || args.length > 6) {
            System.err.println("usage: MklFoldFitsBench DATA SPLIT FOLD sm1|sm2 [CS [THETAS_OR_NUS]]");
            System.exit(2);
        }
        LabeledDataset data = LibsvmFormat.readDense(Path.of(args[0]));
        int split = Integer.parseInt(args[1]), fold = Integer.parseInt(args[2]);
        boolean sm1 = args[3].equals("sm1");
        double[] cs = args.length > 4 ? parse(args[4]) : MklProtocol.PAPER_C.stream().mapToDouble(Double::doubleValue).toArray();
        double[] seconds = args.length > 5 ? parse(args[5])
                : (sm1 ? MklProtocol.PAPER_NU : MklProtocol.PAPER_SM2_THETA).stream().mapToDouble(Double::doubleValue).toArray();
        Splits.Split s = Splits.repeatedStratifiedHoldOut(data.labels(), 0.7, split, 1).get(split - 1);
        LabeledDataset train = data.subset(s.train());
        Splits.Split f = Splits.stratifiedKFold(train.labels(), 5, 1 + 1000L * split).get(fold - 1);
        LabeledDataset part = train.subset(f.train());
        LabeledDataset st = FeatureScaling.STANDARD.fit(part).apply(part);
        MultipleKernel k = MultipleKernel.simpleMklProtocol(st.dim()).withUnitTrace(st.points());
        SharedKernelMatrices g = k.gram(st.points());
        double[] classes = st.classes();
        double[] y = new double[st.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = st.y(i) == classes[1] ? 1 : -1;
        }
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime(), wall0 = System.nanoTime();
        int solves = 0, iterations = 0, unconverged = 0, fits = 0;
        for (double c : cs) {
            for (double t : seconds) {
                MklOptions o = sm1 ? MklOptions.sm1(c, MklProtocol.sm1Theta(t, k.count())) : MklOptions.sm2(c, t);
                MklResult r = SoftMarginMkl.fitBinary(g, y, o);
                double[] obj = r.objectives();
                System.out.printf(Locale.ROOT, "C %s theta %.6g: %d solves, %d iterations, converged %b, %d kernels, objective %.10g%n",
                        c, o.theta(), r.svmSolves(), obj.length - 1, r.converged(), r.selectedKernels(), obj[obj.length - 1]);
                solves += r.svmSolves();
                iterations += obj.length - 1;
                unconverged += r.converged() ? 0 : 1;
                fits++;
            }
        }
        double cpu = (os.getProcessCpuTime() - cpu0) * 1e-9;
        System.out.printf(Locale.ROOT, "%s, %d points, %d kernels: %d fits, %d SVM solves, %d iterations, %d unconverged, "
                + "cpu %.2f s (%.3f s per fit), wall %.2f s%n", args[3], st.size(), k.count(), fits, solves, iterations,
                unconverged, cpu, cpu / fits, (System.nanoTime() - wall0) * 1e-9);
    }

    private static double[] parse(String list) {
        return Arrays.stream(list.split(",")).mapToDouble(Double::parseDouble).toArray();
    }
}
