package io.largekv.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * YCSB's measurements, made after the install, hold every latency YCSB can record from their first
 * value: no recording ever resizes them (the resize that held an I/O thread asleep on a busy machine).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FixedRangeRecordersTest {

  @SuppressWarnings("unchecked")
  private static OneMeasurementHdrHistogram measurement(Measurements m, String map, String name) throws Exception {
    Field f = Measurements.class.getDeclaredField(map);
    f.setAccessible(true);
    return (OneMeasurementHdrHistogram) ((Map<String, OneMeasurement>) f.get(m)).get(name);
  }

  @Test
  void aMeasurementMadeAfterTheInstallHasTheWholeRangeFromItsFirstValue() throws Exception {
    Properties p = new Properties();
    p.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
    Measurements m = new Measurements(p);
    FixedRangeRecorders.install(m);
    m.measure("READ", 1);
    m.measureIntended("READ", 2);
    for (OneMeasurementHdrHistogram h : new OneMeasurementHdrHistogram[] {
        measurement(m, "opToMesurementMap", "READ"), measurement(m, "opToIntendedMesurementMap", "READ")}) {
      Histogram interval = FixedRangeRecorders.recorder(h).getIntervalHistogram();
      assertThat(interval.getHighestTrackableValue()).isGreaterThanOrEqualTo(Integer.MAX_VALUE);
      assertThat(interval.getNumberOfSignificantValueDigits()).isEqualTo(3);
    }
    // the largest latency YCSB can give is recorded, within the histogram's precision
    m.measure("READ", Integer.MAX_VALUE);
    Histogram after = FixedRangeRecorders.recorder(measurement(m, "opToMesurementMap", "READ")).getIntervalHistogram();
    assertThat(after.getTotalCount()).isEqualTo(1);
    assertThat(after.getMaxValue()).isGreaterThanOrEqualTo(Integer.MAX_VALUE);
    assertThat(m.getSummary()).contains("[READ: Count=0").contains("[Intended-READ: Count=0");
  }

  @Test
  void withoutItYcsbsRecorderStartsSmallAndAMeasurementMadeBeforeKeepsItsValues() throws Exception {
    Measurements m = new Measurements(new Properties());
    m.measure("UPDATE", 100);
    Histogram small = FixedRangeRecorders.recorder(measurement(m, "opToMesurementMap", "UPDATE"))
        .getIntervalHistogram();
    // YCSB's own Recorder(3): a range that a larger value must resize
    assertThat(small.getHighestTrackableValue()).isLessThan(Integer.MAX_VALUE);
    m.measure("UPDATE", 200);
    FixedRangeRecorders.install(m);
    FixedRangeRecorders.install(m); // once is enough; again changes nothing
    OneMeasurementHdrHistogram kept = measurement(m, "opToMesurementMap", "UPDATE");
    assertThat(FixedRangeRecorders.recorder(kept).getIntervalHistogram().getTotalCount()).isEqualTo(1);
    m.measure("INSERT", 5);
    assertThat(FixedRangeRecorders.recorder(measurement(m, "opToMesurementMap", "INSERT")).getIntervalHistogram()
        .getHighestTrackableValue()).isGreaterThanOrEqualTo(Integer.MAX_VALUE);
  }
}
