package io.largekv.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The stalls the rule judged the client's, as each phase's clients told them in their stderr, with
 * the stack of the first stall after the warm-up: why a phase of a test's run may have failed, for
 * the test's failure message (first in it, as a long message is cut at its end).
 */
public final class JudgedStalls {

  /**
   * The stall rule's bound for a test whose clients share the machine with more than they leave it:
   * three or four servers, spinning threads, another test class (two run at a time), where a client
   * whose JIT still compiles is rightly charged stalls of tens of ms. The default (10 ms) is judged
   * by ClientThreadsIT and ReleaseIT, each alone on the machine, and in the clients of the tests
   * that run YCSB directly (docs/testing.md).
   */
  public static final String BUSY_MACHINE = "largekv.stall_ms=50";

  private static final String TOLD = "largekv: a client stall after the warm-up";
  private static final String STACK = "largekv: event-loop stall:";

  private JudgedStalls() {}

  /** The told stalls of load, uniform-read and latest-read, each phase's directory given by {@code phaseDir}. */
  static String told(Function<String, Path> phaseDir) throws IOException {
    StringBuilder b = new StringBuilder();
    for (String phase : new String[] {"load", "uniform-read", "latest-read"}) {
      Path dir = phaseDir.apply(phase);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      List<Path> clients;
      try (Stream<Path> s = Files.list(dir)) {
        clients = s.filter(c -> c.getFileName().toString().matches("client-\\d+")).sorted().toList();
      }
      for (Path c : clients) {
        Path err = c.resolve("stderr.txt");
        if (Files.exists(err)) {
          told(phase + " " + c.getFileName(), Files.readAllLines(err), b);
        }
      }
    }
    return b.toString();
  }

  /** The told stalls in {@code lines}, and, when there are any, every stall stack the client printed. */
  private static void told(String who, List<String> lines, StringBuilder b) {
    if (lines.stream().noneMatch(l -> l.startsWith(TOLD))) {
      return;
    }
    lines.stream().filter(l -> l.startsWith(TOLD)).forEach(l -> b.append(String.format("%n  %s: %s", who, l)));
    boolean inStack = false;
    for (String l : lines) {
      if (l.startsWith(STACK)) {
        inStack = true;
        b.append(String.format("%n  %s: %s", who, l));
      } else if (inStack && l.startsWith("\tat ")) {
        b.append(String.format("%n  %s", l));
      } else {
        inStack = false;
      }
    }
  }
}
