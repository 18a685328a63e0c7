package io.largekv.report.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One timed event of a phase run, as {@code bin/largekv} recorded it in {@code events.tsv}:
 * what, when it was planned (seconds after the phase's first operation), when it started and
 * ended (ms since 1970; -1 when it did not run) and how it went.
 */
public record EventRecord(String spec, double plannedSeconds, long startMs, long endMs, String result, String detail) {

  /** The header of events.tsv. */
  public static final String HEADER = "event\tplanned_s\tstart_ms\tend_ms\tresult\tdetail";

  /** The action alone, short: {@code kill-node:2}, {@code exec:ssh yb3 …}. */
  public String label() {
    String a = spec.substring(spec.indexOf(':') + 1);
    return a.length() > 40 ? a.substring(0, 39) + "…" : a;
  }

  public boolean ran() {
    return startMs >= 0;
  }

  /** The events of a run directory ({@code events.tsv}), in their order; none when absent. */
  public static List<EventRecord> read(Path file) throws IOException {
    return Tsv.rows(file).stream().map(f -> new EventRecord(f[0], Double.parseDouble(f[1]), Long.parseLong(f[2]),
        Long.parseLong(f[3]), f[4], f.length > 5 ? f[5] : "")).toList();
  }
}
