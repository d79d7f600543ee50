package dev.kernelkit.cli.cvm;

import dev.kernelkit.cvm.CvmMachine;
import dev.kernelkit.data.Vec;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.plot.DecisionRegionPlot;
import dev.kernelkit.plot.LineChart;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The cvm figures shared by {@code bench cvm --plots} and the demo's checkerboard section. */
final class CvmPlots {
    private CvmPlots() {
    }

    /**
     * Training time against n for CVM, our SMO and LIBSVM Java, both axes log10 (the chart has
     * linear axes, so the data are plotted as log10 values and the labels say so). SVM series
     * contain only the sizes where they ran.
     */
    static LineChart timeVsN(List<CvmBenchCommand.Run> runs, String title) {
        List<double[]> cvm = new ArrayList<>();
        List<double[]> smo = new ArrayList<>();
        List<double[]> lib = new ArrayList<>();
        for (CvmBenchCommand.Run r : runs) {
            double x = Math.log10(r.n());
            cvm.add(new double[] {x, Math.log10(r.cvmSeconds())});
            if (r.svmRan()) {
                smo.add(new double[] {x, Math.log10(r.smoSeconds())});
                lib.add(new double[] {x, Math.log10(r.libsvmSeconds())});
            }
        }
        LineChart.Builder b = LineChart.builder().title(title)
                .axisLabels("log10 n (training points)", "log10 training seconds");
        add(b, "CVM", cvm);
        add(b, "SMO (ours)", smo);
        add(b, "LIBSVM Java", lib);
        return b.build();
    }

    private static void add(LineChart.Builder b, String name, List<double[]> xy) {
        if (xy.isEmpty()) {
            return;
        }
        double[] x = new double[xy.size()];
        double[] y = new double[xy.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = xy.get(i)[0];
            y[i] = xy.get(i)[1];
        }
        b.series(name, x, y);
    }

    /**
     * A two-class model on 2-D data: decision regions, the training points (every core vector and
     * the first {@code maxPoints} others) and the core set circled.
     */
    static DecisionRegionPlot coreVectors(LabeledDataset train, CvmModel model, int maxPoints, String title) {
        if (train.dim() != 2 || model.machines().size() != 1) {
            throw new IllegalArgumentException("the core-vector plot needs two-class 2-D data, got dimension "
                    + train.dim() + " and " + model.machines().size() + " machines");
        }
        CvmMachine<Vec> m = model.machines().get(0);
        Set<Integer> shown = new LinkedHashSet<>();
        for (int i : m.coreIndices()) {
            shown.add(i);
        }
        int coreCount = shown.size();
        for (int i = 0; i < train.size() && shown.size() < coreCount + maxPoints; i++) {
            shown.add(i);
        }
        double[] x = new double[shown.size()];
        double[] y = new double[shown.size()];
        double[] label = new double[shown.size()];
        int[] circled = new int[coreCount];
        int k = 0;
        for (int i : shown) {
            x[k] = train.x(i).get(0);
            y[k] = train.x(i).get(1);
            label[k] = train.y(i) == model.classes()[1] ? 1.0 : -1.0;
            if (k < coreCount) {
                circled[k] = k;
            }
            k++;
        }
        double positive = model.classes()[1];
        return DecisionRegionPlot.builder().points(x, y, label).supportVectors(circled)
                .decision((u, v) -> model.predictLabel(DenseVec.of(u, v)) == positive ? 1.0 : -1.0)
                .title(title).size(640, 560).cell(4).build();
    }

    /** A short number label: 10000 -> "1e4", 0.378 -> "0.378". */
    static String num(double v) {
        if (v != 0 && (Math.abs(v) >= 1e4 || Math.abs(v) < 1e-3)) {
            String[] parts = String.format(Locale.ROOT, "%.2e", v).split("e");
            String mant = parts[0].replaceAll("0+$", "").replaceAll("\\.$", "");
            return mant + "e" + Integer.parseInt(parts[1]);
        }
        String s = String.format(Locale.ROOT, "%.6g", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
