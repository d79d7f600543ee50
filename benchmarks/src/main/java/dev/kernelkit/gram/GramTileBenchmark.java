package dev.kernelkit.gram;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The Gram tile of {@link GramBuilder}: one 64 x 256 tile of inner products over d features (2 * 64 * 256 * d
 * flops per call, 5.44 MFLOP at d = 166; GFLOP/s = that / us per op / 1000), the previous scalar 4 x 4
 * register-blocked kernel (commit eb519ac) on a 64 x 256 block of the same data for comparison, the Gaussian transform's exponential (table-driven against
 * {@code Math.exp}, 4096 values) and a whole Gaussian Gram matrix (n = 2000, one thread).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class GramTileBenchmark {
    @Param({"166"})
    int d;

    double[][][] panels;
    double[][] tile;
    double[] rows;
    double[] flat;
    double[] exponents;
    List<Vec> points;
    GramBuilder oneThread;
    GaussianKernel gaussian;

    @Setup
    public void setUp() {
        SplittableRandom r = new SplittableRandom(42);
        points = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            double[] x = new double[d];
            for (int k = 0; k < d; k++) {
                x[k] = r.nextDouble();
            }
            points.add(DenseVec.of(x));
        }
        panels = GramBuilder.panels(points.subList(0, 2 * GramBuilder.PANEL), d);
        tile = new double[GramBuilder.BLOCK][GramBuilder.PANEL];
        rows = new double[2 * GramBuilder.PANEL * d];
        for (int i = 0; i < 2 * GramBuilder.PANEL; i++) {
            ((DenseVec) points.get(i)).copyInto(rows, i * d);
        }
        flat = new double[GramBuilder.BLOCK * GramBuilder.PANEL];
        exponents = new double[GramBuilder.BLOCK * GramBuilder.BLOCK];
        for (int i = 0; i < exponents.length; i++) {
            exponents[i] = -2.0 * r.nextDouble(); // gamma ||x_i - x_j||^2 at gamma = 1/d for uniform data
        }
        oneThread = new GramBuilder(1);
        gaussian = new GaussianKernel(1.0 / d);
    }

    @Benchmark
    public double[][] tileVectorised() {
        GramBuilder.dotTile(panels[0], 0, GramBuilder.BLOCK, panels[1], 0, GramBuilder.PANEL, d, tile, GramBuilder.FUSED);
        return tile;
    }

    @Benchmark
    public double[] tileScalarPrevious() {
        PreviousTile.fused(rows, 0, GramBuilder.BLOCK, GramBuilder.PANEL, GramBuilder.PANEL, d, flat);
        return flat;
    }

    @Benchmark
    public double expMath() {
        double s = 0;
        for (double x : exponents) {
            s += Math.exp(x);
        }
        return s;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public DenseKernelMatrix gram2000OneThread() {
        return oneThread.gram(gaussian, points);
    }

    /** The tile kernel of commit eb519ac: 4 x 4 scalar register blocks over a row-major array, fused multiply-adds. */
    static final class PreviousTile {
        private PreviousTile() {
        }

        static void fused(double[] x, int i0, int ni, int j0, int nj, int d, double[] t) {
            for (int i = 0; i < ni; i += 4) {
                int a0 = (i0 + i) * d, a1 = a0 + d, a2 = a1 + d, a3 = a2 + d;
                int r0 = i * nj, r1 = r0 + nj, r2 = r1 + nj, r3 = r2 + nj;
                for (int j = 0; j < nj; j += 4) {
                    int b0 = (j0 + j) * d, b1 = b0 + d, b2 = b1 + d, b3 = b2 + d;
                    double s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
                    double s20 = 0, s21 = 0, s22 = 0, s23 = 0, s30 = 0, s31 = 0, s32 = 0, s33 = 0;
                    for (int k = 0; k < d; k++) {
                        double x0 = x[a0 + k], x1 = x[a1 + k], x2 = x[a2 + k], x3 = x[a3 + k];
                        double y0 = x[b0 + k], y1 = x[b1 + k], y2 = x[b2 + k], y3 = x[b3 + k];
                        s00 = Math.fma(x0, y0, s00);
                        s01 = Math.fma(x0, y1, s01);
                        s02 = Math.fma(x0, y2, s02);
                        s03 = Math.fma(x0, y3, s03);
                        s10 = Math.fma(x1, y0, s10);
                        s11 = Math.fma(x1, y1, s11);
                        s12 = Math.fma(x1, y2, s12);
                        s13 = Math.fma(x1, y3, s13);
                        s20 = Math.fma(x2, y0, s20);
                        s21 = Math.fma(x2, y1, s21);
                        s22 = Math.fma(x2, y2, s22);
                        s23 = Math.fma(x2, y3, s23);
                        s30 = Math.fma(x3, y0, s30);
                        s31 = Math.fma(x3, y1, s31);
                        s32 = Math.fma(x3, y2, s32);
                        s33 = Math.fma(x3, y3, s33);
                    }
                    t[r0 + j] = s00;
                    t[r0 + j + 1] = s01;
                    t[r0 + j + 2] = s02;
                    t[r0 + j + 3] = s03;
                    t[r1 + j] = s10;
                    t[r1 + j + 1] = s11;
                    t[r1 + j + 2] = s12;
                    t[r1 + j + 3] = s13;
                    t[r2 + j] = s20;
                    t[r2 + j + 1] = s21;
                    t[r2 + j + 2] = s22;
                    t[r2 + j + 3] = s23;
                    t[r3 + j] = s30;
                    t[r3 + j + 1] = s31;
                    t[r3 + j + 2] = s32;
                    t[r3 + j + 3] = s33;
                }
            }
        }
    }
}
