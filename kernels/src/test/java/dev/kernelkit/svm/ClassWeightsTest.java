package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Parsing, text form and resolution against a training set's classes of {@link ClassWeights}. */
class ClassWeightsTest {

    @Test
    void noneAndBalancedParseIgnoringCaseAndSpaces() {
        assertThat(ClassWeights.parse("none")).isSameAs(ClassWeights.NONE);
        assertThat(ClassWeights.parse(" None ")).isSameAs(ClassWeights.NONE);
        assertThat(ClassWeights.parse("balanced")).isSameAs(ClassWeights.BALANCED);
        assertThat(ClassWeights.parse("BALANCED")).isSameAs(ClassWeights.BALANCED);
        assertThat(ClassWeights.NONE.isNone()).isTrue();
        assertThat(ClassWeights.BALANCED.isNone()).isFalse();
    }

    @Test
    void explicitWeightsParseInOrderAndPrintBackToTheSameWeights() {
        ClassWeights w = ClassWeights.parse("a=2, b = 0.5");
        assertThat(w.kind()).isEqualTo(ClassWeights.Kind.EXPLICIT);
        assertThat(w.weights()).containsExactly(Map.entry("a", 2.0), Map.entry("b", 0.5));
        assertThat(w).hasToString("a=2.0,b=0.5");
        assertThat(ClassWeights.parse(w.toString())).isEqualTo(w);
        assertThat(ClassWeights.NONE).hasToString("none");
        assertThat(ClassWeights.BALANCED).hasToString("balanced");
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of("", "class weights: expected " + ClassWeights.FORMAT + ", got ''"),
                Arguments.of("a", "class weights: 'a' is not NAME=W (expected " + ClassWeights.FORMAT + ", got 'a')"),
                Arguments.of("a=2,,b=1", "class weights: '' is not NAME=W (expected " + ClassWeights.FORMAT
                        + ", got 'a=2,,b=1')"),
                Arguments.of("=2", "class weights: '=2' is not NAME=W (expected " + ClassWeights.FORMAT + ", got '=2')"),
                Arguments.of("a=two", "class weights: weight of class 'a' = 'two' is not a number"),
                Arguments.of("a=", "class weights: weight of class 'a' = '' is not a number"),
                Arguments.of("a=0", "class weights: weight of class 'a' must be finite and > 0, got 0.0"),
                Arguments.of("a=1,b=-3", "class weights: weight of class 'b' must be finite and > 0, got -3.0"),
                Arguments.of("a=Infinity", "class weights: weight of class 'a' must be finite and > 0, got Infinity"),
                Arguments.of("a=NaN", "class weights: weight of class 'a' must be finite and > 0, got NaN"),
                Arguments.of("a=1,a=2", "class weights: class 'a' is given twice in 'a=1,a=2'"));
    }

    @ParameterizedTest(name = "''{0}''")
    @MethodSource("refusals")
    void badTextIsRefusedWithOneMessageNamingTheBadPart(String text, String message) {
        assertThatThrownBy(() -> ClassWeights.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void balancedIsScikitLearnsNOverKTimesNc() {
        // n = 220, k = 2: w_a = 220 / (2 * 200) = 0.55, w_b = 220 / (2 * 20) = 5.5
        assertThat(ClassWeights.BALANCED.resolve(List.of("a", "b"), new int[] {200, 20})).containsExactly(0.55, 5.5);
        // n = 10, k = 3 present classes (the empty one keeps 1): 10 / (3 * 5), 10 / (3 * 3), 1, 10 / (3 * 2)
        assertThat(ClassWeights.BALANCED.resolve(List.of("a", "b", "c", "d"), new int[] {5, 3, 0, 2}))
                .containsExactly(10 / 15.0, 10 / 9.0, 1.0, 10 / 6.0);
        assertThat(ClassWeights.NONE.resolve(List.of("a", "b"), new int[] {200, 20})).containsExactly(1.0, 1.0);
    }

    @Test
    void explicitWeightsGiveOneToClassesNotNamedAndMatchNumericNamesByValue() {
        assertThat(ClassWeights.parse("b=0.5").resolve(List.of("a", "b", "c"), new int[] {1, 1, 1}))
                .containsExactly(1.0, 0.5, 1.0);
        assertThat(ClassWeights.parse("+1=10,-1.0=2").resolve(List.of("-1", "1"), new int[] {1, 1}))
                .containsExactly(2.0, 10.0);
    }

    @Test
    void anUnknownClassIsRefusedAtFitTimeListingTheKnownOnes() {
        ClassWeights w = ClassWeights.parse("a=2,z=3");
        assertThatThrownBy(() -> w.resolve(List.of("a", "b"), new int[] {3, 4}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("class weights: unknown class 'z'; the training set's classes: a, b");
    }

    @Test
    void costsAreCTimesTheWeightOfEachSamplesClass() {
        // classes a (3 samples), b (1 sample): balanced w = 4 / (2 * 3) = 2/3 and 4 / (2 * 1) = 2; C = 3
        double[] c = ClassWeights.BALANCED.costs(3.0, List.of("a", "b"), new int[] {0, 1, 0, 0});
        assertThat(c).containsExactly(3.0 * (4 / 6.0), 6.0, 3.0 * (4 / 6.0), 3.0 * (4 / 6.0));
        assertThat(ClassWeights.NONE.costs(3.0, List.of("a", "b"), new int[] {0, 1})).containsExactly(3.0, 3.0);
    }

    @Test
    void explicitWeightsNeedAtLeastOneValidClassName() {
        assertThatThrownBy(() -> ClassWeights.of(Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("class weights: explicit weights need at least one NAME=W");
        Map<String, Double> bad = new LinkedHashMap<>();
        bad.put("a,b", 1.0);
        assertThatThrownBy(() -> ClassWeights.of(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 'a,b'");
    }
}
