package dev.kernelkit.cli.mi;

import dev.kernelkit.mi.MiProtocol;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Parsing and checking of the sparse-mi option values shared by several sub-commands: enum names and the (gamma, C) grids. */
final class MiOptionValues {
    private MiOptionValues() {
    }

    /**
     * The constant of {@code type} named {@code value} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the option, the value and the accepted names
     */
    static <E extends Enum<E>> E enumValue(Class<E> type, String option, String value) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(value)) {
                return e;
            }
        }
        throw new IllegalArgumentException(option + ": unknown value '" + value + "'; expected one of "
                + Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", ")));
    }

    /**
     * The gammas to search: the fixed {@code --gamma} alone, else {@code --gamma-grid} (gamma times the feature
     * count) divided by {@code dim}, else the protocol's default grid.
     *
     * @throws IllegalArgumentException for a grid value that is not positive
     */
    static double[] gammas(Double gamma, double[] gammaGrid, int dim) {
        if (gamma != null) {
            return new double[] {gamma};
        }
        if (gammaGrid == null) {
            return MiProtocol.defaultGammas(dim);
        }
        double[] g = new double[gammaGrid.length];
        for (int i = 0; i < g.length; i++) {
            if (!(gammaGrid[i] > 0) || !Double.isFinite(gammaGrid[i])) {
                throw new IllegalArgumentException("--gamma-grid values must be > 0, got " + gammaGrid[i]);
            }
            g[i] = gammaGrid[i] / dim;
        }
        return g;
    }

    /**
     * The Cs to search: the fixed {@code --c} alone, else {@code --c-grid}, else the protocol's default grid.
     *
     * @throws IllegalArgumentException for a grid value that is not positive
     */
    static double[] cs(Double c, double[] cGrid) {
        if (c != null) {
            return new double[] {c};
        }
        if (cGrid == null) {
            return MiProtocol.defaultCs();
        }
        for (double v : cGrid) {
            if (!(v > 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException("--c-grid values must be > 0, got " + v);
            }
        }
        return cGrid.clone();
    }
}
