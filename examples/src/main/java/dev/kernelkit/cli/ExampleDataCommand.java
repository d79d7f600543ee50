package dev.kernelkit.cli;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit example-data}: writes the demo's seeded synthetic problems as data files a newcomer can
 * train on (training and test files of each), so that every command of README runs as written without
 * downloading anything.
 */
@Command(name = "example-data", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write small seeded example data sets (the demo's generators) into --out: vectors in LIBSVM "
                + "format and bags in CSV bags format, each as a training and a test file.",
                "moons.libsvm / moons-test.libsvm: two moons, 400 / 1000 points, 2 features; checkerboard.libsvm / "
                + "checkerboard-test.libsvm: a 4 x 4 checkerboard, 2000 / 2000 points; rings.csv / rings-test.csv: bags "
                + "whose positive ones hold an instance near the centre of a ring, 60 / 100 bags; four-gaussians.csv: "
                + "3-class bags, 90 bags."})
public final class ExampleDataCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The folder to write into (created; "
            + "existing files of the same names are refused unless --force).")
    Path out;

    @Option(names = "--force", description = "Replace existing files of the same names.")
    boolean force;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the training files; test files use S + 1 (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Override
    public Integer call() throws IOException {
        String[] names = {"moons.libsvm", "moons-test.libsvm", "checkerboard.libsvm", "checkerboard-test.libsvm",
                "rings.csv", "rings-test.csv", "four-gaussians.csv"};
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + " exists and is not a folder");
        }
        for (String n : names) {
            if (!force && Files.exists(out.resolve(n))) {
                throw new IllegalArgumentException(out.resolve(n) + " exists: give another --out, or --force to replace it");
            }
        }
        Files.createDirectories(out);
        PrintWriter w = spec.commandLine().getOut();
        vectors(w, "moons.libsvm", SyntheticData.twoMoons(400, 0.3, seed));
        vectors(w, "moons-test.libsvm", SyntheticData.twoMoons(1000, 0.3, seed + 1));
        vectors(w, "checkerboard.libsvm", SyntheticData.checkerboard(2000, 4, seed));
        vectors(w, "checkerboard-test.libsvm", SyntheticData.checkerboard(2000, 4, seed + 1));
        bags(w, "rings.csv", SyntheticData.ringBags(30, 4, 8, seed));
        bags(w, "rings-test.csv", SyntheticData.ringBags(50, 4, 8, seed + 1));
        bags(w, "four-gaussians.csv", SyntheticData.fourGaussianBags(30, 4, 8, seed));
        w.flush();
        return Main.OK;
    }

    private void vectors(PrintWriter w, String name, LabeledDataset d) throws IOException {
        LibsvmFormat.write(d, out.resolve(name));
        w.printf(Locale.ROOT, "%s: %d vectors, %d features, %d classes%n", out.resolve(name), d.size(), d.dim(),
                d.classCount());
    }

    private void bags(PrintWriter w, String name, BagDataset d) throws IOException {
        CsvBagFormat.write(d, out.resolve(name));
        w.printf(Locale.ROOT, "%s: %d bags, %d instances, %d features, %d classes%n", out.resolve(name), d.size(),
                d.instanceCount(), d.dim(), d.classCount());
    }
}
