package dev.kernelkit.cli.cvm;

import dev.kernelkit.cvm.BallVectorMachine;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CoreVectorRegression;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmModelFiles;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.cvm.CvrModel;
import dev.kernelkit.cvm.CvrOptions;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.kernel.GaussianKernel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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

    /** {@code --method --eps --c --gamma --mu --mode --seed --max-core}. */
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

        Method method() {
            return Method.parse(method);
        }

        CoreSetOptions coreSet(double epsilon) {
            CoreSetOptions o = switch (mode.toLowerCase(Locale.ROOT)) {
                case "jmlr" -> CoreSetOptions.jmlr(epsilon);
                case "libcvm" -> CoreSetOptions.libcvm(epsilon);
                default -> throw new IllegalArgumentException("--mode must be jmlr or libcvm, got '" + mode + "'");
            };
            return o.withSeed(seed).withMaxCoreVectors(maxCore);
        }

        double gamma(LabeledDataset train) {
            double g = gamma != null ? gamma : CoreVectorMachine.autoGamma(train.points());
            if (!(g > 0) || !Double.isFinite(g)) {
                throw new IllegalArgumentException("--gamma must be > 0 and finite, got " + g);
            }
            return g;
        }
    }

    /** A trained model of any method. */
    interface Trained {
        double predict(Vec x);

        int coreVectors();

        void save(Path file) throws IOException;

        boolean regression();
    }

    static Trained train(Parameters p, LabeledDataset train) {
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
            return new Trained() {
                public double predict(Vec x) {
                    return model.predict(x);
                }

                public int coreVectors() {
                    return model.coreSize();
                }

                public void save(Path file) throws IOException {
                    CvmModelFiles.save(model, file);
                }

                public boolean regression() {
                    return true;
                }
            };
        }
        double c = p.c != null ? p.c : 100.0;
        if (m == Method.ONE_CLASS) {
            OneClassCvmModel model = OneClassCvm.fit(train.points(), kernel, c, p.coreSet(p.eps != null ? p.eps : 1e-6));
            return wrap(model);
        }
        double eps = p.eps != null ? p.eps : CvmOptions.autoEpsilon(1.0, c);
        CvmOptions o = new CvmOptions(kernel, c, p.coreSet(eps), CvmOptions.MultiClass.ONE_VS_REST);
        CvmModel model = m == Method.BVM ? BallVectorMachine.fit(train, o) : CoreVectorMachine.fit(train, o);
        return wrap(model);
    }

    static Trained wrap(CvmModel model) {
        return new Trained() {
            public double predict(Vec x) {
                return model.predict(x);
            }

            public int coreVectors() {
                return model.coreVectorCount();
            }

            public void save(Path file) throws IOException {
                CvmModelFiles.save(model, file);
            }

            public boolean regression() {
                return false;
            }
        };
    }

    static Trained wrap(OneClassCvmModel model) {
        return new Trained() {
            public double predict(Vec x) {
                return model.predict(x);
            }

            public int coreVectors() {
                return model.supportVectors().size();
            }

            public void save(Path file) throws IOException {
                CvmModelFiles.save(model, file);
            }

            public boolean regression() {
                return false;
            }
        };
    }

    static Trained load(Path file) throws IOException {
        String type = ModelFileReader.read(file).type();
        return switch (type) {
            case CvmModelFiles.CVM -> wrap(CvmModelFiles.loadCvm(file));
            case CvmModelFiles.ONE_CLASS -> wrap(CvmModelFiles.loadOneClass(file));
            case CvmModelFiles.CVR -> {
                CvrModel model = CvmModelFiles.loadCvr(file);
                yield new Trained() {
                    public double predict(Vec x) {
                        return model.predict(x);
                    }

                    public int coreVectors() {
                        return model.coreSize();
                    }

                    public void save(Path f) throws IOException {
                        CvmModelFiles.save(model, f);
                    }

                    public boolean regression() {
                        return true;
                    }
                };
            }
            default -> throw new IOException(file + ": expected a model of type cvm, one-class-cvm or cvr, found '" + type + "'");
        };
    }

    /** Accuracy (classification) or mean squared error (regression) of a model on labelled data. */
    static double score(Trained t, LabeledDataset d) {
        double s = 0;
        for (int i = 0; i < d.size(); i++) {
            double p = t.predict(d.x(i));
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
