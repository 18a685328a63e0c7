package io.largekv.servers;

import java.io.IOException;
import java.util.List;

/**
 * Reads the benchmark table's tablets ({@link ScyllaTablets} through the driver; a test's rows in
 * its tests): an {@link IOException} says why they could not be read.
 */
interface ScyllaTabletReader extends AutoCloseable {

  /** The table's tablets now; none for a table on vnodes, not created yet, or a ScyllaDB without tablets. */
  List<ScyllaTablet> read() throws IOException;

  /** What it reads, for lines. */
  String describe();

  @Override
  default void close() {}
}
