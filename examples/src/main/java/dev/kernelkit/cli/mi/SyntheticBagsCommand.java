package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.Options;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code kernelkit sparse-mi synth}: writes the seeded MUSK2-shaped timing set of
 * {@link SyntheticData#muskLikeBags} as a CSV bag file (defaults: MUSK2's 39 positive and 63
 * negative bags, 6,598 instances, 166 features).
 */
@Command(name = "synth", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write a seeded MUSK2-shaped synthetic bag set (CSV bags) for timing bag-level learners.")
final class SyntheticBagsCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The CSV bag file to write.")
    Path out;

    @Option(names = "--positive", paramLabel = "N", defaultValue = "39",
            description = "Positive bags (default: ${DEFAULT-VALUE}, as MUSK2).")
    int positive;

    @Option(names = "--negative", paramLabel = "N", defaultValue = "63",
            description = "Negative bags (default: ${DEFAULT-VALUE}, as MUSK2).")
    int negative;

    @Option(names = "--instances", paramLabel = "N", defaultValue = "6598",
            description = "Instances over all bags (default: ${DEFAULT-VALUE}, as MUSK2).")
    int instances;

    @Option(names = "--dim", paramLabel = "D", defaultValue = "166",
            description = "Features (default: ${DEFAULT-VALUE}, as MUSK2).")
    int dim;

    @Mixin
    Options.Seed seed = new Options.Seed();

    @Override
    public Integer call() throws IOException {
        BagDataset d = SyntheticData.muskLikeBags(positive, negative, instances, dim, seed.seed());
        // through the output layer (atomic for a file, written through for a FIFO or -), not truncated in place
        java.nio.file.Path staged = java.nio.file.Files.createTempFile("kernelkit-synth", ".csv");
        try {
            CsvBagFormat.write(d, staged);
            dev.kernelkit.io.AtomicFiles.write(out, java.nio.file.Files.readAllBytes(staged));
        } finally {
            java.nio.file.Files.deleteIfExists(staged);
        }
        PrintWriter w = spec.commandLine().getOut();
        w.printf(Locale.ROOT, "bags %d (%d positive)  instances %d  features %d  seed %d  written to %s%n", d.size(),
                positive, d.instanceCount(), d.dim(), seed.seed(), out);
        w.flush();
        return 0;
    }
}
