package io.largekv.bench;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.largekv.driver.YcqlSession;
import io.largekv.format.KeyValueFormat;
import java.nio.ByteBuffer;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * A reference point for {@code bench/run}, not a YCSB client: the binding's own driver session
 * (same settings, same prepared statements, same rows, reads verified) driven asynchronously,
 * {@code concurrency} requests in flight, each completion issuing the next request from the
 * driver's I/O thread, as latte's engine does. It shows what this driver costs per operation
 * without YCSB's thread-per-operation model.
 *
 * <pre>
 *   AsyncDriverClient insert|read OPS CONCURRENCY name=value...   (the binding's properties)
 * </pre>
 *
 * Prints YCSB-style status lines every second and YCSB-style results, so bench/run reads it as it
 * reads YCSB.
 */
public final class AsyncDriverClient {

  private final YcqlSession session;
  private final KeyValueFormat format = KeyValueFormat.standard();
  private final boolean insert;
  private final long ops;
  private final AtomicLong next = new AtomicLong();
  private final LongAdder done = new LongAdder();
  private final LongAdder ok = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder corrupt = new LongAdder();
  private final LongAdder missing = new LongAdder();
  private final Recorder latency = new Recorder(3);
  private final CountDownLatch finished;

  private AsyncDriverClient(YcqlSession session, boolean insert, long ops, int concurrency) {
    this.session = session;
    this.insert = insert;
    this.ops = ops;
    this.finished = new CountDownLatch(concurrency);
  }

  public static void main(String[] args) throws Exception {
    boolean insert = args[0].equals("insert");
    long ops = Long.parseLong(args[1]);
    int concurrency = Integer.parseInt(args[2]);
    Properties p = new Properties();
    for (int i = 3; i < args.length; i++) {
      p.setProperty(args[i].substring(0, args[i].indexOf('=')), args[i].substring(args[i].indexOf('=') + 1));
    }
    YcqlSession session = YcqlSession.open(p);
    AsyncDriverClient c = new AsyncDriverClient(session, insert, ops, concurrency);
    long start = System.nanoTime();
    Thread status = new Thread(() -> c.status(start), "status");
    status.setDaemon(true);
    status.start();
    for (int i = 0; i < concurrency; i++) {
      c.issue(new byte[c.format.valueLength()]);
    }
    c.finished.await();
    long nanos = System.nanoTime() - start;
    session.close();
    String op = insert ? "INSERT" : "READ";
    var h = c.latency.getIntervalHistogram();
    System.out.printf("[OVERALL], RunTime(ms), %d%n", nanos / 1_000_000);
    System.out.printf("[OVERALL], Throughput(ops/sec), %.1f%n", c.done.sum() * 1e9 / nanos);
    System.out.printf("[%s], Operations, %d%n", op, h.getTotalCount());
    System.out.printf("[%s], 99thPercentileLatency(us), %d%n", op, h.getValueAtPercentile(99) / 1000);
    System.out.printf("[%s], Return=OK, %d%n", op, c.ok.sum());
    if (c.failed.sum() > 0) {
      System.out.printf("[%s], Return=ERROR, %d%n", op, c.failed.sum());
    }
    if (c.corrupt.sum() > 0) {
      System.out.printf("[VERIFY], Return=CORRUPT, %d%n", c.corrupt.sum());
    }
    if (c.missing.sum() > 0) {
      System.out.printf("[VERIFY], Return=MISSING, %d%n", c.missing.sum());
    }
  }

  /** Issues the next operation; its completion issues the one after (on the driver's I/O thread). */
  private void issue(byte[] value) {
    long n = next.getAndIncrement();
    if (n >= ops) {
      finished.countDown();
      return;
    }
    long started = System.nanoTime();
    if (insert) {
      format.value(n, value);
      session.session.executeAsync(session.insert.bind(format.key(n), ByteBuffer.wrap(value)))
          .whenComplete((rs, error) -> complete(started, error == null, value));
    } else {
      long k = java.util.concurrent.ThreadLocalRandom.current().nextLong(ops);
      session.session.executeAsync(session.read.bind(format.key(k)))
          .whenComplete((rs, error) -> complete(started, error == null && verify(k, rs), value));
    }
  }

  private boolean verify(long k, AsyncResultSet rs) {
    Row row = rs.one();
    if (row == null) {
      missing.increment();
      return false;
    }
    if (!format.valueMatches(k, row.getBytesUnsafe(0))) {
      corrupt.increment();
      return false;
    }
    return true;
  }

  private void complete(long started, boolean success, byte[] value) {
    latency.recordValue(System.nanoTime() - started);
    (success ? ok : failed).increment();
    done.increment();
    issue(value);
  }

  private void status(long start) {
    try {
      while (true) {
        Thread.sleep(1000);
        System.err.printf("async %d sec: %d operations;%n", (System.nanoTime() - start) / 1_000_000_000L, done.sum());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
