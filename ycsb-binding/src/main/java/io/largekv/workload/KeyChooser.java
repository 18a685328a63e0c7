package io.largekv.workload;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Chooses the sequence number (see {@link KeyRange}) of the next key to read, update or scan: the
 * {@code requestdistribution}s. {@code n} is the number of sequence numbers readable now: the
 * loaded keys plus this client's acknowledged inserts of the run. Public for the benchmarks.
 */
public abstract class KeyChooser {

  /** A sequence number in [0, n); n ≥ 1; {@code loaded}: how many of them the load wrote. */
  public abstract long next(long loaded, long n, ThreadLocalRandom random);

  /** {@code requestdistribution=uniform}: uniform over the loaded keys, as YCSB's CoreWorkload. */
  public static KeyChooser uniform() {
    return new KeyChooser() {
      @Override
      public long next(long loaded, long n, ThreadLocalRandom random) {
        return random.nextLong(loaded);
      }
    };
  }

  /**
   * {@code requestdistribution=latest}: YCSB's "latest": the newest key is the most popular and
   * popularity falls off as a zipfian of age (constant {@code zipfianconstant}, default 0.99),
   * over every readable key including this run's acknowledged inserts.
   */
  public static KeyChooser latest(double theta) {
    ZipfianRank zipf = new ZipfianRank(theta);
    return new KeyChooser() {
      @Override
      public long next(long loaded, long n, ThreadLocalRandom random) {
        return n - 1 - zipf.rank(n, random.nextDouble());
      }
    };
  }

  /** {@code requestdistribution=recent}: uniform over the newest {@code window} readable keys. */
  public static KeyChooser recent(long window) {
    return new KeyChooser() {
      @Override
      public long next(long loaded, long n, ThreadLocalRandom random) {
        return n - 1 - random.nextLong(Math.min(window, n));
      }
    };
  }
}
