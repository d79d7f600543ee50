package dev.kernelkit.io;

import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;

/**
 * Writes and reads one model type's part of a model file. Modules register their codecs in
 * {@code META-INF/services/dev.kernelkit.io.ModelCodec}; {@link Models} picks the codec by the
 * file's {@code type} when loading and by the model's class when saving, and writes what every
 * model file has itself (the fit report, the scaler, the calibration, provenance lines), so a codec writes only the
 * model's own parameters.
 *
 * @param <M> the model class
 */
public interface ModelCodec<M extends FittedModel<?>> {

    /** The type string written in the file ({@code type = ...}), unique over all codecs. */
    String type();

    /** The model class this codec writes (its subclasses too). */
    Class<M> modelClass();

    /**
     * Adds the model's parameters to the writer. Keys {@code report.*}, {@code scaling.*},
     * {@code calibration.*} and {@code trained.*} are taken by {@link Models}.
     *
     * @throws IllegalArgumentException when the model holds something the format cannot store
     *         (a kernel with no specification)
     */
    void write(M model, ModelFileWriter out);

    /**
     * Reads the model back.
     *
     * @param report the fit report {@link Models} read from the file (the model keeps it)
     * @throws ModelFormatException naming the file, line and key of a missing or malformed value
     */
    M read(ModelFile in, FitReport report) throws ModelFormatException;
}
