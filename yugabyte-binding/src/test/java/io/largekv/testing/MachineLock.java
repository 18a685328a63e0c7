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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Two integration-test classes at a time on the machine, across every test JVM of the build (two
 * Maven modules at once, two forks of largekv-cli's). Each class holds one of two places, a lock on
 * a file of the repository's {@code target/}, for its whole run; a class marked {@link Alone} holds
 * both: one that measures the machine (its disk reads, /proc) or judges a client by the stall rule
 * at its default, which a busy machine rightly charges to the client. A class waits for a place in
 * line, behind a class waiting to be alone.
 *
 * <p>Registered for every integration test by JUnit's extension auto-detection (the failsafe
 * configuration; {@code META-INF/services} of this test-jar), so a new class takes a place without
 * saying so.
 */
public final class MachineLock implements BeforeAllCallback, AfterAllCallback {

  /** An integration-test class that must have the machine to itself. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  public @interface Alone {
    /** Why: what the class measures or judges that another test beside it would change. */
    String value();
  }

  /** Classes at a time: one a core of the 2-core machines the suite is sized for. */
  static final int PLACES = 2;
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(MachineLock.class);

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    if (context.getTestClass().isEmpty() || context.getTestClass().get().getEnclosingClass() != null) {
      return; // a nested class runs inside its outer class's lock
    }
    boolean alone = context.getRequiredTestClass().isAnnotationPresent(Alone.class);
    long asked = System.nanoTime();
    Held held = hold(alone);
    context.getStore(NAMESPACE).put(MachineLock.class, new Stay(held, alone, asked, System.nanoTime()));
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    Stay stay = context.getStore(NAMESPACE).remove(MachineLock.class, Stay.class);
    if (stay != null) {
      stay.held.close();
      // in the build's log: a class's time there counts its wait too
      System.out.printf(Locale.ROOT, "MachineLock: %s waited %.1f s for %s, then ran %.1f s%n",
          context.getRequiredTestClass().getSimpleName(), (stay.gotNanos - stay.askedNanos) / 1e9,
          stay.alone ? "the machine alone" : "a place", (System.nanoTime() - stay.gotNanos) / 1e9);
    }
  }

  /** A class's places, and when it asked for them and got them (System.nanoTime). */
  private record Stay(Held held, boolean alone, long askedNanos, long gotNanos) {}

  /**
   * Waits for a place on the machine (alone: all of them) and holds it until the result is closed.
   * The turnstile keeps the waiting classes in line: the first holds it while it waits (a class
   * waiting to be alone included), so a class that comes later never overtakes it.
   */
  static Held hold(boolean alone) throws IOException, InterruptedException {
    Path dir = directory();
    Files.createDirectories(dir);
    List<FileChannel> channels = new ArrayList<>();
    try (FileChannel turnstile = open(dir.resolve("integration-tests.turnstile"))) {
      FileLock passing = turnstile.lock();
      try {
        for (int i = 0; i < PLACES; i++) {
          channels.add(open(dir.resolve("integration-tests.place-" + i)));
        }
        if (alone) {
          for (FileChannel c : channels) {
            c.lock();
          }
        } else {
          while (!anyPlace(channels)) {
            Thread.sleep(100);
          }
        }
        return new Held(channels);
      } finally {
        passing.release();
      }
    } catch (IOException | InterruptedException | RuntimeException | Error e) {
      for (FileChannel c : channels) {
        c.close();
      }
      throw e;
    }
  }

  /** Whether one of the places was free, and is now held (by its channel). */
  private static boolean anyPlace(List<FileChannel> places) throws IOException {
    for (FileChannel place : places) {
      if (place.tryLock() != null) {
        return true;
      }
    }
    return false;
  }

  /** The lock files' directory: one per repository checkout, beside the modules' target directories. */
  static Path directory() {
    return Ycsb.repo().toAbsolutePath().normalize().resolve("target");
  }

  private static FileChannel open(Path file) throws IOException {
    return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
  }

  /** The places held: closing their channels releases their locks. */
  record Held(List<FileChannel> channels) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      for (FileChannel c : channels) {
        c.close();
      }
    }
  }
}
