package dev.kernelkit.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress for long runs, written to stderr and only when the process talks to a terminal
 * ({@link System#console()} is not null); silent otherwise, so redirected output and the stdout
 * tables never contain progress lines. The line is redrawn in place with a carriage return and
 * cleared by {@link #done()}. Thread-safe (parallel folds may report).
 */
public final class Progress {
    private static final long MIN_REDRAW_NANOS = 100_000_000L;

    private final PrintWriter err;
    private final boolean enabled;
    private final long start = System.nanoTime();
    private long lastDraw = Long.MIN_VALUE;
    private int lastLength;

    /**
     * @param err where progress goes (stderr)
     * @param enabled whether to write anything at all
     */
    public Progress(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    /** Progress on {@code err}, enabled only when stdin/stdout are a terminal. */
    public static Progress forTerminal(PrintWriter err) {
        return new Progress(err, System.console() != null);
    }

    /** Whether this instance writes anything. */
    public boolean enabled() {
        return enabled;
    }

    /** Shows "label  done/total  (p%)  elapsed", at most ten redraws a second (and always the last). */
    public synchronized void update(String label, long done, long total) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (done < total && lastDraw != Long.MIN_VALUE && now - lastDraw < MIN_REDRAW_NANOS) {
            return;
        }
        lastDraw = now;
        double pct = total > 0 ? 100.0 * done / total : 0.0;
        draw(String.format(Locale.ROOT, "%s  %d/%d  (%.0f%%)  %.1f s", label, done, total, pct,
                (now - start) / 1e9));
    }

    /** Shows a free-form status line, e.g. "iteration 12, objective -3.25". */
    public synchronized void status(String text) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (lastDraw != Long.MIN_VALUE && now - lastDraw < MIN_REDRAW_NANOS) {
            return;
        }
        lastDraw = now;
        draw(String.format(Locale.ROOT, "%s  %.1f s", text, (now - start) / 1e9));
    }

    /** Clears the progress line. */
    public synchronized void done() {
        if (!enabled || lastLength == 0) {
            return;
        }
        err.print("\r" + " ".repeat(lastLength) + "\r");
        err.flush();
        lastLength = 0;
    }

    private void draw(String line) {
        String padded = line.length() < lastLength ? line + " ".repeat(lastLength - line.length()) : line;
        err.print("\r" + padded);
        err.flush();
        lastLength = line.length();
    }
}
