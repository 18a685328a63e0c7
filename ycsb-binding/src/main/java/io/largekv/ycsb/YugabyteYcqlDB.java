package io.largekv.ycsb;

import io.largekv.binding.NettyLeakDetection;
import io.largekv.binding.ShadedNamespace;
import io.largekv.binding.YcqlConfig;
import io.largekv.common.Database;
import io.largekv.common.UserError;
import io.largekv.run.ProcessExit;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The {@code yugabyte-ycql} YCSB binding ({@code -db io.largekv.ycsb.YugabyteYcqlDB}): YugabyteDB
 * YCQL, Apache Cassandra and ScyllaDB, each on its vendor's own Java driver 4.x by default
 * ({@code ycql.driver} chooses another). This class picks the driver and hands every call to the
 * binding compiled against it ({@code io.largekv.driver.DriverDB}, one relocated copy per driver in
 * the shaded jar). Properties: docs/ycsb-binding.md.
 */
public class YugabyteYcqlDB extends DB {

  private DB driver;

  @Override
  public void init() throws DBException {
    try {
      driver = newDriverDB(getProperties());
    } catch (UserError e) {
      ProcessExit.badInput(e.getMessage());
    }
    driver.setProperties(getProperties());
    driver.init();
  }

  /**
   * The binding on the driver {@code ycql.driver} names (default: the target's vendor's): its
   * relocated copy in the shaded jar, {@code io.largekv.shaded.<driver>.driver.DriverDB}; without
   * the shaded jar (a development classpath), {@code io.largekv.driver.DriverDB} on whatever driver
   * the classpath has, which refuses to run when that is not the one asked for.
   */
  static DB newDriverDB(Properties p) {
    Database target = Database.parse(YcqlConfig.TARGET, p.getProperty(YcqlConfig.TARGET, Database.YUGABYTE.propertyValue()));
    Database driver = Database.parse(YcqlConfig.DRIVER, p.getProperty(YcqlConfig.DRIVER, target.propertyValue()));
    NettyLeakDetection.apply(driver, System.getProperties());
    for (String name : new String[] {relocated(driver), "io.largekv.driver.DriverDB"}) {
      try {
        return (DB) Class.forName(name).getDeclaredConstructor().newInstance();
      } catch (ClassNotFoundException e) {
        // not in this jar: try the next
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot create " + name, e);
      }
    }
    throw new UserError("no Java driver for " + YcqlConfig.DRIVER + "=" + driver.propertyValue() + " on the classpath; "
        + "accepted: largekv's shaded jar (yugabyte-binding/target/yugabyte-binding-*.jar)");
  }

  /** The class name of the binding relocated with the driver of {@code vendor} in the shaded jar. */
  public static String relocated(Database vendor) {
    return ShadedNamespace.of(vendor, "driver.DriverDB");
  }

  @Override
  public void cleanup() throws DBException {
    if (driver != null) {
      driver.cleanup();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return driver.read(table, key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return driver.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return driver.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return driver.insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return driver.delete(table, key);
  }
}
