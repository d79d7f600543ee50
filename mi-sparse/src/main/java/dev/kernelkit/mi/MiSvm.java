package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * mi-SVM and MI-SVM (Andrews, Tsochantaridis &amp; Hofmann, NIPS 2003): instance-level C-SVMs
 * under the label-max assumption, a bag's score being the largest instance score
 * F(X) = max_p f(x_p). Instances of negative bags are negative.
 *
 * <ul>
 * <li>mi-SVM: instances of positive bags start positive; after each SVM fit they get the sign of
 * f, and when none of a bag's instances is positive its instance of largest f is made positive
 * (the constraint sum_p (y_p + 1)/2 &ge; 1).</li>
 * <li>MI-SVM: each positive bag is one sample, first its centroid, then its witness
 * argmax_p f(x_p); negative instances are samples as they are.</li>
 * </ul>
 * Both retrain with {@link SmoSolver} warm-started from the previous alpha until the imputed
 * labels (mi) or witnesses (MI) stop changing, or {@link MiSvmOptions#maxRounds()} fits. More than
 * two classes: one-vs-rest, the class of largest F. Kernel matrix: dense over all instances (plus
 * the positive bags' centroids for MI-SVM) up to {@value #DENSE_LIMIT} points, a row-cached
 * matrix above.
 *
 * <p>As learners of the contract ({@link #trainer}) they are named {@value #NAME_INSTANCE} and
 * {@value #NAME_BAG} (the literature's names, {@link MiSvmOptions.Variant#literatureName}); each
 * round's SVM dual objective goes to the {@link FitListener} (iteration = the round), and the fit
 * report holds the rounds summed over machines, whether every machine converged, and the first
 * machine's dual objective after each round.
 */
public final class MiSvm {
    /** The catalog name of mi-SVM (the instance-level variant). */
    public static final String NAME_INSTANCE = "mi-SVM";
    /** The catalog name of MI-SVM (the bag-level variant). */
    public static final String NAME_BAG = "MI-SVM";
    /** Up to this many points the instance kernel matrix is precomputed densely. */
    static final int DENSE_LIMIT = 8000;

    private MiSvm() {
    }

    /** The trainer of the learner contract, named by the options' variant ({@value #NAME_INSTANCE} or {@value #NAME_BAG}). */
    public static Trainer<Bag, MiSvmModel> trainer(MiSvmOptions options) {
        return Trainers.of(options.variant().literatureName(), InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(BagDataset.of(data), options, listener));
    }

    /**
     * Fits mi-SVM or MI-SVM.
     *
     * @throws IllegalArgumentException for fewer than two classes or an empty bag
     */
    public static MiSvmModel fit(BagDataset data, MiSvmOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits mi-SVM or MI-SVM, reporting every round's SVM solve to the listener.
     *
     * @throws IllegalArgumentException for fewer than two classes or an empty bag
     */
    public static MiSvmModel fit(BagDataset data, MiSvmOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        String name = options.variant().literatureName();
        SparseMi.checkData(data);
        List<Vec> points = new ArrayList<>(data.instanceCount() + data.size());
        int[][] members = new int[data.size()][];
        for (int i = 0; i < data.size(); i++) {
            Bag b = data.bag(i);
            members[i] = new int[b.size()];
            for (int p = 0; p < b.size(); p++) {
                members[i][p] = points.size();
                points.add(b.instance(p));
            }
        }
        int[] centroid = new int[data.size()];
        Arrays.fill(centroid, -1);
        if (options.variant() == MiSvmOptions.Variant.BAG) {
            for (int i = 0; i < data.size(); i++) {
                centroid[i] = points.size();
                points.add(centroidOf(data.bag(i)));
            }
        }
        KernelMatrix gram = points.size() <= DENSE_LIMIT ? DenseKernelMatrix.compute(options.kernel(), points)
                : CachedKernelMatrix.of(points, options.kernel(), options.solver().cacheMb());
        double[][] targets = SparseMi.targets(data);
        double[] bagWeight = bagWeights(data, options.classWeights());
        SmoSolver smo = new SmoSolver(options.solver());
        List<KernelExpansionModel<Vec>> machines = new ArrayList<>(targets.length);
        int[] rounds = new int[targets.length];
        boolean[] converged = new boolean[targets.length];
        double[] firstTrace = null;
        for (int t = 0; t < targets.length; t++) {
            Progress progress = new Progress(listener, name, t, targets.length, clock);
            Machine m = options.variant() == MiSvmOptions.Variant.INSTANCE
                    ? instanceLevel(gram, members, bagWeight, targets[t], smo, options, progress)
                    : bagLevel(gram, members, bagWeight, centroid, targets[t], smo, options, progress);
            if (t == 0) {
                firstTrace = progress.trace();
            }
            List<Vec> samplePoints = new ArrayList<>(m.index.length);
            for (int s : m.index) {
                samplePoints.add(points.get(s));
            }
            machines.add(KernelExpansionModel.fromSolution(options.kernel(), samplePoints, m.y, m.solution));
            rounds[t] = m.rounds;
            converged[t] = m.converged;
        }
        long iterations = 0;
        for (int r : rounds) {
            iterations += r;
        }
        FitReport report = new FitReport(name, options.toString(), 0, iterations,
                BagClassifier.countFalse(converged) == 0, firstTrace, clock.elapsedSeconds());
        return new MiSvmModel(options.variant(), data.classNames(), data.dim(), machines, rounds, converged, report);
    }

    /** One binary machine: its samples (point indices), their labels, the final solution. */
    private record Machine(int[] index, double[] y, SvmSolution solution, int rounds, boolean converged) {
    }

    /** Reports one machine's rounds to the listener and keeps their dual objectives. */
    private static final class Progress {
        private final FitListener listener;
        private final String name;
        private final int machine;
        private final int machines;
        private final Stopwatch clock;
        private final List<Double> objectives = new ArrayList<>();

        Progress(FitListener listener, String name, int machine, int machines, Stopwatch clock) {
            this.listener = listener;
            this.name = name;
            this.machine = machine;
            this.machines = machines;
            this.clock = clock;
        }

        void round(int round, SvmSolution sol) {
            objectives.add(sol.objective());
            listener.onProgress(new FitProgress(name, machine, machines, round, sol.objective(), clock.elapsedSeconds()));
        }

        double[] trace() {
            return objectives.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }

    /** w_{c(i)} of each bag's class (1 for every bag without class weights). */
    private static double[] bagWeights(BagDataset data, dev.kernelkit.svm.ClassWeights weights) {
        double[] w = weights.resolve(data.classNames(), data.classCounts());
        int[] classOf = data.classIndices();
        double[] out = new double[data.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = w[classOf[i]];
        }
        return out;
    }

    private static Machine instanceLevel(KernelMatrix gram, int[][] members, double[] bagWeight, double[] bagY,
                                         SmoSolver smo, MiSvmOptions o, Progress progress) {
        int n = 0;
        for (int[] m : members) {
            n += m.length;
        }
        int[] index = new int[n];
        double[] y = new double[n];
        int k = 0;
        for (int i = 0; i < members.length; i++) {
            for (int pt : members[i]) {
                index[k] = pt;
                y[k++] = bagY[i];
            }
        }
        KernelMatrix sub = new SubsetKernelMatrix(gram, index);
        double[] cost = new double[n];
        k = 0;
        for (int i = 0; i < members.length; i++) {
            int[] m = members[i];
            for (int p = 0; p < m.length; p++) {
                cost[k++] = (o.weighting() == MiSvmOptions.Weighting.BAG ? o.c() / m.length : o.c()) * bagWeight[i];
            }
        }
        double[] alpha = null;
        SvmSolution sol = null;
        for (int round = 1; round <= o.maxRounds(); round++) {
            sol = smo.solve(new SvmProblem(sub, y, cost, SvmLoss.HINGE), alpha);
            progress.round(round, sol);
            alpha = sol.alpha();
            double[] f = decisions(gram, index, y, sol, index);
            double[] next = y.clone();
            k = 0;
            for (int i = 0; i < members.length; i++) {
                int start = k;
                k += members[i].length;
                if (bagY[i] < 0) {
                    continue;
                }
                int best = start;
                boolean any = false;
                for (int s = start; s < k; s++) {
                    next[s] = f[s] > 0 ? 1.0 : -1.0;
                    any |= f[s] > 0;
                    if (f[s] > f[best]) {
                        best = s;
                    }
                }
                if (!any) {
                    next[best] = 1.0;
                }
            }
            if (Arrays.equals(next, y)) {
                return new Machine(index, y, sol, round, sol.converged());
            }
            if (round < o.maxRounds()) {
                y = next;
            }
        }
        return new Machine(index, y, sol, o.maxRounds(), false);
    }

    private static Machine bagLevel(KernelMatrix gram, int[][] members, double[] bagWeight, int[] centroid,
                                    double[] bagY, SmoSolver smo, MiSvmOptions o, Progress progress) {
        List<Integer> idx = new ArrayList<>();
        List<Double> lab = new ArrayList<>();
        List<Double> costs = new ArrayList<>();
        List<Integer> posBags = new ArrayList<>();
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i < members.length; i++) {
            if (bagY[i] < 0) {
                for (int pt : members[i]) {
                    idx.add(pt);
                    lab.add(-1.0);
                    costs.add((o.weighting() == MiSvmOptions.Weighting.BAG ? o.c() / members[i].length : o.c())
                            * bagWeight[i]);
                }
            } else {
                posBags.add(i);
                slots.add(idx.size());
                idx.add(centroid[i]);
                lab.add(1.0);
                costs.add(o.c() * bagWeight[i]);
            }
        }
        int[] index = idx.stream().mapToInt(Integer::intValue).toArray();
        double[] y = lab.stream().mapToDouble(Double::doubleValue).toArray();
        double[] cost = costs.stream().mapToDouble(Double::doubleValue).toArray();
        int[] candidates = Arrays.stream(members).flatMapToInt(Arrays::stream).toArray();
        double[] alpha = null;
        SvmSolution sol = null;
        for (int round = 1; round <= o.maxRounds(); round++) {
            sol = smo.solve(new SvmProblem(new SubsetKernelMatrix(gram, index), y, cost, SvmLoss.HINGE), alpha);
            progress.round(round, sol);
            alpha = sol.alpha();
            double[] f = decisions(gram, index, y, sol, candidates);
            int[] next = index.clone();
            for (int q = 0; q < posBags.size(); q++) {
                int[] m = members[posBags.get(q)];
                int best = m[0];
                for (int pt : m) {
                    if (f[pt] > f[best]) {
                        best = pt;
                    }
                }
                next[slots.get(q)] = best;
            }
            if (Arrays.equals(next, index)) {
                return new Machine(index, y, sol, round, sol.converged());
            }
            if (round < o.maxRounds()) {
                index = next;
            }
        }
        return new Machine(index, y, sol, o.maxRounds(), false);
    }

    /**
     * f at the points {@code at} (indices into the gram matrix), written at the position of each
     * sample in {@code at} when {@code at} is the sample list, else at the point index itself.
     */
    private static double[] decisions(KernelMatrix gram, int[] index, double[] y, SvmSolution sol, int[] at) {
        boolean samples = at == index;
        int size = samples ? at.length : gram.size();
        double[] f = new double[size];
        double b = sol.bias();
        double[] row = new double[gram.size()];
        for (int s : sol.supportIndices()) {
            double coef = sol.alpha(s) * y[s];
            gram.row(index[s], row);
            for (int k = 0; k < at.length; k++) {
                f[samples ? k : at[k]] += coef * row[at[k]];
            }
        }
        for (int k = 0; k < at.length; k++) {
            f[samples ? k : at[k]] += b;
        }
        return f;
    }

    static DenseVec centroidOf(Bag bag) {
        double[] c = new double[bag.dim()];
        for (Vec x : bag.instances()) {
            x.addTo(c, 1.0 / bag.size());
        }
        return DenseVec.wrap(c);
    }
}
