package dev.kernelkit.it.weka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command line of the paired comparison over {@link WekaComparison} JSON files (the command
 * RESULTS.md gives): reads each method's fold accuracies and prints
 * {@link dev.kernelkit.eval.PairedComparison} lines. The comparison itself (corrected repeated-CV
 * standard error) lives in {@code kernels}' {@code dev.kernelkit.eval}.
 */
final class PairedComparison {

    private PairedComparison() {
    }

    /**
     * The {@code fold_accuracies} of one method in a {@link WekaComparison} JSON document (the
     * first such array after the method's key).
     *
     * @throws IllegalArgumentException when the method or its fold accuracies are absent
     */
    static double[] foldAccuracies(String json, String method) {
        int at = json.indexOf("\"" + method + "\": {");
        if (at < 0) {
            throw new IllegalArgumentException("method '" + method + "' is not in the JSON document");
        }
        Matcher m = Pattern.compile("\"fold_accuracies\": \\[([^\\]]*)\\]").matcher(json);
        if (!m.find(at)) {
            throw new IllegalArgumentException("method '" + method + "' has no fold_accuracies");
        }
        return Arrays.stream(m.group(1).split(",")).map(String::trim).mapToDouble(Double::parseDouble).toArray();
    }

    /**
     * {@code java -cp <test classpath> dev.kernelkit.it.weka.PairedComparison FOLDS OURS[,OURS...]
     * REFERENCE FILE...}: concatenates each method's fold accuracies over the JSON files (one per
     * repeat or seed, in the order given) and prints the paired comparison of every OURS against
     * REFERENCE.
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: PairedComparison FOLDS OURS[,OURS...] REFERENCE FILE...");
            System.exit(2);
        }
        int folds = Integer.parseInt(args[0]);
        List<String> docs = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            docs.add(Files.readString(Path.of(args[i])));
        }
        double[] reference = concat(docs, args[2]);
        for (String ours : args[1].split(",")) {
            System.out.println(dev.kernelkit.eval.PairedComparison.of(concat(docs, ours), reference, folds)
                    .line(ours, args[2]));
        }
    }

    private static double[] concat(List<String> docs, String method) {
        double[] all = new double[0];
        for (String doc : docs) {
            double[] a = foldAccuracies(doc, method);
            double[] next = Arrays.copyOf(all, all.length + a.length);
            System.arraycopy(a, 0, next, all.length, a.length);
            all = next;
        }
        return all;
    }
}
