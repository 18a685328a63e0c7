package io.largekv.common;

/**
 * The client's warm-up, whichever harness runs the phase: the seconds after the measured window's
 * start that the reported figures leave out ({@code largekv.warmup_s}), and the one rule of where
 * they end ({@link #endMs}). YCSB's client (io.largekv.run.ClientWarmUp) and an nb5 pod's
 * (io.largekv.harness.nb5.Nb5Client) cut there and state the instant ({@code WarmUpEndEpochMs}); the
 * report cuts a phase's interval logs at the earliest instant its clients state (with a common
 * start, the same in every client), and applies the same rule itself only when none stated one
 * (directories made before they did).
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
