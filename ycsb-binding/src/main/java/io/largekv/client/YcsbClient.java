package io.largekv.client;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import io.largekv.common.Secrets;
import io.largekv.common.UserError;
import io.largekv.jvm.EventLoopStalls;
import io.largekv.properties.PropertyValues;
import io.largekv.run.ProcessExit;
import io.largekv.run.RunOutcome;
import io.largekv.run.RunProperties;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.Client;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.StatusThread;
import site.ycsb.TerminatorThread;
import site.ycsb.Utils;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * YCSB 0.17's client with {@code long} operation counts: the same command line as
 * {@code site.ycsb.Client}, the same workload, DB, client threads, status thread, terminator and
 * measurement export (YCSB's own classes), so the output is YCSB's.
 *
 * <p>YCSB 0.17's Client parses {@code recordcount}, {@code insertcount} and
 * {@code operationcount} as {@code int} and sums the operations done into an {@code int}; one
 * process cannot run more than 2,147,483,647 operations (and {@code opcount=0} starts no thread
 * at all). When every count fits an int this class simply runs {@code site.ycsb.Client}. Otherwise
 * it runs the same pieces itself: each thread gets an {@code int} share of the {@code long} total
 * (at most 2^31−1 per thread) and the totals are {@code long}.
 *
 * <p>{@code largekv.client_threads=virtual} (Java 21 or later) runs the same YCSB client threads
 * as virtual threads, always through this class: a synchronous operation that waits for the
 * server then parks a virtual thread instead of an OS thread, which saves the client most of its
 * context switches (docs/performance.md). {@code platform} is YCSB's own model; {@code auto} (the
 * default) is virtual on a Java 21 or later and platform before.
 *
 * <p>Before anything runs, YCSB's own options are checked ({@code -threads}, {@code -target},
 * counts): a value YCSB would misread is one line and exit status 2. The exit status of a run is
 * the run's ({@link io.largekv.run.RunResult}): {@code main} exits with it when it ran YCSB's pieces
 * itself, and {@link ProcessExit}'s shutdown hook sets it under {@code site.ycsb.Client}, which
 * exits 0 whatever happened.
 */
public final class YcsbClient {

  static final String AUTO = "auto";
  static final String PLATFORM = "platform";
  static final String VIRTUAL = "virtual";
  static final String IO = "io";
  static final String JDK = "jdk";

  private YcsbClient() {}

  public static void main(String[] args) throws Exception {
    Properties props = null;
    ClientThreads threads = ClientThreads.PLATFORM;
    try {
      props = parse(args);
      checkYcsbOptions(props);
      threads = clientThreads(props, System.err);
    } catch (UserError e) {
      ProcessExit.badInput(e.getMessage());
    }
    boolean ycsbsOwn = fitsInt(props, Client.RECORD_COUNT_PROPERTY) && fitsInt(props, Client.INSERT_COUNT_PROPERTY)
        && fitsInt(props, Client.OPERATION_COUNT_PROPERTY) && threads.factory() == null;
    RunOutcome.get().clientThreads(threads.description() + " of "
        + (ycsbsOwn ? "YCSB's site.ycsb.Client" : "largekv's YCSB client (long counts)") + ", Java "
        + Runtime.version().feature() + " (" + RunProperties.CLIENT_THREADS + "="
        + props.getProperty(RunProperties.CLIENT_THREADS, AUTO) + ")");
    if (ycsbsOwn) {
      Client.main(args);
      return;
    }
    System.err.println("Command line: " + String.join(" ", Secrets.redact(java.util.Arrays.asList(args))));
    try {
      run(props, threads);
    } catch (UserError e) {
      ProcessExit.badInput(e.getMessage());
      return;
    }
    // the run's status comes back here (under site.ycsb.Client above, ProcessExit's hook sets it)
    System.exit(ProcessExit.statusForMain());
  }

  /**
   * YCSB's own options, which its Client parses as it likes ({@code -threads 0} runs nothing and
   * exits 0, {@code -target -5} is no target): whole numbers, at least 1 where 0 means nothing.
   */
  static void checkYcsbOptions(Properties props) {
    PropertyValues v = new PropertyValues(props);
    v.intRange(Client.THREAD_COUNT_PROPERTY, 1, 1, 1_000_000);
    v.number(Client.TARGET_PROPERTY, 0, "a number of operations per second >= 0 (0: unthrottled)", d -> d >= 0);
    v.longAtLeast(Client.RECORD_COUNT_PROPERTY, 0, 0);
    v.longAtLeast(Client.INSERT_COUNT_PROPERTY, 0, 0);
    v.longAtLeast(Client.OPERATION_COUNT_PROPERTY, 1, 0);
    v.longAtLeast(Client.MAX_EXECUTION_TIME, 0, 0);
    v.intRange("status.interval", 10, 1, 86_400);
    virtualScheduler(v); // checked here too: platform threads never read it
    EventLoopStalls.check(props);
    RunProperties.check(props);
  }

