package io.largekv.testing;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A YCSB binding that fails the way real ones can, to check that the workload and the client do
 * not turn the failure into a result: {@code failingdb.init=odd} fails {@code init()} of every
 * second instance (YCSB then drops that client thread); {@code failingdb.insert=throw} throws from
 * every insert (YCSB's client thread then ends the process). Everything else succeeds.
 */
public class FailingDB extends DB {
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  @Override
  public void init() throws DBException {
    if ("odd".equals(getProperties().getProperty("failingdb.init")) && INSTANCES.getAndIncrement() % 2 == 1) {
      throw new DBException("failingdb: init fails in this thread");
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if ("throw".equals(getProperties().getProperty("failingdb.insert"))) {
      throw new IllegalStateException("failingdb: insert throws");
    }
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.OK;
  }
}
