package dev.kernelkit.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes output files so that a crash or an error never leaves a half-written file: the text goes
 * to a temporary file in the target's folder, is forced to disk, and is then renamed over the
 * target (atomically where the file system allows).
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /**
     * Writes {@code text} as UTF-8 to {@code target}, creating missing parent folders. On failure
     * the temporary file is removed and the target is untouched.
     *
     * @throws IOException when the folder is not writable or the rename fails
     */
    public static void writeString(Path target, String text) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
