package dev.kernelkit.mi;

import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import java.util.Arrays;
import java.util.List;

/** Reading helpers shared by the model codecs of this module; every failure names the file, line and key. */
final class MiCodecs {
    private MiCodecs() {
    }

    /** A vector kernel specification ({@link Kernels#parse}). */
    static Kernel<Vec> kernel(ModelFile f, String key) throws ModelFormatException {
        try {
            return Kernels.parse(f.getString(key));
        } catch (IllegalArgumentException e) {
            throw f.formatError(key, "invalid kernel for '" + key + "': " + e.getMessage());
        }
    }

    /** The constant of {@code type} named by the value. */
    static <E extends Enum<E>> E enumValue(ModelFile f, String key, Class<E> type) throws ModelFormatException {
        String v = f.getString(key);
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(v)) {
                return e;
            }
        }
        throw f.formatError(key, "expected one of " + Arrays.toString(type.getEnumConstants()) + " for '" + key
                + "', found '" + v + "'");
    }

    /** The input dimension {@code dim}, &ge; 0. */
    static int dim(ModelFile f) throws ModelFormatException {
        return count(f, "dim");
    }

    /** An int value that must be &ge; 0. */
    static int count(ModelFile f, String key) throws ModelFormatException {
        int n = f.getInt(key);
        if (n < 0) {
            throw f.formatError(key, "expected a value >= 0 for '" + key + "', found " + n);
        }
        return n;
    }

    /** A vector list whose vectors all have dimension {@code dim}. */
    static List<Vec> vecs(ModelFile f, String key, int dim) throws ModelFormatException {
        List<Vec> v = f.getVecs(key);
        for (int i = 0; i < v.size(); i++) {
            if (v.get(i).dim() != dim) {
                throw f.formatError(key + "." + i, "expected dimension " + dim + " for '" + key + "." + i + "', found "
                        + v.get(i).dim());
            }
        }
        return v;
    }

    /** One row of doubles per machine, {@code key.c} for c &lt; machines, each of the given length. */
    static double[][] rows(ModelFile f, String key, int machines, int length) throws ModelFormatException {
        double[][] out = new double[machines][];
        for (int c = 0; c < machines; c++) {
            out[c] = f.getDoubles(key + "." + c, length);
        }
        return out;
    }
}
