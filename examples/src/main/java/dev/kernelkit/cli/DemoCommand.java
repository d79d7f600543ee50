package dev.kernelkit.cli;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.plot.DecisionRegionPlot;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.LibsvmSolver;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import dev.kernelkit.svm.SvmSolver;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit demo}: trains our SMO solver and the LIBSVM reference solver with a Gaussian
 * kernel on two built-in synthetic problems (two moons with noise 0.15: gamma = 2, C = 10; a 4 x 4
 * checkerboard on the unit square: gamma = 30, C = 100), scores each on an independent test draw of
 * the same size, and prints one table row per problem and solver. Both solvers read the same
 * precomputed kernel matrix, so their dual objectives must agree. With {@code --plots DIR} it
 * writes the SMO model's decision regions per problem as PNG files.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Train our SMO solver and the LIBSVM solver (RBF kernel) on built-in synthetic data",
                "(two moons, checkerboard) and print accuracy, support vectors, dual objective and time."})
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--plots", paramLabel = "DIR", description = "Write one decision-region PNG per problem into DIR.")
    Path plots;

    @Option(names = "--points", paramLabel = "N", defaultValue = "400",
            description = "Training points per problem (the test set has as many), N >= 20 (default: ${DEFAULT-VALUE}).")
    int points;

    @Mixin
    Options.Seed seed;

    /** A built-in problem with its fixed RBF parameters. */
    record Problem(String name, String title, LabeledDataset train, LabeledDataset test, double gamma, double c) {
    }

    /** One solver's result on one problem. */
    record Row(Problem problem, String solver, SvmSolution solution, KernelExpansionModel<Vec> model,
               double trainAccuracy, double testAccuracy, double seconds) {
    }

    @Override
    public Integer call() throws Exception {
        if (points < 20) {
            throw new IllegalArgumentException("--points must be >= 20, got " + points);
        }
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());
        long s = seed.seed();
        List<Problem> problems = List.of(
                new Problem("two-moons", "two moons", SyntheticData.twoMoons(points, 0.15, s),
                        SyntheticData.twoMoons(points, 0.15, s + 1), 2.0, 10.0),
                new Problem("checkerboard", "4 x 4 checkerboard", SyntheticData.checkerboard(points, 4, s),
                        SyntheticData.checkerboard(points, 4, s + 1), 30.0, 100.0));
        List<SvmSolver> solvers = List.of(new SmoSolver(), new LibsvmSolver());
        List<String> solverNames = List.of("smo (ours)", "libsvm");

        List<Row> rows = new ArrayList<>();
        int step = 0;
        for (Problem p : problems) {
            GaussianKernel kernel = new GaussianKernel(p.gamma());
            List<Vec> x = p.train().points();
            double[] y = p.train().labels();
            DenseKernelMatrix k = DenseKernelMatrix.compute(kernel, x);
            SvmProblem problem = SvmProblem.of(k, y, p.c(), SvmLoss.HINGE);
            for (int v = 0; v < solvers.size(); v++) {
                progress.update("training", step++, problems.size() * solvers.size());
                long t0 = System.nanoTime();
                SvmSolution solution = solvers.get(v).solve(problem);
                double seconds = CommandSupport.secondsSince(t0);
                KernelExpansionModel<Vec> model = KernelExpansionModel.fromSolution(kernel, x, y, solution);
                rows.add(new Row(p, solverNames.get(v), solution, model, accuracy(model, p.train()),
                        accuracy(model, p.test()), seconds));
            }
        }
        progress.done();

        TablePrinter table = new TablePrinter().textColumn("problem").textColumn("solver").numberColumn("gamma")
                .numberColumn("C").numberColumn("train acc").numberColumn("test acc").numberColumn("#SV")
                .numberColumn("dual objective").numberColumn("seconds");
        for (Row r : rows) {
            table.row(r.problem().name(), r.solver(), CommandSupport.label(r.problem().gamma()),
                    CommandSupport.label(r.problem().c()), TablePrinter.percent(r.trainAccuracy()),
                    TablePrinter.percent(r.testAccuracy()), Integer.toString(r.model().supportVectorCount()),
                    String.format(Locale.ROOT, "%.6f", r.solution().objective()), CommandSupport.seconds(r.seconds()));
        }
        out.printf("%d training and %d test points per problem, seed %d; both solvers read the same kernel matrix%n",
                points, points, s);
        table.print(out);
        for (int i = 0; i + 1 < rows.size(); i += solvers.size()) {
            double a = rows.get(i).solution().objective(), b = rows.get(i + 1).solution().objective();
            out.printf(Locale.ROOT, "%s: dual objectives of smo and libsvm differ by %.1e (relative)%n",
                    rows.get(i).problem().name(), Math.abs(a - b) / Math.max(1.0, Math.abs(b)));
        }

        if (plots != null) {
            for (Row r : rows) {
                if (!r.solver().startsWith("smo")) {
                    continue;
                }
                Problem p = r.problem();
                Path file = plots.resolve("demo-" + p.name() + ".png");
                plot(r).writePng(file);
                out.println("wrote " + file);
            }
        }
        out.flush();
        return Main.OK;
    }

    private static double accuracy(KernelExpansionModel<Vec> model, LabeledDataset data) {
        double[] predicted = new double[data.size()];
        for (int i = 0; i < predicted.length; i++) {
            predicted[i] = model.predict(data.x(i));
        }
        return CommandSupport.accuracy(data.labels(), predicted);
    }

    /** The decision regions of one trained model over its training points, support vectors circled. */
    static DecisionRegionPlot plot(Row r) {
        Problem p = r.problem();
        LabeledDataset d = p.train();
        double[] xs = new double[d.size()];
        double[] ys = new double[d.size()];
        for (int i = 0; i < d.size(); i++) {
            xs[i] = d.x(i).get(0);
            ys[i] = d.x(i).get(1);
        }
        KernelExpansionModel<Vec> model = r.model();
        return DecisionRegionPlot.builder()
                .points(xs, ys, d.labels())
                .decision((a, b) -> model.decision(DenseVec.of(a, b)))
                .supportVectors(r.solution().supportIndices())
                .margins(true)
                .title(String.format(Locale.ROOT, "%s: RBF SVM (%s), gamma = %s, C = %s, test accuracy %s", p.title(),
                        r.solver().replace(" (ours)", ""), CommandSupport.label(p.gamma()), CommandSupport.label(p.c()),
                        TablePrinter.percent(r.testAccuracy())))
                .build();
    }
}
