package io.largekv.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One thread's time runnable but not on a CPU — waiting in the kernel's run queue because the
 * machine's cores ran something else — from Linux's {@code /proc/<pid>/task/<tid>/schedstat}
 * (its second field, ns; the kernel keeps it for every thread). The one reader of that file: the
 * stall rule ({@link EventLoopStalls}) charges that time to the machine, not to the client.
 *
 * <p>Made by the thread itself ({@link #ofCurrentThread}: its id is found through
 * {@code /proc/thread-self}), read by it or by any other thread ({@link #nanos}).
 */
public final class RunQueueWait {

  /** Where the kernel says which thread the reader is: {@code <pid>/task/<tid>}. */
  private static final Path THREAD_SELF = Path.of("/proc/thread-self");

  private final Path schedstat;
  private final String whyNot;

  private RunQueueWait(Path schedstat, String whyNot) {
    this.schedstat = schedstat;
    this.whyNot = whyNot;
  }

  /** The calling thread's; {@link #available()} false (with {@link #whyNot()}) where Linux does not give it. */
  public static RunQueueWait ofCurrentThread() {
    return of(THREAD_SELF);
  }

  /** The thread {@code threadSelf} names (a {@code /proc/thread-self} link; tests give others). */
  static RunQueueWait of(Path threadSelf) {
    try {
      Path task = Path.of("/proc").resolve(Files.readSymbolicLink(threadSelf));
      Path file = task.resolve("schedstat");
      String line = Files.readString(file, StandardCharsets.US_ASCII);
      parse(line);
      return new RunQueueWait(file, null);
    } catch (IOException | RuntimeException e) {
      return new RunQueueWait(null, "no run-queue wait from the kernel (" + threadSelf + ": " + e + ")");
    }
  }

  /** True when the kernel gives this thread's run-queue wait. */
  public boolean available() {
    return schedstat != null;
  }

  /** Why the run-queue wait is not available; null when it is. */
  public String whyNot() {
    return whyNot;
  }

  /** The thread's run-queue wait so far, ns; -1 when it cannot be read (not available, or the thread ended). */
  public long nanos() {
    if (schedstat == null) {
      return -1;
    }
    try {
      return parse(new String(Files.readAllBytes(schedstat), StandardCharsets.US_ASCII));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The second of schedstat's three fields: {@code <on a CPU, ns> <waiting for a CPU, ns> <time slices>}. */
  static long parse(String schedstat) {
    String[] f = schedstat.trim().split(" ");
    if (f.length < 3) {
      throw new IllegalArgumentException("not a schedstat line: " + schedstat.trim());
    }
    return Long.parseLong(f[1]);
  }
}
