package dev.kernelkit.cli.prototypes;

import dev.kernelkit.plot.BarChart;
import dev.kernelkit.plot.PrototypeCompositionChart;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.PrototypeMeasures;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The pictures of a fitted IMKPL model: the prototype-composition chart and the kernel-weight bars. */
final class PrototypePlots {
    private PrototypePlots() {
    }

    /** Writes the prototype-composition chart and, when asked and for at most 60 kernels, the kernel-weight bars. */
    static void writeModelPlots(Path dir, String prefix, ImkplModel m, boolean bars, PrintWriter out) throws IOException {
        List<String> names = new ArrayList<>();
        double[] cv = m.classValues();
        for (double v : cv) {
            names.add("class " + (v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v)));
        }
        Integer[] order = new Integer[m.prototypeCount()];
        for (int j = 0; j < order.length; j++) {
            order[j] = j;
        }
        Arrays.sort(order, (a, b) -> m.prototypeClass(a) != m.prototypeClass(b)
                ? Integer.compare(m.prototypeClass(a), m.prototypeClass(b)) : Integer.compare(a, b));
        PrototypeCompositionChart.Builder b = PrototypeCompositionChart.builder().classNames(names)
                .title(String.format(Locale.ROOT, "IMKPL prototypes (grouped by assigned class): constituents coloured by class, IP %.1f%%",
                        100 * PrototypeMeasures.interpretability(m)));
        for (int j : order) {
            List<ImkplModel.Constituent> cs = m.prototype(j);
            double[] w = new double[cs.size()];
            int[] cl = new int[cs.size()];
            for (int a = 0; a < w.length; a++) {
                w[a] = cs.get(a).weight();
                cl[a] = Arrays.binarySearch(cv, cs.get(a).label());
            }
            b.prototype(w, cl);
        }
        Path comp = dir.resolve(prefix + "-prototype-composition.png");
        b.build().writePng(comp);
        out.println("wrote " + comp);
        double[] beta = m.kernelWeights();
        if (bars && beta.length <= 60) {
            Path file = dir.resolve(prefix + "-kernel-weights.png");
            BarChart.builder().values(beta).title("IMKPL kernel weight per base kernel")
                    .axisLabels("base kernel (feature or channel)", "kernel weight beta").build().writePng(file);
            out.println("wrote " + file);
        }
        out.flush();
    }
}
