package io.largekv.bench;

import io.largekv.common.Nb5Output;
import io.largekv.report.files.HdrLog;
import io.largekv.report.files.Nb5Histograms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The user's stock nb5 through the repository's {@code bin/nb5} (nb5 found as bin/nb5 finds it:
 * {@code NB5_JAR} or {@code nb5} on PATH) running {@code yb_kv_large}'s own blocks: the load's
 * {@code rampup} over key numbers {@code [0, ops)}, then {@code uniform_read} alone (reads only,
 * uniform over the loaded keys; its ratio set to 1, else nb5 runs whole strides of 185 reads),
 * {@code threads} = the concurrency, as {@code bin/largekv run --harness nb5} runs them. Verified: every read checked by the workload's verifier, as shipped.
 * Not verified: a copy of the workload without the uniform read's per-read verifier (written into
 * the results directory), to measure what verification costs; the table says which ran.
 */
final class Nb5BenchClient implements BenchClient {

  /** The per-read verifier of the uniform read, exactly as yb_kv_large.yaml has it. */
  static final String UNIFORM_VERIFIER = """
              verifier: |
                verification.verifyRow('uniform_read', result, {uniform_key}, {uniform_value}, false)
      """;

  private final Path repo;
  private final String version;
  private final boolean verified;
  /** The workload nb5 runs: the repository's, or the copy without the uniform read's verifier. */
  private final Path workload;
  /** This run's histogram log is its own (a fresh client per run). */
  private final long run = System.nanoTime();

  private Nb5BenchClient(Path repo, String version, boolean verified, Path workload) {
    this.repo = repo;
    this.version = version;
    this.verified = verified;
    this.workload = workload;
  }

  /** The workload as shipped: every read verified. */
  static Nb5BenchClient verified(Path repo, String version) {
    return new Nb5BenchClient(repo, version, true, repo.resolve("nosqlbench-workloads/yb_kv_large.yaml"));
  }

  /** A copy of the workload in {@code results} whose uniform reads are not verified. */
  static Nb5BenchClient unverified(Path repo, String version, Path results) throws IOException {
    Path copy = results.resolve("yb_kv_large-uniform-read-not-verified.yaml");
    Files.writeString(copy, withoutUniformVerifier(
        Files.readString(repo.resolve("nosqlbench-workloads/yb_kv_large.yaml"), StandardCharsets.UTF_8)));
    return new Nb5BenchClient(repo, version, false, copy);
  }

  /** {@code yaml} without the uniform read's per-read verifier; fails when it is not there exactly once. */
  static String withoutUniformVerifier(String yaml) {
    int at = yaml.indexOf(UNIFORM_VERIFIER);
    if (at < 0 || yaml.indexOf(UNIFORM_VERIFIER, at + 1) >= 0) {
      throw new IllegalStateException("yb_kv_large.yaml no longer has the uniform read's verifier exactly once as "
          + "Nb5BenchClient.UNIFORM_VERIFIER: update it, or the 'not verified' figures would measure the verifier");
    }
    return yaml.substring(0, at) + yaml.substring(at + UNIFORM_VERIFIER.length());
  }

  /** The release {@code bin/nb5 --version} names; fails with one line when there is no nb5. */
  static String version(Path repo) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(repo.resolve("bin/nb5").toString(), "--version").directory(repo.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(600, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("bin/nb5 --version did not answer within 600 s");
    }
    return Nb5Output.version(out).orElseThrow(() -> new IOException(
        out.lines().reduce((a, b) -> b).orElse("bin/nb5 --version printed nothing")));
  }

  @Override
  public String name() {
    return "nb5 " + version + (verified ? " verified" : " not verified");
  }

  @Override
  public String table() {
    return verified ? "kv_nb5" : "kv_nb5_unverified";
  }

  @Override
  public BenchClient fresh() {
    return new Nb5BenchClient(repo, version, verified, workload);
  }

