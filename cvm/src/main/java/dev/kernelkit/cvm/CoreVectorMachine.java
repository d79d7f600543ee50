package dev.kernelkit.cvm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Core Vector Machine training (Tsang, Kwok and Cheung, "Core Vector Machines: Fast SVM Training
 * on Very Large Data Sets", JMLR 6:363–392, 2005; spec §2.3, §3). The two-class L2-SVM
 *
 * <pre>
 *   min_{w,b,rho,xi} ||w||^2 + b^2 - 2 rho + C sum xi_i^2  s.t. y_i (w'phi(x_i) + b) &ge; rho - xi_i
 * </pre>
 *
 * has the dual max -a'K~a over the simplex with k~(z_i, z_j) = y_i y_j (k(x_i, x_j) + 1) + delta_ij / C,
 * an MEB problem when k(x, x) is constant; it is solved by the (1+epsilon) core-set iteration
 * ({@link CoreSetSolver}) and w, b, f are recovered as in {@link CvmMachine}. Symbols: a (alpha)
 * the MEB weights, C the cost, epsilon the approximation, eta = kappa + 1 + 1/C the constant
 * self-similarity kappa~. Cost: O(1/epsilon) outer iterations, each |S| kernel evaluations per
 * sampled candidate (59 / 60 per round) plus an SMO solve of the core-set QP.
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}): the fit report
 * counts the outer core-set iterations (summed over machines), is converged when no machine hit the
 * core-vector cap, and traces R^2 of the first machine after each outer iteration; the listener
 * hears R^2 after each outer iteration of every machine.
 */
public final class CoreVectorMachine {
    /** The learner's catalog name. */
    public static final String NAME = "cvm";

    private CoreVectorMachine() {
    }

    /** The trainer of the learner contract: {@link #fit(LabeledDataset, CvmOptions, FitListener)} with these options. */
    public static Trainer<Vec, CvmModel> trainer(CvmOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(NAME, InputKind.VECTORS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(LabeledDataset.of(data), options, listener));
    }

    /**
     * Fits a classifier (two classes, or several by one-vs-rest / one-vs-one).
     *
     * @throws IllegalArgumentException for fewer than two classes, a non-finite label or a
     *         non-finite k(x, x)
     */
    public static CvmModel fit(LabeledDataset data, CvmOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /** As {@link #fit(LabeledDataset, CvmOptions)}, reporting R^2 after every outer iteration of every machine. */
    public static CvmModel fit(LabeledDataset data, CvmOptions options, FitListener listener) {
        return fitWith(data, options, CoreVectorMachine::fitBinary, NAME, listener);
    }

    /** One trained two-class machine and its objective trace. */
    record Fitted(CvmMachine machine, double[] trace) {
    }

    /** Trains one two-class machine on points, labels +1/-1 and precomputed k(x_i, x_i), reporting its iterations. */
    @FunctionalInterface
    interface BinaryTrainer {
        Fitted fit(List<Vec> x, double[] y, double[] diag, CvmOptions options, CoreSetSolver.Progress progress);
    }

    static CvmModel fitWith(LabeledDataset data, CvmOptions options, BinaryTrainer trainer, String name,
                            FitListener listener) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        Stopwatch clock = Stopwatch.start();
        double[] classes = data.classes();
        for (double c : classes) {
            if (!Double.isFinite(c)) {
                throw new IllegalArgumentException("labels must be finite, got " + c);
            }
        }
        if (classes.length < 2) {
            throw new IllegalArgumentException("classification needs at least two classes, got only "
                    + (classes.length == 0 ? "no points" : "class " + classes[0]));
        }
        List<Vec> x = data.points();
        Kernel<Vec> kernel = options.kernel();
        double[] diag = new double[x.size()];
        for (int i = 0; i < diag.length; i++) {
            diag[i] = kernel.apply(x.get(i), x.get(i));
            if (!Double.isFinite(diag[i])) {
                throw new IllegalArgumentException("k(x, x) of point " + i + " must be finite, got " + diag[i]);
            }
        }
        double[] labels = data.labels();
        int nc = classes.length;
        int count = nc == 2 ? 1 : options.multiClass() == CvmOptions.MultiClass.ONE_VS_REST ? nc : nc * (nc - 1) / 2;
        List<CvmMachine> machines = new ArrayList<>();
        double[] trace = null;
        if (classes.length == 2) {
            Fitted f = trainer.fit(x, signs(labels, classes[1]), diag, options, progress(name, 0, 1, clock, listener));
            machines.add(f.machine());
            trace = f.trace();
        } else if (options.multiClass() == CvmOptions.MultiClass.ONE_VS_REST) {
            for (double c : classes) {
                Fitted f = trainer.fit(x, signs(labels, c), diag, options,
                        progress(name, machines.size(), count, clock, listener));
                machines.add(f.machine());
                trace = trace == null ? f.trace() : trace;
            }
        } else {
            for (int k = 0; k < classes.length; k++) {
                for (int l = k + 1; l < classes.length; l++) {
                    List<Integer> idx = new ArrayList<>();
                    for (int i = 0; i < labels.length; i++) {
                        if (labels[i] == classes[k] || labels[i] == classes[l]) {
                            idx.add(i);
                        }
                    }
                    List<Vec> px = new ArrayList<>(idx.size());
                    double[] py = new double[idx.size()];
                    double[] pd = new double[idx.size()];
                    for (int t = 0; t < py.length; t++) {
                        int i = idx.get(t);
                        px.add(x.get(i));
                        py[t] = labels[i] == classes[l] ? 1.0 : -1.0;
                        pd[t] = diag[i];
                    }
                    Fitted f = trainer.fit(px, py, pd, options, progress(name, machines.size(), count, clock, listener));
                    machines.add(remapCore(f.machine(), idx));
                    trace = trace == null ? f.trace() : trace;
                }
            }
        }
        long iterations = 0;
        boolean converged = true;
        for (CvmMachine m : machines) {
            iterations += m.iterations();
            converged &= m.converged();
        }
        FitReport report = new FitReport(name, options.toString(), options.coreSet().seed(), iterations, converged,
                trace, clock.elapsedSeconds());
        return new CvmModel(classes, options.multiClass(), machines, data.dim(), report);
    }