  /**
   * YCSB's client threads as {@link #clientThreadKind} decides for this JVM: YCSB's own platform
   * threads, or virtual threads on the scheduler {@code largekv.virtual_scheduler} names ({@code io},
   * the default: {@link IoThreadScheduler}; {@code jdk}: the JDK's own).
   */
  static ClientThreads clientThreads(Properties props, java.io.PrintStream err) {
    if (clientThreadKind(props, Runtime.version().feature(), err).equals(PLATFORM)) {
      return ClientThreads.PLATFORM;
    }
    if (virtualScheduler(new PropertyValues(props)).equals(IO)) {
      IoThreadScheduler.SetUp io = IoThreadScheduler.setUp(Runtime.version().feature(),
          RunOutcome.get().eventLoopStalls());
      if (io.scheduler() != null) {
        return new ClientThreads(io.threads(), "virtual threads run by the driver's I/O threads", io.scheduler());
      }
      err.println("largekv: virtual client threads on the JDK's scheduler, not on the driver's I/O threads: "
          + io.whyNot());
    }
    try {
      // Thread.ofVirtual().factory(), by reflection: compiled for Java 17
      Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
      return new ClientThreads((ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory")
          .invoke(builder), "virtual threads on the JDK's scheduler", null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Java " + Runtime.version() + " has no Thread.ofVirtual()", e);
    }
  }

  /** {@code largekv.virtual_scheduler}: {@code io} (the default) or {@code jdk}. */
  private static String virtualScheduler(PropertyValues v) {
    return v.oneOf(RunProperties.VIRTUAL_SCHEDULER, IO, IO, JDK);
  }

  /**
   * What YCSB's client threads are: a factory (null: YCSB's own platform threads), their
   * description, and the {@link IoThreadScheduler} when it schedules them (else null).
   */
  record ClientThreads(ThreadFactory factory, String description, IoThreadScheduler ioScheduler) {
    static final ClientThreads PLATFORM = new ClientThreads(null, "platform threads", null);
  }

  /**
   * What YCSB's client threads run on: {@code virtual} ({@code largekv.client_threads=virtual}, or
   * {@code auto} on a Java 21 or later) or {@code platform} ({@code auto} before 21 says so on
   * {@code err}); a {@link UserError} for another value, or {@code virtual} on a Java before
   * 21 or with {@code spin.sleep=true}.
   */
  static String clientThreadKind(Properties props, int javaFeatureVersion, java.io.PrintStream err) {
    String kind = new PropertyValues(props).oneOf(RunProperties.CLIENT_THREADS, AUTO, AUTO, PLATFORM, VIRTUAL);
    boolean spin = Boolean.parseBoolean(props.getProperty("spin.sleep", "false"));
    if (kind.equals(AUTO)) {
      if (javaFeatureVersion < 21 || spin) {
        err.println("largekv: client threads are platform threads (" + (spin ? "spin.sleep=true" : "Java "
            + javaFeatureVersion) + "); on a Java 21 or later they are virtual threads, which cost the client less "
            + "CPU per operation: JAVA=/path/to/java21+/bin/java bin/ycsb ...");
        return PLATFORM;
      }
      return VIRTUAL;
    }
    if (kind.equals(PLATFORM)) {
      return PLATFORM;
    }
    if (spin) {
      // a virtual thread that spins never gives its carrier back: the other client threads starve
      throw new UserError(RunProperties.CLIENT_THREADS + "=virtual cannot be used with spin.sleep=true; accepted: "
          + "spin.sleep=false with virtual threads, or " + RunProperties.CLIENT_THREADS + "=platform");
    }
    if (javaFeatureVersion < 21) {
      throw new UserError(RunProperties.CLIENT_THREADS + "=virtual needs Java 21 or later, this is Java "
          + javaFeatureVersion + " (" + System.getProperty("java.home") + "); accepted: platform, or virtual"
          + " with a newer Java: JAVA=/path/to/java21+/bin/java bin/ycsb ...");
    }
    return VIRTUAL;
  }

  static boolean fitsInt(Properties p, String key) {
    String v = p.getProperty(key);
    if (v == null) {
      return true;
    }
    try {
      Integer.parseInt(v.trim());
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * One {@code -p NAME=VALUE} of YCSB's command line into {@code into}; one without a name before its
   * {@code =} is bad input. Public for bench/run, which reads its {@code -p} as the clients will.
   */
  public static void setProperty(Properties into, String nameEqualsValue) {
    int eq = nameEqualsValue.indexOf('=');
    if (eq < 1) {
      throw new UserError("-p " + nameEqualsValue + " is not accepted; accepted values: -p NAME=VALUE");
    }
    into.setProperty(nameEqualsValue.substring(0, eq), nameEqualsValue.substring(eq + 1));
  }

  /** YCSB's command-line options, as {@link #parse} names them in its errors. */
  static final String OPTIONS = "-P FILE, -p NAME=VALUE, -threads N, -target N, -load, -t, -db CLASS, -l LABEL, -s";

  /**
   * YCSB's command line: -threads -target -load -t -db -l -P -p -s. A malformed one, or one that
   * sets no workload, is bad input (YCSB 0.17's Client prints its usage and exits 0 there). Public
   * for the workload files' test, which plans the commands their headers document.
   */
  public static Properties parse(String[] args) {
    Properties files = new Properties();
    Properties cli = new Properties();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "-load": cli.setProperty(Client.DO_TRANSACTIONS_PROPERTY, "false"); break;
        case "-t": cli.setProperty(Client.DO_TRANSACTIONS_PROPERTY, "true"); break;
        case "-s": cli.setProperty(Client.STATUS_PROPERTY, "true"); break;
        case "-threads": cli.setProperty(Client.THREAD_COUNT_PROPERTY, value(args, i++)); break;
        case "-target": cli.setProperty(Client.TARGET_PROPERTY, value(args, i++)); break;
        case "-db": cli.setProperty(Client.DB_PROPERTY, value(args, i++)); break;
        case "-l": cli.setProperty(Client.LABEL_PROPERTY, value(args, i++)); break;
        case "-P":
          String file = value(args, i++);
          try (InputStream in = new FileInputStream(file)) {
            Properties f = new Properties();
            f.load(in);
            files.putAll(f);
          } catch (IOException e) {
            throw new UserError("-P " + file + ": cannot read the workload file (" + e.getMessage() + ")");
          }
          break;
        case "-p":
          setProperty(cli, value(args, i++));
          break;
        default:
          throw new UserError("unknown option " + a + "; accepted: " + OPTIONS);
      }
    }
    files.putAll(cli);
    if (files.getProperty(Client.WORKLOAD_PROPERTY) == null) {
      throw new UserError(Client.WORKLOAD_PROPERTY + " is not set; accepted: -P FILE (one of workloads/) or -p "
          + Client.WORKLOAD_PROPERTY + "=io.largekv.workload.LargeKeyValueWorkload");
    }
    return files;
  }

  /** The value after option {@code args[i]}. */
  private static String value(String[] args, int i) {
    if (i + 1 >= args.length) {
      throw new UserError(args[i] + " needs a value; accepted: " + OPTIONS);
    }
    return args[i + 1];
  }

  /** Runs YCSB's client pieces on client threads of {@code kind}. */
  static void run(Properties props, ClientThreads kind) throws Exception {
    ThreadFactory threadFactory = kind.factory();
    props.setProperty(RunProperties.LONG_COUNTS, "true");
    System.err.println("YCSB Client 0.17.0 (largekv's YcsbClient: long operation counts"
        + (threadFactory == null ? "" : "; client threads are " + kind.description() + ", Java "
        + Runtime.version()) + ")");
    Measurements.setProperties(props);
    String workloadClass = props.getProperty(Client.WORKLOAD_PROPERTY);
    Workload workload;
    try {
      workload = (Workload) Class.forName(workloadClass).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new UserError(Client.WORKLOAD_PROPERTY + "=" + workloadClass + " is not a YCSB workload class on the"
          + " classpath (" + e + "); accepted: e.g. io.largekv.workload.LargeKeyValueWorkload");
    }
    Map<String, String> conf = new HashMap<>();
    Tracer tracer = new Tracer.Builder("YCSB " + workload.getClass().getSimpleName())
        .conf(HTraceConfiguration.fromMap(conf)).build();
    System.err.println("Loading workload...");
    workload.init(props);

    boolean transactions = Boolean.parseBoolean(props.getProperty(Client.DO_TRANSACTIONS_PROPERTY, "true"));
    String countKey = transactions ? Client.OPERATION_COUNT_PROPERTY
        : props.containsKey(Client.INSERT_COUNT_PROPERTY) ? Client.INSERT_COUNT_PROPERTY : Client.RECORD_COUNT_PROPERTY;
    PropertyValues v = new PropertyValues(props);
    long opcount = v.longAtLeast(countKey, 0, 0);
    int threads = v.intRange(Client.THREAD_COUNT_PROPERTY, 1, 1, 1_000_000);
    if (opcount <= 0) {
      // a client thread given 0 operations runs without end
      throw new UserError(countKey + "=" + opcount + " runs no operation; accepted: a count >= 1"
          + " (maxexecutiontime stops a run earlier)");
    }
    if (opcount < threads) {
      threads = (int) opcount;
      System.out.println("Warning: the threadcount is bigger than " + countKey + ", the threadcount will be " + countKey
          + "!");
    }
    long perThread = (opcount + threads - 1) / threads;
    if (perThread > Integer.MAX_VALUE) {
      ProcessExit.badInput(countKey + "=" + opcount + " needs at least " + ((opcount + Integer.MAX_VALUE - 1) / Integer.MAX_VALUE)
          + " threads (YCSB's client threads count their operations in an int); accepted: a larger threadcount");
    }
    double target = v.number(Client.TARGET_PROPERTY, 0, "a number >= 0", d -> d >= 0);
    double targetPerThreadPerMs = target > 0 ? target / threads / 1000.0 : -1;
    String dbName = props.getProperty(Client.DB_PROPERTY, "site.ycsb.BasicDB");

    CountDownLatch done = new CountDownLatch(threads);
    List<ClientThread> clients = new ArrayList<>(threads);
    for (int i = 0; i < threads; i++) {
      DB db;
      try {
        db = DBFactory.newDB(dbName, props, tracer);
      } catch (site.ycsb.UnknownDBException e) {
        throw new UserError("-db " + dbName + " is not a YCSB binding class on the classpath; accepted: e.g."
            + " io.largekv.ycsb.YugabyteYcqlDB, site.ycsb.BasicDB");
      }
      ClientThread t = new ClientThread(db, transactions, workload, props, share(opcount, threads, i),
          targetPerThreadPerMs, done);
      t.setThreadId(i);
      t.setThreadCount(threads);
      clients.add(t);
    }
    if (threadFactory != null) {
      loadFirstOperationClasses(tracer);
    }
    System.err.println("Starting test.");
    StatusThread status = null;
    if (Boolean.parseBoolean(props.getProperty(Client.STATUS_PROPERTY, "false"))) {
      boolean standard = "timeseries".equals(props.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, ""));
      int interval = v.intRange("status.interval", 10, 1, 86_400);
      boolean trackJvm = "true".equals(props.getProperty("measurement.trackjvm", "false"));
      status = new StatusThread(done, clients, props.getProperty(Client.LABEL_PROPERTY, ""), standard,
          interval, trackJvm);
      status.start();
    }
    if (kind.ioScheduler() != null) {
      RunOutcome.get().eventLoopStalls().watch(props);
      EventLoopWatchdog.start(kind.ioScheduler(), RunOutcome.get().eventLoopStalls());
    }
    List<Thread> running = new ArrayList<>();
    long started = System.currentTimeMillis();
    for (int i = 0; i < clients.size(); i++) {
      Thread t = threadFactory == null ? new Thread(clients.get(i)) : threadFactory.newThread(clients.get(i));
      t.setName("ClientThread-" + i);
      running.add(t);
      t.start();
    }
    long maxSeconds = v.longAtLeast(Client.MAX_EXECUTION_TIME, 0, 0);
    Thread terminator = null;
    if (maxSeconds > 0) {
      terminator = new TerminatorThread(maxSeconds, running, workload);
      terminator.start();
    }
    long ops = 0;
    for (int i = 0; i < running.size(); i++) {
      running.get(i).join();
      ops += clients.get(i).getOpsDone();
    }
    long ended = System.currentTimeMillis();
    if (terminator != null) {
      terminator.interrupt();
    }
    if (status != null) {
      status.interrupt();
      status.join();
    }
    workload.cleanup();
    if (kind.ioScheduler() != null) {
      System.err.println("largekv: " + kind.ioScheduler().wakeUps());
    }
    export(props, ops, ended - started, status);
  }

  /** Thread i's share of opcount operations: the shares of all threads sum to opcount. */
  static int share(long opcount, int threads, int i) {
    long share = opcount / threads + (i < opcount % threads ? 1 : 0);
    if (share > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(opcount + " operations need more than " + threads + " threads");
    }
    return (int) share;
  }

  /** YCSB's Client.exportMeasurements: the same lines in the same order. */
  private static void export(Properties props, long ops, long runtimeMs, StatusThread status) throws IOException {
    String file = props.getProperty("exportfile");
    OutputStream out = file == null ? System.out : new java.io.FileOutputStream(file);
    String exporterClass = props.getProperty("exporter", TextMeasurementsExporter.class.getName());
    MeasurementsExporter exporter;
    try {
      exporter = (MeasurementsExporter) Class.forName(exporterClass).getConstructor(OutputStream.class).newInstance(out);
    } catch (ReflectiveOperationException | ClassCastException e) {
      System.err.println("Could not find exporter " + exporterClass + ", will use default text reporter.");
      exporter = new TextMeasurementsExporter(out);
    }
    try {
      exporter.write("OVERALL", "RunTime(ms)", runtimeMs);
      exporter.write("OVERALL", "Throughput(ops/sec)", 1000.0 * ops / runtimeMs);
      long gcCount = 0;
      long gcTime = 0;
      for (Map.Entry<String, Long[]> gc : Utils.getGCStatst().entrySet()) {
        exporter.write("TOTAL_GCS_" + gc.getKey(), "Count", gc.getValue()[0]);
        exporter.write("TOTAL_GC_TIME_" + gc.getKey(), "Time(ms)", gc.getValue()[1]);
        exporter.write("TOTAL_GC_TIME_%_" + gc.getKey(), "Time(%)", 100.0 * gc.getValue()[1] / runtimeMs);
        gcCount += gc.getValue()[0];
        gcTime += gc.getValue()[1];
      }
      exporter.write("TOTAL_GCs", "Count", gcCount);
      exporter.write("TOTAL_GC_TIME", "Time(ms)", gcTime);
      exporter.write("TOTAL_GC_TIME_%", "Time(%)", 100.0 * gcTime / runtimeMs);
      if (status != null && status.trackJVMStats()) {
        exporter.write("MAX_MEM_USED", "MBs", status.getMaxUsedMem());
        exporter.write("MIN_MEM_USED", "MBs", status.getMinUsedMem());
        exporter.write("MAX_THREADS", "Count", status.getMaxThreads());
        exporter.write("MIN_THREADS", "Count", status.getMinThreads());
        exporter.write("MAX_SYS_LOAD_AVG", "Load", status.getMaxLoadAvg());
        exporter.write("MIN_SYS_LOAD_AVG", "Load", status.getMinLoadAvg());
      }
      Measurements.getMeasurements().exportMeasurements(exporter);
    } finally {
      exporter.close();
    }
  }

  /**
   * Loads and initializes, on this platform thread, the classes that every client thread's first
   * operation would otherwise load at once: YCSB's HdrHistogram measurement (its Recorder, histograms
   * and iterators) and the tracer's thread context. A virtual thread that loads or initializes a
   * class holds its carrier (on Java 21 to 25, with class loading on the stack a waiting thread
   * cannot unmount either), and with largekv's scheduler the carrier is a driver I/O thread: on a
   * busy machine 256 client threads queued behind one class load were seen pinned for over 20 ms
   * (ClientThreadsIT's JFR check).
   */
  static void loadFirstOperationClasses(Tracer tracer) {
    org.HdrHistogram.Recorder recorder = new org.HdrHistogram.Recorder(3);
    recorder.recordValue(1);
    org.HdrHistogram.Histogram interval = recorder.getIntervalHistogram();
    for (org.HdrHistogram.HistogramIterationValue v : interval.percentiles(5)) {
      v.getValueIteratedTo();
    }
    for (org.HdrHistogram.HistogramIterationValue v : interval.recordedValues()) {
      v.getCountAtValueIteratedTo();
    }
    try {
      Class.forName("site.ycsb.measurements.OneMeasurementHdrHistogram", true, YcsbClient.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("YCSB's core is not on the classpath", e);
    }
    try (org.apache.htrace.core.TraceScope scope = tracer.newScope("largekv-warm-up")) {
      // the tracer's per-thread context class, loaded
    }
  }
}
