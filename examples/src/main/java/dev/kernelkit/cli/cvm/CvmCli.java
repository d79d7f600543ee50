package dev.kernelkit.cli.cvm;

import dev.kernelkit.cvm.BallVectorMachine;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CoreVectorRegression;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.cvm.CvrModel;
import dev.kernelkit.cvm.CvrOptions;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.cvm.OneClassCvmOptions;
import dev.kernelkit.cli.CliEnums;
import dev.kernelkit.cli.ExampleFiles;
import dev.kernelkit.cli.PredictCommand;
import dev.kernelkit.cvm.BagCvmModel;
import dev.kernelkit.cvm.BagCvmOptions;
import dev.kernelkit.cvm.BagOneClassCvmModel;
import dev.kernelkit.cvm.BagOneClassCvmOptions;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.learn.Model;
import dev.kernelkit.cli.KernelFrom;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.Dataset;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
import java.io.PrintWriter;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.ScaledRegressionModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine.Option;

/** Shared options and helpers of the {@code kernelkit cvm} commands. */
final class CvmCli {
    private CvmCli() {
    }

    /** The learner behind --method. */
    enum Method {
        CVM, BVM, ONE_CLASS, CVR;

        static Method parse(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "cvm" -> CVM;
                case "bvm" -> BVM;
                case "one-class" -> ONE_CLASS;
                case "cvr" -> CVR;
                default -> throw new IllegalArgumentException("--method must be cvm, bvm, one-class or cvr, got '" + s + "'");
            };
        }
    }

    /** {@code --method --eps --c --gamma --mu --mode --seed --max-core --scale}. */
    static final class Parameters {
        @Option(names = "--method", paramLabel = "M", defaultValue = "cvm",
                description = "cvm (two-class L2-SVM as MEB), bvm (ball vector machine), one-class or cvr (regression); default ${DEFAULT-VALUE}.")
        String method = "cvm";

        @Option(names = "--eps", paramLabel = "E",
                description = "Approximation epsilon in (0, 1) (default: LibCVM's automatic rule for cvm/bvm, 1e-6 otherwise).")
        Double eps;

        @Option(names = "--c", paramLabel = "C",
                description = "Cost C > 0 (default 100; for cvr 1e4 max|y|, LibCVM's rule).")
        Double c;

        @Option(names = "--mu", paramLabel = "MU", description = "cvr only: mu > 0 (default 0.02 max|y|).")
        Double mu;

        @Option(names = "--gamma", paramLabel = "G",
                description = "Gaussian kernel width (default: LibCVM's rule 2 / mean squared pairwise distance).")
        Double gamma;

        @Option(names = "--mode", paramLabel = "MODE", defaultValue = "libcvm",
                description = "libcvm (LibCVM 2.2's algorithm: 20 random points, 60 balanced samples, 7 rounds, halving eps) "
                        + "or jmlr (the JMLR 2005 reference: furthest pair, 59 samples, fixed eps, final full scan; "
                        + "10-150x slower on large data, no more accurate); default ${DEFAULT-VALUE}.")
        String mode = "libcvm";

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Sampling seed (default ${DEFAULT-VALUE}).")
        long seed = 1;

        @Option(names = "--max-core", paramLabel = "N",
                description = "Cap on core vectors (default 50000, lowered to what the heap holds; the run says so).")
        Integer maxCore;

        /** The cap the run uses, when the memory estimate lowered the default (-1: --max-core or its default). */
        int coreCap = -1;

        @Option(names = "--set-kernel", paramLabel = "averaged|normalized",
                description = "Bag data only: the set kernel over bags, averaged (1/(|X||Y|)) sum_p,q k(x_p, y_q) (the "
                        + "MI-Kernel) or normalized to k(X, X) = 1 (default: averaged for cvm and one-class, normalized for "
                        + "bvm, which needs a constant k(X, X)).")
        String setKernel;

        @Option(names = "--format", paramLabel = "FORMAT",
                description = "Format of --data (and --test): " + ExampleFiles.FORMATS
                        + " (default: from the extension and header; CSV bags and multi-instance ARFF are bags).")
        String format;

        @Option(names = "--inner-stop", paramLabel = "fw|libcvm",
                description = "Core-set SMO stopping rule: fw (Frank-Wolfe gap below eps R^2 / 2) or libcvm (LibCVM's "
                        + "dynamic pairwise tolerance from 1e-3); default fw in both modes.")
        String innerStop;

        @Option(names = "--cache-mb", paramLabel = "MB", defaultValue = "2048",
                description = "Kernel-row cache in MB, at most half the heap (default ${DEFAULT-VALUE}).")
        double cacheMb = 2048;

        @Option(names = "--scale", paramLabel = "SCALING", converter = CliEnums.ScalingConverter.class, defaultValue = "none",
                description = "Feature scaling fitted on the training data only and stored in the model (predict applies it): "
                        + "none, standard, minmax or log1p-minmax (default: ${DEFAULT-VALUE}).")
        FeatureScaling scale = FeatureScaling.NONE;

        Method method() {
            return Method.parse(method);
        }

        CvmOptions.MultiClass multiClass() {
            return switch (multiClass.toLowerCase(Locale.ROOT)) {
                case "ovr" -> CvmOptions.MultiClass.ONE_VS_REST;
                case "ovo" -> CvmOptions.MultiClass.ONE_VS_ONE;
                default -> throw new IllegalArgumentException("--multi-class must be ovr or ovo, got '" + multiClass + "'");
            };
        }

        @Option(names = "--multi-class", paramLabel = "ovr|ovo", defaultValue = "ovr",
                description = "cvm/bvm with more than two classes: ovr (one machine per class against the rest) or ovo "
                        + "(one per pair, majority vote, as LibCVM); default ${DEFAULT-VALUE}.")
        String multiClass = "ovr";

        @Option(names = "--final-scan", paramLabel = "on|off",
                description = "Check every point exactly before the last epsilon stage ends, so that the (1+eps) "
                        + "ball covers all of them and not just the sampled ones (default: on in jmlr mode, off in libcvm mode).")
        String finalScan;

        CoreSetOptions coreSet(double epsilon) {
            return coreSetOptions(mode, epsilon, seed, cacheMb, innerStop, finalScan).withMaxCoreVectors(maxCore());
        }

        /** The core-set cap: the memory estimate's when it lowered the default, else --max-core or 50000. */
        int maxCore() {
            if (coreCap > 0) {
                return coreCap;
            }
            return maxCore != null ? maxCore : MemoryEstimates.DEFAULT_MAX_CORE;
        }

        /**
         * Applies the memory estimate of the data: the default cap lowered to what fits, announced on
         * {@code err}; a given --max-core that does not fit was refused by the estimate.
         */
        void apply(MemoryEstimates.CoreSetBudget budget, PrintWriter err, int n) {
            if (maxCore != null && maxCore < 2) {
                throw new IllegalArgumentException("--max-core must be >= 2, got " + maxCore);
            }
            if (budget.lowered()) {
                int wanted = Math.min(maxCore(), n);
                coreCap = budget.maxCore();
                err.println(budget.note(wanted));
                err.flush();
            }
        }

        /**
         * The bag kernel of --set-kernel over the Gaussian instance kernel of width gamma: averaged (default for
         * cvm and one-class) or normalized (default for bvm).
         */
        Kernel<Bag> setKernel(double gamma) {
            String form = setKernel != null ? setKernel.toLowerCase(Locale.ROOT) : method() == Method.BVM ? "normalized"
                    : "averaged";
            GaussianKernel instance = new GaussianKernel(gamma);
            return switch (form) {
                case "averaged" -> new SetKernel(instance);
                case "normalized" -> SetKernel.normalized(instance);
                default -> throw new IllegalArgumentException("--set-kernel must be averaged or normalized, got '"
                        + setKernel + "'");
            };
        }

        /**
         * Refuses what does not apply to the data's kind: on points --set-kernel; on bags --method cvr and
         * --mu (regression on points).
         *
         * @param file the data, for the message
         */
        void checkKind(InputKind kind, Path file) {
            if (kind == InputKind.VECTORS && setKernel != null) {
                throw new IllegalArgumentException("--set-kernel applies to bag data, but " + file + " holds points");
            }
            if (kind == InputKind.BAGS && method() == Method.CVR) {
                throw new IllegalArgumentException("--method cvr is regression on points, but " + file
                        + " holds bags; on bags use cvm, bvm or one-class");
            }
            if (kind == InputKind.BAGS && mu != null) {
                throw new IllegalArgumentException("--mu is cvr's (regression on points), but " + file + " holds bags");
            }
        }

        double gamma(LabeledDataset train) {
            double g = gamma != null ? gamma : CoreVectorMachine.autoGamma(train.points());
            if (!(g > 0) || !Double.isFinite(g)) {
                throw new IllegalArgumentException("--gamma must be > 0 and finite, got " + g);
            }
            return g;
        }
    }

    /**
     * The core-set options of --mode (jmlr or libcvm) at this epsilon, with --seed, --cache-mb,
     * --inner-stop (null: the mode's) and --final-scan (null: the mode's) applied; shared by the
     * cvm commands and {@code bench cvm}.
     */
    static CoreSetOptions coreSetOptions(String mode, double epsilon, long seed, double cacheMb, String innerStop,
                                         String finalScan) {
        CoreSetOptions o = switch (mode.toLowerCase(Locale.ROOT)) {
            case "jmlr" -> CoreSetOptions.jmlr(epsilon);
            case "libcvm" -> CoreSetOptions.libcvm(epsilon);
            default -> throw new IllegalArgumentException("--mode must be jmlr or libcvm, got '" + mode + "'");
        };
        if (!(cacheMb > 0) || !Double.isFinite(cacheMb)) {
            throw new IllegalArgumentException("--cache-mb must be > 0, got " + cacheMb);
        }
        o = o.withSeed(seed).withCacheMb(cacheMb);
        if (innerStop != null) {
            o = o.withInnerStop(switch (innerStop.toLowerCase(Locale.ROOT)) {
                case "fw" -> CoreSetOptions.InnerStop.FRANK_WOLFE_GAP;
                case "libcvm" -> CoreSetOptions.InnerStop.LIBCVM_DYNAMIC;
                default -> throw new IllegalArgumentException("--inner-stop must be fw or libcvm, got '" + innerStop + "'");
            });
        }
        if (finalScan != null) {
            o = o.withFinalFullScan(switch (finalScan.toLowerCase(Locale.ROOT)) {
                case "on" -> true;
                case "off" -> false;
                default -> throw new IllegalArgumentException("--final-scan must be on or off, got '" + finalScan + "'");
            });
        }
        return o;
    }

    /** A trained model of any method; {@link #predict} takes raw points and applies the training scaler. */
    interface Trained {
        double predict(Vec raw);

        /** {@link #predict} for many raw points (one batch for classifiers, see CvmModel.predictLabels(List)). */
        double[] predictAll(List<? extends Vec> raw);

        /** Input dimension (of raw points). */
        int dim();

        int coreVectors();

        void save(Path file) throws IOException;

        boolean regression();

        /** What the fit did. */
        FitReport report();
    }

    /**
     * A trained model and where the time went: fitting and applying the scaler, the automatic gamma
     * (0 when --gamma was given), and the fit itself, which is what "trained in" reports.
     */
    record Timed(Trained model, double scaleSeconds, double gammaSeconds, double fitSeconds) {
        /** "the automatic gamma (0.250 s), scaling (0.310 s), " or "" (the steps that ran before the fit). */
        String preparationText() {
            StringBuilder b = new StringBuilder();
            if (gammaSeconds > 0) {
                b.append(String.format(Locale.ROOT, "the automatic gamma (%.3f s), ", gammaSeconds));
            }
            if (scaleSeconds > 0) {
                b.append(String.format(Locale.ROOT, "scaling (%.3f s), ", scaleSeconds));
            }
            return b.toString();
        }
    }

    /**
     * Fits the --scale scaler on the raw training data, trains the chosen method on the scaled data
     * and returns a model that scales raw points before predicting (and stores the scaler).
     */
    static Trained train(Parameters p, LabeledDataset rawTrain) {
        return trainTimed(p, rawTrain, null).model();
    }

    /**
     * As {@link #train(Parameters, LabeledDataset)}, with the kernel learned by another model instead of the
     * Gaussian when {@code learned} is not null (prepared on this training part: its scaler and kernel).
     */
    static Trained train(Parameters p, LabeledDataset rawTrain, KernelFrom.Prepared learned) {
        return trainTimed(p, rawTrain, learned).model();
    }

    /** {@link #train(Parameters, LabeledDataset, KernelFrom.Prepared)} with the time of each step. */
    static Timed trainTimed(Parameters p, LabeledDataset rawTrain, KernelFrom.Prepared learned) {
        if (p.c != null && !(p.c > 0 && Double.isFinite(p.c))) {
            throw new IllegalArgumentException("--c must be > 0 and finite, got " + p.c);
        }
        long t0 = System.nanoTime();
        FittedScaler scaler = learned != null ? learned.kernel().scaler() : p.scale.fit(rawTrain);
        LabeledDataset train = learned != null ? learned.train() : scaler.apply(rawTrain);
        long t1 = System.nanoTime();
        double scaleSeconds = learned != null || p.scale == FeatureScaling.NONE ? 0.0 : (t1 - t0) * 1e-9;
        Method m = p.method();
        Kernel<Vec> kernel = learned != null ? learned.kernel().kernel() : new GaussianKernel(p.gamma(train));
        long t2 = System.nanoTime();
        double gammaSeconds = learned == null && p.gamma == null ? (t2 - t1) * 1e-9 : 0.0;
        Trained model = fit(p, m, kernel, train, scaler);
        return new Timed(model, scaleSeconds, gammaSeconds, (System.nanoTime() - t2) * 1e-9);
    }

    private static Trained fit(Parameters p, Method m, Kernel<Vec> kernel, LabeledDataset train, FittedScaler scaler) {
        if (m == Method.CVR) {
            double[] y = train.labels();
            double maxAbs = 0;
            for (double v : y) {
                maxAbs = Math.max(maxAbs, Math.abs(v));
            }
            double c = p.c != null ? p.c : 1e4 * maxAbs;
            double mu = p.mu != null ? p.mu : 0.02 * maxAbs;
            CvrModel model = CoreVectorRegression.fit(train, new CvrOptions(kernel, c, mu,
                    p.coreSet(p.eps != null ? p.eps : 1e-6)));
            return wrap(model, scaler);
        }
        double c = p.c != null ? p.c : 100.0;
        if (m == Method.ONE_CLASS) {
            OneClassCvmModel model = OneClassCvm.fit(train.points(),
                    new OneClassCvmOptions(kernel, c, p.coreSet(p.eps != null ? p.eps : 1e-6)));
            return wrap(model, scaler);
        }
        double eps = p.eps != null ? p.eps : CvmOptions.autoEpsilon(1.0, c);
        CvmOptions o = new CvmOptions(kernel, c, p.coreSet(eps), p.multiClass());
        CvmModel model = m == Method.BVM ? BallVectorMachine.fit(train, o) : CoreVectorMachine.fit(train, o);
        return wrap(model, scaler);
    }

    /**
     * A model trained on bags: the model behind its training scaler when --scale is not none (raw bags in),
     * the inner model, its core-set size and where the time went.
     */
    record BagTrained(Model<Bag> model, FittedModel<Bag> inner, int coreVectors, double scaleSeconds,
                      double gammaSeconds, double fitSeconds) {
        /** The steps before the fit that took time, as {@link Timed#preparationText}. */
        String preparationText() {
            return new Timed(null, scaleSeconds, gammaSeconds, 0).preparationText();
        }

        /**
         * The accuracy on labelled bags, classes matched by name (for the one-class ball, label +1 is
         * inlier and -1 outlier, as {@code kernelkit predict} scores it).
         *
         * @throws IllegalArgumentException when no label of the data is a class of the model
         */
        double accuracy(BagDataset data, String what) {
            Double a = PredictCommand.predict(model, data).accuracy();
            if (a == null) {
                throw new IllegalArgumentException(what + ": none of the labels " + data.classNames()
                        + " is a class of the model " + model.classNames());
            }
            return a;
        }
    }

    /**
     * Fits the --scale scaler on the raw training bags (on their instances), trains cvm, bvm or one-class
     * on the scaled bags with the set kernel (--set-kernel) over a Gaussian instance kernel of width --gamma
     * (default: g0 = 1 / (d * mean instance variance) of the scaled training instances, rounded to 4 digits,
     * as the learner catalog's bag-cvm and mi-sparse's MI-Kernel), C (default 100) and epsilon (LibCVM's
     * automatic rule for cvm and bvm, 1e-6 for one-class).
     *
     * @throws IllegalArgumentException for --method cvr and the other options of points
     */
    static BagTrained trainBags(Parameters p, BagDataset rawTrain) {
        if (p.c != null && !(p.c > 0 && Double.isFinite(p.c))) {
            throw new IllegalArgumentException("--c must be > 0 and finite, got " + p.c);
        }
        long t0 = System.nanoTime();
        FittedScaler scaler = p.scale.fit(rawTrain);
        BagDataset train = scaler.apply(rawTrain);
        long t1 = System.nanoTime();
        double gamma;
        if (p.gamma != null) {
            gamma = p.gamma;
            if (!(gamma > 0) || !Double.isFinite(gamma)) {
                throw new IllegalArgumentException("--gamma must be > 0 and finite, got " + gamma);
            }
        } else {
            List<Vec> instances = new ArrayList<>(train.instanceCount());
            for (Bag b : train.bags()) {
                instances.addAll(b.instances());
            }
            gamma = GammaHeuristic.roundTo4Digits(GammaHeuristic.scale(instances));
        }
        long t2 = System.nanoTime();
        Kernel<Bag> kernel = p.setKernel(gamma);
        double c = p.c != null ? p.c : 100.0;
        Model<Bag> inner;
        int core;
        if (p.method() == Method.ONE_CLASS) {
            BagOneClassCvmModel m = OneClassCvm.fitBags(train.bags(), new BagOneClassCvmOptions(kernel, c,
                    p.coreSet(p.eps != null ? p.eps : 1e-6)));
            inner = m;
            core = m.supportVectors().size();
        } else {
            double eps = p.eps != null ? p.eps : CvmOptions.autoEpsilon(1.0, c);
            BagCvmOptions o = new BagCvmOptions(kernel, c, p.coreSet(eps), p.multiClass());
            BagCvmModel m = p.method() == Method.BVM ? BallVectorMachine.fitBags(train, o)
                    : CoreVectorMachine.fitBags(train, o);
            inner = m;
            core = m.coreVectorCount();
        }
        double fitSeconds = (System.nanoTime() - t2) * 1e-9;
        Model<Bag> model = stored(scaler) ? new ScaledModel<>(scaler, inner) : inner;
        return new BagTrained(model, inner, core, p.scale == FeatureScaling.NONE ? 0.0 : (t1 - t0) * 1e-9,
                p.gamma == null ? (t2 - t1) * 1e-9 : 0.0, fitSeconds);
    }

    /**
     * The examples of a data file: bags (CSV bags, multi-instance ARFF), or points (LIBSVM read dense, as the
     * cvm commands always read it; ARFF).
     *
     * @param option the option naming the file, for messages
     * @param dim the dimension LIBSVM points must have, or -1 for the file's own
     */
    static Dataset<?> readExamples(Path file, String option, String format, int dim)
            throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + ": no such file: " + file);
        }
        ExampleFiles.Format f = ExampleFiles.formatOf(file, format);
        if (f == ExampleFiles.Format.LIBSVM) {
            return dim >= 0 ? read(file, option, dim) : read(file, option);
        }
        Dataset<?> d = ExampleFiles.read(file, f, true);
        if (d.size() == 0) {
            throw new IllegalArgumentException(option + ": " + file + " holds no examples");
        }
        return d.kind() == InputKind.BAGS ? BagDataset.of(d) : LabeledDataset.of(d);
    }

    /** Saves a fitted model (with its scaler) to a file. */
    @FunctionalInterface
    private interface ModelSaver {
        void save(Path file) throws IOException;
    }

    /** A fitted model of any method behind the scaler fitted on its raw training data. */
    private record Scaled(ToDoubleFunction<Vec> model, Function<List<Vec>, double[]> batch, FittedScaler scaler,
                          int coreVectors, ModelSaver saver, boolean regression,
                          FitReport report) implements Trained {
        @Override
        public double predict(Vec raw) {
            return model.applyAsDouble(scaler.apply(raw));
        }

        @Override
        public double[] predictAll(List<? extends Vec> raw) {
            List<Vec> scaled = new ArrayList<>(raw.size());
            for (Vec v : raw) {
                scaled.add(scaler.apply(v));
            }
            if (batch != null) {
                return batch.apply(scaled);
            }
            double[] out = new double[scaled.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = model.applyAsDouble(scaled.get(i));
            }
            return out;
        }

        @Override
        public int dim() {
            return scaler.dim();
        }

        @Override
        public void save(Path file) throws IOException {
            saver.save(file);
        }
    }

    static Trained wrap(CvmModel model, FittedScaler scaler) {
        Function<List<Vec>, double[]> batch = model::predictLabels;
        return new Scaled(model::predictLabel, batch, scaler, model.coreVectorCount(),
                file -> Models.save(stored(scaler) ? new ScaledModel<>(scaler, model) : model, file), false,
                model.report());
    }

    static Trained wrap(OneClassCvmModel model, FittedScaler scaler) {
        return new Scaled(model::predictLabel, null, scaler, model.supportVectors().size(),
                file -> Models.save(stored(scaler) ? new ScaledModel<>(scaler, model) : model, file), false,
                model.report());
    }

    static Trained wrap(CvrModel model, FittedScaler scaler) {
        return new Scaled(model::predict, null, scaler, model.coreSize(),
                file -> Models.save(stored(scaler) ? new ScaledRegressionModel<>(scaler, model) : model, file), true,
                model.report());
    }

    /** Whether to store the scaler: not the identity ('--scale none'), so such files stay as before. */
    private static boolean stored(FittedScaler scaler) {
        return scaler.kind() != FeatureScaling.NONE;
    }

    /**
     * Loads a model written by 'cvm train' ({@link Models#load}) with the scaler stored in it (the
     * identity when none is; then the dimension is the model's).
     */
    static Trained load(Path file) throws IOException {
        FittedModel<?> loaded = Models.load(file);
        FittedModel<?> inner = dev.kernelkit.learn.Scaled.innermost(loaded);
        FittedScaler scaler = loaded instanceof dev.kernelkit.learn.Scaled<?> s ? s.scaler() : identity(inner.dim());
        if (inner instanceof CvmModel m) {
            return wrap(m, scaler);
        } else if (inner instanceof OneClassCvmModel m) {
            return wrap(m, scaler);
        } else if (inner instanceof CvrModel m) {
            return wrap(m, scaler);
        }
        throw new IOException(file + ": expected a model of type cvm, one-class-cvm or cvr, found '"
                + Models.codecFor(inner).type() + "'");
    }

    private static FittedScaler identity(int d) {
        return FittedScaler.of(FeatureScaling.NONE, new double[d], ones(d));
    }

    private static double[] ones(int d) {
        double[] a = new double[d];
        java.util.Arrays.fill(a, 1.0);
        return a;
    }

    /** Accuracy (classification) or mean squared error (regression) of a model on labelled data. */
    static double score(Trained t, LabeledDataset d) {
        double[] predicted = t.predictAll(d.points());
        double s = 0;
        for (int i = 0; i < d.size(); i++) {
            double p = predicted[i];
            s += t.regression() ? (p - d.y(i)) * (p - d.y(i)) : (p == d.y(i) ? 1 : 0);
        }
        return s / d.size();
    }

    static LabeledDataset read(Path file, String option) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + ": no such file: " + file);
        }
        return LibsvmFormat.readDense(file);
    }

    static LabeledDataset read(Path file, String option, int dim) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + ": no such file: " + file);
        }
        return LibsvmFormat.readDense(file, dim);
    }
}
