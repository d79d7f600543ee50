package dev.kernelkit.gram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Chooses the {@link GramProduct} of {@link GramBuilder}: {@code java} (the built-in tile), {@code native} (the
 * first {@link GramProduct.Provider} that loads, an error when none does) or {@code auto} (native when one loads,
 * otherwise the tile), from the system property {@value #PROPERTY} (default {@code auto}; the command line's
 * {@code --gram-product} sets it).
 */
public final class GramProducts {
    /** The system property naming the mode: java, native or auto. */
    public static final String PROPERTY = "kernelkit.gram.product";

    /** The pure-Java tile: packed feature-major panels, 4-row SIMD multiply-adds summed in index order. */
    public static final GramProduct JAVA = new JavaTileProduct();

    private static final ConcurrentMap<String, Selection> CACHE = new ConcurrentHashMap<>();

    private GramProducts() {
    }

    /**
     * The product chosen and why.
     *
     * @param product the product used
     * @param mode the mode asked for (java, native, auto)
     * @param note why a native product is not used ("" when it is, or when java was asked for)
     */
    public record Selection(GramProduct product, String mode, String note) {
        /** The product's name, e.g. {@code openblas} or {@code java-tile}. */
        public String name() {
            return product.name();
        }
    }

    /** The product for the mode in {@value #PROPERTY} (auto when unset), loaded once per mode. */
    public static GramProduct selected() {
        return selection().product();
    }

    /** {@link #selected()} with the mode and the reason for a fallback. */
    public static Selection selection() {
        return select(System.getProperty(PROPERTY, "auto"));
    }

    /**
     * The selection for the mode in {@value #PROPERTY} if a builder (or anyone) has already made it in this JVM, without
     * loading anything: reports use it to say which product the Gram matrices of a run used.
     */
    public static java.util.Optional<Selection> current() {
        String m = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
        return java.util.Optional.ofNullable(CACHE.get(m));
    }

    /**
     * The product for a mode, loaded once per mode.
     *
     * @throws IllegalArgumentException for a mode other than java, native, auto, or for native when no provider
     *         loads (the message says why)
     */
    public static Selection select(String mode) {
        String m = mode == null ? "auto" : mode.trim().toLowerCase(Locale.ROOT);
        if (!m.equals("java") && !m.equals("native") && !m.equals("auto")) {
            throw new IllegalArgumentException("gram product (" + PROPERTY + ", --gram-product) must be java, native or auto, got '"
                    + mode + "'");
        }
        Selection s = CACHE.computeIfAbsent(m, GramProducts::load);
        if (m.equals("native") && s.product() == JAVA) {
            throw new IllegalArgumentException("gram product native: " + s.note());
        }
        return s;
    }

    private static Selection load(String mode) {
        if (mode.equals("java")) {
            return new Selection(JAVA, mode, "");
        }
        return loadFrom(providers(), mode);
    }

    /** The first provider in the list that loads, or the tile with the reasons the others did not. */
    static Selection loadFrom(List<GramProduct.Provider> providers, String mode) {
        List<String> failures = new ArrayList<>();
        for (GramProduct.Provider p : providers) {
            try {
                GramProduct product = p.load();
                if (product != null) {
                    return new Selection(product, mode, "");
                }
                failures.add(p.name() + " returned no product");
            } catch (RuntimeException | LinkageError e) {
                failures.add(p.name() + " did not load (" + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("")) + ")");
            }
        }
        String note = failures.isEmpty() ? "no native product on the class path (module kernelkit-blas)"
                : String.join("; ", failures);
        return new Selection(JAVA, mode, note);
    }

    private static List<GramProduct.Provider> providers() {
        List<GramProduct.Provider> list = new ArrayList<>();
        try {
            for (GramProduct.Provider p : ServiceLoader.load(GramProduct.Provider.class, GramProducts.class.getClassLoader())) {
                list.add(p);
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            // a provider class that cannot even be instantiated (its library's classes missing) counts as absent
        }
        return list;
    }

    /** {@link GramBuilder}'s own tile as a {@link GramProduct}; the builder runs its fused tile loop directly. */
    private static final class JavaTileProduct implements GramProduct {
        @Override
        public String name() {
            return "java-tile";
        }

        @Override
        public Operand pack(double[] rows, int n, int d) {
            checkRows(rows, n, d);
            return new Panels(GramBuilder.panels(rows, n, d), n, d);
        }

        @Override
        public void products(Operand a, int i0, int ni, Operand b, int j0, int nj, double[][] c) {
            Panels pa = (Panels) a, pb = (Panels) b;
            double[][] tile = new double[4][GramBuilder.PANEL];
            // rows in groups of 4 aligned within their panel (dotTile's unit), columns panel by panel
            for (int g4 = i0 - i0 % 4; g4 < i0 + ni; g4 += 4) {
                double[][] rowsPanel = pa.x[g4 / GramBuilder.PANEL];
                for (int j = 0; j < nj; ) {
                    int gj = j0 + j, from = gj % GramBuilder.PANEL;
                    int to = Math.min(GramBuilder.PANEL, from + nj - j);
                    GramBuilder.dotTile(rowsPanel, g4 % GramBuilder.PANEL, 4, pb.x[gj / GramBuilder.PANEL], from, to,
                            pa.d, tile, GramBuilder.FUSED);
                    for (int q = 0; q < 4; q++) {
                        int r = g4 + q - i0;
                        if (r >= 0 && r < ni) {
                            System.arraycopy(tile[q], from, c[r], j, to - from);
                        }
                    }
                    j += to - from;
                }
            }
        }

        @Override
        public String toString() {
            return name();
        }
    }

    static void checkRows(double[] rows, int n, int d) {
        if (n < 0 || d < 0 || rows.length < (long) n * d) {
            throw new IllegalArgumentException("rows must hold n d = " + ((long) n * d) + " values (n " + n + ", d " + d
                    + "), got " + rows.length);
        }
    }

    /** Feature-major panels of the Java tile. */
    private record Panels(double[][][] x, int n, int d) implements GramProduct.Operand {
        @Override
        public int size() {
            return n;
        }

        @Override
        public int dimension() {
            return d;
        }

        @Override
        public void close() {
        }
    }
}
