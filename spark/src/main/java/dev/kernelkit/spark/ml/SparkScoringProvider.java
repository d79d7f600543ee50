package dev.kernelkit.spark.ml;

import dev.kernelkit.eval.ScoringEngineProvider;
import java.nio.file.Path;
import java.util.Map;

/**
 * The "spark" scoring engine ({@code kernelkit predict --engine spark}, {@link SparkScoring}). This class touches
 * no Spark class itself, so that it loads without Spark and the missing library shows when it scores.
 */
public final class SparkScoringProvider implements ScoringEngineProvider {
    /** For {@link java.util.ServiceLoader}. */
    public SparkScoringProvider() {
    }

    @Override
    public String name() {
        return "spark";
    }

    /** See {@link SparkScoring#score}. */
    @Override
    public Scores score(String modelText, boolean dense, Path data, Path output, Columns columns,
                        Map<String, String> options) {
        return SparkScoring.score(modelText, dense, data, output, columns, options);
    }
}