    /** The listener's view of machine {@code machine}'s outer iterations. */
    private static CoreSetSolver.Progress progress(String name, int machine, int machines, Stopwatch clock,
                                                   FitListener listener) {
        if (listener == FitListener.SILENT) {
            return CoreSetSolver.Progress.NONE;
        }
        return (iteration, radius2) -> listener.onProgress(new FitProgress(name, machine, machines, iteration, radius2,
                clock.elapsedSeconds()));
    }

    /**
     * Fits one two-class machine on labels y in {-1, +1}.
     *
     * @throws IllegalArgumentException when a label is not +1 / -1 or only one class is present
     */
    public static CvmMachine fitBinary(List<? extends Vec> points, double[] y, CvmOptions options) {
        List<Vec> x = List.copyOf(points);
        if (x.size() != y.length) {
            throw new IllegalArgumentException("expected " + x.size() + " labels, found " + y.length);
        }
        double[] diag = new double[x.size()];
        for (int i = 0; i < diag.length; i++) {
            diag[i] = options.kernel().apply(x.get(i), x.get(i));
        }
        return fitBinary(x, y.clone(), diag, options, CoreSetSolver.Progress.NONE).machine();
    }

    private static Fitted fitBinary(List<Vec> x, double[] y, double[] diag, CvmOptions options,
                                    CoreSetSolver.Progress progress) {
        checkSigns(y);
        TwoClassL2Problem problem = new TwoClassL2Problem(x, y, options.kernel(), diag, options.c());
        CoreSetResult r = CoreSetSolver.solve(problem, options.coreSet(), progress);
        return new Fitted(machine(x, y, r.coreIndices(), r.alpha(), r.centreNorm2(), r.radius2(), problem.eta(), options,
                r.iterations(), r.converged(), r.seconds()), r.radius2Trace());
    }

    /** @throws IllegalArgumentException when a label is not +1 / -1 or only one class is present */
    static void checkSigns(double[] y) {
        boolean pos = false;
        boolean neg = false;
        for (int i = 0; i < y.length; i++) {
            if (y[i] == 1.0) {
                pos = true;
            } else if (y[i] == -1.0) {
                neg = true;
            } else {
                throw new IllegalArgumentException("label " + i + " must be +1 or -1, got " + y[i]);
            }
        }
        if (!pos || !neg) {
            throw new IllegalArgumentException("classification needs both classes, got only " + (pos ? "+1" : "-1"));
        }
    }

