package io.largekv.run;

import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Recorder;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * YCSB's HdrHistogram measurements with a range fixed from the start: every latency YCSB can record
 * (an {@code int} of microseconds, about 36 minutes), at YCSB's 3 significant digits.
 *
 * <p>YCSB 0.17 gives each operation an auto-resizing {@code Recorder(3)}: the first value beyond its
 * range resizes it, and a resize waits for every writer in flight on any thread to leave its
 * recording ({@code WriterReaderPhaser.flipPhase}, sleeping between looks). Client threads record
 * on the driver's I/O threads, so an I/O thread whose recording resized slept until the slowest
 * writer, on another I/O thread that was waiting for a CPU, went on: 10–20 ms asleep with no wait
 * for a CPU of its own, early in a run, when each new largest latency resizes (a stall's stack:
 * {@code ConcurrentHistogram.resize} under {@code OneMeasurementHdrHistogram.measure}). A fixed
 * range never resizes; it holds about 180 KiB a histogram.
 *
 * <p>Installed by replacing YCSB's two maps of measurements ({@code opToMesurementMap},
 * {@code opToIntendedMesurementMap}) with maps that give each new measurement its fixed recorder as
 * it is put in, before any value is recorded in it. YCSB's other measurement types
 * ({@code measurementtype=histogram}, ...) are left as they are.
 */
final class FixedRangeRecorders {

  /** The largest value a recorder holds: every latency YCSB measures ({@code measure(String, int)}). */
  static final long HIGHEST = Integer.MAX_VALUE;

  /** YCSB's precision ({@code new Recorder(3)}). */
  static final int DIGITS = 3;

  private static final Field RECORDER = ClientWarmUp.field(OneMeasurementHdrHistogram.class, "histogram");
  private static final List<Field> MAPS = List.of(ClientWarmUp.field(Measurements.class, "opToMesurementMap"),
      ClientWarmUp.field(Measurements.class, "opToIntendedMesurementMap"));

  private FixedRangeRecorders() {}

  /**
   * Gives {@code m}'s measurements made from now on a fixed range; a measurement made before keeps
   * its own (its values stay where they are).
   */
  static void install(Measurements m) {
    for (Field f : MAPS) {
      @SuppressWarnings("unchecked")
      ConcurrentHashMap<String, OneMeasurement> before = (ConcurrentHashMap<String, OneMeasurement>) ClientWarmUp.get(f,
          m);
      if (before instanceof FixedRangeMap) {
        continue;
      }
      FixedRangeMap map = new FixedRangeMap();
      map.putAllAsTheyAre(before);
      ClientWarmUp.set(f, m, map);
    }
  }

  /** The recorder a measurement records into (for tests). */
  static Recorder recorder(OneMeasurementHdrHistogram h) {
    return (Recorder) ClientWarmUp.get(RECORDER, h);
  }

  /** YCSB's map of measurements by name, whose new measurements get a fixed-range recorder. */
  static final class FixedRangeMap extends ConcurrentHashMap<String, OneMeasurement> {

    private static final long serialVersionUID = 1L;

    @Override
    public OneMeasurement putIfAbsent(String key, OneMeasurement value) {
      if (value instanceof OneMeasurementHdrHistogram h) {
        // not yet in the map: no thread has recorded into it
        ClientWarmUp.set(RECORDER, h, new Recorder(HIGHEST, DIGITS));
      }
      return super.putIfAbsent(key, value);
    }

    private void putAllAsTheyAre(ConcurrentHashMap<String, OneMeasurement> measurements) {
      measurements.forEach(super::put);
    }
  }
}
