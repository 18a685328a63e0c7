package io.largekv.testing;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Which integration-test classes share the machine. The build runs two at a time (two Maven modules
 * at once, two forks of largekv-cli's); each class holds a lock on one file of the repository for
 * its whole run: shared by default, exclusive for a class marked {@link Alone} — one that measures
 * the machine (its disk reads, /proc) or judges a client by the stall rule at its default, which a
 * busy machine rightly charges to the client. An exclusive class waits until no other class runs,
 * and no class starts while it runs, in any test JVM of this repository.
 *
 * <p>Registered for every integration test by JUnit's extension auto-detection (the failsafe
 * configuration; {@code META-INF/services} of this test-jar), so a new class shares the machine
 * without saying so.
 */
public final class MachineLock implements BeforeAllCallback, AfterAllCallback {

  /** An integration-test class that must have the machine to itself. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  public @interface Alone {
    /** Why: what the class measures or judges that another test beside it would change. */
    String value();
  }

  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(MachineLock.class);

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    if (context.getTestClass().isEmpty() || context.getTestClass().get().getEnclosingClass() != null) {
      return; // a nested class runs inside its outer class's lock
    }
    boolean alone = context.getRequiredTestClass().isAnnotationPresent(Alone.class);
    context.getStore(NAMESPACE).put(MachineLock.class, hold(alone));
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    Held held = context.getStore(NAMESPACE).remove(MachineLock.class, Held.class);
    if (held != null) {
      held.close();
    }
  }

  /**
   * Waits for the machine (alone: to itself) and holds it until the result is closed. The turnstile
   * makes a waiting exclusive class first in line: it holds the turnstile while it waits, and a
   * class that would share passes through the turnstile first (a JVM whose classes follow one
   * another would otherwise hold the shared lock all the time).
   */
  static Held hold(boolean alone) throws IOException {
    Path dir = directory();
    Files.createDirectories(dir);
    FileChannel machine = open(dir.resolve("integration-tests.lock"));
    try (FileChannel turnstile = open(dir.resolve("integration-tests.turnstile"))) {
      FileLock passing = turnstile.lock();
      try {
        return new Held(machine, machine.lock(0, Long.MAX_VALUE, !alone));
      } finally {
        passing.release();
      }
    } catch (IOException | RuntimeException | Error e) {
      machine.close();
      throw e;
    }
  }

  /** The lock files' directory: one per repository checkout, beside the modules' target directories. */
  static Path directory() {
    return Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath().normalize().resolve("target");
  }

  private static FileChannel open(Path file) throws IOException {
    return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
  }

  record Held(FileChannel channel, FileLock lock) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      try {
        lock.release();
      } finally {
        channel.close();
      }
    }
  }
}
