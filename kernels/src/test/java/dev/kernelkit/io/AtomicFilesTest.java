package dev.kernelkit.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    private void assumePosix() throws IOException {
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView(PosixFileAttributeView.class), "POSIX file system");
    }

    @Test
    void writesTheTextIntoMissingFoldersAndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("a/b/out.json");
        AtomicFiles.writeString(target, "{\"x\": 1}\n");
        assertThat(Files.readString(target)).isEqualTo("{\"x\": 1}\n");
        try (Stream<Path> files = Files.list(target.getParent())) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void aNewFileGetsThePermissionsOfAPlainNewFileNotTheTemporaryFiles0600() throws IOException {
        assumePosix();
        Path plain = Files.createFile(dir.resolve("plain"));
        Path target = dir.resolve("out.json");
        AtomicFiles.writeString(target, "text");
        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(Files.getPosixFilePermissions(plain));
        // on any usual umask (022, 002, 027) the owner can read and write and the group can read
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).startsWith("rw-r");
    }

    @Test
    void replacingAFileKeepsItsPermissionsAndReplacesItsText() throws IOException {
        assumePosix();
        Path target = Files.writeString(dir.resolve("model.txt"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
        AtomicFiles.writeString(target, "new");
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-r-----");
    }

    /** mkfifo PATH, or false (and a line on stdout) when there is no mkfifo. */
    static boolean mkfifo(Path fifo) throws Exception {
        try {
            Process p = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
            return p.waitFor() == 0;
        } catch (IOException e) {
            System.out.println("mkfifo is not available (" + e.getMessage() + "): FIFO cases skipped");
            return false;
        }
    }

    @Test
    void aFifoIsWrittenThroughAndStaysAFifo() throws Exception {
        Path fifo = dir.resolve("pipe");
        assumeTrue(mkfifo(fifo), "mkfifo");
        CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readAllBytes(fifo);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        AtomicFiles.writeString(fifo, "through the pipe\n");
        assertThat(new String(read.get(60, TimeUnit.SECONDS), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("through the pipe\n");
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
    }

    @Test
    void devNullAndALinkToItAreWrittenThroughNotReplaced() throws IOException {
        Path devNull = Path.of("/dev/null");
        assumeTrue(Files.exists(devNull), "/dev/null");
        AtomicFiles.writeString(devNull, "discarded");
        Path link = Files.createSymbolicLink(dir.resolve("sink"), devNull);
        AtomicFiles.writeString(link, "discarded");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.isRegularFile(devNull)).isFalse();
        assertThat(AtomicFiles.writesThrough(link)).isTrue();
        assertThat(AtomicFiles.writesThrough(Path.of("/dev/stdout"))).isTrue();
        assertThat(AtomicFiles.writesThrough(Path.of("-"))).isTrue();
    }

    @Test
    void aLinkToARegularFileIsKeptAndTheFileItNamesReplaced() throws IOException {
        Path real = Files.writeString(dir.resolve("real.json"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), real);
        AtomicFiles.writeString(link, "new");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("new");
    }

    @Test
    void aFolderIsRefusedNamingTheCallersPathNotTheTemporaryOne() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("adir"));
        assertThatThrownBy(() -> AtomicFiles.writeString(folder, "x"))
                .isInstanceOf(FileSystemException.class)
                .hasMessage(folder + ": is a directory");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(folder);
        }
    }

    @Test
    void aFailureInsideTheFolderNamesTheCallersPath() throws IOException {
        assumePosix();
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeTrue(!Files.isWritable(locked), "not running as root");
            Path target = locked.resolve("out.json");
            assertThatThrownBy(() -> AtomicFiles.writeString(target, "x"))
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith(target.toString())
                    .hasMessageNotContaining(".tmp");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aName250BytesLongIsWrittenAndItsTemporaryNameStaysWithin255Bytes() throws IOException {
        String name = "\u00e9".repeat(120) + "x".repeat(10);  // 2 * 120 + 10 = 250 bytes
        assertThat(name.getBytes(java.nio.charset.StandardCharsets.UTF_8)).hasSize(250);
        Path target = dir.resolve(name);
        AtomicFiles.writeString(target, "long");
        assertThat(Files.readString(target)).isEqualTo("long");
        String prefix = AtomicFiles.temporaryPrefix(target);
        int longest = (prefix + Long.MAX_VALUE + "-" + Long.toUnsignedString(-1L, 36) + ".tmp")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertThat(longest).isLessThanOrEqualTo(255);
        assertThat(prefix).startsWith(".\u00e9");  // cut at a whole character
    }

    @Test
    void aTemporaryFileLeftByAKilledWriterIsRemovedByTheNextWrite() throws Exception {
        Path target = dir.resolve("run.json.journal");
        Process gone = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
                .redirectErrorStream(true).start();
        gone.getInputStream().readAllBytes();
        gone.waitFor();
        Path stale = Files.writeString(dir.resolve(AtomicFiles.temporaryPrefix(target) + gone.pid() + "-abc.tmp"), "half");
        Path live = Files.writeString(dir.resolve(AtomicFiles.temporaryPrefix(target) + ProcessHandle.current().pid()
                + "-abc.tmp"), "another writer in this process");
        AtomicFiles.writeString(target, "whole");
        assertThat(stale).doesNotExist();
        assertThat(live).exists();
        assertThat(List.of(Files.readString(target))).containsExactly("whole");
    }

    @Test
    void whileProtectingAWriteOverAnInputFileOrAFileInsideAnInputFolderIsRefusedAndTheInputKept() throws Exception {
        Path data = dir.resolve("data.libsvm");
        Files.writeString(data, "1 1:0.5\n");
        Path folder = Files.createDirectories(dir.resolve("sets"));
        Path inside = folder.resolve("musk1.csv");
        Files.writeString(inside, "bag,label\n");
        Path plots = Files.createDirectories(folder.resolve("plots"));
        Files.writeString(plots.resolve("old.png"), "old");
        Path link = dir.resolve("link.libsvm");
        Files.createSymbolicLink(link, data);
        AtomicFiles.protecting(List.of(data), List.of(folder), List.of(plots), () -> {
            for (Path target : List.of(data, link, dir.resolve("./data.libsvm"))) {
                assertThatThrownBy(() -> AtomicFiles.writeString(target, "model"))
                        .isInstanceOf(IOException.class).hasMessageContaining(target.toString())
                        .hasMessageContaining("is an input of this run");
            }
            assertThatThrownBy(() -> AtomicFiles.writeString(inside, "chart"))
                    .isInstanceOf(IOException.class).hasMessageContaining("is inside the input folder");
            AtomicFiles.writeString(folder.resolve("new.json"), "{}");   // a new file in the folder replaces nothing
            AtomicFiles.writeString(plots.resolve("old.png"), "new");   // a folder the run writes into
            AtomicFiles.writeString(dir.resolve("out.json"), "{}");
            return null;
        });
        assertThat(Files.readString(data)).isEqualTo("1 1:0.5\n");
        assertThat(Files.readString(inside)).isEqualTo("bag,label\n");
        assertThat(Files.readString(plots.resolve("old.png"))).isEqualTo("new");
        AtomicFiles.writeString(data, "replaced");  // outside the protected run nothing is protected
        assertThat(Files.readString(data)).isEqualTo("replaced");
    }
}
