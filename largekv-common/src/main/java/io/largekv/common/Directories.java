package io.largekv.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removing a directory tree: a local server's data, a run's scratch space, a test's work directory. */
public final class Directories {

  private Directories() {}

  /** Deletes a directory tree, best effort (files a dying process still holds may stay). */
  public static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          // best effort: a file still held open by a dying process
        }
      });
    } catch (IOException e) {
      // best effort
    }
  }
}
