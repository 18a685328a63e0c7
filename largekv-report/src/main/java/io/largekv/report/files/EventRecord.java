package io.largekv.report.files;

/**
 * One timed event of a phase run, as {@code bin/largekv} recorded it ({@link EventsFile}): what, when
 * it was planned (seconds after the phase's first operation), when it started and ended (ms since
 * 1970; -1 when it did not run) and how it went ({@code ok}, {@code failed}, {@code not run}).
 */
public record EventRecord(String spec, double plannedSeconds, long startMs, long endMs, String result, String detail) {

  /** The action alone, short: {@code kill-node:2}, {@code exec:ssh yb3 …}. */
  public String label() {
    String a = spec.substring(spec.indexOf(':') + 1);
    return a.length() > 40 ? a.substring(0, 39) + "…" : a;
  }

  public boolean ran() {
    return startMs >= 0;
  }
}
