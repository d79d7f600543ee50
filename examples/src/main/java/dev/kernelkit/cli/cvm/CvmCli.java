package dev.kernelkit.cli.cvm;

import dev.kernelkit.cli.CliEnums;
import dev.kernelkit.cli.ExampleFiles;
import dev.kernelkit.cli.KernelFrom;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.PredictCommand;
import dev.kernelkit.cvm.BagCvmModel;
import dev.kernelkit.cvm.BagOneClassCvmModel;
import dev.kernelkit.cvm.BallVectorMachine;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CoreVectorRegression;
import dev.kernelkit.cvm.CvmCatalog;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.cvm.CvrModel;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.ScaledRegressionModel;
import dev.kernelkit.learn.Trainer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    static final class Parameters implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

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
                        + "MI-Kernel) or normalized to k(X, X) = 1 (default: averaged for cvm; normalized for bvm, which needs "
                        + "a constant k(X, X), and for one-class, where the averaged form lets small normal bags stretch "
                        + "the ball).")
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

        /** The catalog learner of --method on this kind of data ({@link CvmCatalog}). */
        String learnerName(InputKind kind) {
            boolean bags = kind == InputKind.BAGS;
            return switch (method()) {
                case CVM -> bags ? CoreVectorMachine.BAG_NAME : CoreVectorMachine.NAME;
                case BVM -> bags ? BallVectorMachine.BAG_NAME : BallVectorMachine.NAME;
                case ONE_CLASS -> bags ? OneClassCvm.BAG_NAME : OneClassCvm.NAME;
                case CVR -> CoreVectorRegression.NAME;
            };
        }

        /**
         * The options as the catalog learner's parameter values ({@link CvmCatalog}): the given C, gamma (not with
         * a learned kernel), epsilon and mu, and always the mode, core-set cap, cache and (cvm, bvm) multi-class
         * scheme, the inner stop and final scan when given, and on bags the set kernel of --set-kernel (default:
         * averaged for cvm, normalized for bvm and one-class).
         *
         * @param learnedKernel whether a learned kernel replaces the Gaussian (then no gamma)
         */
        ParamValues values(InputKind kind, boolean learnedKernel) {
            Map<String, String> v = new LinkedHashMap<>();
            Method m = method();
            if (c != null) {
                v.put(CvmCatalog.C.name(), Double.toString(c));
            }
            if (mu != null) {
                v.put(CvmCatalog.CVR_MU.name(), Double.toString(mu));
            }
            if (gamma != null && !learnedKernel) {
                v.put(CvmCatalog.GAMMA.name(), Double.toString(gamma));
            }
            if (eps != null) {
                if (!(eps > 0 && eps < 1)) {
                    throw new IllegalArgumentException("epsilon must be in (0, 1), got " + eps);
                }
                v.put(CvmCatalog.EPSILON.name(), Double.toString(eps));
            }
            if (kind == InputKind.BAGS) {
                String form = setKernel != null ? setKernel.toLowerCase(Locale.ROOT)
                        : m == Method.BVM || m == Method.ONE_CLASS ? "normalized" : "averaged";
                if (!form.equals("averaged") && !form.equals("normalized")) {
                    throw new IllegalArgumentException("--set-kernel must be averaged or normalized, got '" + setKernel
                            + "'");
                }
                v.put(CvmCatalog.SET_KERNEL.name(), form);
            }
            if (m == Method.CVM || m == Method.BVM) {
                v.put(CvmCatalog.MULTI_CLASS.name(), multiClass() == CvmOptions.MultiClass.ONE_VS_ONE ? "ovo" : "ovr");
            }
            // checked as before: the mode, cache, inner stop and final scan give the messages of the options
            coreSetOptions(mode, 0.5, seed, cacheMb, innerStop, finalScan);
            v.put(CvmCatalog.MODE.name(), mode.toLowerCase(Locale.ROOT));
            v.put(CvmCatalog.CACHE_MB.name(), Double.toString(cacheMb));
            v.put(CvmCatalog.MAX_CORE.name(), Integer.toString(maxCore()));
            if (innerStop != null) {
                v.put(CvmCatalog.INNER_STOP.name(), innerStop.toLowerCase(Locale.ROOT));
            }
            if (finalScan != null) {
                v.put(CvmCatalog.FINAL_SCAN.name(), finalScan.toLowerCase(Locale.ROOT));
            }
            String name = learnerName(kind);
            return ParamValues.parse(name, Learners.find(name, kind).params(), v);
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

    /**
     * A fitted model of the catalog learner of --method (behind its training scaler when --scale is not none,
     * so it takes raw examples; the identity scaler is not stored, so such files stay as before) and where the
     * time went: fitting and applying the scaler, the automatic gamma (0 when --gamma was given) and the fit
     * itself, which is what "trained in" reports.
     */
    record Fit<X>(FittedModel<X> model, double scaleSeconds, double gammaSeconds, double fitSeconds) {
        /** The model the learner fitted (without the scaler). */
        FittedModel<?> inner() {
            return dev.kernelkit.learn.Scaled.innermost(model);
        }

        /** Its core vectors (of all machines; the ball's support vectors for one-class). */
        int coreVectors() {
            return CvmCli.coreVectors(model);
        }

        /** "the automatic gamma (0.250 s), scaling (0.310 s), " or "" (the steps that ran before the fit). */
        String preparationText() {
            return CvmCli.preparationText(scaleSeconds, gammaSeconds);
        }
    }

    /** "the automatic gamma (0.250 s), scaling (0.310 s), " or "": the steps before the fits that took time. */
    static String preparationText(double scaleSeconds, double gammaSeconds) {
        StringBuilder b = new StringBuilder();
        if (gammaSeconds > 0) {
            b.append(String.format(Locale.ROOT, "the automatic gamma (%.3f s), ", gammaSeconds));
        }
        if (scaleSeconds > 0) {
            b.append(String.format(Locale.ROOT, "scaling (%.3f s), ", scaleSeconds));
        }
        return b.toString();
    }

    /**
     * Fits the --scale scaler on the raw training examples (points, or bags on their instances), trains the
     * catalog learner of --method ({@link CvmCatalog}: cvm, bvm, one-class-cvm, cvr, bag-cvm, bag-bvm,
     * bag-one-class-cvm) on the scaled examples with the values of the options ({@link Parameters#values}) and
     * returns the model behind the scaler.
     */
    static <X> Fit<X> fit(Parameters p, Dataset<X> rawTrain) {
        return fit(p, rawTrain, null);
    }

    /**
     * As {@link #fit(Parameters, Dataset)}, with the kernel learned by another model in place of the Gaussian
     * when {@code learned} is not null (prepared on this training part: its scaler and kernel; points only).
     */
    @SuppressWarnings("unchecked")
    static <X> Fit<X> fit(Parameters p, Dataset<X> rawTrain, KernelFrom.Prepared learned) {
        checkCostAndGamma(p);
        InputKind kind = rawTrain.kind();
        ParamValues values = p.values(kind, learned != null);
        Learner<X> learner = (Learner<X>) Learners.find(p.learnerName(kind), kind);
        if (kind == InputKind.VECTORS && (p.method() == Method.CVM || p.method() == Method.BVM)) {
            double[] classes = LabeledDataset.of(rawTrain).classes();
            if (classes.length < 2) {
                // the solver's message, as the command always gave it
                throw new IllegalArgumentException("classification needs at least two classes, got only "
                        + (classes.length == 0 ? "no points" : "class " + classes[0]));
            }
        }
        long t0 = System.nanoTime();
        FittedScaler scaler = learned != null ? learned.kernel().scaler() : p.scale.fit(rawTrain);
        Dataset<X> train = learned != null ? (Dataset<X>) learned.train() : scaler.apply(rawTrain);
        long t1 = System.nanoTime();
        double scaleSeconds = learned != null || p.scale == FeatureScaling.NONE ? 0.0 : (t1 - t0) * 1e-9;
        // the trainer computes the data-dependent defaults (the automatic gamma) when it is made
        Trainer<X, ? extends FittedModel<X>> trainer = learned != null
                ? (Trainer<X, ? extends FittedModel<X>>) (Trainer<?, ?>) CvmCatalog.trainer(learner.name(),
                        learned.kernel().kernel(), learned.train(), p.seed, values)
                : learner.trainer(train, p.seed, values);
        long t2 = System.nanoTime();
        double gammaSeconds = learned == null && p.gamma == null ? (t2 - t1) * 1e-9 : 0.0;
        FittedModel<X> model = trainer.fit(train);
        double fitSeconds = (System.nanoTime() - t2) * 1e-9;
        return new Fit<>(scaled(scaler, model), scaleSeconds, gammaSeconds, fitSeconds);
    }

    /** @throws IllegalArgumentException for a given --c or --gamma that is not positive and finite */
    static void checkCostAndGamma(Parameters p) {
        if (p.c != null && !(p.c > 0 && Double.isFinite(p.c))) {
            throw new IllegalArgumentException("--c must be > 0 and finite, got " + p.c);
        }
        if (p.gamma != null && !(p.gamma > 0 && Double.isFinite(p.gamma))) {
            throw new IllegalArgumentException("--gamma must be > 0 and finite, got " + p.gamma);
        }
    }

    /** The model behind its scaler, or the model itself for the identity ('--scale none'), as files always had it. */
    static <X> FittedModel<X> scaled(FittedScaler scaler, FittedModel<X> model) {
        if (scaler.kind() == FeatureScaling.NONE) {
            return model;
        }
        if (model instanceof Model<X> m) {
            return new ScaledModel<>(scaler, m);
        }
        return new ScaledRegressionModel<>(scaler, (RegressionModel<X>) model);
    }

    /** The core vectors of a model of this module (of all machines; one-class: the ball's support vectors). */
    static int coreVectors(FittedModel<?> model) {
        FittedModel<?> inner = dev.kernelkit.learn.Scaled.innermost(model);
        if (inner instanceof CvmModel m) {
            return m.coreVectorCount();
        } else if (inner instanceof OneClassCvmModel m) {
            return m.supportVectors().size();
        } else if (inner instanceof CvrModel m) {
            return m.coreSize();
        } else if (inner instanceof BagCvmModel m) {
            return m.coreVectorCount();
        } else if (inner instanceof BagOneClassCvmModel m) {
            return m.supportVectors().size();
        }
        throw new IllegalArgumentException("not a model of the cvm module: " + inner.getClass().getSimpleName());
    }

    /** Whether the model is a regressor (cvr): scored by the mean squared error, else by accuracy. */
    static boolean regression(FittedModel<?> model) {
        return model instanceof RegressionModel<?>;
    }

    /**
     * The predicted labels of raw points: the class label as a number (one-class: +1 inlier, -1 outlier), or
     * the regressor's value; a cvm/bvm model predicts the scaled points in one batch ({@link
     * CvmModel#predictLabels(List)}).
     */
    static double[] predictions(FittedModel<Vec> model, List<? extends Vec> raw) {
        FittedModel<?> inner = dev.kernelkit.learn.Scaled.innermost(model);
        double[] out = new double[raw.size()];
        if (inner instanceof CvmModel m) {
            FittedScaler scaler = model instanceof dev.kernelkit.learn.Scaled<?> s ? s.scaler() : null;
            List<Vec> points = new ArrayList<>(raw.size());
            for (Vec v : raw) {
                points.add(scaler == null ? v : scaler.apply(v));
            }
            return m.predictLabels(points);
        }
        if (model instanceof RegressionModel<Vec> r) {
            for (int i = 0; i < out.length; i++) {
                out[i] = r.predict(raw.get(i));
            }
            return out;
        }
        Model<Vec> c = (Model<Vec>) model;
        List<String> names = c.classNames();
        boolean oneClass = names.equals(List.of(OneClassCvmModel.OUTLIER, OneClassCvmModel.INLIER));
        for (int i = 0; i < out.length; i++) {
            int k = c.predict(raw.get(i));
            out[i] = oneClass ? (k == 1 ? 1.0 : -1.0) : Double.parseDouble(names.get(k));
        }
        return out;
    }

    /** Accuracy (classification, one-class: +1 inlier) or mean squared error (regression) on labelled points. */
    static double score(FittedModel<Vec> model, LabeledDataset d) {
        double[] predicted = predictions(model, d.points());
        boolean regression = regression(model);
        double s = 0;
        for (int i = 0; i < d.size(); i++) {
            double p = predicted[i];
            s += regression ? (p - d.y(i)) * (p - d.y(i)) : (p == d.y(i) ? 1 : 0);
        }
        return s / d.size();
    }

    /**
     * The accuracy of a model on labelled bags, classes matched by name (for the one-class ball, label +1 is
     * inlier and -1 outlier, as {@code kernelkit predict} scores it).
     *
     * @param what the data, for the message
     * @throws IllegalArgumentException when no label of the data is a class of the model
     */
    static double accuracy(FittedModel<Bag> model, BagDataset data, String what) {
        Double a = PredictCommand.predict(model, data).accuracy();
        if (a == null) {
            throw new IllegalArgumentException(what + ": none of the labels " + data.classNames()
                    + " is a class of the model " + ((Model<Bag>) model).classNames());
        }
        return a;
    }

    /**
     * Loads a model written by 'cvm train' ({@link Models#load}): cvm, bvm, one-class-cvm or cvr, behind its
     * scaler when one is stored.
     *
     * @throws IOException naming the file and the type found for a model of another type
     */
    @SuppressWarnings("unchecked")
    static FittedModel<Vec> load(Path file) throws IOException {
        FittedModel<?> loaded = Models.load(file);
        FittedModel<?> inner = dev.kernelkit.learn.Scaled.innermost(loaded);
        if (inner instanceof CvmModel || inner instanceof OneClassCvmModel || inner instanceof CvrModel) {
            return (FittedModel<Vec>) loaded;
        }
        throw new IOException(file + ": expected a model of type cvm, one-class-cvm or cvr, found '"
                + Models.codecFor(inner).type() + "'");
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
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(option + ": " + file + " is a folder: this engine reads one file (a "
                    + "folder of part files trains with --engine spark, spark/bin/kernelkit-spark)");
        }
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
