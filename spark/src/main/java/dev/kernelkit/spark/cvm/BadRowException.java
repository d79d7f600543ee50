package dev.kernelkit.spark.cvm;

/**
 * A bad input row found on an executor: the message is the one line "file:line: problem" that the
 * driver reports ({@link SparkCoreVectorMachine} unwraps it from Spark's job failure).
 */
final class BadRowException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    BadRowException(String message) {
        super(message);
    }

    /** The message of the first BadRowException in {@code e}'s causes (or in a Spark failure's text), else null. */
    static String find(Throwable e) {
        return dev.kernelkit.spark.ExecutorErrors.messageOf(e, BadRowException.class);
    }
}
