package io.largekv.bench.jmh;

import io.largekv.value.BufferedValue;
import io.largekv.value.ReadValue;
import io.largekv.workload.LargeKeyValueWorkload;
import io.largekv.format.KeyValueFormat;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.DBWrapper;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * One YCSB operation without a server: the workload (key choice, key string, value generation,
 * verification) and what the {@code yugabyte-ycql} binding does around the driver call (wrapping
 * the value, exposing the column read), against {@link NoServerDB}. With {@code -prof gc},
 * {@code gc.alloc.rate.norm} is what the YCSB path allocates per operation on top of the driver.
 *
 * <p>{@code workload}: {@code largekv} is {@link LargeKeyValueWorkload} (load: insert; run:
 * uniform read, verified); {@code core} is YCSB 0.17's CoreWorkload with one 256-byte field and
 * 50-byte keys, the stock baseline. {@code measured}: through YCSB's {@code DBWrapper}, which
 * times and records every operation in the HdrHistogram as YCSB's client does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class WorkloadHotPathBenchmark {

  @Param({"largekv", "core"})
  public String workload;

  @Param({"false", "true"})
  public boolean measured;

  private Workload load;
  private Object loadState;
  private Workload run;
  private Object runState;
  private DB db;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    Properties p = new Properties();
    p.setProperty("measurementtype", "hdrhistogram");
    p.setProperty("hdrhistogram.percentiles", "50,95,99,99.9");
    Measurements.setProperties(p);
    NoServerDB server = new NoServerDB();
    server.setProperties(p);
    db = measured ? new DBWrapper(server, new Tracer.Builder("YCSB").conf(HTraceConfiguration.EMPTY).build())
        : server;
    db.init();
    if (workload.equals("largekv")) {
      // one loaded key near 3·10^10, so the server stub can hold its value and reads verify OK
      server.holdValueOf(KeyValueFormat.standard(), 29_999_999_999L);
      load = largekv(p, false, "30000000000", "0");
      run = largekv(p, true, "30000000000", "29999999999");
    } else {
      load = core(p, false);
      run = core(p, true);
    }
    loadState = load.initThread(p, 0, 1);
    runState = run.initThread(p, 0, 1);
  }

  private static Workload largekv(Properties base, boolean run, String recordCount, String insertStart)
      throws Exception {
    Properties p = (Properties) base.clone();
    p.setProperty("dotransactions", Boolean.toString(run));
    p.setProperty("recordcount", recordCount);
    p.setProperty("insertstart", insertStart);
    p.setProperty("largekv.long_counts", "true");
    p.setProperty("largekv.checkpoint", "none");
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("verify", "true");
    LargeKeyValueWorkload w = new LargeKeyValueWorkload();
    w.init(p);
    return w;
  }

  private static Workload core(Properties base, boolean run) throws Exception {
    Properties p = (Properties) base.clone();
    p.setProperty("dotransactions", Boolean.toString(run));
    p.setProperty("recordcount", "2000000000");
    p.setProperty("fieldcount", "1");
    p.setProperty("fieldlength", "256");
    p.setProperty("zeropadding", "46");
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    CoreWorkload w = new CoreWorkload();
    w.init(p);
    return w;
  }

  /** The load phase's operation: one insert of a new row. */
  @Benchmark
  public boolean insert() {
    return load.doInsert(db, loadState);
  }

  /** The uniform read phase's operation: one read (verified by largekv). */
  @Benchmark
  public boolean read() {
    return run.doTransaction(db, runState);
  }

  /**
   * Stands in for the server: does what {@code YugabyteYcqlDB} does before and after its driver
   * call, nothing else. Inserts take the value's bytes as the binding does (the array itself for
   * largekv's values, {@code toArray()} otherwise: CoreWorkload's lazily generated values are
   * produced here); reads return one column as a {@link ReadValue}, as the binding does.
   */
  static final class NoServerDB extends DB {
    private ByteBuffer held = ByteBuffer.allocate(256);
    long sink;

    void holdValueOf(KeyValueFormat format, long keyNumber) {
      held = ByteBuffer.wrap(format.value(keyNumber));
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      sink += key.length();
      result.put("v", new ReadValue(held));
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      sink += key.length();
      for (ByteIterator v : values.values()) {
        sink += BufferedValue.bytes(v).remaining();
      }
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return insert(table, key, values);
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.NOT_IMPLEMENTED;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.NOT_IMPLEMENTED;
    }

    @Override
    public void cleanup() throws DBException {
    }
  }
}
