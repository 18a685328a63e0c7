package io.largekv.servers;

import io.largekv.report.files.ServerBalanceFile;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.report.files.ServerSourcesFile;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Samples a target's servers through one phase run, on a thread of its own (never a client's): once
 * when it starts, every {@code interval} seconds, and once when the phase ends; each sample reads
 * every source, merges their readings by node (a figure comes from the first source that gives it)
 * and appends them to the phase run's files ({@link ServerSamplesFile}, {@link ServerBalanceFile}). A source that fails leaves
 * its figures "unavailable" in that sample, with why: never a 0, never a figure carried over. One
 * line says when a source starts failing and one when it answers again. The thread's own CPU time is
 * written at the end, beside the sources' facts ({@link ServerSourcesFile}).
 */
public final class ServerSampler implements AutoCloseable {

  /** The default seconds between samples. */
  public static final int DEFAULT_INTERVAL_SECONDS = 10;

  private final ServerSide side;
  private final Path dir;
  private final PrintStream progress;
  private final String prefix;
  private final CountDownLatch ended = new CountDownLatch(1);
  private final Thread thread;
  /** The nodes each source last read, to mark when it fails. */
  private final Map<ServerSource, Set<String>> known = new LinkedHashMap<>();
  private final Set<ServerSource> failing = new HashSet<>();
  private volatile long cpuNanos = -1;

  /** Starts sampling {@code side}'s sources into {@code dir}; {@link #close} takes the last sample and stops. */
  public ServerSampler(ServerSide side, Path dir, PrintStream progress, String prefix) {
    this.side = side;
    this.dir = dir;
    this.progress = progress;
    this.prefix = prefix;
    for (ServerSource s : side.sources()) {
      known.put(s, new HashSet<>());
    }
    side.startFacts().forEach(this::fact);
    side.phaseFacts().forEach(this::fact);
    fact(new ServerSourcesFile.Interval(side.intervalSeconds()));
    thread = new Thread(this::loop, "largekv-servers");
    thread.setDaemon(true);
    thread.start();
  }

  private void loop() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    try {
      boolean last = false;
      while (!last) {
        sample();
        last = ended.await(side.intervalSeconds(), TimeUnit.SECONDS);
      }
      sample();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      progress.println(prefix + "servers' side: sampling stopped: " + e);
    } finally {
      if (mx.isCurrentThreadCpuTimeSupported()) {
        cpuNanos = mx.getCurrentThreadCpuTime();
      }
    }
  }

  /** One sample of every source, merged by node, appended to the files. */
  private void sample() {
    long started = System.currentTimeMillis();
    Map<String, NodeReading.Builder> byNode = new LinkedHashMap<>();
    List<String> moving = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    boolean anySettled = false;
    for (ServerSource s : side.sources()) {
      SourceSample sample = s.sample();
      List<NodeReading> readings = sample.readings();
      if (readings != null) {
        if (failing.remove(s)) {
          progress.println(prefix + "servers' side: " + s.describe() + " answers again");
        }
        known.get(s).clear();
        readings.forEach(r -> known.get(s).add(r.node()));
      } else {
        String why = "the source failed: " + sample.failed();
        if (failing.add(s)) {
          progress.println(prefix + "servers' side: " + s.describe() + " failed (" + sample.failed()
              + "); its figures are unavailable until it answers");
        }
        readings = known.get(s).stream().map(n -> NodeReading.failed(n, s.figures(), why)).toList();
      }
      for (NodeReading r : readings) {
        byNode.computeIfAbsent(r.node(), NodeReading::of).merge(r);
      }
      Balance balance = sample.balance();
      if (Boolean.FALSE.equals(balance.settled())) {
        moving.add(balance.detail());
      } else if (Boolean.TRUE.equals(balance.settled())) {
        anySettled = true;
      }
      if (balance.settled() == null && s.tellsBalance()) {
        unknown.add(balance.detail());
      }
    }
    // the sample's time: the middle of its reads (a read takes milliseconds to a few seconds)
    long now = started + (System.currentTimeMillis() - started) / 2;
    for (NodeReading.Builder b : byNode.values()) {
      NodeReading r = b.build();
      ServerSamplesFile.append(dir, now, r.node(), r.state(), r.values(), r.unavailableInWords());
    }
    Balance balance = !moving.isEmpty() ? Balance.moving(String.join("; ", moving))
        : !unknown.isEmpty() || !anySettled ? Balance.unknown(unknown.isEmpty()
            ? "no source says whether data is moving" : String.join("; ", unknown))
        : Balance.done();
    ServerBalanceFile.append(dir, new ServerBalanceFile.BalanceSample(now, balance.settled(), balance.detail()));
  }

  /** How long the last sample may take after the phase ended before the phase goes on without it. */
  static final long LAST_SAMPLE_WAIT_MS = 60_000;

  /**
   * Takes the phase's last sample, stops the thread and writes its CPU time. Never fails the phase:
   * a last sample that does not end in {@link #LAST_SAMPLE_WAIT_MS} is left (its figures are then
   * missing, counted as such) and a file that cannot be written is one line.
   */
  @Override
  public void close() {
    ended.countDown();
    try {
      thread.join(LAST_SAMPLE_WAIT_MS);
      if (thread.isAlive()) {
        progress.println(prefix + "servers' side: the last sample did not end within "
            + LAST_SAMPLE_WAIT_MS / 1000 + " s after the phase; the figures rest on the samples before it");
        thread.interrupt();
      }
      fact(side.replicationFactor());
      // not measured: the JVM does not measure a thread's CPU time, or the last sample did not end
      fact(new ServerSourcesFile.SamplerCpu(cpuNanos < 0 ? null
          : Double.valueOf(String.format(Locale.ROOT, "%.3f", cpuNanos / 1e9))));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      progress.println(prefix + "servers' side: " + e);
    }
  }

  private void fact(ServerSourcesFile.Fact fact) {
    ServerSourcesFile.append(dir, fact);
  }
}
