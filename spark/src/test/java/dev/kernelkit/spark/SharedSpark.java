package dev.kernelkit.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one SparkSession of this module's test JVM (surefire runs every test class in one fork): a
 * session costs 10-20 s to start, a trivial job 30-40 ms. {@code local[2,4]}: two cores, and up to
 * four attempts per task, as a cluster's default {@code spark.task.maxFailures} gives (local mode
 * otherwise never retries). Bound to 127.0.0.1, no UI. Spark's own shutdown hook stops it when the
 * JVM exits.
 */
final class SharedSpark {
    /** Attempts per task. */
    static final int ATTEMPTS = 4;

    private static SparkSession session;

    private SharedSpark() {
    }

    /** The session, started on the first call. */
    static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[2," + ATTEMPTS + "]")
                    .appName("kernelkit-spark-tests")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "2")
                    .getOrCreate();
        }
        return session;
    }
}
