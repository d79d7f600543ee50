package dev.kernelkit.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.security.SecureRandom;

/**
 * Writes output files so that a crash or an error never leaves a half-written file: the text goes
 * to a temporary file in the target's folder, is forced to disk, and is then renamed over the
 * target (atomically where the file system allows). The file gets the permissions a plain new
 * file would get (0666 less the umask), or keeps those of the file it replaces; a temporary file
 * from {@link Files#createTempFile} would be 0600 and make JSON or model files unreadable to others.
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
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code bytes} to {@code target} (a PNG, say) the same way as {@link #writeString}.
     *
     * @throws IOException when the folder is not writable or the rename fails
     */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = newTemporary(abs);
        try {
            if (Files.exists(abs) && Files.getFileStore(tmp).supportsFileAttributeView(PosixFileAttributeView.class)) {
                Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(abs));
            }
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

    /** A new empty file beside {@code target}, created with the default permissions. */
    private static Path newTemporary(Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = target.resolveSibling("." + target.getFileName() + "."
                    + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    private static final SecureRandom RANDOM = new SecureRandom();
}
