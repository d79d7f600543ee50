package dev.kernelkit.eval;

import java.util.List;

/**
 * The CSV of {@code kernelkit predict --probability/--decisions}, one definition for every engine: the header
 * {@code prediction,p_<class>,…} then {@code decision} (two classes) or {@code d_<class>,…}, and one row per
 * example with the predicted class name, its probabilities in class order and its decision values, each number
 * as {@link Double#toString}.
 */
public final class PredictionsCsv {
    private PredictionsCsv() {
    }

    /** The header line (with its newline) for a model of these class names. */
    public static String header(List<String> classNames, boolean probabilities, boolean decisions) {
        StringBuilder sb = new StringBuilder("prediction");
        if (probabilities) {
            for (String c : classNames) {
                sb.append(",p_").append(c);
            }
        }
        if (decisions) {
            if (classNames.size() == 2) {
                sb.append(",decision");
            } else {
                for (String c : classNames) {
                    sb.append(",d_").append(c);
                }
            }
        }
        return sb.append('\n').toString();
    }

    /**
     * Appends one example's row (with its newline).
     *
     * @param probabilities the class probabilities in class order, or null when not written
     * @param decisions the decision values, or null when not written
     */
    public static void appendRow(StringBuilder sb, String prediction, double[] probabilities, double[] decisions) {
        sb.append(prediction);
        for (double[] row : new double[][] {probabilities, decisions}) {
            if (row != null) {
                for (double v : row) {
                    sb.append(',').append(v);
                }
            }
        }
        sb.append('\n');
    }
}
