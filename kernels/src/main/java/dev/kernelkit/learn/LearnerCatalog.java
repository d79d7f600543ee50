package dev.kernelkit.learn;

import java.util.List;

/**
 * A module's list of learners, found by {@link java.util.ServiceLoader}: a module registers its
 * catalog in {@code META-INF/services/dev.kernelkit.learn.LearnerCatalog}.
 */
public interface LearnerCatalog {

    /** The module's learners, in the order they should be listed. */
    List<Learner<?>> learners();
}
