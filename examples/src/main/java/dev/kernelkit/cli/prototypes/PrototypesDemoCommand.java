package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit prototypes demo}: the synthetic feature-selection experiment of spec §7.5 (our seeded recreation,
 * {@link PrototypesDemo}), or with {@code --lengths} the unequal-length series study ({@link VariableLengthDemo}).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Synthetic 9-channel feature-selection experiment: which channels IMKPL keeps.")
final class PrototypesDemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    Options.Json json;
    @Option(names = "--seed", defaultValue = "11", description = "Data seed (default ${DEFAULT-VALUE}).")
    long seed;
    @Option(names = "--plots", paramLabel = "DIR", description = "Write the kernel-weight bars and the prototype-composition chart into DIR.")
    Path plots;
    @Option(names = "--gak", description = "One GAK per channel (the paper's base kernels) instead of one Gaussian per channel.")
    boolean gak;
    @Option(names = "--lengths", paramLabel = "MIN:MAX",
            description = "Series of unequal lengths in [MIN, MAX] with random pace and lead-in: IMKPL (T = 3, capped r = 3) "
                    + "with one GAK per channel on the series as recorded and resampled inside the kernel (the default), "
                    + "against resampling every series to the mean length beforehand (GAK or Gaussian per channel).")
    String lengths;
    @Option(names = "--repeats", defaultValue = "1",
            description = "With --lengths: repetitions on seeds seed, seed+1, ... (default ${DEFAULT-VALUE}).")
    int repeats;

    @Override
    public Integer call() throws IOException {
        if (lengths != null) {
            String[] p = lengths.split(":", -1);
            int min;
            int max;
            try {
                min = Integer.parseInt(p[0].trim());
                max = p.length == 2 ? Integer.parseInt(p[1].trim()) : -1;
            } catch (NumberFormatException e) {
                min = -1;
                max = -1;
            }
            if (p.length != 2 || min < 4 || max < min) {
                throw new IllegalArgumentException("--lengths must be MIN:MAX with 4 <= MIN <= MAX, got '" + lengths + "'");
            }
            if (repeats < 1) {
                throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
            }
            List<VariableLengthDemo.Outcome> res = VariableLengthDemo.runAndPrint(seed, repeats, min, max,
                    spec.commandLine().getOut());
            JsonSummary js = new JsonSummary().put("min_length", min).put("max_length", max);
            for (VariableLengthDemo.Representation r : VariableLengthDemo.Representation.values()) {
                double[] a = res.stream().mapToDouble(o -> o.accuracy()[r.ordinal()]).toArray();
                js.putList(r.name().toLowerCase(Locale.ROOT) + "_accuracy", a);
            }
            json.write(js);
            return 0;
        }
        PrototypesDemo.Result r = PrototypesDemo.run(seed, gak);
        PrototypesDemo.print(spec.commandLine().getOut(), r);
        if (plots != null) {
            PrototypesDemo.writePlots(plots, r, spec.commandLine().getOut());
        }
        json.write(new JsonSummary().put("accuracy", r.accuracy()).putList("kernel_weights", r.kernelWeights()));
        return 0;
    }
}
