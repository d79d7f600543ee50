package dev.kernelkit.mi;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Not a test: a measuring program for BENCHMARKS.md ("MI-CCCP on the kernels SMO solver"). It fits
 * MI-CCCP with the SMO step solver (the default) on the training part of fold 1 of a stratified
 * 10-fold split (seed 1, standardised on it), gamma = 1/d, lambda = 1, at most 10 CCCP steps, as
 * {@code sparse-mi bench-cccp} does, at each C, and prints the thread CPU seconds of each fit (the
 * median of R fits, after one untimed warm-up fit), the final J (as {@code Double.toHexString} too)
 * and the predictions on the held-out part as a string of class indices. Only public API is used, so
 * the same file runs against the jar before and after a change:
 * {@code javac -cp JAR -d OUT CccpFitTiming.java && java -cp OUT:JAR dev.kernelkit.mi.CccpFitTiming DATA.csv R [C,C,...]}.
 */
public final class CccpFitTiming {
    private CccpFitTiming() {
    }

    public static void main(String[] args) throws Exception {
        BagDataset all = CsvBagFormat.read(Path.of(args[0]));
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        double[] cs = args.length > 2 ? Arrays.stream(args[2].split(",")).mapToDouble(Double::parseDouble).toArray()
                : new double[] {1, 10, 100};
        Splits.Split split = Splits.stratifiedKFold(all.labels(), 10, 1).get(0);
        BagDataset rawTrain = all.subset(split.train());
        FittedScaler scaler = FeatureScaling.STANDARD.fit(rawTrain);
        BagDataset train = scaler.apply(rawTrain);
        BagDataset test = scaler.apply(all.subset(split.test()));
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        for (double c : cs) {
            MiCccpOptions o = MiCccpOptions.defaults().withGamma(1.0 / train.dim()).withC(c).withLambda(1)
                    .withMaxIterations(10);
            MiCccpModel model = MiCccp.fit(train, o);
            double[] secs = new double[runs];
            for (int r = 0; r < runs; r++) {
                long t0 = bean.getCurrentThreadCpuTime();
                model = MiCccp.fit(train, o);
                secs[r] = (bean.getCurrentThreadCpuTime() - t0) / 1e9;
            }
            Arrays.sort(secs);
            double[] trace = model.objectiveTrace(0);
            double j = trace[trace.length - 1];
            StringBuilder pred = new StringBuilder();
            for (int i = 0; i < test.size(); i++) {
                pred.append(model.predict(test.bag(i)));
            }
            System.out.printf(Locale.ROOT, "C %-6s cpu_s %8.3f (all %s) steps %d J %.9f %s pred %s%n", c, secs[runs / 2],
                    Arrays.toString(secs), trace.length, j, Double.toHexString(j), pred);
        }
    }
}
