package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.testing.LearnerContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzzing of every model type's file reader through the one entry point: for each registered
 * learner, a model trained on its small contract problem is written by {@link Models#toText}, then
 * corrupted 400 ways (seeded: truncation, a line deleted, duplicated or swapped, a number replaced
 * by NaN, an infinity, an overflow, a negative or huge count or garbage, a byte flipped). Each
 * corrupted text must either load, or be refused with a one-line {@link ModelFormatException}
 * naming the file; a model that loads must then predict every training example without any
 * exception other than an {@link IllegalArgumentException} (never an index out of bounds, a
 * null pointer or a class cast from an inconsistent file that was accepted).
 */
class EveryModelFileFuzzTest {
    private static final int CASES = 400;
    private static final String FILE = "fuzzed.model";
    private static final String[] BAD_NUMBERS = {"NaN", "Infinity", "-Infinity", "1e309", "-1", "0", "-0",
            "2147483648", "-2147483649", "99999999999999999999", "1.5", "abc", "", "0x10", "1e-320", "+", "--1"};

    static Stream<String> learners() {
        return Learners.all().stream().map(Learner::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("learners")
    void corruptedModelFilesLoadOrFailWithOneLineNamingTheFileAndLoadedOnesPredictWithoutCrashing(String name)
            throws Exception {
        Learner<?> learner = Learners.find(name);
        check(learner);
    }

    private static <X> void check(Learner<X> learner) throws Exception {
        Dataset<X> data = LearnerContract.problem(learner);
        FittedModel<X> model = learner.trainer(data, LearnerContract.SEED).fit(data);
        String text = Models.toText(model, Map.of("data", "fuzz"));
        // the untouched text loads back (the contract test checks the decisions)
        assertThat(Models.parse(FILE, text).model()).isNotNull();
        SplittableRandom rnd = new SplittableRandom(20261125L ^ learner.name().hashCode());
        int loaded = 0, refused = 0;
        for (int c = 0; c < CASES; c++) {
            String bad = corrupt(text, rnd);
            FittedModel<?> back;
            try {
                back = Models.parse(FILE, bad).model();
            } catch (ModelFormatException e) {
                assertThat(e.getMessage()).as("%s case %d", learner.name(), c).contains(FILE).doesNotContain("\n");
                refused++;
                continue;
            } catch (RuntimeException e) {
                throw new AssertionError(learner.name() + " case " + c + ": " + e + " reading\n" + diff(text, bad), e);
            }
            loaded++;
            @SuppressWarnings("unchecked")
            FittedModel<X> m = (FittedModel<X>) back;
            try {
                for (int i = 0; i < data.size(); i++) {
                    predict(m, data.x(i));
                }
            } catch (IllegalArgumentException e) {
                // a clear refusal of the input is allowed (e.g. a dimension the corrupted file now states)
                assertThat(e.getMessage()).isNotBlank();
            } catch (RuntimeException e) {
                throw new AssertionError(learner.name() + " case " + c + ": predicting with an accepted corrupted file threw "
                        + e + "\n" + diff(text, bad), e);
            }
        }
        assertThat(refused).as("%s: corruptions refused (loaded %d)", learner.name(), loaded).isPositive();
    }

    private static <X> void predict(FittedModel<X> m, X x) {
        if (m instanceof Model<X> c) {
            c.decisions(x);
            c.predict(x);
        } else if (m instanceof RegressionModel<X> r) {
            r.predict(x);
        }
    }

    /** One random corruption of a model text. */
    static String corrupt(String text, SplittableRandom rnd) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int kind = rnd.nextInt(7);
        int i = rnd.nextInt(lines.size());
        switch (kind) {
            case 0 -> {
                return text.substring(0, rnd.nextInt(text.length()));
            }
            case 1 -> lines.remove(i);
            case 2 -> lines.add(i, lines.get(i));
            case 3 -> {
                int j = rnd.nextInt(lines.size());
                String t = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, t);
            }
            case 4, 5 -> {
                // a number (or a whole value) replaced: pick a line with a value
                for (int tries = 0; tries < 20 && !lines.get(i).contains("="); tries++) {
                    i = rnd.nextInt(lines.size());
                }
                String line = lines.get(i);
                String[] tokens = line.split("(?<=[=\\s,:])|(?=[\\s,:])");
                List<Integer> numeric = new ArrayList<>();
                for (int t = 0; t < tokens.length; t++) {
                    if (tokens[t].matches("-?[0-9][0-9.eE+-]*")) {
                        numeric.add(t);
                    }
                }
                String replacement = BAD_NUMBERS[rnd.nextInt(BAD_NUMBERS.length)];
                if (numeric.isEmpty()) {
                    lines.set(i, line + replacement);
                } else {
                    tokens[numeric.get(rnd.nextInt(numeric.size()))] = replacement;
                    lines.set(i, String.join("", tokens));
                }
            }
            default -> {
                char[] chars = text.toCharArray();
                int p = rnd.nextInt(chars.length);
                chars[p] = (char) (32 + rnd.nextInt(95));
                return new String(chars);
            }
        }
        return String.join("\n", lines);
    }

    private static String diff(String a, String b) {
        String[] x = a.split("\n", -1), y = b.split("\n", -1);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            String l = i < x.length ? x[i] : "<none>", r = i < y.length ? y[i] : "<none>";
            if (!l.equals(r)) {
                s.append("line ").append(i + 1).append(": ").append(abbreviate(l)).append("  ->  ").append(abbreviate(r))
                        .append('\n');
                if (s.length() > 2000) {
                    break;
                }
            }
        }
        return s.toString();
    }

    private static String abbreviate(String s) {
        return s.length() > 160 ? s.substring(0, 160) + "…" : s;
    }
}
