package io.largekv.servers;

/**
 * Whether a database says its data is where it should be, as one source sees it at one sample: no
 * node joining or leaving, no stream or tablet move running. The report's rebalance time after a node
 * action is the first sample from which every source that can tell says {@link #settled} true.
 *
 * @param settled true: nothing moving; false: {@code detail} says what is; null: this source cannot tell
 * @param detail what is moving (e.g. {@code 2 streaming sessions}, {@code node 127.0.0.4 JOINING}), or
 *     why it cannot tell
 */
public record Balance(Boolean settled, String detail) {

  /** The source cannot tell. */
  public static Balance unknown(String why) {
    return new Balance(null, why);
  }

  public static Balance done() {
    return new Balance(true, "");
  }

  public static Balance moving(String what) {
    return new Balance(false, what);
  }
}
