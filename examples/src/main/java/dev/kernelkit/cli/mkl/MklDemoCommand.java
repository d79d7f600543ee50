package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.Options;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kernelkit mkl demo}: the MKL section of {@code kernelkit demo} on its own. */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = "SM1MKL, SM2MKL, SimpleMKL and AveKernel on two moons with one noise feature (the MKL section of kernelkit demo).")
final class MklDemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    Options.Seed seed;
    @Option(names = "--plots", paramLabel = "DIR", description = "Write SM1MKL's kernel weights as a bar chart into DIR.")
    Path plots;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        MklDemo.Result r = MklDemo.run(seed.seed());
        MklDemo.print(out, r);
        if (plots != null) {
            Files.createDirectories(plots);
            MklDemo.writePlots(plots, r, out);
        }
        out.flush();
        return Main.OK;
    }
}
