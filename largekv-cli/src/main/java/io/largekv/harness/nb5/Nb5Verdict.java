package io.largekv.harness.nb5;

import io.largekv.common.Nb5Output;
import io.largekv.harness.ClientResult;
import io.largekv.phase.Phase;
import io.largekv.report.files.ClientSummaryFile;
import io.largekv.report.files.Nb5Histograms;
import io.largekv.results.ClientSummary;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
/**
 * A client's verdict from what its nb5 left ({@code nb5.txt}, {@code nb5.hdr}): largekv's reading of
 * it written beside it ({@code client-summary.json}, {@code exit.txt}, {@code hdr/}: the layout of
 * {@link Nb5Client}) and returned as the client's result. 0 only when nb5 ran to its end (or was
 * ended at the phase's end), no operation failed, a load inserted its whole share and a read phase's
 * nb5 said every row it read was present and correct.
 */
final class Nb5Verdict {

  private Nb5Verdict() {}

  /**
   * The times a client's summary states beside nb5's figures: the clients' common start and the
   * warm-up its figures leave out (null: none). Set as the client goes.
   */
  static final class Times {
    Long commonStartEpochMs;
    Long warmUpExcludedSeconds;
    /** Where the report cuts the warm-up: {@link io.largekv.common.WarmUp#endMs} of the common start. */
    Long warmUpEndEpochMs;

    /** The clients' common start: the warm-up, when there is one, ends the same time after it in every client. */
    void commonStart(long epochMs) {
      commonStartEpochMs = epochMs;
      if (warmUpExcludedSeconds != null && warmUpExcludedSeconds > 0) {
        warmUpEndEpochMs = io.largekv.common.WarmUp.endMs(epochMs, 0, warmUpExcludedSeconds);
      }
    }
  }

  /**
   * The verdict of a client that never ran nb5 (the schema step, or the start barrier, failed):
   * {@code why}, with {@code nb5Exit} the status of what failed; {@code nb5Version}: the release that was
   * to run.
   */
  static ClientResult failed(String nb5Version, Phase phase, Path dir, String command, int nb5Exit, String why,
      long rows, Times times) throws IOException {
    Files.createDirectories(dir);
    return write(nb5Version, phase, dir, command, nb5Exit, false, why, rows, times);
  }

  /**
   * Reads what client {@code dir}'s nb5 ({@code nb5Version}) left, writes largekv's reading of it and
   * returns the client's result. {@code endedAtPhaseEnd}: largekv ended it at the phase's end (its exit
   * status is the signal's).
   */
  static ClientResult write(String nb5Version, Phase phase, Path dir, String command, int nb5Exit,
      boolean endedAtPhaseEnd, String why, long rows, Times times) throws IOException {
    Path out = dir.resolve(ResultsLayout.NB5_OUTPUT);
    String text = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
    Nb5Output nb5Output = Nb5Output.parse(text);
    Map<String, Long> counts = Nb5Histograms.translate(dir.resolve(ResultsLayout.NB5_LOG),
        dir.resolve(ResultsLayout.HDR));
    Map<String, long[]> byOp = new TreeMap<>();
    counts.forEach((op, n) -> {
      boolean f = op.endsWith("-FAILED");
      String type = f ? op.substring(0, op.length() - "-FAILED".length()) : op;
      byOp.computeIfAbsent(type, k -> new long[2])[f ? 1 : 0] += n;
    });
    long failed = byOp.values().stream().mapToLong(n -> n[1]).sum();
    // an nb5 that ended by itself with 0 finished what its last report had in flight
    long completed = nb5Exit == 0 && !endedAtPhaseEnd ? Nb5Output.completedAtExit(text) : Nb5Output.completed(text);
    boolean exited = nb5Exit == 0 || (endedAtPhaseEnd && (nb5Exit == 143 || nb5Exit == 130));
    String reason = why;
    if (reason == null && !exited) {
      reason = "nb5 exited " + nb5Exit + lastError(text).map(e -> ": " + e).orElse("");
    }
    if (reason == null && failed > 0) {
      // an operation that failed fails the phase, also one nb5 had in flight when it was ended
      reason = failed + " operation(s) failed (nb5's errorsfor_* timers)";
    }
    if (reason == null && phase.isLoad() && completed != rows) {
      // nb5 runs whole strides only: a load that left cycles out must not pass for a whole one
      reason = "nb5 completed " + completed + " of the " + rows + " inserts of its share";
    }
    if (reason == null && !phase.isLoad() && !nb5Output.verifiedOk()) {
      reason = nb5Output.verdict().isEmpty() ? "nb5 printed no verification counts" : nb5Output.verdict();
    }
    int exit = reason == null ? 0 : 1;
    // failed operations by type, and by type and class: nb5's errorsfor_* timers name no class
    Map<String, Long> errors = new TreeMap<>();
    Map<String, Long> classes = new TreeMap<>();
    Map<String, Long> done = new TreeMap<>();
    byOp.forEach((op, n) -> {
      done.put(op, n[0]);
      if (n[1] > 0) {
        errors.put(op, n[1]);
        classes.put(op + ":nb5 error", n[1]);
      }
    });
    Nb5Output.Verified v = nb5Output.total();
    ClientSummary summary = new ClientSummary(reason == null ? "ok" : "FAILED: " + reason, failed, done, null,
        times.commonStartEpochMs, times.warmUpExcludedSeconds, times.warmUpEndEpochMs, null,
        nb5Output.verified().isEmpty() ? ClientSummary.Verified.NONE
            : new ClientSummary.Verified(v.ok(), v.corrupt(), v.missing(), v.notYetWritten()),
        errors, classes, new ClientSummary.Nb5(nb5Version, completed,
            nb5Exit + (endedAtPhaseEnd ? " (ended at the phase's end)" : "")));
    ClientSummaryFile.write(dir, summary);
    Files.writeString(dir.resolve(ResultsLayout.EXIT), exit + "\n");
    List<String> own = reason == null ? List.of() : List.of("largekv: " + reason);
    return new ClientResult(phase, exit, summary, out, out, command, own,
        "nb5 " + nb5Version + " (cqld4), yb_kv_large");
  }

  private static Optional<String> lastError(String text) {
    return text.lines().filter(l -> l.contains(" ERROR ") || l.startsWith("yb_kv_large:")).map(String::strip)
        .reduce((a, b) -> b);
  }
}
