package io.largekv.servers;

/**
 * ScyllaDB's node operation mode as its gauge {@code scylla_node_operation_mode} gives it: the
 * value of {@code node_external_status} in service/storage_service.cc, the same numbers the gauge's
 * description lists. Only {@link #NORMAL} is a node that holds its data and moves none.
 */
enum ScyllaOperationMode {
  UNKNOWN, STARTING, JOINING, NORMAL, LEAVING, DECOMMISSIONED, DRAINING, DRAINED, MOVING, MAINTENANCE;

  /** The mode of the gauge's value; {@link #UNKNOWN} for a value it does not know. */
  static ScyllaOperationMode of(double value) {
    int i = (int) value;
    return i == value && i >= 0 && i < values().length ? values()[i] : UNKNOWN;
  }
}
