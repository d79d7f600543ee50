package dev.kernelkit.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
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
}