    /** The machine of MEB weights a on the core set: coefficients a_i y_i, b = sum a_i y_i (spec §2.3). */
    static CvmMachine machine(List<Vec> x, double[] y, int[] core, double[] alpha, double rho, double radius2,
                              double eta, CvmOptions options, long iterations, boolean converged, double seconds) {
        double[] coreY = new double[core.length];
        List<Vec> sv = new ArrayList<>();
        List<Double> coef = new ArrayList<>();
        double b = 0.0;
        for (int k = 0; k < core.length; k++) {
            coreY[k] = y[core[k]];
            b += alpha[k] * coreY[k];
            if (alpha[k] > 0) {
                sv.add(x.get(core[k]));
                coef.add(alpha[k] * coreY[k]);
            }
        }
        KernelExpansionModel<Vec> expansion = KernelExpansionModel.of(options.kernel(), sv,
                coef.stream().mapToDouble(Double::doubleValue).toArray(), b);
        return new CvmMachine(expansion, core, alpha, coreY, rho, radius2, eta, options.c(), iterations, converged,
                seconds);
    }

    private static CvmMachine remapCore(CvmMachine m, List<Integer> idx) {
        int[] core = m.coreIndices();
        for (int k = 0; k < core.length; k++) {
            core[k] = idx.get(core[k]);
        }
        return new CvmMachine(m.expansion(), core, m.alpha(), m.coreLabels(), m.rho(), m.radius2(), m.eta(),
                m.c(), m.iterations(), m.converged(), m.seconds());
    }

    /** +1 where the label equals {@code positive}, else -1. */
    static double[] signs(double[] labels, double positive) {
        double[] y = new double[labels.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = labels[i] == positive ? 1.0 : -1.0;
        }
        return y;
    }

    /**
     * LibCVM's automatic Gaussian width (spec §3.3 item 13): gamma = 2 / mean squared distance
     * between distinct pairs of the deterministic subsample of every ceil(m/5000)-th point.
     *
     * @throws IllegalArgumentException for fewer than two points or all points equal
     */
    public static double autoGamma(List<? extends Vec> points) {
        int m = points.size();
        if (m < 2) {
            throw new IllegalArgumentException("autoGamma needs at least 2 points, got " + m);
        }
        int step = (m + 4999) / 5000;
        List<Vec> s = new ArrayList<>();
        for (int i = 0; i < m; i += step) {
            s.add(points.get(i));
        }
        if (s.size() < 2) {
            s = List.of(points.get(0), points.get(1));
        }
        // ||x_i - x_j||^2 = ||x_i||^2 + ||x_j||^2 - 2 x_i'x_j: one dot product per pair; dense
        // coordinates in a primitive matrix when that is small (at most 5000 x 4096 doubles)
        int k = s.size();
        int d = s.get(0).dim();
        double[] norm2 = new double[k];
        double[][] dense = d <= 4096 ? new double[k][] : null;
        for (int i = 0; i < k; i++) {
            if (s.get(i).dim() != d) {
                throw new IllegalArgumentException("autoGamma: point " + i * step + " has dimension " + s.get(i).dim()
                        + ", expected " + d);
            }
            norm2[i] = s.get(i).dot(s.get(i));
            if (dense != null) {
                dense[i] = s.get(i).toArray();
            }
        }
        double sum = 0.0;
        long pairs = 0;
        for (int i = 0; i < k; i++) {
            double[] xi = dense == null ? null : dense[i];
            for (int j = i + 1; j < k; j++) {
                double dot;
                if (xi != null) {
                    double[] xj = dense[j];
                    dot = 0.0;
                    for (int t = 0; t < d; t++) {
                        dot += xi[t] * xj[t];
                    }
                } else {
                    dot = s.get(i).dot(s.get(j));
                }
                sum += Math.max(0.0, norm2[i] + norm2[j] - 2 * dot);
                pairs++;
            }
        }
        double mean = sum / pairs;
        if (!(mean > 0)) {
            throw new IllegalArgumentException("autoGamma needs distinct points, mean squared distance is " + mean);
        }
        return 2.0 / mean;
    }
}
