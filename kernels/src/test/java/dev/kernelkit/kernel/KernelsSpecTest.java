package dev.kernelkit.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The kernel spec parser and formatter: round trips, canonical forms and error messages. */
class KernelsSpecTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "linear",
        "polynomial:degree=3,gamma=0.5,offset=1.0",
        "gaussian:gamma=0.5",
        "laplacian:gamma=2.0E-4",
        "sigmoid:gamma=0.01,offset=-1.0",
        "exp-chi2:gamma=1.0",
        "inverse-distance:gamma=4.0",
        "inverse-squared-distance:gamma=0.25",
        "normalized(polynomial:degree=2,gamma=1.0,offset=1.0)",
        "power(p=3,gaussian:gamma=1.0)",
        "sum(0.3*gaussian:gamma=1.0,0.7*linear)",
        "feature(index=4,gaussian:gamma=1.0)",
        "features(indices=0;3;7,laplacian:gamma=0.5)",
        "sum(0.25*normalized(feature(index=0,linear)),1.0*power(p=2,sum(0.5*linear,0.5*exp-chi2:gamma=3.0)))",
    })
    void canonicalSpecsRoundTrip(String spec) {
        Kernel<Vec> k = Kernels.parse(spec);
        assertThat(Kernels.format(k)).isEqualTo(spec);
        assertThat(Kernels.parse(Kernels.format(k))).isEqualTo(k);
    }

    @Test
    void parsingBuildsTheNamedKernelsAndIgnoresWhitespace() {
        assertThat(Kernels.parse(" gaussian : gamma = 0.5 ")).isEqualTo(new GaussianKernel(0.5));
        assertThat(Kernels.parse("polynomial:offset=1,degree=2,gamma=3"))
                .isEqualTo(new PolynomialKernel(2, 3.0, 1.0));
        assertThat(Kernels.parse("sum(linear, 2*gaussian:gamma=1)")).isEqualTo(new WeightedSumKernel<Vec>(
                List.of(new LinearKernel(), new GaussianKernel(1.0)), List.of(1.0, 2.0)));
        assertThat(Kernels.parse("features(indices=5;1,linear)"))
                .isEqualTo(new FeatureSubsetKernel(new int[] {1, 5}, new LinearKernel()));
    }

    @Test
    void formattingWritesEveryParameter() {
        assertThat(Kernels.format(new PolynomialKernel(2, 1.0, 0.0))).isEqualTo("polynomial:degree=2,gamma=1.0,offset=0.0");
        assertThat(Kernels.format(new GaussianKernel(1e-5))).isEqualTo("gaussian:gamma=1.0E-5");
    }

    @Test
    void bagKernelSpecsRoundTrip() {
        String spec = "sum(0.5*normalized(set(gaussian:gamma=2.0)),0.5*power(p=2,set(linear)))";
        Kernel<Bag> k = Kernels.parseBagKernel(spec);
        assertThat(Kernels.format(k)).isEqualTo(spec);
        assertThat(Kernels.parseBagKernel(spec)).isEqualTo(k);
        assertThat(Kernels.parseBagKernel("set(linear)")).isEqualTo(new SetKernel(new LinearKernel()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "gausian:gamma=1|unknown kernel 'gausian' in 'gausian:gamma=1'; known: linear, polynomial, gaussian, laplacian",
        "gaussian:gama=1|unknown parameter 'gama' for gaussian in 'gaussian:gama=1'; known: gamma",
        "gaussian|missing parameter 'gamma' for gaussian",
        "polynomial:degree=2,gamma=1|missing parameter 'offset' for polynomial",
        "gaussian:gamma=abc|parameter 'gamma' of gaussian must be a number, got 'abc'",
        "gaussian:gamma=-1|gamma must be > 0 and finite, got -1.0",
        "polynomial:degree=2.5,gamma=1,offset=0|parameter 'degree' of polynomial must be an integer, got '2.5'",
        "polynomial:degree=0,gamma=1,offset=0|degree must be >= 1, got 0",
        "gaussian:gamma=1,gamma=2|parameter 'gamma' of gaussian given twice",
        "gaussian:gamma=1)|at position 16: expected end of input, found ')'",
        "gaussian:gamma=|expected a value for parameter 'gamma' of gaussian, found end of input",
        "power(p=0,linear)|exponent must be an integer >= 1, got 0",
        "power(linear)|missing parameter 'p' for power",
        "power(q=2,linear)|unknown parameter 'q' for power",
        "normalized(linear,linear)|normalized takes exactly one kernel, got 2",
        "normalized(2*linear)|weights 'w*' are only allowed in sum",
        "sum(-1*linear)|weight 0 must be >= 0 and finite, got -1.0",
        "sum()|expected a kernel name, found ')'",
        "features(indices=1;x,linear)|parameter 'indices' of features must be an integer, got 'x'",
        "features(indices=1;1,linear)|feature indices must be distinct, got 1 twice",
        "feature(index=-2,linear)|feature must be >= 0, got -2",
        "'   '|kernel spec must not be empty",
    })
    void badSpecsFailWithAMessageNamingTheProblem(String spec, String message) {
        assertThatThrownBy(() -> Kernels.parse(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void bagSpecErrorsListTheBagKernels() {
        assertThatThrownBy(() -> Kernels.parseBagKernel("gaussian:gamma=1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown kernel 'gaussian' in 'gaussian:gamma=1'; known: set, normalized, power, sum");
    }

    @Test
    void formattingAnUnnamedKernelFails() {
        Kernel<Vec> custom = (a, b) -> a.dot(b);
        assertThatThrownBy(() -> Kernels.format(custom)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot format kernel of type");
    }
}
