package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void disabledProgressWritesNothing() {
        StringWriter err = new StringWriter();
        Progress p = new Progress(new PrintWriter(err), false);
        p.update("folds", 1, 5);
        p.status("iteration 3");
        p.done();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void enabledProgressRedrawsOneLineAndClearsIt() {
        StringWriter err = new StringWriter();
        Progress p = new Progress(new PrintWriter(err), true);
        p.update("folds", 5, 5);
        String drawn = err.toString();
        assertThat(drawn).startsWith("\rfolds  5/5  (100%)").doesNotContain("\n");
        p.done();
        // The clear sequence overwrites the line with spaces and returns to column 0.
        assertThat(err.toString()).endsWith("\r").doesNotContain("\n");
    }

    @Test
    void underTestsStdinIsNotATerminalSoTheDefaultIsSilent() {
        // Surefire runs forked without a console: System.console() is null here.
        assertThat(System.console()).isNull();
        assertThat(Progress.forTerminal(new PrintWriter(new StringWriter())).enabled()).isFalse();
    }
}
