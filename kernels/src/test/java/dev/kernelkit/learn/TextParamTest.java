package dev.kernelkit.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.svm.SvmCatalog;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Param.Type#TEXT} parameters: their range is the format's description, parsing returns the canonical
 * text or refuses with one message naming the learner, the parameter, the value and what is wrong, and a
 * declaration needs a format exactly when it is a text parameter. The class-weight parameter is the example.
 */
class TextParamTest {
    private static final Param CW = SvmCatalog.CLASS_WEIGHT;

    @Test
    void theRangeIsTheFormatsDescriptionAndTheTypeLabelIsText() {
        assertThat(CW.type().label()).isEqualTo("text");
        assertThat(CW.range()).isEqualTo("none, balanced or NAME=W,NAME=W,... (W finite and > 0, other classes 1)");
        assertThat(CW.defaultValue()).isEqualTo("none");
        assertThat(CW.choices()).isEmpty();
    }

    @Test
    void parsingGivesTheCanonicalTextAndParamValuesHandItOver() {
        assertThat(CW.parse("svm", " Balanced ")).isEqualTo("balanced");
        assertThat(CW.parse("svm", "a = 2, b=0.5")).isEqualTo("a=2.0,b=0.5");
        ParamValues v = ParamValues.parse("svm", List.of(CW), Map.of("CLASS-WEIGHT", "a = 2"));
        assertThat(v.text("class-weight", "none")).isEqualTo("a=2.0");
        assertThat(v.asText()).containsEntry("class-weight", "a = 2");
        assertThat(ParamValues.NONE.text("class-weight", "none")).isEqualTo("none");
    }

    @Test
    void aBadValueIsRefusedNamingTheLearnerTheParameterTheValueAndTheBadPart() {
        assertThatThrownBy(() -> CW.parse("svm", "a=-1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'svm': parameter class-weight = 'a=-1' is invalid: class weights: weight of class "
                        + "'a' must be finite and > 0, got -1.0");
        assertThatThrownBy(() -> CW.parse("svm", "heavy")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("learner 'svm': parameter class-weight = 'heavy' is invalid: class weights: 'heavy' is not "
                        + "NAME=W (expected " + CW.range() + ", got 'heavy')");
    }

    @Test
    void aTextParameterNeedsAFormatAndOtherTypesNone() {
        assertThatThrownBy(() -> new Param("x", Param.Type.TEXT, "a", Double.NEGATIVE_INFINITY, false,
                Double.POSITIVE_INFINITY, List.of(), "d"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter 'x': a text parameter needs its format, other types none");
        assertThatThrownBy(() -> new Param("x", Param.Type.REAL, "1", 0, false, 1, List.of(), "d",
                SvmCatalog.CLASS_WEIGHT_FORMAT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter 'x': a text parameter needs its format, other types none");
        assertThatThrownBy(() -> Param.text("x", "heavy", SvmCatalog.CLASS_WEIGHT_FORMAT, "d"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'heavy' is not NAME=W");
    }

    @Test
    void theOtherFactoriesAreUnchanged() {
        Param c = Param.positive("c", "1", "cost");
        assertThat(c.format()).isNull();
        assertThat(c.range()).isEqualTo("> 0");
        assertThat(Param.choice("k", "a", List.of("a", "b"), "d").range()).isEqualTo("one of a, b");
        assertThat(Param.integer("n", "1", 1, Integer.MAX_VALUE, "d").parse("l", "3")).isEqualTo(3);
    }
}
