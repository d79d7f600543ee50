package dev.kernelkit.data;

/**
 * What a learner reads: single vectors (one {@link dev.kernelkit.data.Vec} per example) or bags of
 * instance vectors (one {@link dev.kernelkit.data.Bag} per example, multi-instance learning). The
 * command line picks the reader of a data file by the kind a model or learner declares.
 */
public enum InputKind {
    /** One vector per example ({@link dev.kernelkit.data.LabeledDataset}). */
    VECTORS("vectors"),
    /** One bag of instance vectors per example ({@link dev.kernelkit.data.BagDataset}). */
    BAGS("bags");

    private final String label;

    InputKind(String label) {
        this.label = label;
    }

    /** The lower-case name used in messages and model files ({@code vectors}, {@code bags}). */
    public String label() {
        return label;
    }

    /**
     * The kind named by {@link #label()}.
     *
     * @throws IllegalArgumentException for any other name
     */
    public static InputKind parse(String name) {
        for (InputKind k : values()) {
            if (k.label.equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("input kind must be 'vectors' or 'bags', got '" + name + "'");
    }
}
