package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.KernelFrom;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.mi.LearnedKernelForSparseMi;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.RandomSparseSvm;
import dev.kernelkit.mi.ReducedSet;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiOptions;
import dev.kernelkit.mi.XvInit;
import java.io.IOException;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The learner of {@code sparse-mi train} and {@code sparse-mi cv} (a picocli mixin): {@code --method}, its
 * (gamma, C) fixed or searched over the grids, N_XV fixed or chosen ({@code --xv auto}), the SparseMI settings
 * and the seed; with {@code --kernel-from MODEL} SparseMI's instance kernel is the one an MKL or IMKPL model
 * learned ({@link LearnedKernelForSparseMi}: the learned combination itself, or a Gaussian weighted by its
 * per-feature weights), the bags scaled by the model's own scaler.
 */
final class SparseMiLearnerOptions implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** The learning methods of train and cv. */
    enum Method { SPARSEMI, MIKERNEL, RSVM, RS }

    @Option(names = "--xv", paramLabel = "N|auto", defaultValue = "10",
            description = "Number of expansion vectors N_XV, or auto to choose it from --xv-grid by inner 3-fold CV "
                    + "on the training part, see --xv-search (default: ${DEFAULT-VALUE}).")
    String xv;

    @Option(names = "--xv-search", paramLabel = "staged|joint",
            description = "With --xv auto: staged tunes gamma and C at the smallest candidate N_XV, then N_XV; joint "
                    + "searches the whole gamma x C x N_XV grid (|grid| times the fits; default: staged).")
    String xvSearch;

    @Option(names = "--xv-grid", paramLabel = "LIST", split = ",", defaultValue = "10,50,100,500,1000",
            description = "Candidate N_XV for --xv auto, ascending; candidates above the instances of an inner "
                    + "training part are skipped or clamped, see --xv-large (default: the paper's ${DEFAULT-VALUE}).")
    int[] xvGrid;

    /**
     * The tie rule of {@code --xv auto} when {@code --xv-ties} is not given: larger, chosen with {@link #DEFAULT_XV_LARGE}
     * by the nested inner CV on MUSK1's training parts (RESULTS.md, issue #24 part 2, candidate 4).
     */
    static final String DEFAULT_XV_TIES = "larger";
    /** The rule for N_XV above the instances of {@code --xv auto} when {@code --xv-large} is not given (as above). */
    static final String DEFAULT_XV_LARGE = "clamp";

    @Option(names = "--xv-ties", paramLabel = "smaller|larger",
            description = "With --xv auto: which of two N_XV with equal inner scores is kept by the inner CV "
                    + "(default: " + DEFAULT_XV_TIES + ").")
    String xvTies;

    @Option(names = "--xv-large", paramLabel = "skip|clamp",
            description = "With --xv auto: a candidate N_XV above the instances of an inner training part is "
                    + "skipped, or clamped (the first such candidate fitted with all instances as XVs, the final "
                    + "fit clamped to the training part) (default: " + DEFAULT_XV_LARGE + ").")
    String xvLarge;

    /**
     * The start of --xv auto's sizes when {@code --xv-start} is not given and warm applies ({@link #warmApplies}):
     * warm, after the paired rule of issue #39 held on MUSK1 10 x 10 and Elephant 10 x 3 (BENCHMARKS.md, "SparseMI's
     * tuned protocol with warm starts across N_XV"). Where warm does not apply the default is cold.
     */
    static final String DEFAULT_XV_START = "warm";

    @Option(names = "--xv-start", paramLabel = "cold|warm",
            description = "With --xv auto and sparsemi: cold fits every candidate N_XV from its own random XVs with "
                    + "t_max iterations (the search of the recorded tables); warm starts each size after the first "
                    + "from the previous size's XVs and coefficients and runs " + MiProtocol.WARM_ITERATIONS
                    + " iterations (several times faster at large N_XV; random --init, one start, the Gaussian kernel) "
                    + "(default: " + DEFAULT_XV_START + " where it applies, else cold).")
    String xvStart;

    @Option(names = "--gamma", paramLabel = "G", description = "Gaussian gamma; omit with --c to tune.")
    Double gamma;

    @Option(names = "--c", paramLabel = "C", description = "Loss weight C; omit with --gamma to tune.")
    Double c;

    @Option(names = "--init", paramLabel = "INIT", defaultValue = "random",
            description = "Initial XVs: random, kmeans or svm (default: ${DEFAULT-VALUE}).")
    String init;

    @Option(names = "--gamma-grid", paramLabel = "LIST", split = ",",
            description = "Candidate gamma times the feature count when tuning (default: 0.125,0.25,0.5,1,2).")
    double[] gammaGrid;

    @Option(names = "--c-grid", paramLabel = "LIST", split = ",",
            description = "Candidate C when tuning (default: 1,10,100).")
    double[] cGrid;

    @Option(names = "--class-weight", paramLabel = "W", defaultValue = "none",
            description = "Class weights by bag label: none, balanced (w_c = n / (k n_c)) or NAME=W,... (other classes "
                    + "1); bag i costs C w of its class (default: ${DEFAULT-VALUE}).")
    String classWeight = "none";

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "sparsemi",
            description = "sparsemi, mikernel, rsvm or rs (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = "--iterations", paramLabel = "T|auto", defaultValue = "50",
            description = "t_max, outer iterations of SparseMI, or auto to choose it from --iterations-grid with "
                    + "gamma and C by the inner CV, ties to the larger t (default: ${DEFAULT-VALUE}).")
    String iterations;

    @Option(names = "--iterations-grid", paramLabel = "LIST", split = ",", defaultValue = "0,1,2,5,10,20,50",
            description = "Candidate t_max for --iterations auto, distinct, >= 0; one SparseMI run per gamma, C and "
                    + "inner part gives them all (default: ${DEFAULT-VALUE}).")
    int[] iterationsGrid;

    @Mixin
    SparseMiSolverOptions solver = new SparseMiSolverOptions();

    @Mixin
    Options.Seed seed = new Options.Seed();

    /** Not sent to a fit engine's workers: --kernel-from runs on this machine only (null after deserialisation). */
    @Mixin
    transient KernelFrom kernelFrom = new KernelFrom();

    @Option(names = "--kernel-form", paramLabel = "learned|weighted-gaussian", defaultValue = "learned",
            description = "With --kernel-from: learned uses the learned combination itself (scaled to mean "
                    + "k(x, x) = 1 on the training instances; no gamma, so --gamma/--gamma-grid are refused); "
                    + "weighted-gaussian uses exp(-gamma sum_d w_d (x_d - z_d)^2) with the learned per-feature weights "
                    + "w (mean 1) and gamma as without --kernel-from (default: ${DEFAULT-VALUE}).")
    String kernelForm;

    @Mixin
    StepOption step = new StepOption();

    @Option(names = "--restarts", paramLabel = "R", defaultValue = "1",
            description = "SparseMI only: optimise R initialisations and keep the lowest final objective g(Z) "
                    + "(default: ${DEFAULT-VALUE}, the paper's single start).")
    int restarts;

    @Option(names = "--inner-repeats", paramLabel = "K", defaultValue = "1",
            description = "Repeat the inner 3-fold CV that tunes gamma, C (and N_XV) on K random partitions of the "
                    + "training part and sum the accuracies (default: ${DEFAULT-VALUE}, the paper's single 3-fold CV).")
    int innerRepeats;

    Method method() {
        try {
            return Method.valueOf(method.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--method must be sparsemi, mikernel, rsvm or rs, got '" + method + "'");
        }
    }

    MiProtocol.SizeSearch xvSearch() {
        if (xvSearch == null) {
            return MiProtocol.SizeSearch.STAGED;
        }
        return switch (xvSearch.toLowerCase(Locale.ROOT)) {
            case "staged" -> MiProtocol.SizeSearch.STAGED;
            case "joint" -> MiProtocol.SizeSearch.JOINT;
            default -> throw new IllegalArgumentException("--xv-search must be staged or joint, got '" + xvSearch + "'");
        };
    }

    /** The tie rule of {@code --xv-ties} ({@link #DEFAULT_XV_TIES} when not given). */
    MiProtocol.SizeTies xvTies() {
        String v = xvTies == null ? DEFAULT_XV_TIES : xvTies;
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "smaller" -> MiProtocol.SizeTies.SMALLER;
            case "larger" -> MiProtocol.SizeTies.LARGER;
            default -> throw new IllegalArgumentException("--xv-ties must be smaller or larger, got '" + xvTies + "'");
        };
    }

    /** The rule of {@code --xv-large} ({@link #DEFAULT_XV_LARGE} when not given). */
    MiProtocol.LargeSizes xvLarge() {
        String v = xvLarge == null ? DEFAULT_XV_LARGE : xvLarge;
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "skip" -> MiProtocol.LargeSizes.SKIP;
            case "clamp" -> MiProtocol.LargeSizes.CLAMP;
            default -> throw new IllegalArgumentException("--xv-large must be skip or clamp, got '" + xvLarge + "'");
        };
    }

    /**
     * The start of {@code --xv-start}; when not given {@link #DEFAULT_XV_START} if warm applies ({@link #warmApplies}),
     * else cold.
     */
    MiProtocol.SizeStart xvStart() {
        String v = xvStart != null ? xvStart : warmApplies() ? DEFAULT_XV_START : "cold";
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "cold" -> MiProtocol.SizeStart.COLD;
            case "warm" -> MiProtocol.SizeStart.WARM;
            default -> throw new IllegalArgumentException("--xv-start must be cold or warm, got '" + xvStart + "'");
        };
    }

    /**
     * True when {@code --xv-start warm} can run with the other options: SparseMI, random --init, one start, the
     * Gaussian kernel (no --kernel-from). Only the default depends on it; a given {@code --xv-start warm} that does not
     * apply is refused by {@link #checkGrid}.
     */
    boolean warmApplies() {
        return method() == Method.SPARSEMI && XvInit.parse(init) == XvInit.RANDOM && restarts == 1 && !learnedKernel();
    }

    /** True when --xv auto's sizes are warm-started ({@code --xv-start warm} or its default, SparseMI only). */
    boolean warmSizes() {
        return autoXv() && xvStart() == MiProtocol.SizeStart.WARM;
    }

    /**
     * The N_XV x gamma x C grid of {@code --xv auto}: every size its own fit (cold, sizes above a part's instances as
     * {@code --xv-large} says), or SparseMI chains warm-started across the sizes ({@code --xv-start warm},
     * {@link MiProtocol#warmGrid}).
     */
    dev.kernelkit.eval.Grid<Bag> sizeGrid(double[] gammas) throws IOException {
        return warmSizes()
                ? MiProtocol.warmGrid((g, cost) -> options(g, cost, xvGrid[0]), xvGrid, gammas, cs(),
                        MiProtocol.WARM_ITERATIONS)
                : MiProtocol.grid(searchedSizedFactory(), xvGrid, gammas, cs());
    }

    /** True for {@code --iterations auto}. */
    boolean autoIterations() {
        return "auto".equalsIgnoreCase(iterations.trim());
    }

    /** t_max: the fixed {@code --iterations T}, or the largest of --iterations-grid with auto. */
    int maxIterations() {
        if (autoIterations()) {
            return java.util.Arrays.stream(iterationsGrid).max().orElse(0);
        }
        try {
            return Integer.parseInt(iterations.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--iterations must be a non-negative integer or auto, got '"
                    + iterations + "'");
        }
    }

    /** True for {@code --xv auto}. */
    boolean autoXv() {
        return "auto".equalsIgnoreCase(xv.trim());
    }

    /** The fixed N_XV of {@code --xv N}. */
    int xvCount() {
        try {
            return Integer.parseInt(xv.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--xv must be a positive integer or auto, got '" + xv + "'");
        }
    }

    /** The largest N_XV a fit may use: the last of --xv-grid with --xv auto, else --xv (for the memory estimate). */
    int largestXv() {
        return autoXv() ? xvGrid[xvGrid.length - 1] : xvCount();
    }

    /** The seed of --seed. */
    long seed() {
        return seed.seed();
    }

    /** The restarts a fit makes: --restarts for SparseMI, one for the other methods. */
    int effectiveRestarts() {
        return method() == Method.SPARSEMI ? restarts : 1;
    }

    SparseMiOptions options(double g, double cost) {
        return options(g, cost, xvCount());
    }

    SparseMiOptions options(double g, double cost, int k) {
        return solver.apply(SparseMiOptions.defaults().withGamma(g).withC(cost).withExpansionVectors(k)
                .withInit(XvInit.parse(init)).withMaxIterations(maxIterations()).withSeed(seed())
                .withRestarts(effectiveRestarts()).withStepRule(step.rule()).withClassWeights(classWeights()));
    }

    /**
     * The class weights of {@code --class-weight}.
     *
     * @throws IllegalArgumentException naming the option and the bad part
     */
    dev.kernelkit.svm.ClassWeights classWeights() {
        try {
            return dev.kernelkit.svm.ClassWeights.parse(classWeight);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--class-weight: " + e.getMessage(), e);
        }
    }

    /** True when SparseMI trains with the kernel of {@code --kernel-from}. */
    boolean learnedKernel() {
        return kernelFrom != null && kernelFrom.given();
    }

    /** The form of the learned kernel ({@code --kernel-form}). */
    LearnedKernelForSparseMi.Form kernelForm() {
        return switch (kernelForm.toLowerCase(Locale.ROOT)) {
            case "learned" -> LearnedKernelForSparseMi.Form.LEARNED;
            case "weighted-gaussian" -> LearnedKernelForSparseMi.Form.WEIGHTED_GAUSSIAN;
            default -> throw new IllegalArgumentException("--kernel-form must be learned or weighted-gaussian, got '"
                    + kernelForm + "'");
        };
    }

    /**
     * The kernel of {@code --kernel-from} (loaded once).
     *
     * @throws IllegalArgumentException for a missing file, a bad --kernel-machine, a model without a learned kernel,
     *         or (form learned) a kernel SparseMI cannot move its expansion vectors along
     * @throws IOException when the model file cannot be read
     */
    LearnedKernel learned() throws IOException {
        LearnedKernel k = kernelFrom.load();
        if (kernelForm() == LearnedKernelForSparseMi.Form.LEARNED) {
            try {
                LearnedKernelForSparseMi.differentiable(k);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--kernel-from " + kernelFrom.file() + ": " + e.getMessage()
                        + " (try --kernel-form weighted-gaussian)", e);
            }
        }
        return k;
    }

    /**
     * The bags of {@code --data} as the learner reads them: with {@code --kernel-from}, checked against the learned
     * kernel's dimension and scaled by its model's scaler; otherwise as given.
     */
    BagDataset prepare(BagDataset raw, String what) throws IOException {
        return learnedKernel() ? LearnedKernelForSparseMi.scale(learned(), raw, what) : raw;
    }

    /**
     * The (gamma, C) trainers: the --method's, or with {@code --kernel-from} SparseMI on the learned kernel (each fit
     * prepares the kernel on its own training part, which must already be scaled by {@link #prepare}).
     */
    MiProtocol.Factory factory() throws IOException {
        if (!learnedKernel()) {
            return this::trainer;
        }
        return LearnedKernelForSparseMi.factory(learned(), kernelForm(), options(1.0, 1.0));
    }

    /** As {@link #factory()} with N_XV, for {@code --xv auto}. */
    MiProtocol.SizedFactory sizedFactory() throws IOException {
        if (!learnedKernel()) {
            return this::trainer;
        }
        return LearnedKernelForSparseMi.sizedFactory(learned(), kernelForm(), options(1.0, 1.0, xvGrid[0]));
    }

    /**
     * As {@link #sizedFactory()}, with N_XV above the instances of the data a fit sees clamped to all instances under
     * {@code --xv auto} with {@code --xv-large clamp} ({@link MiProtocol#clamped}): the learner of the N_XV search
     * and its final fit. A fixed {@code --xv N} is never clamped.
     */
    MiProtocol.SizedFactory searchedSizedFactory() throws IOException {
        return autoXv() && xvLarge() == MiProtocol.LargeSizes.CLAMP ? MiProtocol.clamped(sizedFactory())
                : sizedFactory();
    }

    /** The --method's trainer at (gamma, C) and the fixed N_XV of {@code --xv N}. */
    Trainer<Bag, ? extends BagClassifier> trainer(double g, double cost) {
        return trainer(g, cost, xvCount());
    }

    /** The --method's trainer at (gamma, C, N_XV); a pure function of its arguments and the options. */
    Trainer<Bag, ? extends BagClassifier> trainer(double g, double cost, int k) {
        SparseMiOptions o = options(g, cost, k);
        return switch (method()) {
            case SPARSEMI -> SparseMi.trainer(o);
            case MIKERNEL -> MiKernel.trainer(MiKernelOptions.defaults().withGamma(g).withC(cost)
                    .withClassWeights(classWeights()));
            case RSVM -> RandomSparseSvm.trainer(o);
            case RS -> ReducedSet.trainer(o);
        };
    }

    /** @throws IllegalArgumentException naming the first bad option */
    void checkGrid() {
        method();
        classWeights();
        XvInit.parse(init);
        step.rule();
        solver.check();
        if (autoIterations()) {
            checkIterationsGrid();
        } else if (maxIterations() < 0) {
            throw new IllegalArgumentException("--iterations must be >= 0, got " + iterations);
        }
        if (!autoXv() && (xvTies != null || xvLarge != null)) {
            throw new IllegalArgumentException((xvTies != null ? "--xv-ties" : "--xv-large")
                    + " applies only with --xv auto, got --xv " + xv);
        }
        if (!autoXv() && xvStart != null) {
            throw new IllegalArgumentException("--xv-start applies only with --xv auto, got --xv " + xv);
        }
        xvTies();
        xvLarge();
        xvStart();
        if (warmSizes()) {
            if (method() != Method.SPARSEMI) {
                throw new IllegalArgumentException("--xv-start warm applies to --method sparsemi, got --method " + method);
            }
            if (XvInit.parse(init) != XvInit.RANDOM) {
                throw new IllegalArgumentException("--xv-start warm needs --init random, got --init " + init);
            }
            if (restarts > 1) {
                throw new IllegalArgumentException("--xv-start warm needs --restarts 1, got " + restarts);
            }
            if (learnedKernel()) {
                throw new IllegalArgumentException("--xv-start warm applies to the Gaussian kernel, not with --kernel-from");
            }
        }
        if (autoXv()) {
            if (method() == Method.MIKERNEL) {
                throw new IllegalArgumentException("--xv auto applies to sparsemi, rsvm and rs; mikernel has no N_XV");
            }
            if (xvGrid == null || xvGrid.length == 0) {
                throw new IllegalArgumentException("--xv-grid must not be empty");
            }
            for (int i = 0; i < xvGrid.length; i++) {
                if (xvGrid[i] < 1 || (i > 0 && xvGrid[i] <= xvGrid[i - 1])) {
                    throw new IllegalArgumentException("--xv-grid must be ascending positive integers, got "
                            + java.util.Arrays.toString(xvGrid));
                }
            }
        } else if (xvCount() < 1) {
            throw new IllegalArgumentException("--xv must be >= 1, got " + xvCount());
        } else if (xvSearch != null) {
            throw new IllegalArgumentException("--xv-search applies only with --xv auto, got --xv " + xv);
        }
        xvSearch();
        if (innerRepeats < 1) {
            throw new IllegalArgumentException("--inner-repeats must be >= 1, got " + innerRepeats);
        }
        if (restarts < 1) {
            throw new IllegalArgumentException("--restarts must be >= 1, got " + restarts);
        }
        if (restarts > 1 && method() != Method.SPARSEMI) {
            throw new IllegalArgumentException("--restarts applies to sparsemi only, got --method " + method);
        }
        if (restarts > 1 && XvInit.parse(init) == XvInit.SVM) {
            throw new IllegalArgumentException("--restarts must be 1 with --init svm (the selection is deterministic)");
        }
        kernelForm();
        if (learnedKernel()) {
            if (method() != Method.SPARSEMI) {
                throw new IllegalArgumentException("--kernel-from applies to --method sparsemi, got --method " + method);
            }
            if (kernelForm() == LearnedKernelForSparseMi.Form.LEARNED && (gamma != null || gammaGrid != null)) {
                throw new IllegalArgumentException("--kernel-from with --kernel-form learned has no gamma: drop "
                        + (gamma != null ? "--gamma" : "--gamma-grid") + " (or use --kernel-form weighted-gaussian)");
            }
            if (kernelForm() == LearnedKernelForSparseMi.Form.LEARNED) {
                return;  // --c alone fixes C; without it C is tuned
            }
        } else if (!"learned".equalsIgnoreCase(kernelForm)) {
            throw new IllegalArgumentException("--kernel-form applies only with --kernel-from");
        }
        if ((gamma == null) != (c == null)) {
            throw new IllegalArgumentException("give both --gamma and --c, or neither to tune them by 3-fold CV");
        }
    }

    /** The checks of --iterations auto: a valid grid, SparseMI on the Gaussian kernel, one start, a fixed N_XV. */
    private void checkIterationsGrid() {
        if (iterationsGrid == null || iterationsGrid.length == 0) {
            throw new IllegalArgumentException("--iterations-grid must not be empty");
        }
        int[] sorted = iterationsGrid.clone();
        java.util.Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            if (sorted[i] < 0 || (i > 0 && sorted[i] == sorted[i - 1])) {
                throw new IllegalArgumentException("--iterations-grid must be distinct integers >= 0, got "
                        + java.util.Arrays.toString(iterationsGrid));
            }
        }
        if (method() != Method.SPARSEMI) {
            throw new IllegalArgumentException("--iterations auto applies to --method sparsemi, got --method " + method);
        }
        if (autoXv()) {
            throw new IllegalArgumentException("--iterations auto and --xv auto cannot be combined; fix one of them");
        }
        if (restarts > 1) {
            throw new IllegalArgumentException("--iterations auto needs --restarts 1 (one run gives every t), got "
                    + restarts);
        }
        if (learnedKernel()) {
            throw new IllegalArgumentException("--iterations auto applies to the Gaussian kernel, not with --kernel-from");
        }
    }

    /**
     * The selection grid of {@code --iterations auto}: t x gamma x C, t largest first, SparseMI at the options of
     * this command ({@link MiProtocol#iterationGrid}).
     */
    dev.kernelkit.eval.Grid<Bag> iterationGrid(double[] gammas, double[] cs) {
        return MiProtocol.iterationGrid(this::options, iterationsGrid, gammas, cs);
    }

    /** True when (gamma, C) are both fixed, so nothing is tuned (with the learned kernel: C fixed). */
    boolean fixed() {
        return learnedKernel() && kernelForm() == LearnedKernelForSparseMi.Form.LEARNED ? c != null : gamma != null;
    }

    /** The gammas to search on data of the given bags' dimension. */
    double[] gammas(BagDataset d) {
        if (learnedKernel() && kernelForm() == LearnedKernelForSparseMi.Form.LEARNED) {
            return new double[] {1.0};  // read by no trainer: the learned kernel has no gamma
        }
        return MiOptionValues.gammas(gamma, gammaGrid, d.dim());
    }

    /** The Cs to search. */
    double[] cs() {
        return MiOptionValues.cs(c, cGrid);
    }
}
