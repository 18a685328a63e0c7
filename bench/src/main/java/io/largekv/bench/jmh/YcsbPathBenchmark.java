package io.largekv.bench.jmh;

import io.largekv.ycsb.YugabyteYcqlDB;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.workload.LargeKeyValueWorkload;
import java.util.Properties;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.DB;
import site.ycsb.DBWrapper;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * The whole YCSB path of one operation against a real local Cassandra: YCSB's {@code DBWrapper}
 * (timing, HdrHistogram), the workload, the {@code yugabyte-ycql} binding and the driver, from
 * {@value #THREADS} threads as YCSB runs them. With {@code -prof gc}, {@code gc.alloc.rate.norm}
 * is every byte the JVM allocated per operation, on every thread (the driver's I/O threads
 * included); {@code WorkloadHotPathBenchmark} gives the part that is not the driver's.
 *
 * <p>The server is started by the benchmark (heap 1g) unless {@code -Dlargekv.bench.hosts=HOST:PORT}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
@Threads(YcsbPathBenchmark.THREADS)
public class YcsbPathBenchmark {

  static final int THREADS = 16;
  private static final long ROWS = 100_000;

  @Param({"largekv", "core"})
  public String workload;

  private LocalCassandra server;
  private Properties properties;
  private Workload load;
  private Workload run;

  @Setup(Level.Trial)
  public void startServer() throws Exception {
    String hosts = System.getProperty("largekv.bench.hosts");
    if (hosts == null) {
      server = LocalCassandra.builder().heap("1g").quiet(true).start();
      hosts = server.contactPoint();
    }
    Properties p = new Properties();
    p.setProperty("hosts", hosts);
    p.setProperty("ycql.target", "cassandra");
    p.setProperty("ycql.localdc", System.getProperty("largekv.bench.localdc", "datacenter1"));
    p.setProperty("ycql.replication_factor", "1");
    p.setProperty("ycql.keyspace", "bench_jmh");
    p.setProperty("ycql.table", "kv_" + workload);
    p.setProperty("largekv.checkpoint", "none");
    p.setProperty("measurementtype", "hdrhistogram");
    p.setProperty("recordcount", Long.toString(ROWS));
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    if (workload.equals("core")) {
      p.setProperty("fieldcount", "1");
      p.setProperty("fieldlength", "256");
      p.setProperty("zeropadding", "46");
    }
    Measurements.setProperties(p);
    properties = p;
    load = newWorkload(false);
    run = newWorkload(true);
    // the rows the reads look for: key numbers 0 .. ROWS-1, loaded once
    DB db = newDb();
    Object state = load.initThread(p, 0, 1);
    for (long i = 0; i < ROWS; i++) {
      load.doInsert(db, state);
    }
    db.cleanup();
    load = newWorkload(false);   // inserts measured below start again from key number 0 (upserts)
  }

  private Workload newWorkload(boolean transactions) throws Exception {
    Properties p = (Properties) properties.clone();
    p.setProperty("dotransactions", Boolean.toString(transactions));
    if (!transactions) {
      p.setProperty("recordcount", "2000000000");   // the measured load never runs out of keys
    }
    Workload w = workload.equals("largekv") ? new LargeKeyValueWorkload() : new CoreWorkload();
    w.init(p);
    return w;
  }

  DB newDb() throws Exception {
    YugabyteYcqlDB binding = new YugabyteYcqlDB();
    binding.setProperties(properties);
    DB db = new DBWrapper(binding, new Tracer.Builder("YCSB").conf(HTraceConfiguration.EMPTY).build());
    db.init();
    return db;
  }

  @TearDown(Level.Trial)
  public void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  /** One YCSB client thread: its own binding instance and workload state, as YCSB's ClientThread. */
  @State(Scope.Thread)
  public static class ClientThread {
    DB db;
    Object loadState;
    Object runState;

    @Setup(Level.Trial)
    public void open(YcsbPathBenchmark b) throws Exception {
      db = b.newDb();
      loadState = b.load.initThread(b.properties, 0, THREADS);
      runState = b.run.initThread(b.properties, 0, THREADS);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
      db.cleanup();
    }
  }

  @Benchmark
  public boolean insert(ClientThread t) {
    return load.doInsert(t.db, t.loadState);
  }

  @Benchmark
  public boolean read(ClientThread t) {
    return run.doTransaction(t.db, t.runState);
  }
}
