package dev.kernelkit.spark;

/**
 * The one-line message of an exception thrown on an executor, found in the failure Spark reports on the driver:
 * in the causes (local masters keep the exception) or in a cause's text (from another JVM, Spark passes the
 * executor's stack trace as a string, "ClassName: message" on its first line).
 */
public final class ExecutorErrors {
    private ExecutorErrors() {
    }

    /** The message of the first {@code type} in {@code e}'s causes or in their texts, else null. */
    public static String messageOf(Throwable e, Class<? extends Throwable> type) {
        String tag = type.getName() + ": ";
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return t.getMessage();
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
