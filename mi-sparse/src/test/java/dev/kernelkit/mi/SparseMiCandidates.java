package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Chooser;
import dev.kernelkit.eval.Choosers;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Metric;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.Preprocessing;
import dev.kernelkit.eval.ScoredPoint;
import dev.kernelkit.eval.Search;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainers;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;

/**
 * Not a test: the measuring program of issue #24 part 2 (SparseMI's four candidates for the tuned-N_XV
 * gap, RESULTS.md). It runs the protocol of {@code kernelkit sparse-mi cv} through the library's
 * {@link MiProtocol} (the same outer folds, inner folds, seeds, grids and standardisation; the
 * CLI's trainer options: random initial XVs seeded {@code seed}, t_max 50, steps of length lambda)
 * and records, on the side, what the candidates need. Nothing is chosen on an outer test part: every
 * alternative choice below is made from inner scores on the training part.
 *
 * <pre>
 * java -cp CP dev.kernelkit.mi.SparseMiCandidates paths|sizes key=value ...
 *   common keys: data=FILE (csv bags), folds=10, repeats=10, seed=1, gammas=0.125,0.25,0.5,1,2 (times 1/d),
 *                cs=1,10,100, out=FILE (one tab-separated row per outer fold)
 *   paths: xv=10, ridge=1e-8, solver=newton|lbfgs, innerTol=1e-3, rsvm=true|false
 *          Every inner and final SparseMI fit is one run of Algorithm 1 kept at every t = 0..50
 *          (SparseMi.path; its t = 50 model is the fit the CLI makes, so the protocol's choices and
 *          accuracies are the CLI's). Per fold: the accuracy against t of the final fit (outer) and
 *          of the inner fits (at the chosen (gamma, C), and the best over (gamma, C) at each t);
 *          RSVM at the chosen (gamma, C) (t = 0 of the final fit); the choices and outer accuracies
 *          of the stopping rules (t by inner CV over {0,1,2,5,10,20,50} with (gamma, C), ties to the
 *          larger t; relative tolerances 1e-2, 1e-3, 1e-4; the printed s &gt;= s_max clause); the
 *          inner-solve diagnostics at t = 0 and at the end of the final fit (log10 cond(K_Z + ridge I),
 *          max and median |beta|, the share of ||dg/dZ||^2 on the top 10% of XVs). With rsvm=true
 *          the separately tuned RSVM on the same folds.
 *   sizes: sizes=10,50,100,500,1000. The staged N_XV search through
 *          MiProtocol.tunedSize(.., STAGED, LARGER, CLAMP); from its inner scores also the choices of
 *          (SMALLER, SKIP) (the CLI's --xv auto before this measurement), (LARGER, SKIP) and (SMALLER, CLAMP), each refitted on
 *          the training part and scored on the test part.
 * </pre>
 */
public final class SparseMiCandidates {
    static final int T_MAX = 50;
    static final int[] T_REPORT = {0, 1, 2, 5, 10, 20, 50};
    /** t candidates of "t by inner CV", listed largest first (ties to the larger t). */
    static final int[] T_CV = {50, 20, 10, 5, 2, 1, 0};
    static final double[] TOLERANCES = {1e-2, 1e-3, 1e-4};
    static final Metric<Bag> ACCURACY = Metric.accuracy();

    private SparseMiCandidates() {
    }

