package dev.kernelkit.spark.cvm;

import dev.kernelkit.cvm.CvmEngineProvider;
import java.util.Map;

/**
 * The "spark" cvm engine ({@code kernelkit cvm train --engine spark}, {@link SparkCvmTraining}). This class touches
 * no Spark class itself, so that it loads without Spark and the missing library shows when it trains.
 */
public final class SparkCvmProvider implements CvmEngineProvider {
    /** For {@link java.util.ServiceLoader}. */
    public SparkCvmProvider() {
    }

    @Override
    public String name() {
        return "spark";
    }

    /** See {@link SparkCvmTraining#train}. */
    @Override
    public Run train(Request request, Map<String, String> options) {
        return SparkCvmTraining.train(request, options);
    }
}
