package dev.kernelkit.cli.mi;

import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.GridEdge;
import dev.kernelkit.mi.MiProtocol;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;

/** The report lines {@code sparse-mi cv} and {@code sparse-mi compare} share: grid-edge notes and value lists. */
final class MiReports {
    private MiReports() {
    }

    /**
     * Warnings for a tuned gamma or C grid whose first or last value the inner CV chose in at least
     * half of the outer folds ({@link Evaluation#gridEdges()}): the best value may lie beyond it. A
     * training-part diagnosis (the choices never see a test fold); empty for fixed values. Worded by
     * value, the largest before the smallest, whichever way the grid is listed (an edge of an
     * unsorted list that is neither is not reported).
     */
    static List<String> edgeNotes(Evaluation r) {
        List<String> notes = new ArrayList<>();
        for (String[] dim : new String[][] {{MiProtocol.GAMMA, "--gamma-grid"}, {MiProtocol.C, "--c-grid"}}) {
            DoubleSummaryStatistics grid = r.chosen().get(0).dimensions().stream()
                    .filter(d -> d.name().equals(dim[0])).flatMap(d -> d.values().stream())
                    .mapToDouble(v -> (Double) v).summaryStatistics();
            for (double edge : new double[] {grid.getMax(), grid.getMin()}) {
                for (GridEdge e : r.gridEdges()) {
                    if (e.dimension().equals(dim[0]) && e.value() instanceof Double v && v == edge) {
                        notes.add(String.format(Locale.ROOT, "%s chose the grid's %s value in %d of %d folds; the best "
                                        + "may lie beyond it (widen %s)", dim[0], edge == grid.getMax() ? "largest" : "smallest",
                                e.count(), e.splits(), dim[1]));
                    }
                }
            }
        }
        return notes;
    }

    /** The values with four significant digits, space-separated. */
    static String joined(double[] values) {
        StringBuilder b = new StringBuilder();
        for (double x : values) {
            b.append(b.length() > 0 ? " " : "").append(String.format(Locale.ROOT, "%.4g", x));
        }
        return b.toString();
    }
}
