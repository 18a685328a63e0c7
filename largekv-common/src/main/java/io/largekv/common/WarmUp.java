package io.largekv.common;

/**
 * The client's warm-up, whichever harness runs the phase: the seconds after the measured window's
 * start that the reported figures leave out ({@code largekv.warmup_s}). One definition of its name
 * and default for YCSB's client (io.largekv.run.ClientWarmUp) and an nb5 pod's
 * (io.largekv.cli.Nb5PodClient), which must agree: the report reads both alike.
 */
public final class WarmUp {

  /** The property: seconds left out; 0: none. */
  public static final String PROPERTY = "largekv.warmup_s";
  /** Its default for read and mixed phases; a load's is 0. */
  public static final int DEFAULT_READ_SECONDS = 10;

  private WarmUp() {}
}
