package dev.kernelkit.io;

import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.learn.CalibratedModel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.PlattScaling;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.ScaledRegressionModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The one model-file entry point: {@link #save} writes any model, {@link #load} reads any model
 * file without knowing its type (the file's {@code type} picks the {@link ModelCodec}; modules
 * register theirs through {@link ServiceLoader}). Every file carries, besides the codec's keys:
 *
 * <pre>
 * report.learner = sparse-mi           the fit report ({@link FitReport})
 * report.options = SparseMiOptions[c=10.0, ...]
 * report.seed = 1, report.iterations = 31, report.converged = true
 * report.objective = 12.5 11.9 ...,  report.seconds = 0.84
 * scaling.kind = standard              only for a model behind its training scaler ({@link Scaled})
 * scaling.offsets = ..., scaling.scales = ...
 * calibration.kind = platt             only for a model with probability outputs ({@link CalibratedModel}):
 * calibration.a = -1.93                {@code platt} (two classes, one sigmoid) or {@code platt-ovr}
 * calibration.b = 0.0127               (k classes, one sigmoid per class: k values in class order)
 * trained.data = musk1.csv             provenance lines given to {@link #save(FittedModel, Path, Map)}
 * </pre>
 *
 * The report written is the saved model's own ({@link FittedModel#report()}: for a calibrated model the
 * inner one's with the calibrated fit's wall time), and the model read back carries it.
 *
 * <p>A model may be behind at most one scaler and at most one calibration, in either order; it loads as
 * {@code CalibratedModel(ScaledModel(model))} (the calibration outside, as {@code
 * Calibrated.trainer(ScaledModel.trainer(...), ...)} builds it), which gives the same decision values and
 * probabilities as {@code ScaledModel(CalibratedModel(model))}. A file without {@code calibration.*} loads
 * as before.
 *
 * <p>A file written before the fit report existed loads with a report that says so (learner = the
 * type, options "unknown"), and one that kept its scaler under {@code scaler.*} loads behind that scaler.
 */
public final class Models {
    /** The key prefix of the scaler. */
    public static final String SCALING = "scaling";
    /**
     * The key prefix under which files written before this entry point stored their scaler (MKL model files);
     * read as {@link #SCALING}, never written.
     */
    public static final String LEGACY_SCALING = "scaler";
    /** The key prefix of the probability calibration (Platt sigmoids). */
    public static final String CALIBRATION = "calibration";
    /** The key prefix of provenance lines. */
    public static final String TRAINED = "trained";

    private Models() {
    }

    /** A loaded model file: the model (behind its scaler, if it has one) and its provenance lines. */
    public record Loaded(FittedModel<?> model, Map<String, String> provenance) {
        /** Copies the provenance. */
        public Loaded {
            Objects.requireNonNull(model, "model");
            provenance = Map.copyOf(provenance);
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

    /** Saves without provenance lines. */
    public static void save(FittedModel<?> model, Path file) throws IOException {
        save(model, file, Map.of());
    }

    /**
     * Writes the model file atomically (a temporary file renamed over the target), creating
     * missing parent folders.
     *
     * @param provenance {@code trained.KEY = VALUE} lines (keys: letters, digits, _ . -), in map order
     * @throws IllegalArgumentException when no codec is registered for the model's class, or the
     *         model holds something its format cannot store
     */
    public static void save(FittedModel<?> model, Path file, Map<String, String> provenance) throws IOException {
        Objects.requireNonNull(file, "file");
        ModelFileWriter w = render(model, provenance);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        w.write(file);
    }

    /**
     * The model file's text, as {@link #save} would write it.
     *
     * @throws IllegalArgumentException as {@link #save(FittedModel, Path, Map)}
     */
    public static String toText(FittedModel<?> model, Map<String, String> provenance) {
        return render(model, provenance).render();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static ModelFileWriter render(FittedModel<?> model, Map<String, String> provenance) {
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
        ModelFileWriter w = new ModelFileWriter(codec.type());
        FitReport r = model.report();
        w.putString("report.learner", r.learner());
        if (!r.options().isEmpty()) {
            w.putString("report.options", r.options());
        }
        w.putLong("report.seed", r.seed());
        w.putLong("report.iterations", r.iterations());
        w.putBoolean("report.converged", r.converged());
        w.putDoubles("report.objective", r.objective());
        w.putDouble("report.seconds", r.seconds());
        if (scaler != null) {
            ModelParts.writeScaler(w, SCALING, scaler);
        }
        if (calibration != null) {
            writeCalibration(w, calibration);
        }
        for (Map.Entry<String, String> p : provenance.entrySet()) {
            w.putString(TRAINED + "." + p.getKey(), p.getValue());
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

    /** As {@link #load} with the provenance lines. */
    public static Loaded loadWithProvenance(Path file) throws IOException {
        return read(ModelFileReader.read(file));
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

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Loaded read(ModelFile f) throws ModelFormatException {
        ModelCodec<?> codec = codecs().get(f.type());
        if (codec == null) {
            throw f.formatError("no reader for model type '" + f.type() + "' (known: "
                    + String.join(", ", codecs().keySet()) + ")");
        }
        FitReport report = readReport(f);
        FittedModel<?> model;
        try {
            model = codec.read(f, report);
        } catch (IllegalArgumentException e) {
            throw f.formatError(e.getMessage());
        }
        String scalerPrefix = f.has(SCALING + ".kind") ? SCALING : f.has(LEGACY_SCALING + ".kind") ? LEGACY_SCALING : null;
        if (scalerPrefix != null) {
            FittedScaler scaler = ModelParts.readScaler(f, scalerPrefix);
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
        }
        if (f.has(CALIBRATION + ".kind")) {
            model = readCalibration(f, model);
        } else {
            for (String key : f.keys()) {
                if (key.startsWith(CALIBRATION + ".")) {
                    throw f.formatError(key, "expected '" + CALIBRATION + ".kind' with '" + key + "'");
                }
            }
        }
        Map<String, String> provenance = new LinkedHashMap<>();
        String prefix = TRAINED + ".";
        for (String key : f.keys()) {
            if (key.startsWith(prefix)) {
                provenance.put(key.substring(prefix.length()), f.getString(key));
            }
        }
        return new Loaded(model, provenance);
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
        if (!f.has("report.learner")) {
            return new FitReport(f.type(), "unknown", 0, 0, true, new double[0], 0);
        }
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
        return new FitReport(learner, f.has("report.options") ? f.getString("report.options") : "",
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
