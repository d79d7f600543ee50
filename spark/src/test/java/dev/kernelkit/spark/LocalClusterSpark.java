package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;

/**
 * The session of the {@code *LocalClusterTest} classes: {@code local-cluster[2,1,1024]}, two executor JVMs of 1 GB
 * started from the Maven-resolved jars (surefire's {@code local-cluster} execution sets SPARK_HOME, whose empty
 * jars/ folder this creates, SPARK_SCALA_VERSION and SPARK_DIST_CLASSPATH), the driver in that execution's fork at
 * -Xmx256m. Each class starts one in its {@code @BeforeAll} and stops it in its {@code @AfterAll}.
 */
public final class LocalClusterSpark {
    /** The master URL. */
    public static final String MASTER = "local-cluster[2,1,1024]";

    private LocalClusterSpark() {
    }

    /**
     * Starts the session; outside surefire's local-cluster execution (e.g. a -Dtest filter in the default one,
     * which holds the shared local[2] session) the calling class is skipped.
     */
    public static SparkSession start(String appName) throws IOException {
        Assumptions.assumeTrue(System.getProperty("kernelkit.executor.options") != null,
                "runs in the local-cluster surefire execution");
        String home = System.getenv("SPARK_HOME");
        assertThat(home).as("SPARK_HOME (set by the local-cluster surefire execution)").isNotNull();
        Files.createDirectories(Path.of(home, "jars"));
        SparkSession spark = SparkSession.builder()
                .master(MASTER)
                .appName(appName)
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.ui.enabled", "false")
                // Spark refuses a driver under 450 MB of heap unless told its memory (its own tests do the same):
                // the driver runs at -Xmx256m
                .config("spark.testing.memory", String.valueOf(512L << 20))
                .config("spark.executor.extraJavaOptions",
                        System.getProperty("kernelkit.executor.options", "").strip().replaceAll("\\s+", " "))
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        return spark;
    }
}
