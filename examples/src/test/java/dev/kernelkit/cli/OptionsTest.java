package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.cli.CliEnums.DataFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class OptionsTest {

    /** Validates all mixins; the test reads the parsed values from its fields. */
    @Command(name = "probe", mixinStandardHelpOptions = true)
    static final class Probe implements Callable<Integer> {
        @Mixin Options.Input input;
        @Mixin Options.TestInput testInput;
        @Mixin Options.Scale scale;
        @Mixin Options.SvmParameters svm;
        @Mixin Options.Validation validation;
        @Mixin Options.Json json;

        @Override
        public Integer call() {
            input.validate();
            testInput.validate();
            svm.validate();
            validation.validate();
            return 0;
        }
    }

    @Test
    void validValuesParse(@TempDir Path dir) throws Exception {
        Path data = Files.writeString(dir.resolve("train.libsvm"), "+1 1:0.5\n");
        Probe probe = new Probe();
        CliRun r = CliRun.run(probe, "probe", "--data", data.toString(), "--scale", "log1p-minmax", "--gamma", "0.5",
                "--c", "10", "--loss", "squared-hinge", "--folds", "3", "--repeats", "2", "--seed", "7", "--format", "ARFF");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(probe.scale.scaling()).isEqualTo(dev.kernelkit.data.FeatureScaling.LOG1P_MINMAX);
        assertThat(probe.svm.gamma()).hasValue(0.5);
        assertThat(probe.svm.c()).hasValue(10.0);
        assertThat(probe.svm.loss()).isEqualTo(CliEnums.Loss.SQUARED_HINGE);
        assertThat(probe.validation.folds()).isEqualTo(3);
        assertThat(probe.validation.repeats()).isEqualTo(2);
        assertThat(probe.validation.seed()).isEqualTo(7L);
        assertThat(probe.input.formatOf(data)).isEqualTo(DataFormat.ARFF);
    }

    @Test
    void formatDefaultsToTheFileExtension() {
        assertThat(DataFormat.forFile(Path.of("musk1.csv"))).isEqualTo(DataFormat.CSV_BAGS);
        assertThat(DataFormat.forFile(Path.of("elephant.ARFF"))).isEqualTo(DataFormat.ARFF);
        assertThat(DataFormat.forFile(Path.of("a9a.t.libsvm"))).isEqualTo(DataFormat.LIBSVM);
        assertThat(DataFormat.forFile(Path.of("a9a"))).isEqualTo(DataFormat.LIBSVM);
    }

    @Test
    void outOfRangeValuesExitWith1NamingOptionAndValue(@TempDir Path dir) throws Exception {
        Path data = Files.writeString(dir.resolve("train.libsvm"), "+1 1:0.5\n");
        String d = data.toString();
        assertThat(CliRun.run(new Probe(), "probe", "--data", d, "--c", "-1"))
                .isEqualTo(new CliRun(1, "", "kernelkit: error: --c must be > 0 and finite, got -1.0" + System.lineSeparator()));
        assertThat(CliRun.run(new Probe(), "probe", "--data", d, "--gamma", "NaN").err())
                .isEqualTo("kernelkit: error: --gamma must be > 0 and finite, got NaN" + System.lineSeparator());
        assertThat(CliRun.run(new Probe(), "probe", "--data", d, "--folds", "1").err())
                .isEqualTo("kernelkit: error: --folds must be >= 2, got 1" + System.lineSeparator());
        assertThat(CliRun.run(new Probe(), "probe", "--data", d, "--repeats", "0").err())
                .isEqualTo("kernelkit: error: --repeats must be >= 1, got 0" + System.lineSeparator());
        assertThat(CliRun.run(new Probe(), "probe", "--data", d, "--gamma", "1", "--kernel", "linear").err())
                .startsWith("kernelkit: error: give either --kernel or --gamma, not both");
        Path missing = dir.resolve("nope.libsvm");
        assertThat(CliRun.run(new Probe(), "probe", "--data", missing.toString()).err())
                .isEqualTo("kernelkit: error: --data: no such file: " + missing + System.lineSeparator());
        assertThat(CliRun.run(new Probe(), "probe", "--data", dir.toString()).err())
                .isEqualTo("kernelkit: error: --data: not a regular file: " + dir + System.lineSeparator());
        assertThat(CliRun.run(new Probe(), "probe", "--data", d, "--test", missing.toString()).err())
                .isEqualTo("kernelkit: error: --test: no such file: " + missing + System.lineSeparator());
    }

    @Test
    void unparseableValuesAreUsageErrorsWithExitCode2() {
        CliRun notNumber = CliRun.run(new Probe(), "probe", "--data", "x", "--c", "abc");
        assertThat(notNumber.exitCode()).isEqualTo(2);
        assertThat(notNumber.err()).contains("Invalid value for option '--c': 'abc' is not a double");
        CliRun badScale = CliRun.run(new Probe(), "probe", "--data", "x", "--scale", "zscore");
        assertThat(badScale.exitCode()).isEqualTo(2);
        assertThat(badScale.err()).contains("--scale").contains("expected one of none, standard, minmax, log1p-minmax but was 'zscore'");
        CliRun noData = CliRun.run(new Probe(), "probe");
        assertThat(noData.exitCode()).isEqualTo(2);
        assertThat(noData.err()).contains("Missing required option: '--data=FILE'");
    }
}
