package dev.kernelkit.io;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.learn.CalibratedModel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.PlattScaling;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.ScaledRegressionModel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The one model-file entry point: {@link #save} writes any model, {@link #load} reads any model
 * file without knowing its type (the file's {@code type} picks the {@link ModelCodec}; modules
 * register theirs through {@link ServiceLoader}). The header carries the type and the version of
 * that type's layout ({@link ModelCodec#version()}); a file of a newer version is refused in one line,
 * an older one is rewritten by its codec's {@link ModelCodec#upgrade} steps before it is read. Every
 * file carries, besides the codec's keys, in one convention (docs/model-files.md):
 *
 * <pre>
 * report.learner = sparse-mi           the fit report ({@link FitReport})
 * report.seed = 1, report.iterations = 31, report.converged = true
 * report.objective = 12.5 11.9 ...,  report.seconds = 0.84
 * options.summary = SparseMiOptions[c=10.0, ...]   the options, one line (codecs add options.NAME keys)
 * classes.count = 2                    a classifier's class names, as strings
 * classes.0 = -1, classes.1 = 1
 * scaling.kind = none                  the training scaler ({@link Scaled}), always: none (also for the
 * scaling.offsets = ..., scaling.scales = ...   identity scaler), or a kind with its offsets and scales
 * calibration.kind = none              a classifier's probability calibration ({@link CalibratedModel}),
 * calibration.a = -1.93                always: none, {@code platt} (two classes, one sigmoid) or
 * calibration.b = 0.0127               {@code platt-ovr} (k classes, one sigmoid per class)
 * provenance.kernelkit = 0.1.0         where the file comes from ({@link Provenance}): versions,
 * provenance.time = ...                learner, type, time, and the data and command when known
 * </pre>
 *
 * The report written is the saved model's own ({@link FittedModel#report()}: for a calibrated model the
 * inner one's with the calibrated fit's wall time), and the model read back carries it.
 *
 * <p>A model may be behind at most one scaler and at most one calibration, in either order; it loads as
 * {@code CalibratedModel(ScaledModel(model))} (the calibration outside, as {@code
 * Calibrated.trainer(ScaledModel.trainer(...), ...)} builds it), which gives the same decision values and
 * probabilities as {@code ScaledModel(CalibratedModel(model))}.
 *
 * <p>A version-1 file written before the fit report existed loads with a report that says so (learner =
 * the type, options "unknown"), or the one its codec rebuilds from the file ({@link ModelParts#fromVersion1}).
 */
public final class Models {
    /** The key prefix of the scaler. */
    public static final String SCALING = "scaling";
    /** The key prefix of the probability calibration (Platt sigmoids). */
    public static final String CALIBRATION = "calibration";
    /** The key of the options line. */
    public static final String OPTIONS_SUMMARY = "options.summary";
    /** The kind of an absent scaler or calibration. */
    public static final String NONE = "none";

    private Models() {
    }

    /** A loaded model file: the model (behind its scaler, if it has one) and its provenance lines. */
    public record Loaded(FittedModel<?> model, Map<String, String> provenance) {
        /** Copies the provenance. */
        public Loaded {
            Objects.requireNonNull(model, "model");
            provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
        }

        /**
         * The provenance lines as a record.
         *
         * @throws IllegalArgumentException when a stored count or seed is not an integer
         */
        public Provenance details() {
            return Provenance.fromLines(provenance);
        }
    }

    /** Every registered codec by type. */
    public static Map<String, ModelCodec<?>> codecs() {
        Map<String, ModelCodec<?>> byType = new LinkedHashMap<>();
        for (ModelCodec<?> c : ServiceLoader.load(ModelCodec.class, Models.class.getClassLoader())) {
            ModelCodec<?> old = byType.putIfAbsent(c.type(), c);
            if (old != null && old.getClass() != c.getClass()) {
                throw new IllegalStateException("two model codecs have the type '" + c.type() + "': "
                        + old.getClass().getName() + " and " + c.getClass().getName());
            }
        }
        return byType;
    }

    /** Saves with the provenance {@link #save} knows itself (versions, learner, type, time). */
    public static void save(FittedModel<?> model, Path file) throws IOException {
        save(model, file, Provenance.none());
    }

    /**
     * Saves with further provenance lines ({@link Provenance#fromLines}: the named keys such as {@code data}
     * set those fields, the others become extra lines).
     */
    public static void save(FittedModel<?> model, Path file, Map<String, String> provenance) throws IOException {
        save(model, file, Provenance.fromLines(provenance));
    }

    /**
     * Writes the model file atomically (a temporary file renamed over the target), creating
     * missing parent folders.
     *
     * @param provenance what the caller knows of the training data and command; the kernelkit and Java
     *        versions, the learner, the model type and the time are filled in here
     * @throws IllegalArgumentException when no codec is registered for the model's class, or the
     *         model holds something its format cannot store
     */
    public static void save(FittedModel<?> model, Path file, Provenance provenance) throws IOException {
        Objects.requireNonNull(file, "file");
        ModelFileWriter w = render(model, provenance);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        w.write(file);
    }

    /** The model file's text, as {@link #save(FittedModel, Path, Map)} would write it. */
    public static String toText(FittedModel<?> model, Map<String, String> provenance) {
        return toText(model, Provenance.fromLines(provenance));
    }

    /**
     * The model file's text, as {@link #save(FittedModel, Path, Provenance)} would write it.
     *
     * @throws IllegalArgumentException as {@link #save(FittedModel, Path, Provenance)}
     */
    public static String toText(FittedModel<?> model, Provenance provenance) {
        return render(model, provenance).render();
    }

    /**
     * The provenance stored in a model file (of any type and version).
     *
     * @throws ModelFormatException as {@link #load}
     */
    public static Provenance provenance(Path file) throws IOException {
        return loadWithProvenance(file).details();
    }

    /** The kernelkit version of this build ("unknown" when it was not built by Maven). */
    public static String kernelkitVersion() {
        Properties p = new Properties();
        try (InputStream in = Models.class.getResourceAsStream("kernelkit-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            p.load(in);
        } catch (IOException e) {
            return "unknown";
        }
        String v = p.getProperty("version", "unknown").strip();
        return v.isEmpty() || v.contains("${") ? "unknown" : v;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static ModelFileWriter render(FittedModel<?> model, Provenance provenance) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(provenance, "provenance");
        FittedScaler scaler = null;
        CalibratedModel<?> calibration = null;
        FittedModel<?> inner = model;
        while (true) {
            if (inner instanceof Scaled<?> s) {
                if (scaler != null) {
                    throw new IllegalArgumentException("a model behind two scalers cannot be saved");
                }
                scaler = s.scaler();
                inner = s.inner();
            } else if (inner instanceof CalibratedModel<?> c) {
                if (calibration != null) {
                    throw new IllegalArgumentException("a model with two calibrations cannot be saved");
                }
                calibration = c;
                inner = c.inner();
            } else {
                break;
            }
        }
        ModelCodec codec = codecFor(inner);
        ModelFileWriter w = new ModelFileWriter(codec.type(), codec.version());
        FitReport r = model.report();
        w.putString("report.learner", r.learner());
        w.putLong("report.seed", r.seed());
        w.putLong("report.iterations", r.iterations());
        w.putBoolean("report.converged", r.converged());
        w.putDoubles("report.objective", r.objective());
        w.putDouble("report.seconds", r.seconds());
        w.putString(OPTIONS_SUMMARY, r.options());
        if (inner instanceof Model<?> classifier) {
            ModelParts.writeClasses(w, classifier.classNames());
        }
        if (scaler != null && scaler.kind() != FeatureScaling.NONE) {
            ModelParts.writeScaler(w, SCALING, scaler);
        } else {
            w.putString(SCALING + ".kind", NONE);
        }
        if (calibration != null) {
            writeCalibration(w, calibration);
        } else if (inner instanceof Model<?>) {
            w.putString(CALIBRATION + ".kind", NONE);
        }
        Provenance p = provenance.writtenBy(kernelkitVersion(), System.getProperty("java.version", "unknown"),
                r.learner(), codec.type(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        for (Map.Entry<String, String> e : p.lines().entrySet()) {
            w.putString(Provenance.PREFIX + e.getKey(), e.getValue());
        }
        codec.write(inner, w);
        return w;
    }

    /**
     * Reads any model file.
     *
     * @throws ModelFormatException when the file is not a kernelkit model, its type has no
     *         registered reader (the message lists the known types), or a value is missing or
     *         malformed (file, line and key named)
     * @throws IOException when the file cannot be read
     */
    public static FittedModel<?> load(Path file) throws IOException {
        return loadWithProvenance(file).model();
    }

    /**
     * The learned kernel of a model file ({@link #load}, then {@link LearnedKernel#of}).
     *
     * @throws IOException when the file cannot be read or parsed
     * @throws IllegalArgumentException naming the file when its model does not learn a kernel or lacks the machine
     */
    public static LearnedKernel loadLearnedKernel(Path file, LearnedKernel.Choice choice) throws IOException {
        FittedModel<?> model = load(file);
        try {
            return LearnedKernel.of(model, choice);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** As {@link #load} with the provenance lines. */
    public static Loaded loadWithProvenance(Path file) throws IOException {
        return read(ModelFileReader.read(file));
    }

    /** As {@link #load} from a file already read (e.g. after {@link ModelFile#requireType}). */
    public static Loaded loadWithProvenance(ModelFile file) throws ModelFormatException {
        return read(file);
    }

    /** As {@link #load} from model-file text ({@code fileName} for messages). */
    public static Loaded parse(String fileName, String text) throws ModelFormatException {
        return read(ModelFileReader.parse(fileName, text));
    }

    /**
     * Reads a classifier (of any type).
     *
     * @throws ModelFormatException when the file holds a regressor
     */
    public static Model<?> loadClassifier(Path file) throws IOException {
        FittedModel<?> m = load(file);
        if (m instanceof Model<?> c) {
            return c;
        }
        throw new ModelFormatException(file + ": expected a classifier, found a model of type '"
                + typeOf(m) + "' (a regressor)");
    }

    /**
     * Reads a model of an expected class (behind its scaler, if any, use {@link Scaled#innermost}).
     *
     * @throws ModelFormatException when the file holds another model type
     */
    public static <M extends FittedModel<?>> M load(Path file, Class<M> type) throws IOException {
        FittedModel<?> m = load(file);
        if (!type.isInstance(m)) {
            throw new ModelFormatException(file + ": expected a " + type.getSimpleName() + " model, found type '"
                    + typeOf(m) + "'");
        }
        return type.cast(m);
    }

    private static String typeOf(FittedModel<?> m) {
        try {
            return codecFor(Scaled.innermost(m)).type();
        } catch (IllegalArgumentException e) {
            return m.getClass().getSimpleName();
        }
    }

    /**
     * The file in its codec's current layout: refused in one line when its version is newer than the
     * codec's, rewritten step by step ({@link ModelCodec#upgrade}) when older.
     *
     * @throws ModelFormatException when no codec reads the type or version
     */
    public static ModelFile current(ModelFile f) throws ModelFormatException {
        ModelCodec<?> codec = codecs().get(f.type());
        if (codec == null) {
            throw f.formatError("no reader for model type '" + f.type() + "' (known: "
                    + String.join(", ", codecs().keySet()) + ")");
        }
        if (f.version() > codec.version()) {
            throw new ModelFormatException("model file " + f.fileName() + ": type " + f.type() + " version " + f.version()
                    + " is newer than this kernelkit reads (" + codec.version() + ")");
        }
        while (f.version() < codec.version()) {
            int before = f.version();
            f = codec.upgrade(f);
            if (f.version() <= before) {
                throw new IllegalStateException(codec.getClass().getName() + ".upgrade left a version " + before
                        + " file at version " + f.version());
            }
        }
        return f;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Loaded read(ModelFile file) throws ModelFormatException {
        ModelFile f = current(file);
        ModelCodec<?> codec = codecs().get(f.type());
        FitReport report = readReport(f);
        FittedModel<?> model;
        try {
            model = codec.read(f, report);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
        if (model instanceof Model<?> classifier) {
            List<String> stored = ModelParts.classes(f);
            if (!stored.equals(classifier.classNames())) {
                throw f.formatError(ModelParts.CLASSES + ".count", "the classes " + stored + " of 'classes.*' are not the "
                        + "model's " + classifier.classNames());
            }
        }
        String scalerKind = f.getString(SCALING + ".kind");
        if (!scalerKind.equals(NONE)) {
            FittedScaler scaler = ModelParts.readScaler(f, SCALING);
            try {
                if (model instanceof Model m) {
                    model = new ScaledModel<>(scaler, m);
                } else if (model instanceof RegressionModel r) {
                    model = new ScaledRegressionModel<>(scaler, r);
                } else {
                    throw f.formatError("a scaler is stored with a model that is neither a classifier nor a regressor");
                }
            } catch (IllegalArgumentException e) {
                throw f.formatError(e.getMessage());
            }
        } else {
            rejectKeysUnder(f, SCALING, SCALING + ".kind = none");
        }
        if (model instanceof Model<?> && !f.getString(CALIBRATION + ".kind").equals(NONE)) {
            model = readCalibration(f, model);
        } else {
            rejectKeysUnder(f, CALIBRATION, model instanceof Model<?> ? CALIBRATION + ".kind = none" : "a regressor");
        }
        Map<String, String> provenance = new LinkedHashMap<>();
        for (String key : f.keys()) {
            if (key.startsWith(Provenance.PREFIX)) {
                provenance.put(key.substring(Provenance.PREFIX.length()), f.getString(key));
            }
        }
        try {
            Provenance.fromLines(provenance);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
        return new Loaded(model, provenance);
    }

    private static void rejectKeysUnder(ModelFile f, String prefix, String what) throws ModelFormatException {
        for (String key : f.keys()) {
            if (key.startsWith(prefix + ".") && !key.equals(prefix + ".kind")) {
                throw f.formatError(key, "unexpected '" + key + "' with " + what);
            }
        }
    }

    private static void writeCalibration(ModelFileWriter w, CalibratedModel<?> model) {
        List<PlattScaling> sigmoids = model.sigmoids();
        double[] a = new double[sigmoids.size()];
        double[] b = new double[sigmoids.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = sigmoids.get(i).a();
            b[i] = sigmoids.get(i).b();
        }
        w.putString(CALIBRATION + ".kind", model.kind());
        w.putDoubles(CALIBRATION + ".a", a);
        w.putDoubles(CALIBRATION + ".b", b);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static FittedModel<?> readCalibration(ModelFile f, FittedModel<?> model) throws ModelFormatException {
        String key = CALIBRATION + ".kind";
        String kind = f.getString(key);
        if (!(model instanceof Model m)) {
            throw f.formatError(key, "expected a classifier for '" + key + "', found a model of type '" + f.type()
                    + "' that is not one");
        }
        int classes = m.classNames().size();
        int expected;
        if (kind.equals(CalibratedModel.PLATT)) {
            expected = 1;
        } else if (kind.equals(CalibratedModel.PLATT_OVR)) {
            expected = classes;
        } else {
            throw f.formatError(key, "expected '" + CalibratedModel.PLATT + "' or '" + CalibratedModel.PLATT_OVR
                    + "' for '" + key + "', found '" + kind + "'");
        }
        if ((expected == 1) != (classes == 2)) {
            throw f.formatError(key, "expected '" + (classes == 2 ? CalibratedModel.PLATT : CalibratedModel.PLATT_OVR)
                    + "' for '" + key + "' of a model of " + classes + " classes, found '" + kind + "'");
        }
        double[] a = f.getDoubles(CALIBRATION + ".a", expected);
        double[] b = f.getDoubles(CALIBRATION + ".b", expected);
        List<PlattScaling> sigmoids = new ArrayList<>(expected);
        for (int i = 0; i < expected; i++) {
            try {
                sigmoids.add(new PlattScaling(a[i], b[i]));
            } catch (IllegalArgumentException e) {
                throw f.formatError(CALIBRATION + ".a", e.getMessage());
            }
        }
        try {
            return new CalibratedModel<>(m, sigmoids);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
    }

    private static FitReport readReport(ModelFile f) throws ModelFormatException {
        double seconds = f.getDouble("report.seconds");
        long iterations = f.getLong("report.iterations");
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw f.formatError("report.seconds", "expected seconds >= 0 for 'report.seconds', found " + seconds);
        }
        if (iterations < 0) {
            throw f.formatError("report.iterations", "expected iterations >= 0 for 'report.iterations', found "
                    + iterations);
        }
        String learner = f.getString("report.learner");
        if (learner.isBlank()) {
            throw f.formatError("report.learner", "expected a learner name for 'report.learner'");
        }
        return new FitReport(learner, f.getString(OPTIONS_SUMMARY),
                f.getLong("report.seed"), iterations, f.getBoolean("report.converged"), f.getDoubles("report.objective"),
                seconds);
    }

    /**
     * The codec that writes this model's class (the nearest registered superclass).
     *
     * @throws IllegalArgumentException when none is registered
     */
    public static ModelCodec<?> codecFor(FittedModel<?> model) {
        ModelCodec<?> best = null;
        for (ModelCodec<?> c : codecs().values()) {
            if (c.modelClass() == model.getClass()) {
                return c;
            }
            if (c.modelClass().isInstance(model) && (best == null || best.modelClass().isAssignableFrom(c.modelClass()))) {
                best = c;
            }
        }
        if (best == null) {
            List<String> known = codecs().values().stream().map(c -> c.modelClass().getSimpleName()).toList();
            throw new IllegalArgumentException("no model file format is registered for "
                    + model.getClass().getName() + " (known: " + known.stream().collect(Collectors.joining(", ")) + ")");
        }
        return best;
    }
}
