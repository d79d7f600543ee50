package dev.kernelkit.cvm;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.FitEngineUnavailableException;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.ParamValues;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Training a vector learner of this module on an engine of an optional module whose data stay there (e.g.
 * "spark" from kernelkit-spark: the points in cached partitions on the executors, never collected): {@code
 * kernelkit cvm train --engine spark}. Found by {@link ServiceLoader} (a line naming the implementation in {@code
 * META-INF/services/dev.kernelkit.cvm.CvmEngineProvider}), as the harness finds its
 * {@link dev.kernelkit.eval.FitEngineProvider}s, so that the command line needs no dependency on the engine. An
 * implementation has a public no-argument constructor and touches its engine's libraries only in {@link #train},
 * so that a missing library shows as the engine being unavailable.
 */
public interface CvmEngineProvider {

    /** The engine's name, e.g. "spark". */
    String name();

    /**
     * What to train: the learner of {@link CvmCatalog} with its parameter values, on a LIBSVM file or folder read
     * by the engine (points read dense, as {@code cvm train} reads them on one machine), scaled by a scaler
     * fitted on it, and what to score.
     *
     * @param learner the catalog name ({@value CoreVectorMachine#NAME}, ...)
     * @param values the learner's parameter values ({@link dev.kernelkit.learn.Learner#trainer}'s; the automatic
     *        gamma and epsilon are computed by the engine as the catalog computes them on one machine), given the
     *        size of the training data once the engine has counted it (e.g. a core-set cap lowered to what the
     *        driver's heap holds)
     * @param seed the catalog seed
     * @param data the training data (a path the engine reads: a LIBSVM file or a folder of part files)
     * @param test the test data of the same kind, or null
     * @param scale the feature scaling fitted on the training data and stored in the model
     * @param scoreTraining whether to score the training data too
     * @param log where progress goes (per round), or null for silence
     */
    record Request(String learner, Values values, long seed, String data, String test, FeatureScaling scale,
                   boolean scoreTraining, PrintWriter log) {
        /** Checks that the parts are there. */
        public Request {
            Objects.requireNonNull(learner, "learner");
            Objects.requireNonNull(values, "values");
            Objects.requireNonNull(data, "data");
            Objects.requireNonNull(scale, "scale");
        }
    }

    /** The learner's parameter values for training data of n points of dimension dim. */
    @FunctionalInterface
    interface Values {
        /**
         * @throws IllegalArgumentException when the run cannot fit (e.g. the driver's heap)
         */
        ParamValues forData(long n, int dim);
    }

    /**
     * A trained model and what the run did.
     *
     * @param model the model, behind its scaler unless the scaling is none (as {@code cvm train} writes it)
     * @param trainSize the training points
     * @param trainAccuracy the accuracy on the training data, when scored
     * @param testAccuracy the accuracy on the test data, when given
     * @param scaleSeconds fitting and applying the scaler (0 for none)
     * @param gammaSeconds the automatic gamma (0 when gamma was given)
     * @param fitSeconds the fit
     * @param scoreSeconds the scoring
     * @param master where it ran (e.g. the Spark master URL)
     * @param cost the engine's account of the fit's cost, one line
     */
    record Run(FittedModel<Vec> model, long trainSize, Optional<Double> trainAccuracy, Optional<Double> testAccuracy,
               double scaleSeconds, double gammaSeconds, double fitSeconds, double scoreSeconds, String master,
               String cost) {
        /** Checks that the parts are there. */
        public Run {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(trainAccuracy, "trainAccuracy");
            Objects.requireNonNull(testAccuracy, "testAccuracy");
        }
    }

    /**
     * Trains.
     *
     * @param options the engine's options by name, e.g. {@code master}
     * @throws IllegalArgumentException for a learner or option the engine does not support, or bad data (one line
     *         naming the file and line)
     */
    Run train(Request request, Map<String, String> options);

    /**
     * The provider of that name on the class path.
     *
     * @throws FitEngineUnavailableException when there is none, or its classes cannot load
     */
    static CvmEngineProvider named(String name) {
        List<String> known = new ArrayList<>();
        try {
            for (CvmEngineProvider p : ServiceLoader.load(CvmEngineProvider.class)) {
                if (p.name().equals(name)) {
                    return p;
                }
                known.add(p.name());
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            throw new FitEngineUnavailableException(name, "cvm engine '" + name + "' cannot start here: " + e, e);
        }
        throw new FitEngineUnavailableException(name, "no cvm engine '" + name + "' on the class path (engines here: "
                + (known.isEmpty() ? "none" : String.join(", ", known)) + ")", null);
    }
}
