package dev.kernelkit.data;

import java.util.List;
import java.util.Objects;

/**
 * A multi-instance bag: a named, non-empty set of instances of one dimension. Immutable.
 */
public final class Bag {
    private final String id;
    private final List<Vec> instances;

    /**
     * @throws IllegalArgumentException for an empty bag or instances of different dimensions
     */
    public Bag(String id, List<? extends Vec> instances) {
        this.id = Objects.requireNonNull(id, "id");
        Objects.requireNonNull(instances, "instances");
        if (instances.isEmpty()) {
            throw new IllegalArgumentException("bag '" + id + "' has no instances");
        }
        int d = instances.get(0).dim();
        for (int i = 1; i < instances.size(); i++) {
            if (instances.get(i).dim() != d) {
                throw new IllegalArgumentException("bag '" + id + "': instance " + i + " has dimension "
                        + instances.get(i).dim() + ", expected " + d);
            }
        }
        this.instances = List.copyOf(instances);
    }

    /** The bag's name as read from the file (or given). */
    public String id() {
        return id;
    }

    /** The instances, unmodifiable. */
    public List<Vec> instances() {
        return instances;
    }

    /** Number of instances n_i (at least 1). */
    public int size() {
        return instances.size();
    }

    /** Instance p. */
    public Vec instance(int p) {
        return instances.get(p);
    }

    /** Dimension of the instances. */
    public int dim() {
        return instances.get(0).dim();
    }

    @Override
    public String toString() {
        return "Bag(" + id + ", " + size() + " instances, d=" + dim() + ")";
    }
}
