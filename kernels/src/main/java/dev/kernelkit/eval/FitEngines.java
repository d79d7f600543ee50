package dev.kernelkit.eval;

import dev.kernelkit.data.Dataset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The fit engines of this JVM by name: "local" (this machine, always there) and those of the
 * {@link FitEngineProvider}s on the class path (e.g. "spark" from kernelkit-spark).
 */
public final class FitEngines {
    /** The name of the one-machine engine. */
    public static final String LOCAL = "local";

    private FitEngines() {
    }

    /** The one-machine engine: the selection run as it is, on this JVM's threads. */
    public static CatalogEngine local() {
        return LOCAL_ENGINE;
    }

    /**
     * The engine of that name, opened with the options.
     *
     * @throws FitEngineUnavailableException when no provider of that name is on the class path, or its
     *         libraries are missing
     * @throws IllegalArgumentException for options the engine refuses (the local engine takes none)
     */
    public static CatalogEngine named(String name, Map<String, String> options) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(options, "options");
        if (name.equals(LOCAL)) {
            if (!options.isEmpty()) {
                throw new IllegalArgumentException("the local engine takes no options, got " + options.keySet());
            }
            return local();
        }
        List<String> known = new ArrayList<>(List.of(LOCAL));
        try {
            for (FitEngineProvider p : ServiceLoader.load(FitEngineProvider.class)) {
                if (p.name().equals(name)) {
                    return p.open(options);
                }
                known.add(p.name());
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            throw new FitEngineUnavailableException(name, "fit engine '" + name + "' cannot start here: " + e, e);
        }
        throw new FitEngineUnavailableException(name, "no fit engine '" + name + "' on the class path (engines here: "
                + String.join(", ", known) + ")", null);
    }

    private static final CatalogEngine LOCAL_ENGINE = new LocalCatalogEngine();

    /** This machine. */
    private static final class LocalCatalogEngine implements CatalogEngine {

        @Override
        public String name() {
            return LOCAL;
        }

        @Override
        public Optional<String> master() {
            return Optional.empty();
        }

        @Override
        public <X> Evaluation run(CatalogRecipe recipe, ModelSelection<X> selection, Dataset<X> data) {
            return selection.run(data);
        }

        @Override
        public <X> Evaluation run(SelectionRecipe recipe, ModelSelection<X> selection, Dataset<X> data) {
            return selection.run(data);
        }

        @Override
        public Optional<Usage> usage() {
            return Optional.empty();
        }

        @Override
        public void close() {
        }

        @Override
        public String toString() {
            return "local catalog engine";
        }
    }
}
