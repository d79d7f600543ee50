package dev.kernelkit.io;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.learn.FitReport;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes and reads the shared building blocks of model files, so every model type stores them the
 * same way, and the keys of the one convention every classifier file follows:
 *
 * <pre>
 * classes.count = 2, classes.0 = -1, classes.1 = 1   class names, written by {@link Models}; a codec of
 *                                   numeric labels reads them with {@link #numericClasses}
 * machines = 3                      machines (one-vs-rest) or problems of a model ({@link #MACHINES})
 * machine.0.bias = ...              each machine's keys under {@link #machine}
 * options.c = 10.0                  options a codec needs to rebuild its model ({@link #option})
 *
 * PREFIX.kind = standard            fitted feature scaler (FeatureScaling CLI name)
 * PREFIX.offsets = ...              d numbers
 * PREFIX.scales = ...               d numbers
 *
 * PREFIX.kernel = gaussian:gamma=0.5   kernel expansion f(x) = sum_i c_i k(sv_i, x) + b
 * PREFIX.bias = -0.12
 * PREFIX.coefficients = ...
 * PREFIX.sv.count = 95, PREFIX.sv.0 = sparse 13 0:0.7 ...
 *
 * machines = 1                      SVM (svm.ExpansionParts.writeSvm): one expansion per machine
 * machine.0.(expansion keys)
 *
 * kernel = set(gaussian:gamma=0.5)  expansions over bags sharing their support bags (svm.ExpansionParts.writeBagExpansions):
 * bags = 35                         the support bags once each, in the order first met
 * bag.0.count = 4, bag.0.0 = dense 166 ...
 * machines = 1
 * machine.0.bags = 0 1 2 ...        indices into the support bags
 * machine.0.coefficients = ..., machine.0.bias = -0.12
 * </pre>
 *
 * A PREFIX may be empty (the keys then stand at the top level). Doubles round-trip exactly (see
 * {@link ModelFileWriter}), so a loaded model makes bit-identical decisions.
 *
 * <p>{@link #fromVersion1} is the step every codec's {@link ModelCodec#upgrade} takes for the part of a
 * version-1 file (written before the convention) that {@link Models} reads.
 */
public final class ModelParts {

    /** The key of the number of machines (or problems) of a model. */
    public static final String MACHINES = "machines";
    /** The key prefix of the class names ({@code classes.count}, {@code classes.i}). */
    public static final String CLASSES = "classes";
    /** The key prefix of the options a codec stores. */
    public static final String OPTIONS = "options";

    private ModelParts() {
    }

    /** The key prefix of machine {@code k}: {@code machine.k}. */
    public static String machine(int k) {
        return "machine." + k;
    }

    /** The key of an option: {@code options.NAME}. */
    public static String option(String name) {
        return OPTIONS + "." + name;
    }

    /** Writes the machine count under {@link #MACHINES}. */
    public static void writeMachines(ModelFileWriter w, int count) {
        w.putInt(MACHINES, count);
    }

    /**
     * The machine count under {@link #MACHINES}, checked against the file's size before anything is
     * allocated ({@link ModelFile#getCount}).
     */
    public static int readMachines(ModelFile f, int minimum, int keysPerMachine) throws ModelFormatException {
        return f.getCount(MACHINES, minimum, keysPerMachine);
    }

    /** Writes class names under {@link #CLASSES} (done by {@link Models} for every classifier). */
    static void writeClasses(ModelFileWriter w, List<String> names) {
        w.putStrings(CLASSES, names);
    }

    /** The class names under {@link #CLASSES}. */
    public static List<String> classes(ModelFile f) throws ModelFormatException {
        return f.getStrings(CLASSES);
    }

    /**
     * The class names under {@link #CLASSES} read as the numeric labels they name (a model of numeric
     * labels: names as {@link LabeledDataset#className}, which reads back to the same double).
     *
     * @throws ModelFormatException naming the key of a name that is not a number
     */
    public static double[] numericClasses(ModelFile f) throws ModelFormatException {
        List<String> names = classes(f);
        double[] out = new double[names.size()];
        for (int i = 0; i < out.length; i++) {
            String key = CLASSES + "." + i;
            try {
                out[i] = Double.parseDouble(names.get(i));
            } catch (NumberFormatException e) {
                throw f.formatError(key, "expected a numeric class label for '" + key + "', found '" + names.get(i) + "'");
            }
            if (!LabeledDataset.className(out[i]).equals(names.get(i)) || Double.isNaN(out[i])) {
                throw f.formatError(key, "expected a class label written as " + LabeledDataset.className(out[i])
                        + " for '" + key + "', found '" + names.get(i) + "'");
            }
        }
        return out;
    }

    /**
     * The first step of every codec's {@link ModelCodec#upgrade} from version 1 to 2: the keys
     * {@link Models} reads, from their version-1 places to the convention's. The fit report's options line
     * {@code report.options} becomes {@code options.summary} (a file from before the fit report gets one that
     * says so: learner = the type, options "unknown"; a codec that can rebuild a better one replaces it with
     * {@link #putReport}); a scaler under {@code scaler.*} (MKL files)
     * moves to {@code scaling.*}, a file without one gets {@code scaling.kind = none}, and the identity scaler
     * (kind {@code none} with offsets 0 and scales 1) loses its offsets and scales; a classifier
     * file without a calibration gets {@code calibration.kind = none}; {@code trained.*} lines become
     * {@code provenance.*}. The codec then moves its own keys (its classes, machines and options) and
     * builds the file.
     *
     * @param classifier whether the type is a classifier (it then has a calibration, possibly none)
     * @throws ModelFormatException when a key of the new layout is already in the file
     */
    public static ModelFile.Rewrite fromVersion1(ModelFile f, boolean classifier) throws ModelFormatException {
        if (f.version() != 1) {
            throw f.formatError("expected a version 1 file to rewrite, found version " + f.version());
        }
        ModelFile.Rewrite r = f.rewrite(2);
        if (!r.has("report.learner")) {
            putReport(r, new FitReport(f.type(), "unknown", 0, 0, true, new double[0], 0));
        } else if (r.has("report.options")) {
            r.rename("report.options", Models.OPTIONS_SUMMARY);
        } else {
            r.put(Models.OPTIONS_SUMMARY, "");
        }
        if (!r.has(Models.SCALING + ".kind")) {
            r.renamePrefix("scaler.", Models.SCALING + ".");
        }
        ModelFile in = r.original();
        String kindKey = in.has(Models.SCALING + ".kind") ? Models.SCALING + ".kind" : in.has("scaler.kind") ? "scaler.kind"
                : null;
        if (kindKey == null) {
            r.put(Models.SCALING + ".kind", Models.NONE);
        } else if (in.getString(kindKey).equals(Models.NONE)) {
            // the identity scaler was written with its offsets 0 and scales 1; it is no scaler
            r.remove(Models.SCALING + ".offsets").remove(Models.SCALING + ".scales");
        }
        if (classifier && !r.has(Models.CALIBRATION + ".kind")) {
            r.put(Models.CALIBRATION + ".kind", Models.NONE);
        }
        r.renamePrefix("trained.", Provenance.PREFIX);
        return r;
    }

    /**
     * Sets the {@code report.*} keys and {@code options.summary} of a rewrite to a report, replacing those
     * present: the step that gives a version-1 file written before the fit report existed the report its
     * codec rebuilds from the file's other keys.
     */
    public static ModelFile.Rewrite putReport(ModelFile.Rewrite r, FitReport report) throws ModelFormatException {
        for (String k : List.of("report.learner", "report.seed", "report.iterations", "report.converged",
                "report.objective", "report.seconds", Models.OPTIONS_SUMMARY)) {
            r.remove(k);
        }
        double[] objective = report.objective();
        StringBuilder trace = new StringBuilder();
        for (int i = 0; i < objective.length; i++) {
            trace.append(i == 0 ? "" : " ").append(ModelFileWriter.formatDouble(objective[i]));
        }
        return r.put("report.learner", report.learner()).put("report.seed", Long.toString(report.seed()))
                .put("report.iterations", Long.toString(report.iterations()))
                .put("report.converged", Boolean.toString(report.converged()))
                .put("report.objective", trace.toString())
                .put("report.seconds", ModelFileWriter.formatDouble(report.seconds()))
                .put(Models.OPTIONS_SUMMARY, report.options());
    }

    /**
     * Adds class names to a version-1 file of a type whose classes are fixed (the one-class models, which
     * did not store them).
     */
    public static ModelFile.Rewrite putClassNames(ModelFile.Rewrite r, List<String> names) throws ModelFormatException {
        r.put(CLASSES + ".count", Integer.toString(names.size()));
        for (int i = 0; i < names.size(); i++) {
            r.put(CLASSES + "." + i, names.get(i));
        }
        return r;
    }

    /**
     * Moves numeric class labels stored as one array under {@code key} (version-1 {@code svm},
     * {@code cvm}, {@code mkl} and {@code imkpl} files) to class names under {@link #CLASSES}.
     */
    public static ModelFile.Rewrite numericClassesToNames(ModelFile.Rewrite r, String key) throws ModelFormatException {
        double[] labels = r.original().getDoubles(key);
        List<String> names = new ArrayList<>(labels.length);
        for (double v : labels) {
            names.add(LabeledDataset.className(v));
        }
        r.replace(key, CLASSES + ".count", Integer.toString(names.size()));
        for (int i = 0; i < names.size(); i++) {
            r.put(CLASSES + "." + i, names.get(i));
        }
        return r;
    }

    private static String key(String prefix, String name) {
        return prefix.isEmpty() ? name : prefix + "." + name;
    }

    /** Writes a fitted scaler under {@code prefix}. */
    public static void writeScaler(ModelFileWriter w, String prefix, FittedScaler scaler) {
        w.putString(prefix + ".kind", scaler.kind().cliName())
                .putDoubles(prefix + ".offsets", scaler.offsets())
                .putDoubles(prefix + ".scales", scaler.scales());
    }

    /**
     * Reads a scaler written by {@link #writeScaler}.
     *
     * @throws ModelFormatException naming the key when it is missing or inconsistent
     */
    public static FittedScaler readScaler(ModelFile f, String prefix) throws ModelFormatException {
        double[] offsets = f.getDoubles(prefix + ".offsets");
        double[] scales = f.getDoubles(prefix + ".scales", offsets.length);
        String kind = f.getString(prefix + ".kind");
        try {
            return FittedScaler.of(FeatureScaling.parse(kind), offsets, scales);
        } catch (IllegalArgumentException e) {
            throw new ModelFormatException(f.fileName() + ": scaler '" + prefix + "': " + e.getMessage());
        }
    }
}