  @Override
  public List<String> command(BenchPhase phase, Settings s) {
    List<String> cmd = new ArrayList<>();
    String dir = phase.label + "-" + table();
    int colon = s.contactPoint().lastIndexOf(':');
    if (s.contactPoint().contains(",") || colon < 0) {
      throw new IllegalArgumentException("--hosts " + s.contactPoint() + ": the nb5 clients take one HOST:PORT");
    }
    cmd.addAll(List.of(repo.resolve("bin/nb5").toString(),
        "--logs-dir", s.results().resolve("nb5-logs-" + dir).toString(),
        "--log-histograms", histogramLog(s, phase) + ":.*for_.*:1s",
        "--progress", "console:1s",
        "run", "driver=cqld4", "workload=" + workload, "instrument=true",
        "alias=" + (phase == BenchPhase.INSERT ? "load" : "uniform_read"),
        "tags=block:" + (phase == BenchPhase.INSERT ? "rampup" : "uniform_read"),
        "cycles=" + (phase == BenchPhase.INSERT ? "0.." + s.ops() : Long.toString(s.ops())),
        "keycount=" + s.ops(),
        // the read block alone: ratio 1, so nb5's stride is one read and it runs exactly `cycles`
        "uniform_reads_per_write=1",
        "threads=" + s.concurrency(),
        "hosts=" + s.contactPoint().substring(0, colon),
        "port=" + s.contactPoint().substring(colon + 1),
        "localdc=" + s.localDatacenter(),
        "keyspace=" + KEYSPACE,
        "table=" + table()));
    return cmd;
  }

  private Path histogramLog(Settings s, BenchPhase phase) {
    return s.results().resolve("nb5-" + phase.label + "-" + table() + "-" + run + ".hdr");
  }

  @Override
  public long opsSoFar(String line) {
    return Nb5Output.progressComplete(line);
  }

  /**
   * What nb5 did, by its own accounts: the last progress line's completed count, the histogram
   * log's operations and failures (throughput and p99 from the log), and for a verified read the
   * workload's counts, every one of the {@code ops} reads present and correct.
   */
  @Override
  public Report report(BenchPhase phase, Path output, Settings s) throws IOException {
    String text = Files.readString(output, StandardCharsets.UTF_8);
    // nb5 ends each bench phase by itself (its cycles), with its default errors=stop; a row counts only
    // when it exited 0 (Table), which it does after what its last report had in flight ended
    long completed = Nb5Output.completedAtExit(text);
    String op = phase == BenchPhase.INSERT ? "INSERT" : "READ";
    Path hdrDir = output.resolveSibling(output.getFileName().toString().replace(".txt", "-hdr"));
    Map<String, Long> counts = Nb5Histograms.translate(histogramLog(s, phase), hdrDir);
    long failed = counts.getOrDefault(op + "-FAILED", 0L);
    List<HdrLog.Interval> intervals = Files.exists(hdrDir.resolve(op + ".hdr"))
        ? HdrLog.read(hdrDir.resolve(op + ".hdr").toFile()) : List.of();
    double opsPerSecond = Double.NaN;
    double p99 = Double.NaN;
    if (!intervals.isEmpty()) {
      Histogram h = HdrLog.merge(List.of(intervals), 0);
      long spanMs = intervals.get(intervals.size() - 1).endMs - intervals.get(0).startMs;
      // the log's operations over the log's time: nb5 5.25 leaves the last interval out of both
      opsPerSecond = spanMs > 0 ? h.getTotalCount() * 1000.0 / spanMs : Double.NaN;
      p99 = h.getValueAtPercentile(99) / 1000.0;
    }
    String problem = null;
    if (failed > 0 || completed != s.ops()) {
      problem = op + ": nb5 completed " + completed + " of " + s.ops() + ", " + failed + " failed";
    } else if (phase == BenchPhase.READ && verified) {
      Nb5Output nb5 = Nb5Output.parse(text);
      Nb5Output.Verified v = nb5.total();
      if (v.ok() != s.ops() || !nb5.verifiedOk()) {
        problem = "verification: " + v.ok() + " ok of " + s.ops() + ", " + v.missing() + " missing, " + v.corrupt()
            + " corrupt (" + nb5.verdict() + ")";
      }
    }
    return new Report(completed - failed, failed, opsPerSecond, p99, problem);
  }
}
