package dev.kernelkit.learn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.InputKind;
import dev.kernelkit.testing.LearnerContract;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class KernelsLearnerContractTest {

    static Stream<String> names() {
        return Learners.all().stream().map(Learner::name);
    }

    @Test
    void theKernelsModuleRegistersBothSvmLossesOnVectorsAndOnBagsThenNuSvcAndEpsilonSvr() {
        assertThat(Learners.all().stream().map(Learner::name).toList())
                .containsExactly("svm", "l2-svm", "bag-svm", "bag-l2-svm", "nu-svm", "svr");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void fitPredictSaveLoadGivesIdenticalDecisionsAndBadDataIsRefused(String name, @TempDir Path dir)
            throws Exception {
        LearnerContract.check(Learners.find(name), dir);
    }

    @Test
    void anUnknownLearnerNameListsTheKnownOnes() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Learners.find("svn"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown learner 'svn'; known: "
                        + String.join(", ", List.of("svm", "l2-svm", "bag-svm", "bag-l2-svm", "nu-svm", "svr")));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Learners.find("svn", InputKind.BAGS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown learner 'svn' for bags; known: bag-svm (svm), bag-l2-svm (l2-svm)");
    }

    @Test
    void aNameMeansTheLearnerOfTheDataKindAndOtherwiseSaysWhatItLearnsFrom() {
        assertThat(Learners.vectors("svm").name()).isEqualTo("svm");
        assertThat(Learners.bags("svm").name()).isEqualTo("bag-svm");
        assertThat(Learners.bags("l2-svm").name()).isEqualTo("bag-l2-svm");
        assertThat(Learners.find("svm").input()).isEqualTo(InputKind.VECTORS);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Learners.vectors("bag-svm"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'bag-svm' learns from bags, not vectors");
    }
}
