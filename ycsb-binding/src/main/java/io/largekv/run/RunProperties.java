package io.largekv.run;

import io.largekv.common.MetricsProperties;
import io.largekv.common.StartBarrier;
import io.largekv.common.UserError;
import io.largekv.jvm.EventLoopStalls;
import io.largekv.properties.PropertyNames;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The {@code largekv.*} properties: how largekv's client, workload and result checks run
 * (docs/ycsb-workload.md). Any other {@code largekv.*} name is an error naming the closest one.
 */
public final class RunProperties {

  /** What YCSB's client threads run on: {@code auto}, {@code platform} or {@code virtual}. */
  public static final String CLIENT_THREADS = "largekv.client_threads";
  /**
   * Who runs a virtual client thread that a response wakes: {@code io} (the driver's I/O thread that
   * read it) or {@code jdk} (the JDK's own fork-join scheduler).
   */
  public static final String VIRTUAL_SCHEDULER = "largekv.virtual_scheduler";
  /** Set by largekv's client for the workload: counts beyond int are fine (not for users). */
  public static final String LONG_COUNTS = "largekv.long_counts";
  /** Where a load keeps its progress, to resume after a crash; {@code none} for no checkpoint. */
  public static final String CHECKPOINT = "largekv.checkpoint";
  /** How often the checkpoint is written, ms. */
  public static final String CHECKPOINT_INTERVAL_MS = "largekv.checkpoint_interval_ms";
  /** {@code run} reads every key of the load range once and verifies it. */
  public static final String VERIFY_RANGE = "largekv.verify_range";
  /** With {@link #VERIFY_RANGE}: rewrite missing and corrupt rows. */
  public static final String REPAIR = "largekv.repair";

  /** A file to write, a line a second, the run's successful and failed operations (for reports). */
  public static final String TIMELINE = "largekv.timeline";
  /** Print what the command would do, then end without connecting (workload.Plan). */
  public static final String PLAN = "largekv.plan";
  /**
   * Connect, say what the server has and whether a run would start, then end without creating or
   * writing anything: exit status 0 when it would, 2 when not (io.largekv.driver.Preflight).
   */
  public static final String CHECK = "largekv.check";
  /** The seed's published rate for a workload file, ops/s: the plan's durations. */
  public static final String PUBLISHED_RATE = "largekv.published_rate";

  static final List<String> ALL = List.of(CLIENT_THREADS, VIRTUAL_SCHEDULER, LONG_COUNTS, CHECKPOINT, CHECKPOINT_INTERVAL_MS,
      VERIFY_RANGE, REPAIR, RunResult.MAX_FAILED_FRACTION, TIMELINE, PLAN, CHECK, PUBLISHED_RATE, EventLoopStalls.STALL_MS,
      EventLoopStalls.HANG_MS, ClientWarmUp.WARMUP_S, StartBarrier.DIR, StartBarrier.TIMEOUT_S, StartBarrier.MARGIN_S,
      MetricsProperties.PORT, MetricsProperties.ADDRESS, MetricsProperties.LABELS, MetricsProperties.LINGER_S);

  /** Old names that users may still have in their files. */
  static final Map<String, String> RENAMED = Map.of(
      "largekv.clientthreads", CLIENT_THREADS,
      "insertretryinterval_ms", "insertretryinterval");

  private RunProperties() {}

  /**
   * The start barrier {@value StartBarrier#DIR} asks for, for client {@code index} of {@code count}
   * (the workload's {@code client.index}, {@code client.count}), or null when it is not set. A
   * {@link UserError} for a bad value, or a timeout or margin without a directory.
   */
  public static StartBarrier startBarrier(Properties p, int index, int count) {
    return StartBarrier.of(p::getProperty, index, count);
  }

  /** Every {@code largekv.*} property must be known; renamed ones are named. */
  public static void check(Properties p) {
    PropertyNames.check(p, "largekv.", ALL, RENAMED);
    MetricsEndpoint.check(p);
  }
}
