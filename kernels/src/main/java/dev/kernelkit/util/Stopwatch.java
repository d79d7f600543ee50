package dev.kernelkit.util;

import java.util.concurrent.Callable;

/**
 * Wall-clock timing from {@link System#nanoTime()}: a started stopwatch, and {@link #time} to run
 * a piece of work and keep both its value and its duration. Not thread-safe; one per measurement.
 */
public final class Stopwatch {
    private final long start;

    private Stopwatch(long start) {
        this.start = start;
    }

    /** A stopwatch running from now. */
    public static Stopwatch start() {
        return new Stopwatch(System.nanoTime());
    }

    /** Nanoseconds since {@link #start()}. */
    public long elapsedNanos() {
        return System.nanoTime() - start;
    }

    /** Seconds since {@link #start()}. */
    public double elapsedSeconds() {
        return elapsedNanos() * 1e-9;
    }

    /**
     * A value with the seconds it took to compute.
     *
     * @param value the result of the work
     * @param seconds wall-clock seconds, &ge; 0
     * @param <T> the value type
     */
    public record Timed<T>(T value, double seconds) {
    }

    /**
     * Runs {@code work} and times it.
     *
     * @throws Exception whatever the work throws
     */
    public static <T> Timed<T> time(Callable<T> work) throws Exception {
        Stopwatch w = start();
        T v = work.call();
        return new Timed<>(v, w.elapsedSeconds());
    }

    /** Times a piece of work without a result; returns the seconds. */
    public static double time(Runnable work) {
        Stopwatch w = start();
        work.run();
        return w.elapsedSeconds();
    }
}
