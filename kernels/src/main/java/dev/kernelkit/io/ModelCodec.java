package dev.kernelkit.io;

import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;

/**
 * Writes and reads one model type's part of a model file. Modules register their codecs in
 * {@code META-INF/services/dev.kernelkit.io.ModelCodec}; {@link Models} picks the codec by the
 * file's {@code type} when loading and by the model's class when saving, and writes what every
 * model file has itself in one convention (the fit report, {@code options.summary}, the class names
 * {@code classes.*}, the scaler, the calibration, the {@code provenance.*} block; see {@link Models}),
 * so a codec writes only the model's own parameters. A codec with several machines (one-vs-rest) or
 * problems stores their count under {@link ModelParts#MACHINES} and each under
 * {@link ModelParts#machine}; options it needs to rebuild the model go under
 * {@link ModelParts#OPTIONS}.
 *
 * <p>Each codec versions its own layout ({@link #version()}, written in the file's header). When it
 * changes its keys it raises its version and reads every older file through {@link #upgrade}, one
 * explicit step per version, so {@link #read} only knows the current layout. {@link Models} refuses a
 * file of a newer version than the codec's in one line.
 *
 * @param <M> the model class
 */
public interface ModelCodec<M extends FittedModel<?>> {

    /** The type string written in the file ({@code type = ...}), unique over all codecs. */
    String type();

    /** The model class this codec writes (its subclasses too). */
    Class<M> modelClass();

    /**
     * The version of this codec's layout, written in the header of every file it writes; the newest it
     * reads. A new codec starts at 1.
     */
    default int version() {
        return 1;
    }

    /**
     * Rewrites a file of an older version of this codec's layout into the next version's
     * ({@link ModelFile#rewrite}). {@link Models} calls it until the file is at {@link #version()}, then
     * {@link #read}s it; a codec with only version 1 never gets a call.
     *
     * @throws ModelFormatException when the older file cannot be rewritten (a key of the newer layout is
     *         already present)
     */
    default ModelFile upgrade(ModelFile older) throws ModelFormatException {
        throw older.formatError("type " + type() + " version " + older.version() + " has no reader (this kernelkit reads "
                + "version " + version() + ")");
    }

    /**
     * Adds the model's parameters to the writer. Keys {@code report.*}, {@code options.summary},
     * {@code classes.*}, {@code scaling.*}, {@code calibration.*} and {@code provenance.*} are taken by
     * {@link Models}.
     *
     * @throws IllegalArgumentException when the model holds something the format cannot store
     *         (a kernel with no specification)
     */
    void write(M model, ModelFileWriter out);

    /**
     * Reads the model back from a file in this codec's current layout ({@link #version()}).
     *
     * @param report the fit report {@link Models} read from the file (the model keeps it)
     * @throws ModelFormatException naming the file, line and key of a missing or malformed value
     */
    M read(ModelFile in, FitReport report) throws ModelFormatException;
}
