package dev.kernelkit.it.weka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.testing.RealData;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The long ours-vs-Weka comparison ({@link WekaComparison}) as an opt-in JUnit entry, so it runs
 * from a clean clone without installing anything:
 *
 * <pre>
 * KERNELKIT_DATA=/path/to/shared/data mvn -B -pl integration-tests -am verify \
 *   -Dtest=WekaComparisonRun -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dkernelkit.weka.compare=musk1,elephant,fox,tiger -Dkernelkit.weka.repeats=1 \
 *   -Dkernelkit.weka.seed=1 -Dkernelkit.weka.out=/tmp/weka-compare
 * </pre>
 *
 * Optional: {@code -Dkernelkit.weka.folds=10}, {@code -Dkernelkit.weka.methods=mikernel,weka-MISMO}
 * (default all of {@link WekaComparison#ALL}), {@code -Dkernelkit.weka.bestOnTest=false} (default
 * true: also every Weka gamma fixed on the test folds). Skipped unless
 * {@code kernelkit.weka.compare} is set; takes minutes to hours.
 */
@EnabledIfSystemProperty(named = "kernelkit.weka.compare", matches = ".+")
class WekaComparisonRun {

    @Test
    void oursAgainstWekaOnIdenticalFolds() throws Exception {
        List<String> sets = List.of(System.getProperty("kernelkit.weka.compare").split(","));
        Path any = RealData.file(sets.get(0) + "/" + sets.get(0) + ".csv");
        Path dataDir = any.getParent().getParent();
        String methods = System.getProperty("kernelkit.weka.methods", "all");
        String out = System.getProperty("kernelkit.weka.out");
        JsonSummary all = WekaComparison.runAll(dataDir, sets,
                Integer.getInteger("kernelkit.weka.folds", 10), Integer.getInteger("kernelkit.weka.repeats", 1),
                Long.getLong("kernelkit.weka.seed", 1L),
                methods.equals("all") ? WekaComparison.ALL : List.of(methods.split(",")),
                Boolean.parseBoolean(System.getProperty("kernelkit.weka.bestOnTest", "true")),
                out == null ? null : Path.of(out), new PrintWriter(System.out, true));
        assertThat(all.keys()).containsExactlyElementsOf(sets);
    }
}
