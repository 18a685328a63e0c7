package io.largekv.driver;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.largekv.binding.Layout;
import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.run.ProcessExit;
import io.largekv.run.RunCounters.Operation;
import io.largekv.run.RunCounters;
import io.largekv.run.RunOutcome;
import io.largekv.value.BufferedValue;
import io.largekv.value.ReadValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * The {@code yugabyte-ycql} YCSB binding on one vendor's Java driver 4.x: what
 * {@code io.largekv.ycsb.YugabyteYcqlDB} delegates to. The shaded jar holds one copy of this package
 * per driver (YugabyteDB's, Apache Cassandra's, ScyllaDB's), each relocated with its driver.
 * Properties: docs/ycsb-binding.md.
 *
 * <p>This class is the hot path: bind, execute, map the result. Connection, schema and statement
 * preparation live in {@link YcqlSession}, shared by every thread of the JVM.
 *
 * <p>Layout {@code kv}: the single value column {@code v} is read and written whatever the YCSB
 * field name. Reads put it under field {@code "v"}; scans put the key under {@code "k"} too.
 * The {@code table} argument of each call is ignored: the table is {@code ycql.table}.
 *
 * <p>Results: a missing row is {@link Status#NOT_FOUND}; any driver error (timeouts, unavailable,
 * overloaded, ...) is {@link Status#ERROR}, and its class is counted in YCSB's output as
 * {@code [ERRORS], Return=<OPERATION>:<ExceptionClass>, count}. Every operation is recorded in
 * {@link RunCounters}: only successful ones count as throughput. When no node is available at all
 * the thread pauses before it returns the error (10 ms, doubling up to {@code ycql.backoff_max_ms})
 * instead of spinning through failures while the driver reconnects.
 *
 * <p>A thread that cannot initialise ends the process with one line: no run goes on with fewer
 * threads than asked.
 */
public class DriverDB extends DB {

  /** Measurement name under which error classes are counted. */
  public static final String ERRORS_MEASUREMENT = "ERRORS";
  static final long FIRST_BACKOFF_MS = 10;

  private static final Map<String, Status> ERROR_STATUSES = new ConcurrentHashMap<>();

  private YcqlSession shared;
  private RunOutcome outcome;
  private RunCounters counters;
  private boolean kv;
  private boolean textFields;
  /**
   * The key column is text (varchar): an ASCII key is bound as its bytes, the bytes the driver's text
   * codec would write. The codec encodes through a {@code CharsetEncoder}, which took 4.8 % of the
   * client's CPU samples per read outside the JIT (docs/notebook/2026-11-27-the-jit-in-the-steady-window-on-an-intel-xeon.md);
   * {@link String#getBytes} of an ASCII key is a copy. Any other key goes through the codec, which
   * also refuses a malformed one.
   */
  private boolean textKey;
  /** Consecutive operations of this thread that found no node available. */
  private int unavailableInARow;

  @Override
  public void init() throws DBException {
    if (Preflight.asked(getProperties())) {
      Preflight.runOnce(getProperties()); // never returns
    }
    outcome = RunOutcome.get();
    counters = outcome.counters();
    try {
      outcome.configure(getProperties());
      shared = YcqlSession.acquire(getProperties());
    } catch (UserError e) {
      ProcessExit.badInput(e.getMessage());
    } catch (RuntimeException e) {
      ProcessExit.end(ExitStatus.ABORTED, "a client thread could not start, so the run stops (no run goes on with "
          + "fewer threads): " + DriverErrors.describe(e));
    }
    outcome.bindingInitialized(getProperties());
    kv = shared.config.layout == Layout.KV;
    textFields = !kv && shared.columnTypes.size() > 1 && shared.columnTypes.get(1).equals(DataTypes.TEXT);
    textKey = shared.columnTypes.get(0).equals(DataTypes.TEXT);
  }

  @Override
  public void cleanup() throws DBException {
    if (shared != null) {
      shared = null;
      YcqlSession.release();
      outcome.bindingCleanedUp();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long start = System.nanoTime();
    try {
      PreparedStatement ps = kv || fields == null ? shared.read
          : shared.statements.preparedFor(selectFields(fields), shared.config.readConsistency);
      ByteBuffer k = textKey ? asciiBytes(key) : null;
      Row row = shared.session.execute(k != null ? ps.boundStatementBuilder().setBytesUnsafe(0, k).build()
          : ps.bind(key)).one();
      if (row == null) {
        return done(Operation.READ, start, Status.NOT_FOUND);
      }
      copyRow(row, 0, result);
      return done(Operation.READ, start, Status.OK);
    } catch (DriverException e) {
      return error(Operation.READ, start, e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    long start = System.nanoTime();
    try {
      ResultSet rs = shared.session.execute(shared.scan.bind(startkey, recordcount));
      for (Row row : rs) {
        HashMap<String, ByteIterator> map = new HashMap<>();
        ByteBuffer key = row.getBytesUnsafe(0);
        map.put(shared.columns.get(0), new ReadValue(key));
        copyRow(row, 1, map);
        if (fields != null && !kv) {
          map.keySet().retainAll(withKey(fields));
        }
        result.add(map);
      }
      return done(Operation.SCAN, start, Status.OK);
    } catch (DriverException e) {
      return error(Operation.SCAN, start, e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return write(Operation.UPDATE, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return write(Operation.INSERT, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    long start = System.nanoTime();
    try {
      shared.session.execute(shared.delete.bind(key));
      return done(Operation.DELETE, start, Status.OK);
    } catch (DriverException e) {
      return error(Operation.DELETE, start, e);
    }
  }

  private Status write(Operation op, String key, Map<String, ByteIterator> values) {
    long start = System.nanoTime();
    try {
      BoundStatement bound;
      if (kv) {
        if (values.size() != 1) {
          return done(op, start, Status.BAD_REQUEST);
        }
        // a buffer of its own, as the driver's blob codec gives it (a duplicate)
        ByteBuffer value = BufferedValue.ownBytes(values.values().iterator().next());
        ByteBuffer k = textKey ? asciiBytes(key) : null;
        bound = k != null ? shared.insert.boundStatementBuilder().setBytesUnsafe(0, k).setBytesUnsafe(1, value).build()
            : shared.insert.bind(key, value);
      } else {
        // INSERT and UPDATE are both upserts in CQL; name only the given fields
        List<String> names = new ArrayList<>(new TreeSet<>(values.keySet()));
        PreparedStatement ps = shared.statements.preparedFor(insertFields(names), shared.config.writeConsistency);
        Object[] args = new Object[names.size() + 1];
        args[0] = key;
        for (int i = 0; i < names.size(); i++) {
          ByteIterator v = values.get(names.get(i));
          args[i + 1] = textFields ? v.toString() : BufferedValue.ownBytes(v);
        }
        bound = ps.bind(args);
      }
      shared.session.execute(bound);
      return done(op, start, Status.OK);
    } catch (DriverException e) {
      return error(op, start, e);
    }
  }

  /** {@code key}'s bytes when it is ASCII (as the driver's text codec writes it), else null: bind it through the codec. */
  static ByteBuffer asciiBytes(String key) {
    for (int i = 0; i < key.length(); i++) {
      if (key.charAt(i) >= 0x80) {
        return null;
      }
    }
    return ByteBuffer.wrap(key.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
  }

  private Status done(Operation op, long start, Status status) {
    unavailableInARow = 0;
    counters.record(op, start, status.isOk());
    return status;
  }

  private void copyRow(Row row, int from, Map<String, ByteIterator> out) {
    for (int i = from; i < row.getColumnDefinitions().size(); i++) {
      ByteBuffer value = row.getBytesUnsafe(i);
      if (value != null) {
        out.put(row.getColumnDefinitions().get(i).getName().asInternal(), new ReadValue(value));
      }
    }
  }

  private String selectFields(Set<String> fields) {
    return "SELECT " + String.join(", ", new TreeSet<>(fields)) + " FROM " + shared.config.qualifiedTable()
        + " WHERE " + shared.columns.get(0) + " = ?";
  }

  private String insertFields(List<String> names) {
    return "INSERT INTO " + shared.config.qualifiedTable() + " (" + shared.columns.get(0) + ", "
        + String.join(", ", names) + ") VALUES (?" + ", ?".repeat(names.size()) + ")";
  }

  private Set<String> withKey(Set<String> fields) {
    Set<String> s = new TreeSet<>(fields);
    s.add(shared.columns.get(0));
    return s;
  }

  private Status error(Operation op, long start, DriverException e) {
    String errorClass = errorClass(e);
    Status status = ERROR_STATUSES.computeIfAbsent(op + ":" + errorClass, n -> new Status(n, "driver error class"));
    Measurements.getMeasurements().reportStatus(ERRORS_MEASUREMENT, status);
    counters.failedWith(op, errorClass);
    if (noNodeAvailable(e)) {
      backOff();
    } else {
      unavailableInARow = 0;
    }
    counters.record(op, start, false);
    return Status.ERROR;
  }

  /**
   * Pauses this thread: 10 ms after the first "no node available", doubling up to the maximum.
   * Without a pause ({@code ycql.backoff_max_ms=0}) it still yields: the driver fails such a
   * request at once, without waiting, and a virtual client thread run by a driver I/O thread would
   * otherwise keep that thread from the reconnection it needs.
   */
  private void backOff() {
    long max = shared.config.backoffMaxMs;
    long pause = Math.min(max, FIRST_BACKOFF_MS << Math.min(20, unavailableInARow));
    unavailableInARow++;
    if (pause > 0) {
      try {
        Thread.sleep(pause);
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
      }
    } else {
      Thread.yield();
    }
  }

  /** No node could take the request: none is up, or every one tried refused the connection. */
  static boolean noNodeAvailable(DriverException e) {
    if (e instanceof NoNodeAvailableException) {
      return true;
    }
    if (e instanceof AllNodesFailedException) {
      for (List<Throwable> errors : ((AllNodesFailedException) e).getAllErrors().values()) {
        for (Throwable t : errors) {
          if (!(t instanceof ConnectionInitException || t instanceof java.io.IOException
              || t.getClass().getSimpleName().contains("Closed"))) {
            return false;
          }
        }
      }
      return true;
    }
    return false;
  }

  /**
   * The class that says what went wrong: for "all nodes failed" (the driver tried each node its
   * retry policy allowed) the first node's error, e.g. UnavailableException.
   */
  static String errorClass(DriverException e) {
    if (e instanceof AllNodesFailedException) {
      for (List<Throwable> errors : ((AllNodesFailedException) e).getAllErrors().values()) {
        if (!errors.isEmpty()) {
          return errors.get(0).getClass().getSimpleName();
        }
      }
    }
    return e.getClass().getSimpleName();
  }

}
