package io.largekv.run;

import io.largekv.jvm.EventLoopStalls;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * What a client's metrics endpoint serves ({@link MetricsEndpoint}, docs/metrics.md), read when
 * Prometheus scrapes it: nothing is added to the operations' path. Every series has the client's
 * labels ({@code run}, {@code target}, {@code phase}, {@code client}).
 *
 * <ul>
 *   <li>{@code largekv_operations_total{operation}}: successful operations, the only throughput;
 *       {@code largekv_operations_failed_total{operation}} and
 *       {@code largekv_operation_errors_total{operation,error_class}}: failed ones ({@link RunCounters});
 *   <li>{@code largekv_verified_reads_total{result="correct|corrupt|missing"}},
 *       {@code largekv_rows_lost_total};
 *   <li>{@code largekv_latency_seconds{operation,status}} and
 *       {@code largekv_intended_latency_seconds{operation,status}}: YCSB's HdrHistogram intervals
 *       taken so far, the ones its logs and the report hold ({@link ClientWarmUp#latenciesSoFar}), in
 *       {@link #BOUNDS_US} buckets. A value goes to the bucket of its HdrHistogram bucket's highest
 *       equivalent value: a latency is never put in a lower bucket than it had;
 *   <li>{@code largekv_event_loop_stalls_total}, {@code largekv_event_loop_stall_seconds_total},
 *       {@code largekv_event_loop_stall_longest_seconds} (when the I/O-thread scheduler runs);
 *   <li>a load's {@code largekv_load_keys_done}, {@code largekv_load_keys},
 *       {@code largekv_load_keys_per_second} and {@code largekv_load_eta_seconds} ({@link Progress};
 *       the rate and the ETA are left out while they cannot be measured, never 0);
 *   <li>{@code largekv_run_planned_seconds} (a time-bounded run), {@code largekv_client_finished}
 *       (1 once every client thread has and the verdict is set: the values are final), and then
 *       {@code largekv_client_exit_status} (0: the client's result may be published; docs/results.md).
 * </ul>
 */
public final class RunMetrics implements MultiCollector {

  /** The latency buckets' upper bounds in µs: ten a decade from 100 µs to 60 s. */
  public static final long[] BOUNDS_US = bounds();

  private final Labels labels;
  private final RunCounters counters;
  private final Progress progress;
  private final EventLoopStalls stalls;
  private final Supplier<Map<String, Histogram>> latencies;
  private final BooleanSupplier finished;
  private final IntSupplier exitStatus;

  /**
   * {@code labels}: the client's; {@code latencies}: YCSB's measurements by name ({@code READ},
   * {@code READ-FAILED}, {@code Intended-READ}, ...), each a copy; {@code finished}: the values are
   * final, and {@code exitStatus} then the client's exit status.
   */
  RunMetrics(Labels labels, RunCounters counters, Progress progress, EventLoopStalls stalls,
      Supplier<Map<String, Histogram>> latencies, BooleanSupplier finished, IntSupplier exitStatus) {
    this.labels = labels;
    this.counters = counters;
    this.progress = progress;
    this.stalls = stalls;
    this.latencies = latencies;
    this.finished = finished;
    this.exitStatus = exitStatus;
  }

  @Override
  public MetricSnapshots collect() {
    boolean done = finished.getAsBoolean(); // read first: a 1 says the values after it are final
    List<MetricSnapshot> out = new ArrayList<>();
    CounterSnapshot.Builder ok = counter("largekv_operations", "Successful operations");
    CounterSnapshot.Builder failed = counter("largekv_operations_failed", "Failed operations");
    for (RunCounters.Operation op : RunCounters.Operation.values()) {
      ok.dataPoint(count(counters.successful(op), "operation", op.name()));
      failed.dataPoint(count(counters.failed(op), "operation", op.name()));
    }
    out.add(ok.build());
    out.add(failed.build());
    CounterSnapshot.Builder errors = counter("largekv_operation_errors", "Failed operations by error class");
    counters.failuresByClass().forEach((k, n) -> {
      int colon = k.indexOf(':');
      errors.dataPoint(count(n, "operation", k.substring(0, colon), "error_class", k.substring(colon + 1)));
    });
    out.add(errors.build());
    out.add(counter("largekv_verified_reads", "Reads verified against the key's value")
        .dataPoint(count(counters.verifiedOk(), "result", "correct"))
        .dataPoint(count(counters.verifiedCorrupt(), "result", "corrupt"))
        .dataPoint(count(counters.verifiedMissing(), "result", "missing")).build());
    out.add(counter("largekv_rows_lost", "Rows not written after every retry").dataPoint(count(counters.lostRows()))
        .build());
    latencyHistograms(out);
    if (stalls.watched()) {
      out.add(counter("largekv_event_loop_stalls", "Stalls of the driver's I/O threads by client threads")
          .dataPoint(count(stalls.stalls())).build());
      out.add(counter("largekv_event_loop_stall_seconds", "Time in those stalls")
          .dataPoint(count(stalls.totalMs() / 1000)).build());
      out.add(gauge("largekv_event_loop_stall_longest_seconds", "The longest stall", stalls.maxMs() / 1000));
    }
    if (progress.isLoad()) {
      Progress.Reading r = progress.read();
      out.add(gauge("largekv_load_keys_done", "Keys of this client's load range done", r.done()));
      out.add(gauge("largekv_load_keys", "Keys in this client's load range", r.planned()));
      if (!Double.isNaN(r.rate())) {
        out.add(gauge("largekv_load_keys_per_second", "Keys done per second over the last minute", r.rate()));
      }
      OptionalDouble eta = r.eta();
      if (eta.isPresent()) {
        out.add(gauge("largekv_load_eta_seconds", "Time left at that rate", eta.getAsDouble()));
      }
    }
    if (progress.plannedSeconds() > 0) {
      out.add(gauge("largekv_run_planned_seconds", "The run's planned time (maxexecutiontime)",
          progress.plannedSeconds()));
    }
    out.add(gauge("largekv_client_finished", "1 once every client thread finished: the values are final",
        done ? 1 : 0));
    if (done) {
      out.add(gauge("largekv_client_exit_status", "The client's exit status: 0 when its result may be published",
          exitStatus.getAsInt()));
    }
    return new MetricSnapshots(out);
  }

  private void latencyHistograms(List<MetricSnapshot> out) {
    HistogramSnapshot.Builder measured = HistogramSnapshot.builder().name("largekv_latency_seconds")
        .help("Operation latency, YCSB's HdrHistogram intervals taken so far");
    HistogramSnapshot.Builder intended = HistogramSnapshot.builder().name("largekv_intended_latency_seconds")
        .help("Operation latency from the intended start (YCSB's Intended- measurements)");
    boolean anyMeasured = false;
    boolean anyIntended = false;
    for (Map.Entry<String, Histogram> e : latencies.get().entrySet()) {
      String name = e.getKey();
      boolean isIntended = name.startsWith("Intended-");
      String measurement = isIntended ? name.substring("Intended-".length()) : name;
      if (!ClientWarmUp.isOperation(measurement)) {
        continue;
      }
      String[] operationAndStatus = operationAndStatus(measurement);
      HistogramDataPointSnapshot point = histogram(e.getValue(), operationAndStatus[0], operationAndStatus[1]);
      if (isIntended) {
        intended.dataPoint(point);
        anyIntended = true;
      } else {
        measured.dataPoint(point);
        anyMeasured = true;
      }
    }
    if (anyMeasured) {
      out.add(measured.build());
    }
    if (anyIntended) {
      out.add(intended.build());
    }
  }

  /**
   * A YCSB measurement's operation and status: {@code READ} → READ, ok; {@code READ-FAILED} →
   * READ, failed; {@code READ-NOT_FOUND} (YCSB's {@code reportlatencyforeacherror}) → READ,
   * not_found; CoreWorkload's {@code READ-MODIFY-WRITE} → READ-MODIFY-WRITE, ok. One name, one pair.
   */
  static String[] operationAndStatus(String measurement) {
    int dash = measurement.indexOf('-');
    if (dash < 0 || measurement.equals("READ-MODIFY-WRITE")) {
      return new String[] {measurement, "ok"};
    }
    return new String[] {measurement.substring(0, dash), measurement.substring(dash + 1).toLowerCase(Locale.ROOT)};
  }

  /** {@code h} (µs) in {@link #BOUNDS_US} buckets and +Inf, its sum from each bucket's middle value. */
  private HistogramDataPointSnapshot histogram(Histogram h, String operation, String status) {
    long[] counts = new long[BOUNDS_US.length + 1];
    double sumUs = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      long value = v.getValueIteratedTo();
      counts[bucket(value)] += v.getCountAtValueIteratedTo();
      sumUs += h.medianEquivalentValue(value) * (double) v.getCountAtValueIteratedTo();
    }
    double[] upper = new double[counts.length];
    for (int i = 0; i < BOUNDS_US.length; i++) {
      upper[i] = BOUNDS_US[i] / 1e6;
    }
    upper[BOUNDS_US.length] = Double.POSITIVE_INFINITY;
    return HistogramDataPointSnapshot.builder().labels(labels.merge(Labels.of("operation", operation, "status", status)))
        .classicHistogramBuckets(ClassicHistogramBuckets.of(upper, counts)).sum(sumUs / 1e6).build();
  }

  /** The index of the first bound at or above {@code us}; {@code BOUNDS_US.length} for +Inf. */
  static int bucket(long us) {
    int i = java.util.Arrays.binarySearch(BOUNDS_US, us);
    return i >= 0 ? i : -i - 1;
  }

  private static long[] bounds() {
    double[] steps = {1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8};
    List<Long> b = new ArrayList<>();
    for (long decade = 100; decade <= 1_000_000; decade *= 10) {
      for (double s : steps) {
        b.add(Math.round(s * decade));
      }
    }
    b.add(10_000_000L);
    b.add(20_000_000L);
    b.add(30_000_000L);
    b.add(60_000_000L);
    return b.stream().mapToLong(Long::longValue).toArray();
  }

  private static CounterSnapshot.Builder counter(String name, String help) {
    return CounterSnapshot.builder().name(name).help(help);
  }

  private CounterDataPointSnapshot count(double value, String... labelPairs) {
    return CounterDataPointSnapshot.builder().labels(labels.merge(Labels.of(labelPairs))).value(value).build();
  }

  private GaugeSnapshot gauge(String name, String help, double value) {
    return GaugeSnapshot.builder().name(name).help(help)
        .dataPoint(GaugeDataPointSnapshot.builder().labels(labels).value(value).build()).build();
  }
}
