package io.largekv.bench;

/** The two measured phases: every client does the same number of each, on its own table. */
enum BenchPhase {
  /** Insert key numbers 0 … ops−1, one row per operation (YCSB's load). */
  INSERT("insert"),
  /** Read key numbers uniform over the inserted ones (requestdistribution=uniform, read only). */
  READ("read");

  final String label;

  BenchPhase(String label) {
    this.label = label;
  }
}
