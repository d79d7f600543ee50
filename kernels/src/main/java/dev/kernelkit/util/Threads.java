package dev.kernelkit.util;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * How many threads parallel work may use here: inside {@link #call(int, Callable)} (the command
 * line's {@code --threads N}) N, else the available processors. The defaults of the parallel code
 * (the evaluation harness's pools, Gram matrix builders, kernel-row caches) read {@link #available()},
 * so that one setting at the top bounds all of them; parallel streams started inside {@code call}
 * run in its fork-join pool of N workers. The limit is scoped: it holds for the callable and the
 * threads it starts (an inheritable thread-local), and is gone when it returns.
 */
public final class Threads {
    private static final InheritableThreadLocal<Integer> LIMIT = new InheritableThreadLocal<>();

    private Threads() {
    }

    /**
     * The threads parallel work may use: the limit of the enclosing {@link #call}, else the
     * parallelism of the (non-common) fork-join pool the current thread works in, else the
     * available processors. At least 1.
     */
    public static int available() {
        Integer limit = LIMIT.get();
        if (limit != null) {
            return limit;
        }
        if (Thread.currentThread() instanceof ForkJoinWorkerThread w && w.getPool() != ForkJoinPool.commonPool()) {
            return Math.max(1, w.getPool().getParallelism());
        }
        return Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs {@code task} with parallel work limited to {@code threads} threads: in a fork-join pool
     * of that many workers (so that parallel streams use it) with {@link #available()} = threads for
     * it and the threads it starts.
     *
     * @throws IllegalArgumentException when threads &lt; 1
     * @throws Exception whatever the task throws (an {@link Error} as itself)
     */
    public static <T> T call(int threads, Callable<T> task) throws Exception {
        Objects.requireNonNull(task, "task");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        Integer before = LIMIT.get();
        LIMIT.set(threads);
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            // the task's own throwable, not the copy ForkJoinTask.get would make of it in this thread
            Throwable[] failure = new Throwable[1];
            ForkJoinTask<T> f = pool.submit(() -> {
                LIMIT.set(threads);
                try {
                    return task.call();
                } catch (Exception | Error e) {
                    failure[0] = e;
                    return null;
                }
            });
            T result;
            try {
                result = f.get();
            } catch (InterruptedException e) {
                f.cancel(true);
                Thread.currentThread().interrupt();
                throw e;
            }
            if (failure[0] instanceof Exception ex) {
                throw ex;
            }
            if (failure[0] instanceof Error err) {
                throw err;
            }
            return result;
        } finally {
            pool.shutdownNow();
            if (before == null) {
                LIMIT.remove();
            } else {
                LIMIT.set(before);
            }
        }
    }
}
