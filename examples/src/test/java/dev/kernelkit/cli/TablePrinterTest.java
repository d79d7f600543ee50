package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TablePrinterTest {

    @Test
    void columnsArePaddedToTheWidestCellTextLeftNumbersRight() {
        String table = new TablePrinter()
                .textColumn("problem").textColumn("solver").numberColumn("accuracy")
                .row("two-moons", "smo", "97.50%")
                .row("checkerboard", "libsvm", "9.00%")
                .render();

        // Widths: problem = len("checkerboard") = 12, solver = 6, accuracy = 8; two spaces between.
        assertThat(table).isEqualTo(
                "problem       solver  accuracy\n"
                        + "------------  ------  --------\n"
                        + "two-moons     smo       97.50%\n"
                        + "checkerboard  libsvm     9.00%\n");
    }

    @Test
    void numberFormatsDoNotDependOnTheLocale() {
        java.util.Locale saved = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            assertThat(TablePrinter.fixed(1234.5678, 2)).isEqualTo("1234.57");
            assertThat(TablePrinter.percent(0.85094)).isEqualTo("85.09%");
            assertThat(TablePrinter.general(-123.456789)).isEqualTo("-123.457");
        } finally {
            java.util.Locale.setDefault(saved);
        }
    }

    @Test
    void aRowWithTheWrongCellCountIsRejected() {
        TablePrinter t = new TablePrinter().textColumn("a").textColumn("b");
        assertThatThrownBy(() -> t.row("only one"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("expected 2 cells, found 1");
    }
}
