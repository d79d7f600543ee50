package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.io.ModelCodec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileReader;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.io.Provenance;
import dev.kernelkit.learn.Calibrated;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.testing.LearnerContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one model-file convention (docs/model-files.md), over every codec through the catalog: a file written
 * now carries its codec's version, the shared keys in their one spelling (class names under
 * {@code classes.*}, the machine count under {@code machines}, {@code options.summary}, {@code scaling.kind}
 * and {@code calibration.kind} always, the {@code provenance.*} block) and none of the former spellings; it
 * reads back with the same decisions, report and provenance; a newer version is refused in one line; and
 * the earlier build's fixture files, upgraded by their codecs, follow the same convention.
 */
class ModelFileConventionTest {
    private static final Path FIXTURES = Path.of("src/test/resources/model-fixtures");
    /** Keys of the layouts before the convention; none may appear in a file in the current layout. */
    private static final Pattern FORMER = Pattern.compile(
            "classes|[^.]+\\.classes|machines\\.count|[^.]+\\.machines|problems|trained\\..*|scaler\\..*|report\\.options");
    private static final Pattern MACHINE_KEY = Pattern.compile("machine\\.(\\d+)\\..*");

    static Stream<Learner<?>> learners() {
        return Learners.all().stream();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static FittedModel<?> fit(Learner<?> l, Dataset data) {
        return ((Learner) l).trainer(data, 1L).fit(data);
    }

    @SuppressWarnings({"rawtypes"})
    private static Dataset problem(Learner<?> l) {
        Dataset data = LearnerContract.problem(l);
        return l.input() == InputKind.VECTORS ? LibsvmFormat.densify((LabeledDataset) data) : data;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("learners")
    void aFileWrittenNowFollowsTheConventionAndReadsBackTheSame(Learner<?> learner) throws Exception {
        Dataset<?> data = problem(learner);
        FittedModel<?> model = fit(learner, data);
        Provenance given = Provenance.ofData("train.csv", "ab".repeat(32), data.size(), data.dim()).withSeed(1)
                .withCommand("kernelkit train --learner " + learner.name()).with("param.note", "a test");
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String text = Models.toText(model, given);
        ModelFile f = ModelFileReader.parse("new.model", text);
        ModelCodec<?> codec = Models.codecFor(Scaled.innermost(model));

        assertThat(f.type()).isEqualTo(codec.type());
        assertThat(f.version()).as("header version of %s", codec.type()).isEqualTo(codec.version());
        assertConvention(f, model);
        assertThat(f.getString("options.summary")).isEqualTo(model.report().options());
        // a learner that scales its data itself (the MKL learners) keeps its scaler behind the model
        assertThat(f.getString("scaling.kind"))
                .isEqualTo(model instanceof Scaled<?> s ? s.scaler().kind().cliName() : "none");
        if (model instanceof Model<?>) {
            assertThat(f.getString("calibration.kind")).isEqualTo("none");
        }

        Models.Loaded back = Models.parse("new.model", text);
        assertThat(back.model().getClass()).isEqualTo(model.getClass());
        assertThat(back.model().report()).isEqualTo(model.report());
        assertSameOutputs(model, back.model(), data);
        Provenance p = back.details();
        assertThat(p.data()).isEqualTo("train.csv");
        assertThat(p.dataSha256()).isEqualTo("ab".repeat(32));
        assertThat(p.n()).isEqualTo(OptionalLong.of(data.size()));
        assertThat(p.dim()).isEqualTo(OptionalLong.of(data.dim()));
        assertThat(p.seed()).isEqualTo(OptionalLong.of(1));
        assertThat(p.command()).isEqualTo("kernelkit train --learner " + learner.name());
        assertThat(p.extra()).isEqualTo(Map.of("param.note", "a test"));
        assertThat(p.learner()).isEqualTo(model.report().learner());
        assertThat(p.type()).isEqualTo(codec.type());
        assertThat(p.kernelkit()).isEqualTo(Models.kernelkitVersion()).isNotEqualTo("unknown");
        assertThat(p.java()).isEqualTo(System.getProperty("java.version"));
        Instant written = Instant.parse(p.time());
        assertThat(written).isBetween(before, Instant.now());
    }

    @Test
    void theCatalogReachesEveryRegisteredCodec() {
        Set<String> reached = new TreeSet<>();
        for (Learner<?> l : Learners.all()) {
            reached.add(Models.codecFor(Scaled.innermost(fit(l, problem(l)))).type());
        }
        assertThat(reached).isEqualTo(new TreeSet<>(Models.codecs().keySet()));
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aScaledCalibratedModelStoresItsScalerAndCalibrationUnderTheSharedKeys() throws Exception {
        LabeledDataset v = LibsvmFormat.densify(LearnerContract.binaryVectors());
        Trainer svm = Learners.vectors("svm").trainer(v, 1L);
        FittedModel<?> model = (FittedModel<?>) Calibrated.trainer(ScaledModel.trainer(FeatureScaling.STANDARD, svm), 3, 1L)
                .fit(v);
        String text = Models.toText(model, Provenance.none());
        ModelFile f = ModelFileReader.parse("cal.model", text);
        assertConvention(f, model);
        assertThat(f.getString("scaling.kind")).isEqualTo("standard");
        assertThat(f.getString("calibration.kind")).isEqualTo("platt");
        assertSameOutputs(model, Models.parse("cal.model", text).model(), v);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("learners")
    void aFileOfANewerVersionIsRefusedInOneLine(Learner<?> learner) throws Exception {
        FittedModel<?> model = fit(learner, problem(learner));
        ModelCodec<?> codec = Models.codecFor(Scaled.innermost(model));
        int newer = codec.version() + 1;
        String text = Models.toText(model, Provenance.none())
                .replace("\nversion = " + codec.version() + "\n", "\nversion = " + newer + "\n");
        assertThatThrownBy(() -> Models.parse("f.model", text)).isInstanceOf(ModelFormatException.class)
                .hasMessage("model file f.model: type " + codec.type() + " version " + newer
                        + " is newer than this kernelkit reads (" + codec.version() + ")");
    }

    static Stream<String> fixtures() throws Exception {
        return ModelFileFixturesTest.fixtures();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void aFixtureOfTheEarlierBuildIsUpgradedIntoTheConvention(String name) throws Exception {
        Path file = FIXTURES.resolve(name + ".model");
        ModelFile written = ModelFileReader.read(file);
        assertThat(written.version()).isEqualTo(1);
        ModelFile current = Models.current(written);
        FittedModel<?> model = Models.load(file);
        assertThat(current.version()).isEqualTo(Models.codecFor(Scaled.innermost(model)).version());
        assertConvention(current, model);
        // saved again, it is a file of the current layout with the same outputs
        Path again = Files.createTempFile("again", ".model");
        try {
            Models.save(model, again);
            ModelFile f = ModelFileReader.read(again);
            assertConvention(f, model);
            assertSameOutputs(model, Models.load(again), read(name, model.input()));
        } finally {
            Files.deleteIfExists(again);
        }
    }

    @Test
    void provenanceRoundTripsThroughAFileAndModelsProvenance(@TempDir Path dir) throws Exception {
        LabeledDataset v = LibsvmFormat.densify(LearnerContract.binaryVectors());
        FittedModel<?> model = fit(Learners.vectors("svm"), v);
        Path file = dir.resolve("p.model");
        Provenance given = Provenance.ofData("heart.libsvm", "0123456789abcdef".repeat(4), 270, 13).withSeed(-3)
                .withCommand("kernelkit train --learner svm --data heart.libsvm --model p.model").with("scale", "none");
        Models.save(model, file, given);
        Provenance back = Models.provenance(file);
        assertThat(back.data()).isEqualTo(given.data());
        assertThat(back.dataSha256()).isEqualTo(given.dataSha256());
        assertThat(back.n()).isEqualTo(OptionalLong.of(270));
        assertThat(back.dim()).isEqualTo(OptionalLong.of(13));
        assertThat(back.seed()).isEqualTo(OptionalLong.of(-3));
        assertThat(back.command()).isEqualTo(given.command());
        assertThat(back.extra()).isEqualTo(Map.of("scale", "none"));
        assertThat(back.learner()).isEqualTo("svm");
        assertThat(back.type()).isEqualTo("svm");
        // a library user who passes nothing still gets the versions, learner, type and time
        Models.save(model, file);
        Provenance bare = Models.provenance(file);
        assertThat(bare.kernelkit()).isEqualTo(Models.kernelkitVersion());
        assertThat(bare.java()).isEqualTo(System.getProperty("java.version"));
        assertThat(bare.learner()).isEqualTo("svm");
        assertThat(bare.time()).isNotEmpty();
        assertThat(bare.data()).isEmpty();
        assertThat(bare.n()).isEmpty();
        assertThat(bare.seed()).isEmpty();
    }

    /** The keys every file in the current layout has, in their one spelling, and none of the former ones. */
    private static void assertConvention(ModelFile f, FittedModel<?> model) throws ModelFormatException {
        List<String> former = f.keys().stream().filter(k -> FORMER.matcher(k).matches()).toList();
        assertThat(former).as("former spellings in %s", f.type()).isEmpty();
        assertThat(f.keys()).as(f.type()).contains("report.learner", "options.summary", "scaling.kind");
        if (model instanceof Model<?> c) {
            assertThat(f.getInt("classes.count")).isEqualTo(c.classNames().size());
            List<String> names = new ArrayList<>();
            for (int i = 0; i < c.classNames().size(); i++) {
                names.add(f.getString("classes." + i));
            }
            assertThat(names).isEqualTo(c.classNames());
            assertThat(f.keys()).contains("calibration.kind");
        } else {
            assertThat(model).isInstanceOf(RegressionModel.class);
            assertThat(f.keys()).noneMatch(k -> k.startsWith("classes.") || k.startsWith("calibration."));
        }
        Set<Integer> machines = new LinkedHashSet<>();
        for (String k : f.keys()) {
            Matcher m = MACHINE_KEY.matcher(k);
            if (m.matches()) {
                machines.add(Integer.parseInt(m.group(1)));
            }
        }
        if (!machines.isEmpty()) {
            int count = f.getInt("machines");
            assertThat(new TreeSet<>(machines)).as("machine.K keys of %s", f.type())
                    .isEqualTo(new TreeSet<>(java.util.stream.IntStream.range(0, count).boxed().toList()));
        }
    }

    private static Dataset<?> read(String name, InputKind kind) throws Exception {
        return kind == InputKind.BAGS ? dev.kernelkit.data.CsvBagFormat.read(FIXTURES.resolve(name + ".csv"))
                : LibsvmFormat.readDense(FIXTURES.resolve(name + ".libsvm"));
    }

    @SuppressWarnings("unchecked")
    private static void assertSameOutputs(FittedModel<?> a, FittedModel<?> b, Dataset<?> data) {
        Dataset<Object> d = (Dataset<Object>) data;
        for (int i = 0; i < d.size(); i++) {
            if (a instanceof Model<?> ma) {
                Model<Object> x = (Model<Object>) ma;
                Model<Object> y = (Model<Object>) b;
                assertThat(y.decisions(d.x(i))).as("decisions of example %d", i).containsExactly(x.decisions(d.x(i)));
                if (a instanceof dev.kernelkit.learn.CalibratedModel<?>) {
                    assertThat(y.probabilities(d.x(i))).containsExactly(x.probabilities(d.x(i)));
                }
            } else {
                assertThat(((RegressionModel<Object>) b).predict(d.x(i)))
                        .isEqualTo(((RegressionModel<Object>) a).predict(d.x(i)));
            }
        }
    }
}
