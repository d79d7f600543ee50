package dev.kernelkit.svm;

import java.util.Locale;

/**
 * What {@link Svm#fit} does with equal training points of one class (the same non-zero entries,
 * {@link dev.kernelkit.data.EqualPoints}).
 *
 * <ul>
 *   <li>{@link #MERGE} (default): one dual variable per group, with the group's summed cost. Equal points of one
 *       class have equal rows of Q and enter the dual only through the sum of their multipliers, each bounded by its
 *       own C_i, so the merged problem has the same optimal objective and decision function (hinge: bound
 *       sum C_i; squared hinge: diagonal term 1/(2 sum C_i), the least of sum_i a_i^2/(2 C_i) over splits of the
 *       sum). The SMO path differs, so the model agrees with {@link #KEEP}'s to the solver's tolerance, not bit for
 *       bit, and lists each support vector once. KDD-99's 200,000 training points are 66,172 distinct ones.</li>
 *   <li>{@link #KEEP}: a dual variable per point, as LIBSVM (and kernelkit before merging existed).</li>
 * </ul>
 */
public enum SvmDuplicates {
    MERGE,
    KEEP;

    /** The lower-case name used on the command line and in parameters. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The value of a command-line name (case ignored).
     *
     * @throws IllegalArgumentException naming the value and the choices
     */
    public static SvmDuplicates parse(String text) {
        return parse(text, "duplicates");
    }

    /**
     * The value of a command-line name (case ignored), an error naming {@code option} otherwise.
     *
     * @throws IllegalArgumentException "OPTION must be merge or keep, got 'TEXT'"
     */
    public static SvmDuplicates parse(String text, String option) {
        for (SvmDuplicates d : values()) {
            if (d.cliName().equalsIgnoreCase(text.strip())) {
                return d;
            }
        }
        throw new IllegalArgumentException(option + " must be merge or keep, got '" + text + "'");
    }
}
