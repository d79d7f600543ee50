package dev.kernelkit.io;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed kernelkit model file (see {@link ModelFileWriter} for the format): its type, the version of
 * that type's layout ({@link ModelCodec#version()}) and typed access to its values. Every accessor
 * failure is a {@link ModelFormatException} naming the file, the line and the key. Immutable; made by
 * {@link ModelFileReader}, or by {@link #rewrite} from an older layout.
 */
public final class ModelFile {
    /** The value of the {@code format} key of every kernelkit model file. */
    public static final String FORMAT = "kernelkit-model";

    record Entry(String value, int line) {
    }

    private final String fileName;
    private final int version;
    private final String type;
    private final Map<String, Entry> entries;

    ModelFile(String fileName, int version, String type, LinkedHashMap<String, Entry> entries) {
        this.fileName = fileName;
        this.version = version;
        this.type = type;
        this.entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    /** The file name used in error messages. */
    public String fileName() {
        return fileName;
    }

    /** The version of the type's layout the values are in (after {@link #rewrite}, the rewritten one). */
    public int version() {
        return version;
    }

    /** The model type, e.g. {@code svm}. */
    public String type() {
        return type;
    }

    /**
     * Checks the model type.
     *
     * @throws ModelFormatException "FILE: expected a model of type 'svm', found 'mkl'"
     */
    public ModelFile requireType(String expected) throws ModelFormatException {
        if (!type.equals(expected)) {
            throw new ModelFormatException(fileName + ": expected a model of type '" + expected + "', found '" + type + "'");
        }
        return this;
    }

    /** True when the key is present. */
    public boolean has(String key) {
        return entries.containsKey(key);
    }

    /** The keys after the header, in file order. */
    public Set<String> keys() {
        return entries.keySet();
    }

    /** The text value. */
    public String getString(String key) throws ModelFormatException {
        return entry(key).value();
    }

    /** A double value. */
    public double getDouble(String key) throws ModelFormatException {
        Entry e = entry(key);
        return parseDouble(e.value(), key, e.line());
    }

    /** An int value. */
    public int getInt(String key) throws ModelFormatException {
        Entry e = entry(key);
        try {
            return Integer.parseInt(e.value());
        } catch (NumberFormatException x) {
            throw error(e.line(), "expected an integer for '" + key + "', found '" + e.value() + "'");
        }
    }

    /** A long value. */
    public long getLong(String key) throws ModelFormatException {
        Entry e = entry(key);
        try {
            return Long.parseLong(e.value());
        } catch (NumberFormatException x) {
            throw error(e.line(), "expected an integer for '" + key + "', found '" + e.value() + "'");
        }
    }

    /** A boolean value ({@code true} or {@code false}). */
    public boolean getBoolean(String key) throws ModelFormatException {
        Entry e = entry(key);
        if (e.value().equals("true")) {
            return true;
        }
        if (e.value().equals("false")) {
            return false;
        }
        throw error(e.line(), "expected true or false for '" + key + "', found '" + e.value() + "'");
    }

    /** A double array. */
    public double[] getDoubles(String key) throws ModelFormatException {
        Entry e = entry(key);
        String[] t = tokens(e.value());
        double[] out = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            out[i] = parseDouble(t[i], key, e.line());
        }
        return out;
    }

    /** A double array that must have {@code length} entries. */
    public double[] getDoubles(String key, int length) throws ModelFormatException {
        double[] v = getDoubles(key);
        if (v.length != length) {
            throw error(entry(key).line(), "expected " + length + " numbers for '" + key + "', found " + v.length);
        }
        return v;
    }

    /** An int array. */
    public int[] getInts(String key) throws ModelFormatException {
        Entry e = entry(key);
        String[] t = tokens(e.value());
        int[] out = new int[t.length];
        for (int i = 0; i < t.length; i++) {
            try {
                out[i] = Integer.parseInt(t[i]);
            } catch (NumberFormatException x) {
                throw error(e.line(), "expected an integer for '" + key + "', found '" + t[i] + "'");
            }
        }
        return out;
    }

    /** A vector ({@code dense d v...} or {@code sparse d i:v ...}). */
    public Vec getVec(String key) throws ModelFormatException {
        Entry e = entry(key);
        String[] t = tokens(e.value());
        String shape = "a vector ('dense d v_0 .. v_d-1' or 'sparse d i:v ..')";
        if (t.length < 2 || !(t[0].equals("dense") || t[0].equals("sparse"))) {
            throw error(e.line(), "expected " + shape + " for '" + key + "', found '" + e.value() + "'");
        }
        int dim;
        try {
            dim = Integer.parseInt(t[1]);
        } catch (NumberFormatException x) {
            throw error(e.line(), "expected a dimension for '" + key + "', found '" + t[1] + "'");
        }
        if (dim < 0) {
            throw error(e.line(), "expected a dimension >= 0 for '" + key + "', found " + dim);
        }
        try {
            if (t[0].equals("dense")) {
                if (t.length - 2 != dim) {
                    throw error(e.line(), "expected " + dim + " values for the dense vector '" + key + "', found "
                            + (t.length - 2));
                }
                double[] v = new double[dim];
                for (int i = 0; i < dim; i++) {
                    v[i] = parseDouble(t[i + 2], key, e.line());
                }
                return DenseVec.wrap(v);
            }
            int nnz = t.length - 2;
            int[] idx = new int[nnz];
            double[] val = new double[nnz];
            for (int p = 0; p < nnz; p++) {
                String tok = t[p + 2];
                int colon = tok.indexOf(':');
                if (colon <= 0) {
                    throw error(e.line(), "expected index:value in the sparse vector '" + key + "', found '" + tok + "'");
                }
                try {
                    idx[p] = Integer.parseInt(tok.substring(0, colon));
                } catch (NumberFormatException x) {
                    throw error(e.line(), "expected an index in the sparse vector '" + key + "', found '" + tok + "'");
                }
                val[p] = parseDouble(tok.substring(colon + 1), key, e.line());
            }
            return new SparseVec(dim, idx, val);
        } catch (IllegalArgumentException x) {
            throw error(e.line(), "invalid vector '" + key + "': " + x.getMessage());
        }
    }

    /** A list of vectors written by {@link ModelFileWriter#putVecs}. */
    public List<Vec> getVecs(String key) throws ModelFormatException {
        int n = count(key);
        List<Vec> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(getVec(key + "." + i));
        }
        return List.copyOf(out);
    }

    /** A list of strings written by {@link ModelFileWriter#putStrings}. */
    public List<String> getStrings(String key) throws ModelFormatException {
        int n = count(key);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(getString(key + "." + i));
        }
        return List.copyOf(out);
    }

    /**
     * A declared number of items (machines, problems, bags), each stored under at least
     * {@code keysPerItem} keys of this file, checked against the file's content before anything is
     * allocated for them: a corrupted count such as 2147483647 or one the file cannot hold is one
     * line naming the key, never an {@link OutOfMemoryError} or an overflow.
     *
     * @param minimum the smallest count the model allows (0 or 1)
     * @throws ModelFormatException "FILE: line L: 'machines' is 2147483648 ... the file has only 12 keys"
     */
    public int getCount(String key, int minimum, int keysPerItem) throws ModelFormatException {
        long n = getLong(key);
        if (n < minimum) {
            throw error(entry(key).line(), "expected a count >= " + minimum + " for '" + key + "', found " + n);
        }
        if (n * Math.max(1, keysPerItem) > entries.size()) {
            throw error(entry(key).line(), "'" + key + "' is " + n + " but the file has only " + entries.size()
                    + " keys (" + Math.max(1, keysPerItem) + " per item at least)");
        }
        return (int) n;
    }

    /**
     * The count of a list, checked against the number of keys before anything is allocated for it
     * (a corrupted count such as 2147483647 must not become an OutOfMemoryError).
     */
    private int count(String key) throws ModelFormatException {
        int n = getInt(key + ".count");
        if (n < 0) {
            throw error(entry(key + ".count").line(), "expected a count >= 0 for '" + key + ".count', found " + n);
        }
        if (n > entries.size()) {
            throw error(entry(key + ".count").line(), "'" + key + ".count' is " + n + " but the file has only "
                    + entries.size() + " keys");
        }
        return n;
    }

    private Entry entry(String key) throws ModelFormatException {
        Entry e = entries.get(key);
        if (e == null) {
            throw new ModelFormatException(fileName + ": missing key '" + key + "'");
        }
        return e;
    }

    private double parseDouble(String s, String key, int line) throws ModelFormatException {
        try {
            // parseDouble also accepts trailing 'd'/'f' and surrounding blanks; reject those.
            char last = s.isEmpty() ? ' ' : s.charAt(s.length() - 1);
            if (Character.isLetter(last) && last != 'y' && last != 'N' || !s.equals(s.strip())) {
                throw new NumberFormatException(s);
            }
            return Double.parseDouble(s);
        } catch (NumberFormatException x) {
            throw error(line, "expected a number for '" + key + "', found '" + s + "'");
        }
    }

    /**
     * An error about this file as a whole: "FILE: message". For checks a model reader makes itself
     * (arrays that do not fit together, a value out of range).
     */
    public ModelFormatException formatError(String message) {
        return new ModelFormatException(fileName + ": " + message);
    }

    /**
     * An error about one key: "FILE line N: message" (without the line when the key is absent).
     */
    public ModelFormatException formatError(String key, String message) {
        Entry e = entries.get(key);
        return e == null ? formatError(message) : error(e.line(), message);
    }

    private ModelFormatException error(int line, String message) {
        return line <= 0 ? formatError(message) : new ModelFormatException(fileName + " line " + line + ": " + message);
    }

    /**
     * Starts a copy of this file in the layout of a newer version of its type: the step a codec's
     * {@link ModelCodec#upgrade} takes from one version to the next. Renamed keys keep their line
     * numbers for error messages; keys added by the step have none.
     *
     * @throws IllegalArgumentException when {@code newVersion} is not newer than this file's version
     */
    public Rewrite rewrite(int newVersion) {
        if (newVersion <= version) {
            throw new IllegalArgumentException("a rewrite goes to a newer version than " + version + ", got "
                    + newVersion);
        }
        return new Rewrite(this, newVersion);
    }

    /**
     * One upgrade step of a model file from one layout version to the next: renames, moves and added
     * keys, then {@link #build}. Mutable, used once.
     */
    public static final class Rewrite {
        private final ModelFile from;
        private final int version;
        private final LinkedHashMap<String, Entry> entries;

        private Rewrite(ModelFile from, int version) {
            this.from = from;
            this.version = version;
            this.entries = new LinkedHashMap<>(from.entries);
        }

        /** True when the key is present (in the file as rewritten so far). */
        public boolean has(String key) {
            return entries.containsKey(key);
        }

        /** The file as read, for typed access to its values. */
        public ModelFile original() {
            return from;
        }

        /** Renames a key when present (its value and line stay). */
        public Rewrite rename(String from, String to) throws ModelFormatException {
            Entry e = entries.remove(from);
            if (e != null) {
                putEntry(to, e);
            }
            return this;
        }

        /**
         * Renames every key starting with {@code from} to start with {@code to} instead ({@code to} may be
         * empty: the prefix is dropped).
         */
        public Rewrite renamePrefix(String from, String to) throws ModelFormatException {
            for (String key : List.copyOf(entries.keySet())) {
                if (key.startsWith(from)) {
                    putEntry(to + key.substring(from.length()), entries.remove(key));
                }
            }
            return this;
        }

        /** Sets a key that the older layout did not have (no line number). */
        public Rewrite put(String key, String value) throws ModelFormatException {
            if (!ModelFileWriter.KEY.matcher(key).matches()) {
                throw new IllegalArgumentException("bad key '" + key + "'");
            }
            return putEntry(key, new Entry(value, 0));
        }

        /** Sets a key to a new value, keeping the line of {@code lineOf} for messages. */
        public Rewrite replace(String lineOf, String key, String value) throws ModelFormatException {
            Entry old = entries.remove(lineOf);
            return putEntry(key, new Entry(value, old == null ? 0 : old.line()));
        }

        /** Removes a key when present. */
        public Rewrite remove(String key) {
            entries.remove(key);
            return this;
        }

        private Rewrite putEntry(String key, Entry e) throws ModelFormatException {
            Entry clash = entries.putIfAbsent(key, e);
            if (clash != null) {
                throw new ModelFormatException(from.fileName + ": key '" + key + "' of the version " + version
                        + " layout is already present (line " + clash.line() + ") in this version " + from.version
                        + " file");
            }
            return this;
        }

        /** The file in the newer layout. */
        public ModelFile build() {
            return new ModelFile(from.fileName, version, from.type, entries);
        }
    }

    private static String[] tokens(String value) {
        String s = value.strip();
        return s.isEmpty() ? new String[0] : s.split("\\s+");
    }

    @Override
    public String toString() {
        return "ModelFile(" + fileName + ", type=" + type + ", version=" + version + ", keys=" + entries.size() + ")";
    }
}
