package dev.kernelkit.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs indexed tasks on a bounded pool and returns their results in index order, whatever the
 * scheduling. When tasks fail, the failure of the lowest-indexed failing task is rethrown and the
 * remaining tasks are cancelled.
 */
final class OrderedParallel {
    private static final AtomicInteger POOL_COUNTER = new AtomicInteger();

    private OrderedParallel() {
    }

    /** min({@link dev.kernelkit.util.Threads#available()}, tasks), at least 1. */
    static int defaultThreads(int tasks) {
        return Math.max(1, Math.min(dev.kernelkit.util.Threads.available(), tasks));
    }

    /**
     * @param tasks tasks that throw only {@link FoldFailedException} (or an {@link Error})
     * @param threads pool size; 1 runs the tasks in order in the calling thread
     */
    static <R> List<R> run(List<Callable<R>> tasks, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        List<R> out = new ArrayList<>(tasks.size());
        if (threads == 1 || tasks.size() <= 1) {
            for (Callable<R> t : tasks) {
                out.add(callUnchecked(t));
            }
            return out;
        }
        int poolId = POOL_COUNTER.incrementAndGet();
        AtomicInteger threadId = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread th = new Thread(r, "kernelkit-eval-" + poolId + "-" + threadId.incrementAndGet());
            th.setDaemon(true);
            return th;
        };
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, tasks.size()), factory);
        try {
            List<Future<R>> futures = new ArrayList<>(tasks.size());
            for (Callable<R> t : tasks) {
                futures.add(pool.submit(t));
            }
            for (int i = 0; i < futures.size(); i++) {
                try {
                    out.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    for (Future<R> f : futures) {
                        f.cancel(true);
                    }
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException("task " + i + " failed", cause);
                } catch (InterruptedException e) {
                    for (Future<R> f : futures) {
                        f.cancel(true);
                    }
                    Thread.currentThread().interrupt();
                    throw new CancellationException("interrupted while waiting for task " + i);
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static <R> R callUnchecked(Callable<R> t) {
        try {
            return t.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
