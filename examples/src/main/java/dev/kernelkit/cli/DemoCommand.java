package dev.kernelkit.cli;

import dev.kernelkit.cli.cvm.CvmDemo;
import dev.kernelkit.cli.mkl.MklDemo;
import dev.kernelkit.cli.prototypes.PrototypesDemo;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOptions;
import dev.kernelkit.plot.DecisionRegionPlot;
import dev.kernelkit.plot.LineChart;
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
 * precomputed kernel matrix, so their dual objectives must agree.
 *
 * <p>Second section, SparseMI (Fu et al., TNNLS 2013, Sec. V-A, Fig. 2): the ring problem (1
 * expansion vector started on the ring, where only negative instances are) and the four-Gaussian
 * problem (2 expansion vectors started in the empty middle), gamma = 0.5, C = 10; one row per
 * problem with training and test-bag accuracy (test bags: an independent draw of the same size),
 * the number of XVs, outer iterations and seconds.
 *
 * <p>Third section, IMKPL prototypes: the seeded synthetic 9-channel feature-selection experiment
 * of {@code kernelkit prototypes demo}: accuracy and the channel weights.
 *
 * <p>Fourth section, soft margin MKL ({@link MklDemo}): SM1MKL and the other MKL methods on two moons
 * with an added noise feature, and the kernel weights they choose. Fifth section, core vector
 * machines ({@link CvmDemo}): CVM, our SMO and LIBSVM on growing checkerboards.
 *
 * <p>With {@code --plots DIR} it writes the SMO model's decision regions per problem, and per
 * SparseMI problem the Fig. 2-style picture (instances coloured by their bag's label, initial and
 * final XVs joined by arrows, decision regions of the bag classifier on single-instance bags) and
 * the objective g(Z) per iteration, IMKPL's kernel weight per channel as bars and its prototype composition, the MKL kernel
 * weights, and CVM's training time against n and its core vectors over the data, as PNG files.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Train our SMO solver and the LIBSVM solver (RBF kernel) on built-in synthetic data",
                "(two moons, checkerboard) and print accuracy, support vectors, dual objective and time;",
                "then SparseMI on the ring and four-Gaussian bag problems (TNNLS 2013, Fig. 2) from poor",
                "initial expansion vectors, the IMKPL synthetic feature-selection experiment, soft margin",
                "MKL on two moons with a noise feature, and core vector machines on growing checkerboards."})
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Option(names = "--plots", paramLabel = "DIR",
            description = "Write the decision regions of every problem (and SparseMI's objective per iteration) as PNG files into DIR.")
    Path plots;

    @Option(names = "--points", paramLabel = "N", defaultValue = "400",
            description = "Training points per problem (the test set has as many), N >= 20 (default: ${DEFAULT-VALUE}).")
    int points;

    @Option(names = "--bags", paramLabel = "B", defaultValue = "20",
            description = "SparseMI section: bags per class of the ring problem (the four-Gaussian problem gets 3/4 "
                    + "of that), B >= 4 (default: ${DEFAULT-VALUE}).")
    int bags;

    @Mixin
    Options.Seed seed;

    /** SparseMI's gamma and C on both synthetic problems (as in mi-sparse's SyntheticProblemsTest). */
    static final double MI_GAMMA = 0.5, MI_C = 10.0;

    /** A SparseMI synthetic problem: training and test bags and the poor initial XVs. */
    record MiProblem(String name, String title, BagDataset train, BagDataset test, List<Vec> start) {
    }

    /** SparseMI's result on one problem. */
    record MiRow(MiProblem problem, SparseMiModel model, double trainAccuracy, double testAccuracy, double seconds) {
    }

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
        if (bags < 4) {
            throw new IllegalArgumentException("--bags must be >= 4, got " + bags);
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

        progress.update("SparseMI", 0, 2);
        List<MiRow> miRows = sparseMi(miProblems(bags, s));
        progress.done();
        out.println();
        out.printf(Locale.ROOT, "SparseMI (TNNLS 2013, Fig. 2) from poor initial expansion vectors, gamma = %s, C = %s;"
                + " %d + %d bags (ring), %d + %d + %d bags (four Gaussians), test bags an independent draw%n",
                CommandSupport.label(MI_GAMMA), CommandSupport.label(MI_C), bags, bags, fourGaussianBags(bags),
                fourGaussianBags(bags), fourGaussianBags(bags));
        TablePrinter miTable = new TablePrinter().textColumn("problem").textColumn("method").numberColumn("train acc")
                .numberColumn("test acc").numberColumn("XVs").numberColumn("iterations").numberColumn("objective")
                .numberColumn("seconds");
        for (MiRow r : miRows) {
            double[] trace = r.model().objectiveTrace();
            miTable.row(r.problem().name(), "sparsemi", TablePrinter.percent(r.trainAccuracy()),
                    TablePrinter.percent(r.testAccuracy()), Integer.toString(r.model().expansionVectors().size()),
                    Integer.toString(r.model().iterations()),
                    String.format(Locale.ROOT, "%.4g -> %.4g", trace[0], trace[trace.length - 1]),
                    CommandSupport.seconds(r.seconds()));
        }
        miTable.print(out);
        for (MiRow r : miRows) {
            out.printf(Locale.ROOT, "%s: XVs moved %s%n", r.problem().name(), moves(r));
        }

        progress.update("prototypes", 0, 1);
        // Data seed seed + 10: the default seed 1 gives prototypes demo's default 11.
        long protoSeed = s + PrototypesDemo.DEMO_SEED - 1;
        PrototypesDemo.Result proto = PrototypesDemo.run(protoSeed);
        progress.done();
        out.println();
        out.printf("IMKPL prototypes (as 'kernelkit prototypes demo --seed %d'):%n", protoSeed);
        PrototypesDemo.print(out, proto);

        progress.update("MKL", 0, 1);
        MklDemo.Result mkl = MklDemo.run(s);
        progress.done();
        out.println();
        MklDemo.print(out, mkl);

        progress.update("CVM", 0, 1);
        CvmDemo.Result cvm = CvmDemo.run(s);
        progress.done();
        out.println();
        CvmDemo.print(out, cvm);

        if (plots != null) {
            for (MiRow r : miRows) {
                Path file = plots.resolve("demo-sparsemi-" + r.problem().name() + ".png");
                miPlot(r).writePng(file);
                out.println("wrote " + file);
                Path chart = plots.resolve("demo-sparsemi-" + r.problem().name() + "-objective.png");
                objectiveChart(r).writePng(chart);
                out.println("wrote " + chart);
            }
            PrototypesDemo.writePlots(plots, proto, out);
            MklDemo.writePlots(plots, mkl, out);
            CvmDemo.writePlots(plots, cvm, out);
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

    /** Bags per class of the four-Gaussian problem: 3/4 of the ring's (15 for the default 20). */
    static int fourGaussianBags(int ringBags) {
        return Math.max(3, ringBags * 3 / 4);
    }

    /**
     * The two synthetic problems with their poor starts, as in mi-sparse's SyntheticProblemsTest:
     * ring bags with 4..8 instances and one XV at (2, 0.3), on the ring; four-Gaussian bags with
     * 4..8 instances and two XVs at (+-0.5, 0), in the empty middle, 2.1 to 2.5 from every cluster.
     * Data seeds seed + 2 and seed + 4 (3 and 5 for the default seed 1, the tests' seeds).
     */
    static List<MiProblem> miProblems(int ringBags, long seed) {
        int fg = fourGaussianBags(ringBags);
        return List.of(
                new MiProblem("ring", "ring (Fig. 2a)", SyntheticData.ringBags(ringBags, 4, 8, seed + 2),
                        SyntheticData.ringBags(ringBags, 4, 8, seed + 102), List.of(DenseVec.of(2.0, 0.3))),
                new MiProblem("four-gaussians", "four Gaussians (Fig. 2b)", SyntheticData.fourGaussianBags(fg, 4, 8, seed + 4),
                        SyntheticData.fourGaussianBags(fg, 4, 8, seed + 104),
                        List.of(DenseVec.of(0.5, 0.0), DenseVec.of(-0.5, 0.0))));
    }

    /** Fits SparseMI from each problem's poor start. */
    static List<MiRow> sparseMi(List<MiProblem> problems) {
        List<MiRow> out = new ArrayList<>();
        for (MiProblem p : problems) {
            SparseMiOptions o = SparseMiOptions.defaults().withGamma(MI_GAMMA).withC(MI_C)
                    .withExpansionVectors(p.start().size());
            long t0 = System.nanoTime();
            SparseMiModel model = SparseMi.fit(p.train(), o, p.start(), FitListener.SILENT);
            double seconds = CommandSupport.secondsSince(t0);
            out.add(new MiRow(p, model, bagAccuracy(model, p.train()), bagAccuracy(model, p.test()), seconds));
        }
        return out;
    }

    static double bagAccuracy(SparseMiModel model, BagDataset data) {
        int ok = 0;
        for (int i = 0; i < data.size(); i++) {
            if (model.predict(data.bag(i)) == data.label(i)) {
                ok++;
            }
        }
        return ok / (double) data.size();
    }

    private static String moves(MiRow r) {
        List<String> parts = new ArrayList<>();
        for (int j = 0; j < r.problem().start().size(); j++) {
            Vec a = r.problem().start().get(j), b = r.model().expansionVectors().get(j);
            parts.add(String.format(Locale.ROOT, "(%.2f, %.2f) -> (%.2f, %.2f)", a.get(0), a.get(1), b.get(0), b.get(1)));
        }
        return String.join(", ", parts);
    }

    /**
     * The Fig. 2-style picture: every instance coloured by its bag's label, the initial XVs
     * (squares) joined by arrows to the final ones, and the regions of the bag classifier applied
     * to single-instance bags {(x, y)}.
     */
    static DecisionRegionPlot miPlot(MiRow r) {
        BagDataset d = r.problem().train();
        int n = d.instanceCount();
        double[] xs = new double[n], ys = new double[n];
        int[] cls = new int[n];
        double[] sign = new double[n];
        int k = 0;
        for (int i = 0; i < d.size(); i++) {
            for (Vec v : d.bag(i).instances()) {
                xs[k] = v.get(0);
                ys[k] = v.get(1);
                cls[k] = d.label(i);
                sign[k] = d.label(i) == 1 ? 1.0 : -1.0;
                k++;
            }
        }
        SparseMiModel m = r.model();
        DecisionRegionPlot.Builder b = DecisionRegionPlot.builder();
        if (d.isBinary()) {
            b.points(xs, ys, sign).decision((a, c) -> m.decision(single(a, c))).margins(true);
        } else {
            b.classes(d.classNames(), xs, ys, cls).scores((a, c) -> m.decisions(single(a, c)));
        }
        for (int j = 0; j < r.problem().start().size(); j++) {
            Vec a = r.problem().start().get(j), z = m.expansionVectors().get(j);
            b.arrow(a.get(0), a.get(1), z.get(0), z.get(1));
        }
        return b.arrowLabel("XV: initial \u2192 final").title(String.format(Locale.ROOT, "SparseMI, %s: %d XV%s, %d iterations, train accuracy %s",
                        r.problem().title(), m.expansionVectors().size(), m.expansionVectors().size() == 1 ? "" : "s",
                        m.iterations(), TablePrinter.percent(r.trainAccuracy())))
                .build();
    }

    private static Bag single(double x, double y) {
        return new Bag("grid", List.of(DenseVec.of(x, y)));
    }

    /** The objective g(Z) per outer iteration (iteration 0 is the start). */
    static LineChart objectiveChart(MiRow r) {
        double[] trace = r.model().objectiveTrace();
        double[] it = new double[trace.length];
        for (int t = 0; t < it.length; t++) {
            it[t] = t;
        }
        return LineChart.builder().series("g(Z)", it, trace)
                .title("SparseMI objective per iteration, " + r.problem().title())
                .axisLabels("outer iteration", "objective g(Z)")
                .build();
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
