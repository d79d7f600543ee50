package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Param;
import dev.kernelkit.testing.LearnerContract;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The named parameters of every catalog learner reach its options: for each declared parameter, a trainer
 * made with another value than the default has other options than the default trainer, and one made with
 * the default value written out (where the default is a number or a text) has the same options; unknown names and
 * bad values are refused with one message naming the learner, the parameter and the value.
 */
class LearnerParamsTest {

    static Stream<Arguments> everyParameter() {
        return Learners.all().stream().flatMap(l -> l.params().stream().map(p -> Arguments.of(l.name() + " "
                + l.input().label(), l, p)));
    }

    @Test
    void everyCatalogLearnerDeclaresAtLeastItsCostOrItsWeightsAndNamesAreUnique() {
        for (Learner<?> l : Learners.all()) {
            assertThat(l.params()).as(l.name()).isNotEmpty();
            assertThat(l.params().stream().map(Param::name).distinct().count()).as(l.name()).isEqualTo(l.params().size());
        }
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("everyParameter")
    <X> void aValueOtherThanTheDefaultChangesTheOptionsAndTheDefaultWrittenOutDoesNot(String label, Learner<X> learner,
                                                                                    Param param) {
        Dataset<X> data = LearnerContract.problem(learner);
        String defaults = String.valueOf(learner.trainer(data, 1).options());
        String other = otherValue(param);
        Object changed = learner.trainer(data, 1, Map.of(param.name(), other)).options();
        assertThat(String.valueOf(changed)).as("%s with %s=%s", learner.name(), param.name(), other).isNotEqualTo(defaults);
        Double number = number(param.defaultValue());
        if (number != null || param.type() == Param.Type.TEXT) {
            Object same = learner.trainer(data, 1, Map.of(param.name().toUpperCase(), param.defaultValue())).options();
            assertThat(String.valueOf(same)).as("%s with %s=%s", learner.name(), param.name(), param.defaultValue())
                    .isEqualTo(defaults);
        }
    }

    @Test
    void unknownNamesAndBadValuesAreRefusedNamingTheLearnerTheParameterAndTheValue() {
        Learner<?> svm = Learners.find("svm");
        assertThatThrownBy(() -> trainer(svm, Map.of("gama", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'svm' has no parameter 'gama'; its parameters: c, gamma, class-weight, duplicates");
        assertThatThrownBy(() -> trainer(svm, Map.of("c", "-1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'svm': parameter c = '-1' is out of range (valid: > 0)");
        assertThatThrownBy(() -> trainer(svm, Map.of("c", "ten")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'svm': parameter c = 'ten' is not a number (valid: > 0)");
        assertThatThrownBy(() -> trainer(Learners.find("sparse-mi"), Map.of("xv", "2.5")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'sparse-mi': parameter xv = '2.5' is not an integer (valid: >= 1)");
        assertThatThrownBy(() -> trainer(svm, Map.of("c", "NaN")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not finite");
        assertThatThrownBy(() -> trainer(svm, Map.of("class-weight", "1=0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'svm': parameter class-weight = '1=0' is invalid: class weights: weight of class "
                        + "'1' must be finite and > 0, got 0.0");
        assertThatThrownBy(() -> trainer(svm, Map.of("class-weight", "1=x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'svm': parameter class-weight = '1=x' is invalid: class weights: weight of class "
                        + "'1' = 'x' is not a number");
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aClassWeightNamingNoTrainingClassIsRefusedWhenFittedListingTheClasses() {
        Learner svm = Learners.find("svm");
        Dataset data = LearnerContract.problem(svm);
        String known = String.join(", ", data.classNames());
        assertThatThrownBy(() -> svm.trainer(data, 1, Map.of("class-weight", "no-such-class=2")).fit(data))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("class weights: unknown class 'no-such-class'; the training set's classes: " + known);
    }

    /** A valid non-default value of each text parameter, by name. */
    private static final Map<String, String> TEXT_VALUES = Map.of("class-weight", "balanced");

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object trainer(Learner<?> l, Map<String, String> values) {
        return ((Learner) l).trainer(LearnerContract.problem(l), 1, values);
    }

    /**
     * A valid value other than the default: twice or half a numeric default, else a small value in range; for a
     * text parameter, one from {@link #TEXT_VALUES} (a new text parameter needs its entry there).
     */
    private static String otherValue(Param p) {
        if (p.type() == Param.Type.TEXT) {
            String v = TEXT_VALUES.get(p.name());
            assertThat(v).as("a non-default value for the text parameter %s in TEXT_VALUES", p.name()).isNotNull();
            return v;
        }
        Double d = number(p.defaultValue());
        if (p.type() == Param.Type.CHOICE) {
            return p.choices().stream().filter(c -> !c.equals(p.defaultValue())).findFirst().orElseThrow();
        }
        if (p.type() == Param.Type.INTEGER) {
            return d != null ? Long.toString((long) (double) d + 1) : "2";
        }
        if (d != null) {
            double v = d * 2 <= p.max() ? d * 2 : d / 2;
            return Double.toString(v == 0 ? Math.min(0.5, p.max()) : v);
        }
        return "0.37";
    }

    private static Double number(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
