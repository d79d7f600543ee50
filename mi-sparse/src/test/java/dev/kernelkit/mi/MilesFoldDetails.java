package dev.kernelkit.mi;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Metrics;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Not a test: a measuring program for BENCHMARKS.md ("MILES's 1-norm SVM LP"). It runs the
 * protocol of {@code sparse-mi compare --methods miles --folds 10 --repeats 1 --seed 1} (default
 * grid gamma d in {1/8 ... 2}, C in {1, 10, 100}) through {@link MiProtocol#tuned} and prints
 * per outer fold the chosen (gamma d, C), the accuracy and the kept instances; then it refits MILES
 * on each standardised training part at those settings (or at the settings given as the second
 * argument, {@code "gd:C,gd:C,..."}, one per fold, which skips the protocol) and prints the LP
 * objective, the kept instances, the test accuracy and the fit's seconds. (The version that compared
 * the LP solvers against the jar of 7a2bbad used that jar's MiCrossValidation, since replaced by
 * MiProtocol with identical folds and choices.) Run:
 * {@code javac -cp JAR -d OUT MilesFoldDetails.java && java -cp OUT:JAR dev.kernelkit.mi.MilesFoldDetails DATA.csv [SETTINGS]}.
 */
public final class MilesFoldDetails {
    private MilesFoldDetails() {
    }

    public static void main(String[] args) throws Exception {
        BagDataset data = CsvBagFormat.read(Path.of(args[0]));
        int dim = data.dim();
        double[] gammas = Arrays.stream(new double[] {0.125, 0.25, 0.5, 1, 2}).map(x -> x / dim).toArray();
        double[] cs = {1, 10, 100};
        double[] fg;
        double[] fc;
        if (args.length > 1) {
            String[] parts = args[1].split(",");
            fg = new double[parts.length];
            fc = new double[parts.length];
            for (int i = 0; i < parts.length; i++) {
                String[] p = parts[i].split(":");
                fg[i] = Double.parseDouble(p[0]) / dim;
                fc[i] = Double.parseDouble(p[1]);
            }
        } else {
            long t0 = System.nanoTime();
            Evaluation r = MiProtocol.tuned((g, c) -> Miles.trainer(MilesOptions.defaults().withGamma(g).withC(c)),
                    10, 1, 1, gammas, cs, 1).run(data);
            System.out.printf(Locale.ROOT, "protocol %.1f s, accuracy %.2f%n", (System.nanoTime() - t0) / 1e9,
                    100 * r.summary().mean());
            fg = MiProtocol.chosen(r, MiProtocol.GAMMA);
            fc = MiProtocol.chosen(r, MiProtocol.C);
            StringBuilder settings = new StringBuilder();
            for (int i = 0; i < fg.length; i++) {
                System.out.printf(Locale.ROOT, "fold %d: gamma*d %.3f C %g acc %.2f kept %.0f%n", i, fg[i] * dim, fc[i],
                        100 * r.scores()[i], MiProtocol.vectors(r)[i]);
                settings.append(i > 0 ? "," : "").append(fg[i] * dim).append(':').append(fc[i]);
            }
            System.out.println("settings " + settings);
        }
        List<Splits.Split> splits = Splits.repeatedStratifiedKFold(data.labels(), 10, 1, 1);
        for (int i = 0; i < fg.length; i++) {
            BagDataset train = data.subset(splits.get(i).train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
            BagDataset trainScaled = scaler.apply(train);
            BagDataset testScaled = scaler.apply(data.subset(splits.get(i).test()));
            long t0 = System.nanoTime();
            MilesModel m = Miles.fit(trainScaled, MilesOptions.defaults().withGamma(fg[i]).withC(fc[i]));
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "refit fold %d gamma*d %.3f C %g: objective %.10f kept %d test acc %.2f fit %.3f s%n",
                    i, fg[i] * dim, fc[i], m.report().objective()[0], m.kernelEvaluationsPerInstance(),
                    100 * Metrics.accuracy(m, testScaled), seconds);
        }
    }
}
