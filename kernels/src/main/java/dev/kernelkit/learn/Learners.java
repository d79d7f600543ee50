package dev.kernelkit.learn;

import dev.kernelkit.data.Bag;
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
 * writes mi-SVM and MI-SVM for two methods).
 */
public final class Learners {
    private Learners() {
    }

    /**
     * Every learner, module by module.
     *
     * @throws IllegalStateException when two catalogs register the same name
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
     * The bag learner of this name, typed.
     *
     * @throws IllegalArgumentException when there is none, or it learns from vectors
     */
    @SuppressWarnings("unchecked")
    public static Learner<Bag> bags(String name) {
        return (Learner<Bag>) find(name, InputKind.BAGS);
    }

    private static Learner<?> find(String name, InputKind input) {
        Learner<?> l = find(name);
        if (l.input() != input) {
            throw new IllegalArgumentException("learner '" + name + "' learns from " + l.input().label() + ", not "
                    + input.label());
        }
        return l;
    }
}
