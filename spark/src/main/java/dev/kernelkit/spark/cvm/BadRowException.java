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
        String tag = BadRowException.class.getName() + ": ";
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BadRowException b) {
                return b.getMessage();
            }
            String m = t.getMessage();
            int at = m == null ? -1 : m.indexOf(tag);
            if (at >= 0) {
                int end = m.indexOf('\n', at);
                return m.substring(at + tag.length(), end < 0 ? m.length() : end).strip();
            }
        }
        return null;
    }
}
