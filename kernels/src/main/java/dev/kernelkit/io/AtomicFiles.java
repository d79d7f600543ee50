package dev.kernelkit.io;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.security.SecureRandom;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Writes output files so that a crash or an error never leaves a half-written file, and never
 * replaces what is not a regular file.
 *
 * <ul>
 *   <li>A new path, or an existing regular file: the bytes go to a temporary file in the target's
 *       folder, are forced to disk, and the temporary file is renamed over the target (atomically
 *       where the file system allows). The file gets the permissions a plain new file would get
 *       (0666 less the umask), or keeps those of the file it replaces; a temporary file from
 *       {@link Files#createTempFile} would be 0600 and make JSON or model files unreadable to
 *       others. A symbolic link to a regular file is kept: the file it names is replaced.</li>
 *   <li>Anything else that exists (a FIFO, a character device such as {@code /dev/null}, a
 *       symbolic link to one, anything under {@code /dev} or {@code /proc} such as
 *       {@code /dev/stdout}) and the name {@code -} (standard output) are written through, in
 *       place, and never replaced.</li>
 *   <li>A folder is refused ("is a directory").</li>
 * </ul>
 *
 * <p>Errors name the caller's path, never the temporary one. The temporary name is
 * {@code .NAME.PID-RANDOM.tmp} with NAME cut so that the whole stays within 255 bytes (the
 * usual limit of one name component); temporary files of this target left by a process that no
 * longer runs (killed while writing) are removed on the next write.
 */
public final class AtomicFiles {
    /** The usual limit of one path component, in bytes (ext4, xfs, btrfs, tmpfs, APFS: 255). */
    static final int MAX_NAME_BYTES = 255;
    /** Bytes of a temporary name around the target's: ".", ".", pid (<= 19), "-", random (<= 13), ".tmp". */
    private static final int TEMPORARY_OVERHEAD = 1 + 1 + 19 + 1 + 13 + 4;

    /** The inputs of the running command (see {@link #protecting}); none outside a command-line run. */
    private static volatile Inputs inputs = Inputs.NONE;

    private AtomicFiles() {
    }

    /**
     * The files and folders a run reads: a write to one of the files, or to an existing file inside
     * one of the folders, is refused.
     */
    private record Inputs(java.util.Set<Object> fileKeys, List<Path> folders, List<Path> outputFolders) {
        static final Inputs NONE = new Inputs(java.util.Set.of(), List.of(), List.of());
    }

    /**
     * Runs {@code run} with {@code files} and {@code folders} protected: while it runs, every write
     * of this class to one of those files (however spelled or linked), or to an existing file inside
     * one of the folders and not inside one of {@code outputFolders} (folders the run was told to write
     * into, which may lie inside an input folder), fails with an {@link IOException} naming the path,
     * before anything is written. The command line wraps each command in it, so that a file a command derives inside
     * an output folder (a chart in {@code --plots DIR}, a summary in {@code --work-dir DIR}) can
     * never replace an input; outside it nothing is protected. The protection is this process's: a
     * run inside another (reproduce running its tables' commands) protects the inputs of both.
     */
    public static <T> T protecting(Collection<Path> files, Collection<Path> folders, Collection<Path> outputFolders,
                                   Callable<T> run) throws Exception {
        java.util.Set<Object> keys = new java.util.HashSet<>();
        for (Path f : files) {
            Object key = fileKey(f);
            if (key != null) {
                keys.add(key);
            }
        }
        List<Path> realFolders = new java.util.ArrayList<>();
        for (Path d : folders) {
            try {
                realFolders.add(d.toRealPath());
            } catch (IOException e) {
                // a folder that does not exist holds nothing to protect
            }
        }
        List<Path> realOutputs = new java.util.ArrayList<>();
        for (Path d : outputFolders) {
            try {
                realOutputs.add(d.toRealPath());
            } catch (IOException e) {
                // created by the run: nothing of an input folder is inside it yet
            }
        }
        Inputs outer;
        synchronized (AtomicFiles.class) {
            outer = inputs;
            keys.addAll(outer.fileKeys());
            realFolders.addAll(outer.folders());
            realOutputs.addAll(outer.outputFolders());
            inputs = keys.isEmpty() && realFolders.isEmpty() ? Inputs.NONE
                    : new Inputs(java.util.Set.copyOf(keys), List.copyOf(realFolders), List.copyOf(realOutputs));
        }
        try {
            return run.call();
        } finally {
            synchronized (AtomicFiles.class) {
                inputs = outer;
            }
        }
    }

    /** The file's device-and-inode key (following links), its real path where there is none, or null when it does not exist. */
    private static Object fileKey(Path p) {
        try {
            if (!Files.exists(p)) {
                return null;
            }
            Object key = Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
            return key != null ? key : p.toRealPath();
        } catch (IOException e) {
            return null;
        }
    }

    /** Refuses a write to an input of the running command ({@link #protecting}). */
    private static void refuseInput(Path target) throws IOException {
        Inputs in = inputs;
        if (in == Inputs.NONE || !Files.exists(target)) {
            return;
        }
        Object key = fileKey(target);
        if (key != null && in.fileKeys().contains(key)) {
            throw new FileSystemException(target.toString(), null, "is an input of this run: refusing to write over it");
        }
        Path real = target.toRealPath();
        for (Path allowed : in.outputFolders()) {
            if (real.startsWith(allowed)) {
                return;
            }
        }
        for (Path folder : in.folders()) {
            if (real.startsWith(folder) && !real.equals(folder)) {
                throw new FileSystemException(target.toString(), null, "is inside the input folder " + folder
                        + ": refusing to write over it");
            }
        }
    }

    /**
     * Writes {@code text} as UTF-8 to {@code target}, creating missing parent folders. On failure
     * the temporary file is removed and the target is untouched.
     *
     * @throws IOException when the folder is not writable or the rename fails (naming {@code target})
     */
    public static void writeString(Path target, String text) throws IOException {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code bytes} to {@code target} (a PNG, say) the same way as {@link #writeString}.
     *
     * @throws IOException when the folder is not writable or the rename fails (naming {@code target})
     */
    public static void write(Path target, byte[] bytes) throws IOException {
        FileDescriptor fd = standardStream(target);
        if (fd != null) {
            // the process's own descriptor, sharing its offset with everything else written there
            System.out.flush();
            System.err.flush();
            FileOutputStream out = new FileOutputStream(fd);  // not closed: that would close fd 1 or 2
            out.write(bytes);
            out.flush();
            return;
        }
        Path abs = target.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            throw new FileSystemException(target.toString(), null, "is a directory");
        }
        refuseInput(target);
        if (writesThrough(abs)) {
            try (FileChannel ch = FileChannel.open(abs, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            } catch (IOException e) {
                throw naming(target, e);
            }
            return;
        }
        if (Files.isSymbolicLink(abs)) {
            if (!Files.exists(abs)) {
                throw new FileSystemException(target.toString(), null, "a symbolic link to a missing file");
            }
            abs = abs.toRealPath();  // a link to a regular file: replace the file, keep the link
        }
        Path dir = abs.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = null;
        try {
            removeStaleTemporaries(abs);
            tmp = newTemporary(abs);
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
        } catch (IOException e) {
            throw naming(target, e);
        } finally {
            if (tmp != null) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /**
     * The descriptor {@code target} names: standard output for {@code -}, {@code /dev/stdout},
     * {@code /dev/fd/1} and {@code /proc/self/fd/1}, standard error for their 2 forms; else null. Opening
     * those paths anew would start at offset 0 of a redirected file and overwrite what the process
     * wrote there before.
     */
    static FileDescriptor standardStream(Path target) {
        if (isStandardOutput(target)) {
            return FileDescriptor.out;
        }
        String p = target.toAbsolutePath().normalize().toString();
        return switch (p) {
            case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1" -> FileDescriptor.out;
            case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2" -> FileDescriptor.err;
            default -> null;
        };
    }

    /**
     * Whether {@code target} names this process's standard output: {@code -}, {@code /dev/stdout},
     * {@code /dev/fd/1} or {@code /proc/self/fd/1}.
     */
    public static boolean namesStandardOutput(Path target) {
        return standardStream(target) == FileDescriptor.out;
    }

    /** Whether {@code target} names standard output: {@code -}. */
    public static boolean isStandardOutput(Path target) {
        return target.getNameCount() == 1 && !target.isAbsolute() && target.toString().equals("-");
    }

    /**
     * Whether {@link #write} writes {@code target} in place rather than replacing it: {@code -},
     * and anything that exists and is neither a regular file, a folder nor a link to a regular file
     * (a FIFO, a device, a socket), and anything under {@code /dev} or {@code /proc}.
     *
     * @throws IOException when a link cannot be resolved
     */
    public static boolean writesThrough(Path target) throws IOException {
        if (isStandardOutput(target)) {
            return true;
        }
        Path abs = target.toAbsolutePath();
        if (!Files.exists(abs)) {
            return isSpecialTree(abs.normalize());
        }
        if (Files.isDirectory(abs)) {
            return false;
        }
        if (!Files.isRegularFile(abs)) {
            return true;
        }
        return isSpecialTree(abs.normalize()) || isSpecialTree(abs.toRealPath());
    }

    private static boolean isSpecialTree(Path abs) {
        return abs.startsWith("/dev") || abs.startsWith("/proc");
    }

    /** The exception {@code e} of writing {@code target} (perhaps through a temporary file) naming {@code target}. */
    private static IOException naming(Path target, IOException e) {
        String user = target.toString();
        if (e instanceof FileSystemException f) {
            if (user.equals(f.getFile())) {
                return e;
            }
            String reason = f.getReason();
            IOException named;
            if (f instanceof AccessDeniedException) {
                named = new AccessDeniedException(user, null, reason);
            } else if (f instanceof NoSuchFileException) {
                named = new NoSuchFileException(user, null, reason);
            } else {
                named = new FileSystemException(user, null, reason == null ? f.getClass().getSimpleName() : reason);
            }
            named.initCause(e);
            return named;
        }
        return new IOException(user + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
    }

    /** The prefix of every temporary name of {@code target}: ".NAME." with NAME cut to fit 255 bytes. */
    static String temporaryPrefix(Path target) {
        return "." + cutToBytes(target.getFileName().toString(), MAX_NAME_BYTES - TEMPORARY_OVERHEAD) + ".";
    }

    /** The longest prefix of {@code s} whose UTF-8 encoding has at most {@code max} bytes (whole characters). */
    static String cutToBytes(String s, int max) {
        CharsetEncoder enc = StandardCharsets.UTF_8.newEncoder();
        ByteBuffer out = ByteBuffer.allocate(max);
        CharBuffer in = CharBuffer.wrap(s);
        CoderResult r = enc.encode(in, out, true);
        if (!r.isOverflow() && !r.isError()) {
            return s;
        }
        return s.substring(0, in.position());
    }

    /** A new empty file beside {@code target}, created with the default permissions. */
    private static Path newTemporary(Path target) throws IOException {
        String prefix = temporaryPrefix(target) + ProcessHandle.current().pid() + "-";
        for (int attempt = 0; ; attempt++) {
            Path tmp = target.resolveSibling(prefix + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /** Removes temporary files of {@code target} whose writing process no longer runs (killed mid-write). */
    private static void removeStaleTemporaries(Path target) throws IOException {
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        String prefix = temporaryPrefix(target);
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(".tmp");
        })) {
            for (Path p : stream) {
                String rest = p.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                if (dash < 1 || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(rest.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (ProcessHandle.of(pid).isEmpty()) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException e) {
            // an unreadable folder: nothing to tidy; the write itself reports what matters
        }
    }

    private static final SecureRandom RANDOM = new SecureRandom();
}
