package dev.kernelkit.it.weka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PairedComparisonTest {

    @Test
    void foldAccuraciesPicksTheNamedMethodNotAPrefixOfIt() {
        String json = "{\n  \"methods\": {\n    \"mikernel+form\": {\n      \"accuracy_mean\": 0.5,\n"
                + "      \"fold_accuracies\": [0.5, 0.25],\n      \"gammas\": [1, 2]\n    },\n"
                + "    \"mikernel\": {\n      \"fold_accuracies\": [0.75, 1]\n    }\n  }\n}";
        assertThat(PairedComparison.foldAccuracies(json, "mikernel")).containsExactly(0.75, 1.0);
        assertThat(PairedComparison.foldAccuracies(json, "mikernel+form")).containsExactly(0.5, 0.25);
        assertThatThrownBy(() -> PairedComparison.foldAccuracies(json, "weka-MISMO"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'weka-MISMO' is not in");
    }
}
