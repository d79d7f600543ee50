package dev.kernelkit.cli.mkl;

import dev.kernelkit.mkl.MklMethod;
import picocli.CommandLine.Option;

/** {@code --method M}: the one method of {@code mkl train}, {@code cv} and {@code bench} (a picocli mixin). */
final class MklMethodOption {
    @Option(names = "--method", required = true, paramLabel = "M", description = "sm1, sm2, lp, simple or ave.")
    String method;

    /**
     * The method named by --method.
     *
     * @throws IllegalArgumentException for an unknown name (naming the accepted ones)
     */
    MklMethod method() {
        return MklMethod.parse(method);
    }
}
