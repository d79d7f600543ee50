package dev.kernelkit.blas;

import dev.kernelkit.gram.GramProduct;

/**
 * The {@link java.util.ServiceLoader} entry for {@link OpenBlasGramProduct}; loading fails (and kernels falls back to
 * its Java tile) when the native library does not load on this platform.
 */
public final class OpenBlasProvider implements GramProduct.Provider {
    /** Called by ServiceLoader; loads nothing yet. */
    public OpenBlasProvider() {
    }

    @Override
    public String name() {
        return OpenBlasGramProduct.NAME;
    }

    @Override
    public GramProduct load() {
        return OpenBlasGramProduct.load();
    }
}
