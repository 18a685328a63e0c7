package io.largekv.common;

/**
 * The client's warm-up, whichever harness runs the phase: the seconds after the measured window's
 * start that the reported figures leave out ({@code largekv.warmup_s}), and the one rule of where
 * they end ({@link #endMs}). YCSB's client (io.largekv.run.ClientWarmUp) and an nb5 pod's
 * (io.largekv.cli.Nb5PodClient) cut there and state the instant ({@code WarmUpEndEpochMs}); the
 * report cuts every client's interval logs at the instant they state, and applies the same rule
 * itself only to clients that stated none (directories made before they did, a local nb5 client).
 */
public final class WarmUp {

  /** The property: seconds left out; 0: none. */
  public static final String PROPERTY = "largekv.warmup_s";
  /** Its default for read and mixed phases; a load's is 0. */
  public static final int DEFAULT_READ_SECONDS = 10;

  private WarmUp() {}

  /**
   * Where a warm-up of {@code seconds} ends (ms since 1970): that long after the phase's clients'
   * common start when they have one ({@code commonStartMs} &gt; 0), else after the first operation.
   */
  public static long endMs(long commonStartMs, long firstOperationMs, long seconds) {
    return (commonStartMs > 0 ? commonStartMs : firstOperationMs) + seconds * 1000;
  }
}
