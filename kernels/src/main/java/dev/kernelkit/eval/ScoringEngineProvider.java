package dev.kernelkit.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Scoring a model file on data of any size on an engine of an optional module (e.g. "spark" from
 * kernelkit-spark), found by {@link ServiceLoader} as {@link FitEngineProvider}s are: {@code kernelkit predict
 * --engine spark}. An implementation has a public no-argument constructor and touches its engine's libraries
 * only in {@link #score}, so that a missing library is reported as the engine being unavailable.
 */
public interface ScoringEngineProvider {

    /** The engine's name, e.g. "spark". */
    String name();

    /**
     * What a scoring run did: the examples scored, and those predicted as their label.
     *
     * @param examples the examples scored
     * @param correct the examples whose label is the predicted class (numerically equal names match)
     * @param anyLabelIsAClass whether any example's label is a class of the model (else there is no accuracy)
     * @param partitions the predictions files written, one per partition
     * @param master where it ran (e.g. the Spark master URL)
     */
    record Scores(long examples, long correct, boolean anyLabelIsAClass, int partitions, Optional<String> master) {
        /** Checks the counts. */
        public Scores {
            if (examples < 0 || correct < 0 || correct > examples || partitions < 0) {
                throw new IllegalArgumentException("bad counts: " + correct + " correct of " + examples + " in "
                        + partitions + " partitions");
            }
            Objects.requireNonNull(master, "master");
        }

        /** The fraction predicted as their label, empty when no label is a class of the model. */
        public Optional<Double> accuracy() {
            return anyLabelIsAClass && examples > 0 ? Optional.of((double) correct / examples) : Optional.empty();
        }
    }

    /**
     * What each predictions file holds beside the predicted class names.
     *
     * @param probabilities the class probabilities (a model trained with probability outputs)
     * @param decisions the decision values
     */
    record Columns(boolean probabilities, boolean decisions) {
        /** The class names alone: one name per line, no header. */
        public static final Columns NAMES = new Columns(false, false);

        /** Whether the files are CSV ({@link PredictionsCsv}: a header, then a row per example). */
        public boolean csv() {
            return probabilities || decisions;
        }
    }

    /**
     * Scores labelled LIBSVM data with a vector classifier, or CSV bags ({@link dev.kernelkit.data.CsvBagFormat})
     * with a bag classifier, partition by partition, writing one file per partition in the output folder: the
     * predicted class names (one per line, in the partition's row or bag order, {@code part-NNNNN.txt}) or, with
     * probabilities or decision values, a {@link PredictionsCsv} with its header ({@code part-NNNNN.csv}, each a
     * whole CSV file). A bag is never split between partitions.
     *
     * @param modelText the model file's text ({@link dev.kernelkit.io.Models#toText})
     * @param dense whether the rows are scored as dense vectors (as {@code predict} reads them for the model's
     *        type), else sparse (bags' instances are dense, as the bag reader gives them)
     * @param data a LIBSVM file or a folder of them; for a bag classifier a CSV bag file or a folder of them
     * @param output the folder to create (it must not exist)
     * @param columns what the files hold beside the predicted class names
     * @param options the engine's options by name, e.g. {@code master}
     * @throws IllegalArgumentException for a model that is not a classifier (or gives no probabilities when
     *         they are asked for), an existing output, an option it does not know, or malformed data (one line
     *         naming the problem)
     */
    Scores score(String modelText, boolean dense, Path data, Path output, Columns columns,
                 Map<String, String> options);

    /**
     * The provider of that name on the class path.
     *
     * @throws FitEngineUnavailableException when there is none, or its classes cannot load
     */
    static ScoringEngineProvider named(String name) {
        List<String> known = new ArrayList<>();
        try {
            for (ScoringEngineProvider p : ServiceLoader.load(ScoringEngineProvider.class)) {
                if (p.name().equals(name)) {
                    return p;
                }
                known.add(p.name());
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            throw new FitEngineUnavailableException(name, "scoring engine '" + name + "' cannot start here: " + e, e);
        }
        throw new FitEngineUnavailableException(name, "no scoring engine '" + name + "' on the class path (engines "
                + "here: " + (known.isEmpty() ? "none" : String.join(", ", known)) + ")", null);
    }
}
