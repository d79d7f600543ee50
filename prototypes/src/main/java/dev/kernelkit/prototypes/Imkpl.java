package dev.kernelkit.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Interpretable multiple-kernel prototype learning (IMKPL; Hosseini &amp; Hammer, CIKM 2019; spec
 * {@code prototypes.md} §3–§4). Minimises, by alternating block steps,
 *
 * <pre>
 *   J(Γ, U, β) = ‖Φ(X) − Φ(X)UΓ‖²_F + λ·tr((L⊙D)UΓ) + μ·Σ_j Σ_{q≠c_j} (Hu_j)_q² + τ·J_ls(β)
 *   s.t. γ_i ≥ 0, ‖γ_i‖₀ ≤ T;  u_j ≥ 0, ‖u_j‖₀ ≤ T, u_jᵀK(β)u_j = 1;  β ≥ 0, Σβ = 1
 * </pre>
 *
 * with K(β) = Σ_m β_m K_m over unit-diagonal base kernels ({@link MultipleKernel}, normalisation
 * {@link MultipleKernel.Normalisation#UNIT_DIAGONAL}),
 * J_ls(β) = Σ_i [Σ_{N⁺_i} D_is + Σ_{N⁻_i} K_it] over the κ = T nearest same- and other-class
 * samples, and k = c·T prototypes seeded from T samples of each class.
 *
 * <p>Each outer iteration: (1) codes γ_i by one {@link NonNegativeQuadraticPursuit NQP} per
 * sample, in parallel (Q = 2UᵀKU, c = λUᵀw_i − 2UᵀK_{:,i}; a prototype equal to e_i is hidden
 * when coding x_i); (2) prototypes u_j, one NQP each in random order (Q = 2(‖γ^j‖²K + μP_j),
 * c = λWγ^jᵀ − 2Kr_j, Q reached through columns), then u_j ← u_j/n_j, γ^j ← n_j·γ^j; (3) β by an
 * LP (ojAlgo) over the coefficients a_m + λb_m + τℓ_m ({@link ImkplOptions.BetaStep}). Every block
 * keeps the current value when the new one is not better, so J does not increase within an
 * iteration. Stops when |J_t − J_{t−1}| ≤ tol·|J_{t−1}| or after the iteration cap.
 * {@link ImkplOptions.BetaStep#FIXED} gives ISKPL (β = 1/M, the average kernel).
 *
 * <p>Cost per iteration (n samples, M kernels, k prototypes): O(M_active·n²) for the combined
 * kernel, O(n·k·T) + n NQPs of size k for the codes, O(k·n·T) + k NQPs of size n for the
 * prototypes, O(M·(n·T² + k·T²)) kernel evaluations for the β coefficients.
 */
public final class Imkpl {

    /** The learner name of IMKPL. */
    public static final String NAME = "imkpl";
    /** The learner name of ISKPL (β fixed at the average kernel, {@link ImkplOptions.BetaStep#FIXED}). */
    public static final String NAME_SINGLE_KERNEL = "iskpl";

    private Imkpl() {
    }

    /** The learner name of these options: {@value #NAME_SINGLE_KERNEL} for a fixed β, else {@value #NAME}. */
    public static String learnerName(ImkplOptions options) {
        return options.betaStep() == ImkplOptions.BetaStep.FIXED ? NAME_SINGLE_KERNEL : NAME;
    }

    /**
     * The trainer of the learner contract ({@link Trainers#of}), named {@code imkpl} or (β-step FIXED)
     * {@code iskpl}: one Gaussian base kernel per input dimension on the training data (spec §2), then
     * {@link #fit(LabeledDataset, MultipleKernel, ImkplOptions, FitListener)}.
     */
    public static Trainer<Vec, ImkplModel> trainer(ImkplOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(learnerName(options), InputKind.VECTORS, Task.CLASSIFICATION, options, (data, listener) -> {
            LabeledDataset d = LabeledDataset.of(data);
            checkData(d, options);
            return fit(d, MultipleKernel.gaussianPerFeature(d.points()), options, listener);
        });
    }

    /** Fits IMKPL with one Gaussian base kernel per input dimension (spec §2). */
    public static ImkplModel fit(LabeledDataset train, ImkplOptions options) {
        Objects.requireNonNull(train, "train");
        checkData(train, options);
        return fit(train, MultipleKernel.gaussianPerFeature(train.points()), options, FitListener.SILENT);
    }

    /**
     * Fits IMKPL on given base kernels, reporting J after initialisation (iteration 0) and after each outer
     * iteration to the listener.
     *
     * @throws IllegalArgumentException for fewer than 2 classes, T larger than the number of samples,
     *         a class with fewer than T samples, kernels built for another input dimension, or kernels
     *         that are not normalised to unit diagonal (spec §2)
     */
    public static ImkplModel fit(LabeledDataset train, MultipleKernel kernels, ImkplOptions options,
                                 FitListener listener) {
        Objects.requireNonNull(train, "train");
        Objects.requireNonNull(kernels, "kernels");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        Stopwatch clock = Stopwatch.start();
        checkData(train, options);
        if (kernels.dim() != 0 && kernels.dim() != train.dim()) {
            throw new IllegalArgumentException("base kernels expect dimension " + kernels.dim() + ", data has "
                    + train.dim());
        }
        if (kernels.normalisation() != MultipleKernel.Normalisation.UNIT_DIAGONAL) {
            throw new IllegalArgumentException("IMKPL needs base kernels normalised to unit diagonal (spec §2), got "
                    + kernels.normalisation() + "; use MultipleKernel.withUnitDiagonal()");
        }
        String name = learnerName(options);
        double[] classes = train.classes();
        int[] y = classIndices(train, classes);
        ImkplState st = new ImkplState(kernels, train.points(), y, classes.length, options);
        List<Double> history = new ArrayList<>();
        double j = st.objective();
        history.add(j);
        listener.onProgress(new FitProgress(name, 0, 1, 0, j, clock.elapsedSeconds()));
        boolean converged = false;
        for (int it = 1; it <= options.maxIterations(); it++) {
            st.codeStep();
            st.prototypeStep();
            st.betaStep();
            double jn = st.objective();
            history.add(jn);
            listener.onProgress(new FitProgress(name, 0, 1, it, jn, clock.elapsedSeconds()));
            boolean small = Math.abs(jn - j) <= options.tolerance() * Math.abs(j);
            j = jn;
            if (small) {
                converged = true;
                break;
            }
        }
        double[] trace = history.stream().mapToDouble(Double::doubleValue).toArray();
        FitReport report = new FitReport(name, options.toString(), options.seed(), trace.length - 1, converged, trace,
                clock.elapsedSeconds());
        return toModel(st, kernels, classes, train.points(), options, report);
    }

    static void checkData(LabeledDataset train, ImkplOptions options) {
        int n = train.size();
        if (options.t() > n) {
            throw new IllegalArgumentException("T must be <= the number of training samples " + n + ", got "
                    + options.t());
        }
        double[] classes = train.classes();
        if (classes.length < 2) {
            throw new IllegalArgumentException("need at least 2 classes, got " + classes.length);
        }
        int[] y = classIndices(train, classes);
        int[] count = new int[classes.length];
        for (int v : y) {
            count[v]++;
        }
        for (int q = 0; q < classes.length; q++) {
            if (count[q] < options.t()) {
                throw new IllegalArgumentException("class " + classes[q] + " has " + count[q]
                        + " training samples, fewer than T = " + options.t());
            }
        }
    }

    static int[] classIndices(LabeledDataset data, double[] classes) {
        int[] y = new int[data.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = Arrays.binarySearch(classes, data.y(i));
        }
        return y;
    }

    static ImkplModel toModel(ImkplState st, MultipleKernel kernels, double[] classes,
                              List<? extends Vec> x, ImkplOptions options, FitReport report) {
        int[] local = new int[st.n];
        Arrays.fill(local, -1);
        List<Vec> points = new ArrayList<>();
        List<Integer> trainIdx = new ArrayList<>();
        int[][] idx = new int[st.k][];
        double[][] val = new double[st.k][];
        int[] pcls = new int[st.k];
        for (int j = 0; j < st.k; j++) {
            int[] sup = ImkplState.support(st.u[j]);
            idx[j] = new int[sup.length];
            val[j] = new double[sup.length];
            for (int a = 0; a < sup.length; a++) {
                int s = sup[a];
                if (local[s] < 0) {
                    local[s] = points.size();
                    points.add(x.get(s));
                    trainIdx.add(s);
                }
                idx[j][a] = local[s];
                val[j][a] = st.u[j][s];
            }
            pcls[j] = st.classOf(st.u[j], st.protoClass[j]);
        }
        int[] ti = trainIdx.stream().mapToInt(Integer::intValue).toArray();
        int[] pc = new int[ti.length];
        for (int a = 0; a < ti.length; a++) {
            pc[a] = st.y[ti[a]];
        }
        return new ImkplModel(kernels, st.beta.clone(), classes, points, ti, pc, idx, val, pcls, options.t(), options,
                report);
    }
}
