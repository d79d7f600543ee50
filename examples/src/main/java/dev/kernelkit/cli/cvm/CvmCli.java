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
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
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

        @Option(names = "--mode", paramLabel = "MODE", defaultValue = "jmlr",
                description = "jmlr (furthest pair, 59 samples, fixed eps, final full scan) or libcvm (20 random, 60 balanced samples, 7 rounds, halving eps); default ${DEFAULT-VALUE}.")
        String mode = "jmlr";

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Sampling seed (default ${DEFAULT-VALUE}).")
        long seed = 1;

        @Option(names = "--max-core", paramLabel = "N", defaultValue = "50000",
                description = "Cap on core vectors (default ${DEFAULT-VALUE}).")
        int maxCore = 50000;

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
            return coreSetOptions(mode, epsilon, seed, cacheMb, innerStop, finalScan).withMaxCoreVectors(maxCore);
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
    }

    /**
     * Fits the --scale scaler on the raw training data, trains the chosen method on the scaled data
     * and returns a model that scales raw points before predicting (and stores the scaler).
     */
    static Trained train(Parameters p, LabeledDataset rawTrain) {
        if (p.c != null && !(p.c > 0 && Double.isFinite(p.c))) {
            throw new IllegalArgumentException("--c must be > 0 and finite, got " + p.c);
        }
        FittedScaler scaler = p.scale.fit(rawTrain);
        LabeledDataset train = scaler.apply(rawTrain);
        Method m = p.method();
        GaussianKernel kernel = new GaussianKernel(p.gamma(train));
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

    /** Saves a fitted model (with its scaler) to a file. */
    @FunctionalInterface
    private interface ModelSaver {
        void save(Path file) throws IOException;
    }

    /** A fitted model of any method behind the scaler fitted on its raw training data. */
    private record Scaled(ToDoubleFunction<Vec> model, Function<List<Vec>, double[]> batch, FittedScaler scaler,
                          int coreVectors, ModelSaver saver, boolean regression) implements Trained {
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
                file -> Models.save(stored(scaler) ? new ScaledModel<>(scaler, model) : model, file), false);
    }

    static Trained wrap(OneClassCvmModel model, FittedScaler scaler) {
        return new Scaled(model::predictLabel, null, scaler, model.supportVectors().size(),
                file -> Models.save(stored(scaler) ? new ScaledModel<>(scaler, model) : model, file), false);
    }

    static Trained wrap(CvrModel model, FittedScaler scaler) {
        return new Scaled(model::predict, null, scaler, model.coreSize(),
                file -> Models.save(stored(scaler) ? new ScaledRegressionModel<>(scaler, model) : model, file), true);
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
