package dev.kernelkit.learn;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The catalog of every learner on the class path: each module's {@link LearnerCatalog}, found by
 * {@link ServiceLoader}. Names are unique (case-sensitive, since the multi-instance literature
 * writes mi-SVM and MI-SVM for two methods). A learner may also answer to {@link Learner#aliases()}
 * among the learners of its input kind, so that one method name means the vector learner on vectors
 * and the bag learner on bags ({@code cvm} is {@code bag-cvm} on bag data): {@link #find(String,
 * InputKind)}, {@link #vectors} and {@link #bags} resolve them; {@link #find(String)} takes names only.
 */
public final class Learners {
    private Learners() {
    }

    /**
     * Every learner, module by module.
     *
     * @throws IllegalStateException when two catalogs register the same name, or an alias is the name or
     *         alias of another learner of the same input kind
     */
    public static List<Learner<?>> all() {
        Map<String, Learner<?>> byName = new LinkedHashMap<>();
        for (LearnerCatalog catalog : ServiceLoader.load(LearnerCatalog.class, Learners.class.getClassLoader())) {
            for (Learner<?> l : catalog.learners()) {
                Learner<?> old = byName.putIfAbsent(l.name(), l);
                if (old != null) {
                    throw new IllegalStateException("two learners are named '" + l.name() + "': "
                            + old.getClass().getName() + " and " + l.getClass().getName());
                }
            }
        }
        Map<String, Learner<?>> byKindAndName = new LinkedHashMap<>();
        for (Learner<?> l : byName.values()) {
            byKindAndName.put(l.input().label() + "/" + l.name(), l);
        }
        for (Learner<?> l : byName.values()) {
            for (String alias : l.aliases()) {
                Learner<?> old = byKindAndName.putIfAbsent(l.input().label() + "/" + alias, l);
                if (old != null && old != l) {
                    throw new IllegalStateException("learner '" + l.name() + "' has the alias '" + alias
                            + "', which already means '" + old.name() + "' on " + l.input().label());
                }
            }
        }
        return List.copyOf(byName.values());
    }

    /** The learners of one input kind. */
    public static List<Learner<?>> all(InputKind input) {
        List<Learner<?>> out = new ArrayList<>();
        for (Learner<?> l : all()) {
            if (l.input() == input) {
                out.add(l);
            }
        }
        return out;
    }

    /**
     * The learner of this name.
     *
     * @throws IllegalArgumentException naming the known learners when there is none
     */
    public static Learner<?> find(String name) {
        for (Learner<?> l : all()) {
            if (l.name().equals(name)) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown learner '" + name + "'; known: "
                + all().stream().map(Learner::name).collect(Collectors.joining(", ")));
    }

    /**
     * The vector learner of this name, typed.
     *
     * @throws IllegalArgumentException when there is none, or it learns from bags
     */
    @SuppressWarnings("unchecked")
    public static Learner<Vec> vectors(String name) {
        return (Learner<Vec>) find(name, InputKind.VECTORS);
    }

    /**
     * The bag learner of this name or alias, typed.
     *
     * @throws IllegalArgumentException when there is none, or it learns from vectors
     */
    @SuppressWarnings("unchecked")
    public static Learner<Bag> bags(String name) {
        return (Learner<Bag>) find(name, InputKind.BAGS);
    }

    /**
     * The learner a name means on data of one input kind: the learner of that name when it reads that
     * kind, else the learner of that kind with that alias ({@link Learner#aliases()}).
     *
     * @throws IllegalArgumentException when there is none: naming the learners of that kind, or saying
     *         that the learner of this name learns from the other kind
     */
    public static Learner<?> find(String name, InputKind input) {
        List<Learner<?>> all = all();
        Learner<?> other = null;
        for (Learner<?> l : all) {
            if (l.name().equals(name)) {
                if (l.input() == input) {
                    return l;
                }
                other = l;
            }
        }
        for (Learner<?> l : all) {
            if (l.input() == input && l.aliases().contains(name)) {
                return l;
            }
        }
        if (other != null) {
            throw new IllegalArgumentException("learner '" + name + "' learns from " + other.input().label() + ", not "
                    + input.label());
        }
        throw new IllegalArgumentException("unknown learner '" + name + "' for " + input.label() + "; known: "
                + all.stream().filter(l -> l.input() == input).map(Learners::describeName)
                        .collect(Collectors.joining(", ")));
    }

    /** "bag-cvm (cvm)": a name and its aliases. */
    private static String describeName(Learner<?> l) {
        return l.aliases().isEmpty() ? l.name() : l.name() + " (" + String.join(", ", l.aliases()) + ")";
    }
}
