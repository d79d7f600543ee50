package dev.kernelkit.svm;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A tiny LIBSVM-format reader for the real-data tests (dense rows, dimension = largest index). */
final class TinyLibsvmReader {
    private TinyLibsvmReader() {
    }

    static LabeledDataset read(Path file) throws IOException {
        List<double[]> rows = new ArrayList<>();
        List<Double> labels = new ArrayList<>();
        int dim = 0;
        List<String> lines = Files.readAllLines(file);
        for (String line : lines) {
            String s = line.strip();
            if (s.isEmpty()) {
                continue;
            }
            String[] tok = s.split("\\s+");
            labels.add(Double.parseDouble(tok[0]));
            int maxIdx = 0;
            for (int t = 1; t < tok.length; t++) {
                maxIdx = Math.max(maxIdx, Integer.parseInt(tok[t].substring(0, tok[t].indexOf(':'))));
            }
            double[] v = new double[maxIdx];
            for (int t = 1; t < tok.length; t++) {
                int c = tok[t].indexOf(':');
                v[Integer.parseInt(tok[t].substring(0, c)) - 1] = Double.parseDouble(tok[t].substring(c + 1));
            }
            dim = Math.max(dim, maxIdx);
            rows.add(v);
        }
        List<Vec> x = new ArrayList<>();
        for (double[] r : rows) {
            x.add(DenseVec.wrap(java.util.Arrays.copyOf(r, dim)));
        }
        return new LabeledDataset(x, labels.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
