package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.testing.RealData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plain CSV vectors and unlabelled rows on Heart: the CSV form of the LIBSVM file trains the same model
 * (same options, the same predictions on either file), unlabelled LIBSVM and CSV rows predict the labels the
 * labelled file gets and report no accuracy, and a malformed CSV fails in one line naming the file and line.
 */
class CsvAndUnlabelledInputTest {

    private static String csvLine(String label, Vec v) {
        StringBuilder sb = new StringBuilder(label == null ? "" : label);
        for (int j = 0; j < v.dim(); j++) {
            if (sb.length() > 0 || j > 0) {
                sb.append(',');
            }
            sb.append(v.get(j));
        }
        return sb.toString();
    }

    @Test
    void csvVectorsTrainTheSameModelAsLibsvmAndUnlabelledRowsPredictTheSameLabels(@TempDir Path dir) throws Exception {
        Path libsvm = RealData.file("heart/heart.libsvm");
        LabeledDataset heart = LibsvmFormat.readDense(libsvm);
        List<String> csv = new ArrayList<>();
        List<String> csvNoLabel = new ArrayList<>();
        List<String> libsvmNoLabel = new ArrayList<>();
        StringBuilder header = new StringBuilder("label");
        StringBuilder headerNoLabel = new StringBuilder();
        for (int j = 1; j <= heart.dim(); j++) {
            header.append(",f").append(j);
            headerNoLabel.append(j == 1 ? "" : ",").append('f').append(j);
        }
        csv.add(header.toString());
        csvNoLabel.add(headerNoLabel.toString());
        for (int i = 0; i < heart.size(); i++) {
            csv.add(csvLine(LabeledDataset.className(heart.labels()[i]), heart.x(i)));
            csvNoLabel.add(csvLine(null, heart.x(i)));
        }
        for (String line : Files.readAllLines(libsvm)) {
            if (!line.isBlank()) {
                libsvmNoLabel.add(line.strip().replaceFirst("^\\S+\\s+", ""));
            }
        }
        Path heartCsv = Files.write(dir.resolve("heart.csv"), csv);
        Path rowsCsv = Files.write(dir.resolve("rows.csv"), csvNoLabel);
        Path rowsLibsvm = Files.write(dir.resolve("rows.libsvm"), libsvmNoLabel);

        for (String learner : List.of("cvm", "svm")) {
            Path fromLibsvm = dir.resolve(learner + "-libsvm.model");
            Path fromCsv = dir.resolve(learner + "-csv.model");
            Path j1 = dir.resolve(learner + "-1.json");
            Path j2 = dir.resolve(learner + "-2.json");
            assertThat(CliRun.of("train", "--learner", learner, "--data", libsvm.toString(), "--model",
                    fromLibsvm.toString(), "--json", j1.toString()).exitCode()).isZero();
            CliRun r = CliRun.of("train", "--learner", learner, "--data", heartCsv.toString(), "--model",
                    fromCsv.toString(), "--json", j2.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(TestJson.read(j2).get("options").asText()).isEqualTo(TestJson.read(j1).get("options").asText());
            assertThat(TestJson.read(j2).get("n").asInt()).isEqualTo(heart.size());
            List<String> reference = predictions(dir, fromLibsvm, libsvm, "ref");
            assertThat(predictions(dir, fromCsv, libsvm, "a")).isEqualTo(reference);
            assertThat(predictions(dir, fromLibsvm, heartCsv, "b")).isEqualTo(reference);
            // unlabelled rows: the same predictions, no accuracy
            for (Path rows : List.of(rowsLibsvm, rowsCsv)) {
                Path json = dir.resolve("unlabelled.json");
                assertThat(predictions(dir, fromLibsvm, rows, "u", "--json", json.toString())).isEqualTo(reference);
                JsonNode j = TestJson.read(json);
                assertThat(j.get("labelled").asBoolean()).isFalse();
                assertThat(j.get("accuracy").isNull()).isTrue();
            }
        }
    }

    private static List<String> predictions(Path dir, Path model, Path data, String tag, String... extra)
            throws Exception {
        Path out = dir.resolve(tag + ".txt");
        List<String> args = new ArrayList<>(List.of("predict", "--model", model.toString(), "--data", data.toString(),
                "--output", out.toString()));
        args.addAll(List.of(extra));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return Files.readAllLines(out);
    }

    /** Runs the command line as main does, standard input read from {@code input}. */
    private static CliRun withStdin(byte[] input, String... args) {
        java.io.InputStream saved = System.in;
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        try {
            System.setIn(new java.io.ByteArrayInputStream(input));
            int code = Main.run(new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true), args);
            return new CliRun(code, out.toString(), err.toString());
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void dataFromStandardInputTrainsTheModelOfTheSameFileAndItsErrorsNameStdin(@TempDir Path dir) throws Exception {
        Path libsvm = RealData.file("heart/heart.libsvm");
        Path fromFile = dir.resolve("file.json");
        Path fromStdin = dir.resolve("stdin.json");
        assertThat(CliRun.of("train", "--learner", "svm", "--data", libsvm.toString(), "--model",
                dir.resolve("a.model").toString(), "--json", fromFile.toString()).exitCode()).isZero();
        CliRun r = withStdin(Files.readAllBytes(libsvm), "train", "--learner", "svm", "--data", "-", "--model",
                dir.resolve("b.model").toString(), "--json", fromStdin.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(TestJson.read(fromStdin).get("options").asText()).isEqualTo(TestJson.read(fromFile).get("options").asText());
        assertThat(TestJson.read(fromStdin).get("data_sha256").asText())
                .isEqualTo(TestJson.read(fromFile).get("data_sha256").asText());
        assertThat(predictions(dir, dir.resolve("b.model"), libsvm, "s")).isEqualTo(predictions(dir,
                dir.resolve("a.model"), libsvm, "f"));
        // CSV vectors are recognised by their header; a bad line names <stdin> and its line
        CliRun csv = withStdin("label,a,b\n1,0.5,2\n-1,1,0\n1,0.4,2.2\n-1,1.1,0.1\n".getBytes(
                java.nio.charset.StandardCharsets.UTF_8), "train", "--learner", "svm", "--data", "-", "--model",
                dir.resolve("c.model").toString());
        assertThat(csv.exitCode()).as(csv.err()).isZero();
        CliRun bad = withStdin("1 1:0.5\n-1 1:x\n".getBytes(java.nio.charset.StandardCharsets.UTF_8), "train",
                "--learner", "svm", "--data", "-", "--model", dir.resolve("d.model").toString());
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).startsWith("kernelkit: error: <stdin>:2: ");
        assertThat(bad.err().lines()).hasSize(1);
    }

    @Test
    void aMalformedCsvFailsInOneLineNamingTheFileAndLine(@TempDir Path dir) throws Exception {
        String[][] cases = {
                {"label,a,b\n1,0.5,2\nyes,1,2\n", ":3: label 'yes' is not a number"},
                {"label,a,b\n1,0.5\n", ":2: has 2 cells, the header 3"},
                {"1,0.5,2\n-1,1,2\n", ":1: the first line is all numbers"},
                {"label,a,b\n1,,2\n", ":2: empty column 'a'"},
        };
        for (String[] c : cases) {
            Path f = Files.writeString(dir.resolve("bad.csv"), c[0]);
            CliRun r = CliRun.of("train", "--learner", "svm", "--data", f.toString(), "--model",
                    dir.resolve("m.model").toString());
            assertThat(r.exitCode()).as(c[0]).isEqualTo(1);
            assertThat(r.err().lines()).as(r.err()).hasSize(1);
            assertThat(r.err()).contains(f + c[1]);
        }
        Path ok = Files.writeString(dir.resolve("ok.csv"), "a,target,b\n0.5,1,2\n1,-1,2\n0.1,1,3\n2,-1,1\n");
        CliRun named = CliRun.of("train", "--learner", "svm", "--data", ok.toString(), "--label-column", "target",
                "--model", dir.resolve("m.model").toString());
        assertThat(named.exitCode()).as(named.err()).isZero();
        CliRun missing = CliRun.of("train", "--learner", "svm", "--data", ok.toString(), "--label-column", "y",
                "--model", dir.resolve("m2.model").toString());
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).contains("no column named 'y'");
    }
}