    /** Runs the measurement; see the class comment. */
    public static void main(String[] args) throws IOException {
        Map<String, String> kv = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String[] p = args[i].split("=", 2);
            kv.put(p[0], p[1]);
        }
        BagDataset data = CsvBagFormat.read(Path.of(kv.get("data")));
        int folds = Integer.parseInt(kv.getOrDefault("folds", "10"));
        int repeats = Integer.parseInt(kv.getOrDefault("repeats", "10"));
        long seed = Long.parseLong(kv.getOrDefault("seed", "1"));
        double[] gammas = Arrays.stream(kv.getOrDefault("gammas", "0.125,0.25,0.5,1,2").split(","))
                .mapToDouble(Double::parseDouble).map(g -> g / data.dim()).toArray();
        double[] cs = Arrays.stream(kv.getOrDefault("cs", "1,10,100").split(",")).mapToDouble(Double::parseDouble)
                .toArray();
        Path out = Path.of(kv.getOrDefault("out", "candidates.tsv"));
        long cpu0 = cpu();
        long wall0 = System.nanoTime();
        System.out.printf(Locale.ROOT, "%s %s, %d bags, %d instances, d %d; %d-fold x %d seed %d; %s%n", args[0],
                kv.get("data"), data.size(), data.instanceCount(), data.dim(), folds, repeats, seed, kv);
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            switch (args[0]) {
                case "paths" -> new Paths(data, folds, repeats, seed, gammas, cs, kv, w).run();
                case "sizes" -> sizes(data, folds, repeats, seed, gammas, cs, kv, w);
                default -> throw new IllegalArgumentException("mode must be paths or sizes, got " + args[0]);
            }
        }
        System.out.printf(Locale.ROOT, "# process CPU %.1f s, wall %.1f s, load %s%n", (cpu() - cpu0) / 1e9,
                (System.nanoTime() - wall0) / 1e9, Files.readString(Path.of("/proc/loadavg")).trim());
    }

    static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** The CLI's SparseMI options at (gamma, C, N_XV) (sparse-mi cv's defaults), with the inner-solve settings. */
    static SparseMiOptions cliOptions(double g, double c, int xv, long seed, Map<String, String> kv) {
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(g).withC(c).withExpansionVectors(xv)
                .withInit(XvInit.RANDOM).withMaxIterations(T_MAX).withSeed(seed).withRestarts(1)
                .withStepRule(SparseMiOptions.StepRule.LENGTH);
        if (kv.containsKey("ridge")) {
            o = o.withRidge(Double.parseDouble(kv.get("ridge")));
        }
        if ("lbfgs".equals(kv.get("solver"))) {
            o = o.withInnerSolver(SparseMiOptions.InnerSolver.LBFGS,
                    Double.parseDouble(kv.getOrDefault("innerTol", "1e-3")));
        }
        return o;
    }

    /** The test part of outer split s standardised on its training part, as ModelSelection makes them. */
    static BagDataset[] parts(BagDataset data, Splits.Split split) {
        Dataset<Bag> rawTrain = data.subset(split.train());
        Dataset<Bag> rawTest = data.subset(split.test());
        Preprocessing.Transform<Bag> t = Preprocessing.<Bag>scaling(FeatureScaling.STANDARD).fit(rawTrain);
        return new BagDataset[] {BagDataset.of(t.apply(rawTrain)), BagDataset.of(t.apply(rawTest))};
    }

    static double acc(FittedModel<Bag> m, Dataset<Bag> part) {
        return ACCURACY.score(m, part);
    }

    /** The first t at which a path stops under a relative tolerance (its end if never). */
    static int toleranceStop(double[] trace, double tol) {
        for (int t = 1; t < trace.length; t++) {
            if (trace[t - 1] - trace[t] <= tol * Math.abs(trace[t - 1])) {
                return t;
            }
        }
        return trace.length - 1;
    }

    /** The first t whose step needed all s_max trials (its end if never): the printed clause. */
    static int trialStop(int[] trials, int sMax) {
        for (int t = 1; t < trials.length; t++) {
            if (trials[t] == sMax) {
                return t;
            }
        }
        return trials.length - 1;
    }

    /** One path's record: accuracy (on a held part) at every t, the objective trace and the trials. */
    record PathRecord(double[] acc, double[] trace, int[] trials) {
        static PathRecord of(List<SparseMi.Snapshot> path, Dataset<Bag> held) {
            double[] a = new double[path.size()];
            int[] tr = new int[path.size()];
            for (int t = 0; t < path.size(); t++) {
                a[t] = SparseMiCandidates.acc(path.get(t).model(), held);
                tr[t] = path.get(t).trials();
            }
            // every snapshot past the stop is the final model; the trace is the final model's
            double[] trace = path.get(path.size() - 1).model().objectiveTrace();
            int end = trace.length - 1;
            return new PathRecord(a, trace, Arrays.copyOf(tr, end + 1));
        }

        double at(int t) {
            return acc[Math.min(t, acc.length - 1)];
        }

        int end() {
            return trace.length - 1;
        }
    }

    static int[] allT() {
        int[] t = new int[T_MAX + 1];
        for (int i = 0; i <= T_MAX; i++) {
            t[i] = i;
        }
        return t;
    }

    /** The paths mode: candidates 1-3 (RSVM at the chosen point, when to stop, the inner solve). */
    static final class Paths {
        final BagDataset data;
        final int folds;
        final int repeats;
        final long seed;
        final double[] gammas;
        final double[] cs;
        final Map<String, String> kv;
        final PrintWriter w;
        final int xv;
        /** Paths of the running outer fold, by training part (identity), then (gamma index, C index). */
        final Map<Dataset<Bag>, Map<List<Double>, List<SparseMi.Snapshot>>> registry = new IdentityHashMap<>();
        /** Inner records of outer fold s: [gamma][C][inner split]. */
        final Map<Integer, PathRecord[][][]> inner = new HashMap<>();
        final Map<Integer, Dataset<Bag>> trainingParts = new HashMap<>();
        final List<double[]> rows = new ArrayList<>();
        final List<String> names = new ArrayList<>();

        Paths(BagDataset data, int folds, int repeats, long seed, double[] gammas, double[] cs, Map<String, String> kv,
              PrintWriter w) {
            this.data = data;
            this.folds = folds;
            this.repeats = repeats;
            this.seed = seed;
            this.gammas = gammas;
            this.cs = cs;
            this.kv = kv;
            this.w = w;
            this.xv = Integer.parseInt(kv.getOrDefault("xv", "10"));
        }

        SparseMiOptions options(double g, double c) {
            return cliOptions(g, c, xv, seed, kv);
        }

        List<SparseMi.Snapshot> path(BagDataset part, double g, double c) {
            return SparseMi.path(part, options(g, c), allT());
        }

        void run() {
            MiProtocol.Factory factory = (g, c) -> Trainers.of(SparseMi.NAME, InputKind.BAGS, Task.CLASSIFICATION,
                    options(g, c), (d, listener) -> {
                        List<SparseMi.Snapshot> p = path(BagDataset.of(d), g, c);
                        synchronized (registry) {
                            registry.computeIfAbsent(d, k -> new HashMap<>()).put(List.of(g, c), p);
                        }
                        return p.get(p.size() - 1).model();
                    });
            Chooser<Bag> best = Choosers.best();
            Chooser<Bag> recording = search -> {
                Chooser.Choice choice = best.choose(search);
                PathRecord[][][] rec = new PathRecord[gammas.length][cs.length][search.innerSplits().size()];
                for (int k = 0; k < search.innerSplits().size(); k++) {
                    Map<List<Double>, List<SparseMi.Snapshot>> paths;
                    synchronized (registry) {
                        paths = registry.remove(search.innerTrainingPart(k));
                    }
                    for (int i = 0; i < gammas.length; i++) {
                        for (int j = 0; j < cs.length; j++) {
                            rec[i][j][k] = PathRecord.of(paths.get(List.of(gammas[i], cs[j])), search.innerTestPart(k));
                        }
                    }
                }
                // the harness's choice is the best summed accuracy of the t = end models: check it
                for (ScoredPoint sp : search.searched()) {
                    int i = sp.point().index(MiProtocol.GAMMA);
                    int j = sp.point().index(MiProtocol.C);
                    double[] split = sp.splitScores();
                    for (int k = 0; k < split.length; k++) {
                        if (split[k] != rec[i][j][k].at(T_MAX)) {
                            throw new IllegalStateException("inner score mismatch at " + sp.point() + " split " + k);
                        }
                    }
                }
                inner.put(search.outerIndex(), rec);
                trainingParts.put(search.outerIndex(), search.trainingPart());
                return choice;
            };
            ModelSelection<Bag> protocol = MiProtocol.tuned(factory, folds, repeats, seed, gammas, cs, 1)
                    .withChooser(recording).withListener(this::fold);
            Evaluation e = protocol.run(data);
            System.out.printf(Locale.ROOT, "protocol (= sparse-mi cv --xv %d): accuracy %.4f ± %.4f, per repeat %s, "
                            + "sd over repeats %.4f%n", xv, e.summary().mean(), e.summary().sd(),
                    fmt(e.repeatMeans()), e.repeatSummary().sd());
            System.out.println("fold_accuracies " + Arrays.toString(e.scores()));
            Evaluation rsvm = null;
            if (Boolean.parseBoolean(kv.getOrDefault("rsvm", "true"))) {
                rsvm = MiProtocol.tuned((g, c) -> RandomSparseSvm.trainer(options(g, c)), folds, repeats, seed, gammas,
                        cs, 1).run(data);
                System.out.printf(Locale.ROOT, "RSVM tuned separately: accuracy %.4f ± %.4f, per repeat %s, sd over "
                        + "repeats %.4f%n", rsvm.summary().mean(), rsvm.summary().sd(), fmt(rsvm.repeatMeans()),
                        rsvm.repeatSummary().sd());
                names.add("rsvm_tuned");
                for (int s = 0; s < rows.size(); s++) {
                    double[] r = Arrays.copyOf(rows.get(s), rows.get(s).length + 1);
                    r[r.length - 1] = rsvm.scores()[s];
                    rows.set(s, r);
                }
            }
            w.println("outer\t" + String.join("\t", names));
            for (int s = 0; s < rows.size(); s++) {
                StringBuilder b = new StringBuilder().append(s);
                for (double v : rows.get(s)) {
                    b.append('\t').append(v);
                }
                w.println(b);
            }
            summarise(names, rows, repeats, folds);
        }

        /** After outer fold s: the outer curves and the alternative choices (inner evidence only). */
        void fold(OuterFold f) {
            int s = f.index();
            BagDataset[] parts = parts(data, f.split());
            Dataset<Bag> trainPart = trainingParts.remove(s);
            BagDataset train = BagDataset.of(trainPart);
            BagDataset test = parts[1];
            Map<List<Double>, List<SparseMi.Snapshot>> finals;
            synchronized (registry) {
                finals = registry.remove(trainPart);
                registry.clear();
            }
            double g = f.chosen().number(MiProtocol.GAMMA);
            double c = f.chosen().number(MiProtocol.C);
            Map<List<Double>, PathRecord> outer = new HashMap<>();
            List<SparseMi.Snapshot> finalPath = finals.get(List.of(g, c));
            outer.put(List.of(g, c), PathRecord.of(finalPath, test));
            PathRecord chosen = outer.get(List.of(g, c));
            if (chosen.at(T_MAX) != f.score()) {
                throw new IllegalStateException("outer fold " + s + ": the recomputed test part gives "
                        + chosen.at(T_MAX) + ", the protocol " + f.score());
            }
            PathRecord[][][] rec = inner.remove(s);
            int gi = f.chosen().index(MiProtocol.GAMMA);
            int ci = f.chosen().index(MiProtocol.C);
            List<String> n = new ArrayList<>();
            List<Double> v = new ArrayList<>();
            n.add("gamma_d");
            v.add(g * data.dim());
            n.add("C");
            v.add(c);
            n.add("acc_sparsemi");
            v.add(f.score());
            n.add("acc_rsvm_at_chosen");
            v.add(chosen.at(0));
            n.add("end_t");
            v.add((double) chosen.end());
            for (int t : T_REPORT) {
                n.add("outer_t" + t);
                v.add(chosen.at(t));
            }
            for (int t : T_REPORT) {
                n.add("inner_chosen_t" + t);
                v.add(innerMean(rec[gi][ci], r -> r.at(t)));
            }
            for (int t : T_REPORT) {
                double bestT = Double.NEGATIVE_INFINITY;
                for (PathRecord[][] row : rec) {
                    for (PathRecord[] cell : row) {
                        bestT = Math.max(bestT, innerMean(cell, r -> r.at(t)));
                    }
                }
                n.add("inner_best_t" + t);
                v.add(bestT);
            }
            // t by inner CV: (t, gamma, C), t largest first, first (gamma, C) on ties
            int[] pick = null;
            double pickScore = Double.NEGATIVE_INFINITY;
            for (int t : T_CV) {
                for (int i = 0; i < gammas.length; i++) {
                    for (int j = 0; j < cs.length; j++) {
                        double sc = innerSum(rec[i][j], r -> r.at(t));
                        if (sc > pickScore) {
                            pickScore = sc;
                            pick = new int[] {i, j, t};
                        }
                    }
                }
            }
            int tPick = pick[2];
            addRule(n, v, "tcv", pick[0], pick[1], r -> tPick, pickScore, train, test, outer);
            for (double tol : TOLERANCES) {
                int[] p2 = null;
                double best = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < gammas.length; i++) {
                    for (int j = 0; j < cs.length; j++) {
                        double sc = innerSum(rec[i][j], r -> r.at(toleranceStop(r.trace(), tol)));
                        if (sc > best) {
                            best = sc;
                            p2 = new int[] {i, j};
                        }
                    }
                }
                int[] q2 = p2;
                addRule(n, v, String.format(Locale.ROOT, "tol%.0e", tol), q2[0], q2[1],
                        r -> toleranceStop(r.trace(), tol), best, train, test, outer);
            }
            int sMax = options(g, c).maxStepTrials();
            int[] p3 = null;
            double best3 = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < gammas.length; i++) {
                for (int j = 0; j < cs.length; j++) {
                    double sc = innerSum(rec[i][j], r -> r.at(trialStop(r.trials(), sMax)));
                    if (sc > best3) {
                        best3 = sc;
                        p3 = new int[] {i, j};
                    }
                }
            }
            addRule(n, v, "printed", p3[0], p3[1], r -> trialStop(r.trials(), sMax), best3, train, test, outer);
            n.add("inner_score_chosen");
            v.add(f.selection().score());
            double[] d0 = diagnostics(train, options(g, c), finalPath.get(0).model());
            double[] d1 = diagnostics(train, options(g, c), finalPath.get(finalPath.size() - 1).model());
            String[] dn = {"log10cond", "beta_max", "beta_median", "grad_top10"};
            for (int i = 0; i < dn.length; i++) {
                n.add(dn[i] + "_t0");
                v.add(d0[i]);
            }
            for (int i = 0; i < dn.length; i++) {
                n.add(dn[i] + "_end");
                v.add(d1[i]);
            }
            if (names.isEmpty()) {
                names.addAll(n);
            }
            rows.add(v.stream().mapToDouble(Double::doubleValue).toArray());
            System.out.printf(Locale.ROOT, "fold %d: gamma*d %.3g C %g t_end %d acc %.4f rsvm@chosen %.4f tcv t=%d %.4f "
                            + "logcond %.1f->%.1f (%.1f s CPU so far)%n", s, g * data.dim(), c, chosen.end(), f.score(),
                    chosen.at(0), pick[2], v.get(n.indexOf("acc_tcv")), d0[0], d1[0], cpu() / 1e9);
        }

        void addRule(List<String> n, List<Double> v, String name, int i, int j,
                     java.util.function.ToIntFunction<PathRecord> stop, double innerScore, BagDataset train,
                     BagDataset test, Map<List<Double>, PathRecord> outer) {
            List<Double> key = List.of(gammas[i], cs[j]);
            PathRecord r = outer.computeIfAbsent(key, k -> PathRecord.of(path(train, gammas[i], cs[j]), test));
            int t = stop.applyAsInt(r);
            n.add("gamma_d_" + name);
            v.add(gammas[i] * data.dim());
            n.add("C_" + name);
            v.add(cs[j]);
            n.add("t_" + name);
            v.add((double) t);
            n.add("inner_" + name);
            v.add(innerScore);
            n.add("acc_" + name);
            v.add(r.at(t));
        }
    }

    static double innerSum(PathRecord[] splits, java.util.function.ToDoubleFunction<PathRecord> f) {
        double sum = 0;
        for (PathRecord r : splits) {
            sum += f.applyAsDouble(r);
        }
        return sum;
    }

    static double innerMean(PathRecord[] splits, java.util.function.ToDoubleFunction<PathRecord> f) {
        return innerSum(splits, f) / splits.length;
    }

    /**
     * log10 cond(K_Z + ridge I), max |beta|, median |beta| and the share of ||dg/dZ||_F^2 on the
     * top 10% of XVs (by their gradient row norm) of a model on its training part.
     */
    static double[] diagnostics(BagDataset train, SparseMiOptions o, SparseMiModel m) {
        List<Vec> instances = new ArrayList<>();
        int[] bagOf = new int[train.instanceCount()];
        for (int i = 0; i < train.size(); i++) {
            for (Vec x : train.bag(i).instances()) {
                bagOf[instances.size()] = i;
                instances.add(x);
            }
        }
        SparseMiObjective obj = new SparseMiObjective(DotProductKernel.of(o.kernel()),
                new InputSpace(instances, train.dim()), bagOf, train.size(), SparseMi.targets(train), o.c(), o.ridge(),
                o.innerSolver(), o.innerTolerance());
        double[][] z = new double[m.expansionVectors().size()][];
        for (int j = 0; j < z.length; j++) {
            z[j] = m.expansionVectors().get(j).toArray();
        }
        SparseMiObjective.Evaluation e = obj.evaluate(z, null);
        double[][] r = new double[z.length][z.length];
        for (int i = 0; i < z.length; i++) {
            r[i] = e.kz[i].clone();
            r[i][i] += o.ridge();
        }
        double[] ev = new EigenDecomposition(new Array2DRowRealMatrix(r, false)).getRealEigenvalues();
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (double x : ev) {
            lo = Math.min(lo, x);
            hi = Math.max(hi, Math.abs(x));
        }
        double[] beta = m.beta(0);
        double[] ab = Arrays.stream(beta).map(Math::abs).sorted().toArray();
        double[][] grad = obj.gradient(e);
        double[] rowNorm = new double[z.length];
        double total = 0;
        for (int j = 0; j < z.length; j++) {
            for (double x : grad[j]) {
                rowNorm[j] += x * x;
            }
            total += rowNorm[j];
        }
        double[] sorted = rowNorm.clone();
        Arrays.sort(sorted);
        int top = (int) Math.ceil(0.1 * z.length);
        double topSum = 0;
        for (int q = 0; q < top; q++) {
            topSum += sorted[sorted.length - 1 - q];
        }
        return new double[] {lo > 0 ? Math.log10(hi / lo) : Double.POSITIVE_INFINITY, ab[ab.length - 1],
            ab[ab.length / 2], total > 0 ? topSum / total : Double.NaN};
    }

    /** The sizes mode: candidate 4 (the N_XV grid, clamping and ties), from one staged run. */
    static void sizes(BagDataset data, int folds, int repeats, long seed, double[] gammas, double[] cs,
                      Map<String, String> kv, PrintWriter w) {
        int[] sizes = Arrays.stream(kv.getOrDefault("sizes", "10,50,100,500,1000").split(","))
                .mapToInt(Integer::parseInt).toArray();
        MiProtocol.SizedFactory learner = (g, c, k) -> SparseMi.trainer(cliOptions(g, c, k, seed, kv));
        MiProtocol.SizedFactory clamped = MiProtocol.clamped(learner);
        Chooser<Bag> larger = MiProtocol.chooser(MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER,
                MiProtocol.LargeSizes.CLAMP);
        String[] variants = {"smaller_skip", "larger_skip", "smaller_clamp", "larger_clamp"};
        Chooser<Bag>[] alt = new Chooser[] {
            MiProtocol.chooser(MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.SMALLER, MiProtocol.LargeSizes.SKIP),
            MiProtocol.chooser(MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.SKIP),
            MiProtocol.chooser(MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.SMALLER, MiProtocol.LargeSizes.CLAMP)};
        Map<Integer, Point[]> choices = new HashMap<>();
        Map<Integer, double[]> choiceScores = new HashMap<>();
        Map<Integer, Integer> ties = new HashMap<>();
        Map<Integer, double[]> nestedScores = new HashMap<>();
        boolean nested = Boolean.parseBoolean(kv.getOrDefault("nested", "true"));
        // the four choices of one search: the three alternatives, then the clamped larger search (scored first)
        java.util.function.BiFunction<Search<Bag>, double[], Point[]> four = (search, sc) -> {
            Chooser.Choice main = larger.choose(search);
            int fitsBefore = search.fits();
            Point[] p = new Point[4];
            for (int a = 0; a < 3; a++) {
                Chooser.Choice ch = alt[a].choose(search);
                p[a] = ch.point();
                sc[a] = ch.score();
            }
            if (search.fits() != fitsBefore) {
                throw new IllegalStateException("an alternative chooser scored a point the clamped larger search did not");
            }
            p[3] = main.point();
            sc[3] = main.score();
            return p;
        };
        Chooser<Bag> recording = search -> {
            double[] sc = new double[4];
            Point[] p = four.apply(search, sc);
            Chooser.Choice main = new Chooser.Choice(p[3], sc[3]);
            if (nested) {
                // each variant as a whole procedure, on the training part only: selected on inner training part k by
                // its own 3-fold CV (seeded seed + 7919 (s + 1) + 17 (k + 1)), scored on inner test part k
                double[] ns = new double[4];
                for (int k = 0; k < search.innerSplits().size(); k++) {
                    BagDataset tr = BagDataset.of(search.innerTrainingPart(k));
                    Dataset<Bag> te = search.innerTestPart(k);
                    Point[][] inner = new Point[1][];
                    MiProtocol.select(tr, MiProtocol.grid(clamped, sizes, gammas, cs), s2 -> {
                        inner[0] = four.apply(s2, new double[4]);
                        return new Chooser.Choice(inner[0][3], Double.NaN);
                    }, seed + MiProtocol.INNER_SEED_STEP * (search.outerIndex() + 1) + 17L * (k + 1), 1);
                    Map<Point, Double> done = new HashMap<>();
                    for (int a = 0; a < 4; a++) {
                        Point q = inner[0][a];
                        ns[a] += done.computeIfAbsent(q, x -> acc(clamped.trainer(x.number(MiProtocol.GAMMA),
                                x.number(MiProtocol.C), x.value(MiProtocol.XV, Integer.class)).fit(tr), te));
                    }
                }
                nestedScores.put(search.outerIndex(), ns);
            }
            // ties among sizes at the stage-1 (gamma, C): sizes scoring the best score
            int tied = 0;
            for (ScoredPoint sp : search.searched()) {
                if (sp.point().index(MiProtocol.GAMMA) == main.point().index(MiProtocol.GAMMA)
                        && sp.point().index(MiProtocol.C) == main.point().index(MiProtocol.C)
                        && sp.score() == main.score()) {
                    tied++;
                }
            }
            choices.put(search.outerIndex(), p);
            choiceScores.put(search.outerIndex(), sc);
            ties.put(search.outerIndex(), tied);
            return main;
        };
        List<double[]> rows = new ArrayList<>();
        ModelSelection<Bag> protocol = MiProtocol.tunedSize(learner, folds, repeats, seed, gammas, cs, sizes, 1,
                        MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.CLAMP)
                .withChooser(recording).withMeasures(List.of(new dev.kernelkit.eval.Measure<>(MiProtocol.VECTORS,
                        (m, test) -> ((BagClassifier) m).kernelEvaluationsPerInstance())))
                .withListener(f -> {
                    int s = f.index();
                    BagDataset[] parts = parts(data, f.split());
                    Point[] p = choices.remove(s);
                    double[] sc = choiceScores.remove(s);
                    double[] ns = nested ? nestedScores.remove(s) : new double[4];
                    double[] row = new double[4 * 5 + 2 + 4];
                    System.arraycopy(ns, 0, row, 22, 4);
                    Map<Point, double[]> fitted = new HashMap<>();
                    fitted.put(p[3], new double[] {f.score(), f.measure(MiProtocol.VECTORS)});
                    for (int a = 0; a < 4; a++) {
                        Point q = p[a];
                        double[] r = fitted.computeIfAbsent(q, k -> {
                            BagClassifier m = clamped.trainer(k.number(MiProtocol.GAMMA), k.number(MiProtocol.C),
                                    k.value(MiProtocol.XV, Integer.class)).fit(parts[0]);
                            return new double[] {acc(m, parts[1]), m.kernelEvaluationsPerInstance()};
                        });
                        row[5 * a] = q.number(MiProtocol.GAMMA) * data.dim();
                        row[5 * a + 1] = q.number(MiProtocol.C);
                        row[5 * a + 2] = q.number(MiProtocol.XV);
                        row[5 * a + 3] = r[1];
                        row[5 * a + 4] = r[0];
                    }
                    row[20] = ties.remove(s);
                    row[21] = parts[0].instanceCount();
                    rows.add(row);
                    System.out.printf(Locale.ROOT, "fold %d: %s / acc %.4f %.4f %.4f %.4f, xv %s, ties %d, nested %s (%.1f s CPU)%n",
                            s, Arrays.toString(sc), row[4], row[9], row[14], row[19],
                            Arrays.toString(new double[] {row[3], row[8], row[13], row[18]}), (int) row[20],
                            Arrays.toString(ns), cpu() / 1e9);
                });
        Evaluation e = protocol.run(data);
        List<String> names = new ArrayList<>();
        for (String v : variants) {
            for (String c : new String[] {"gamma_d_", "C_", "xv_", "vectors_", "acc_"}) {
                names.add(c + v);
            }
        }
        names.add("tied_sizes");
        names.add("train_instances");
        for (String v : variants) {
            names.add("nested_" + v);
        }
        w.println("outer\t" + String.join("\t", names));
        for (int s = 0; s < rows.size(); s++) {
            StringBuilder b = new StringBuilder().append(s);
            for (double v : rows.get(s)) {
                b.append('\t').append(v);
            }
            w.println(b);
        }
        System.out.printf(Locale.ROOT, "protocol (larger, clamp): accuracy %.4f ± %.4f%n", e.summary().mean(),
                e.summary().sd());
        summarise(names, rows, repeats, folds);
        for (String v : variants) {
            double[] x = column(rows, names.indexOf("xv_" + v));
            Map<Double, Integer> counts = new java.util.TreeMap<>();
            for (double q : x) {
                counts.merge(q, 1, Integer::sum);
            }
            System.out.printf(Locale.ROOT, "chosen N_XV %s: %s, mean vectors %.1f%n", v, counts,
                    MiProtocol.mean(column(rows, names.indexOf("vectors_" + v))));
        }
    }

    static double[] column(List<double[]> rows, int i) {
        return rows.stream().mapToDouble(r -> r[i]).toArray();
    }

    /** Mean, sd over folds, per-repeat means and their sd for every acc_ / outer_ / inner_ column; paired differences. */
    static void summarise(List<String> names, List<double[]> rows, int repeats, int folds) {
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            double[] x = column(rows, i);
            double[] rep = repeatMeans(x, repeats, folds);
            System.out.printf(Locale.ROOT, "%-22s mean %.4f  sd(folds) %.4f  sd(repeats) %.4f  per repeat %s%n", n,
                    MiProtocol.mean(x), sd(x), sd(rep), fmt(rep));
        }
        int base = names.indexOf("acc_sparsemi");
        if (base < 0) {
            base = names.indexOf("acc_smaller_skip");
        }
        for (int i = 0; i < names.size(); i++) {
            if (i == base || !names.get(i).startsWith("acc_") && !names.get(i).equals("rsvm_tuned")) {
                continue;
            }
            double[] d = new double[rows.size()];
            int wins = 0;
            int losses = 0;
            for (int s = 0; s < d.length; s++) {
                d[s] = rows.get(s)[i] - rows.get(s)[base];
                wins += d[s] > 0 ? 1 : 0;
                losses += d[s] < 0 ? 1 : 0;
            }
            double[] rep = repeatMeans(d, repeats, folds);
            System.out.printf(Locale.ROOT, "paired %s - %s: %+.4f (sd over repeats %.4f, se %.4f), folds +%d -%d%n",
                    names.get(i), names.get(base), MiProtocol.mean(d), sd(rep), sd(rep) / Math.sqrt(rep.length), wins,
                    losses);
        }
    }

    static double[] repeatMeans(double[] x, int repeats, int folds) {
        double[] r = new double[repeats];
        for (int q = 0; q < repeats; q++) {
            r[q] = MiProtocol.mean(Arrays.copyOfRange(x, q * folds, (q + 1) * folds));
        }
        return r;
    }

    static double sd(double[] x) {
        if (x.length < 2) {
            return Double.NaN;
        }
        double m = MiProtocol.mean(x);
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return Math.sqrt(s / (x.length - 1));
    }

    static String fmt(double[] x) {
        StringBuilder b = new StringBuilder();
        for (double v : x) {
            b.append(b.length() > 0 ? " " : "").append(String.format(Locale.ROOT, "%.4f", v));
        }
        return b.toString();
    }
}
