import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Selection;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.MklProtocol;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The SM1/SM2 tuning benchmark of BENCHMARKS.md (issue #23): {@code MklProtocol.Tuning#select} (5-fold CV over the
 * paper's grids on the harness, as {@code mkl cv} and {@code mkl compare} tune) on the training parts of the first splits of
 * {@code mkl compare --seed 1} (70/30, seed 1; inner-fold seed 1 + 1000 k for split k), the methods one after the
 * other in one JVM, each timed by the process CPU clock and the wall clock; R rounds repeat the whole sequence (the
 * first round carries the JIT warm-up). Public API only, so the same command runs against any kernelkit jar:
 * {@code java -cp kernelkit.jar benchmarks/scripts/MklTuneBench.java DATA SPLITS METHODS [ROUNDS]}, e.g.
 * {@code ... ../shared/data/heart/heart.libsvm 5 sm1,sm2 2}.
 */
public final class MklTuneBench {
    public static void main(String[] args) throws Exception {
        if (args.length < 3 || args.length > 4) {
            System.err.println("usage: MklTuneBench DATA SPLITS METHODS [ROUNDS]");
            System.exit(2);
        }
        LabeledDataset data = LibsvmFormat.readDense(Path.of(args[0]));
        int splits = Integer.parseInt(args[1]);
        String[] methods = args[2].split(",");
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        List<Splits.Split> list = Splits.repeatedStratifiedHoldOut(data.labels(), 0.7, splits, 1);
        Map<String, double[]> total = new LinkedHashMap<>();
        for (int r = 1; r <= rounds; r++) {
            for (int i = 0; i < splits; i++) {
                LabeledDataset train = data.subset(list.get(i).train());
                for (String m : methods) {
                    MklOptions base = switch (m) {
                        case "sm1" -> MklOptions.sm1(1, 1);
                        case "sm2" -> MklOptions.sm2(1, 1);
                        case "lp" -> MklOptions.lp(1, 2);
                        default -> throw new IllegalArgumentException("method must be sm1, sm2 or lp, got " + m);
                    };
                    long cpu0 = os.getProcessCpuTime(), wall0 = System.nanoTime();
                    MklProtocol.Tuning tuning = new MklProtocol.Tuning(base, MklProtocol.Grid.paper(), true, true,
                            MklProtocol.KernelChoice.protocol(), 5, 0);
                    Selection sel = tuning.select(train, 1 + 1000L * (i + 1));
                    MklOptions chosen = tuning.chosen(sel, train.dim());
                    double cpu = (os.getProcessCpuTime() - cpu0) * 1e-9, wall = (System.nanoTime() - wall0) * 1e-9;
                    double[] sum = total.computeIfAbsent(m, k -> new double[2]);
                    if (rounds == 1 || r > 1) {
                        sum[0] += cpu;
                        sum[1] += wall;
                    }
                    System.out.printf(Locale.ROOT, "round %d split %d %s: C %s theta %s p %s, %d fits, %d unconverged, "
                            + "cpu %.2f s, wall %.2f s%n", r, i + 1, m, chosen.c(), chosen.theta(), chosen.p(),
                            sel.fits(), sel.unconvergedFits(), cpu, wall);
                }
            }
        }
        String which = rounds == 1 ? "round 1" : "rounds 2.." + rounds;
        for (Map.Entry<String, double[]> e : total.entrySet()) {
            System.out.printf(Locale.ROOT, "total %s (%s): cpu %.2f s, wall %.2f s%n", e.getKey(), which, e.getValue()[0],
                    e.getValue()[1]);
        }
        if (total.containsKey("sm1") && total.containsKey("sm2")) {
            System.out.printf(Locale.ROOT, "sm2 / sm1 (%s): cpu %.2f, wall %.2f%n", which,
                    total.get("sm2")[0] / total.get("sm1")[0], total.get("sm2")[1] / total.get("sm1")[1]);
        }
    }
}
