import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.nio.file.Path;

/**
 * Writes a seeded Ringnorm sample (Breiman 1996; {@link SyntheticData#ringnorm}) in LIBSVM format, the data of
 * the SM2MKL tuning benchmark in BENCHMARKS.md (issue #23). A single-file program, run against the CLI jar:
 * {@code java -cp examples/target/kernelkit.jar benchmarks/scripts/WriteRingnorm.java FILE [n [dim [seed]]]}
 * (defaults 1000 points, 20 features, seed 1).
 */
public final class WriteRingnorm {
    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 4) {
            System.err.println("usage: WriteRingnorm FILE [n [dim [seed]]]");
            System.exit(2);
        }
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int dim = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 1L;
        LibsvmFormat.write(SyntheticData.ringnorm(n, dim, seed), Path.of(args[0]));
    }
}
