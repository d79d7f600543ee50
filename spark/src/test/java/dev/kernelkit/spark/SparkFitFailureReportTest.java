package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.kernelkit.cli.Main;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.FoldFailedException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A fit that fails every Spark attempt, as the command line reports it: the run's
 * {@link FoldFailedException} goes through kernelkit's own exception handling ({@link Main#commandLine})
 * and comes out as one error line naming the learner, the split, the point and the fit's message, with
 * the exit code of a failed fit, and no "internal error" or stack trace.
 */
class SparkFitFailureReportTest {
    private final SparkSession spark = SharedSpark.session();

    /** A command that throws what it is given, as a command whose run failed. */
    @CommandLine.Command(name = "failing")
    static final class Failing implements Callable<Integer> {
        private final RuntimeException failure;

        Failing(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        public Integer call() {
            throw failure;
        }
    }

    @Test
    void aFitFailingEveryAttemptIsOneErrorLineNamingLearnerSplitAndMessage() {
        LabeledDataset data = SyntheticData.twoMoons(45, 0.25, 6);
        Throwable thrown = catchThrowable(() -> SparkFitEngine.run(spark, new InjectedFailureProtocol(3, true), data));
        assertThat(thrown).isInstanceOf(FoldFailedException.class);

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        cl.addSubcommand("failing", new Failing((FoldFailedException) thrown));
        int code = cl.execute("failing");

        assertThat(code).isEqualTo(Main.BAD_INPUT);
        String line = err.toString().strip();
        assertThat(line).doesNotContain("\n").doesNotContain("internal error")
                .startsWith("kernelkit: error: fold " + (((FoldFailedException) thrown).foldIndex() + 1) + ": svm: outer split "
                        + ((FoldFailedException) thrown).foldIndex() + ", ")
                .contains("point candidate=")
                .contains(InjectedFailureProtocol.MESSAGE)
                .endsWith("(failed on every attempt)");
        assertThat(out.toString()).isEmpty();
    }
}
