package io.largekv.bench;

import java.util.List;
import java.util.Locale;

/**
 * A client's CPU per operation by subtraction, {@code --subtract}: (CPU(3N) − CPU(N)) / 2N of two whole
 * processes ({@code /usr/bin/time}), N = {@code --ops}: what the JVM's start, its JIT warm-up and the
 * connection cost is taken out of, as far as they end within the run of N. NaN when either run failed.
 * {@code jitN} and {@code jit3N}: the CPU of each run's JVM compiler threads up to its last progress
 * line ({@link CompilerThreads}), for the same figure without them: how much of it is the JIT still
 * compiling after the run of N's end.
 */
record Subtracted(int round, BenchPhase phase, String client, double cpuN, double cpu3N, CompilerThreads.Cpu jitN,
    CompilerThreads.Cpu jit3N, long ops) {
  /** NaN when a run failed, or when the run of 3N did not cost more than the run of N (no usable figure). */
  double cpuPerOp() {
    return perOp(cpu3N - cpuN);
  }

  /** The same without the compiler threads' CPU; NaN also when theirs was not read. */
  double withoutJitPerOp() {
    return perOp((cpu3N - jit3N.seconds()) - (cpuN - jitN.seconds()));
  }

  private double perOp(double difference) {
    double v = difference / (2.0 * ops);
    return v > 0 ? v : Double.NaN;
  }

  static String render(List<Subtracted> all) {
    StringBuilder sb = new StringBuilder("\nBY SUBTRACTION (client CPU per operation = (CPU of a run of 3N − CPU of"
        + " the run of N) / 2N, whole processes, /usr/bin/time; a run of 3N inserts 3N rows, reads among the N;"
        + " 'without the JIT' leaves out each run's JVM compiler threads, /proc at its last progress line)\n");
    for (Subtracted x : all) {
      Subtracted latte = all.stream().filter(l -> l.round == x.round && l.phase == x.phase && l.client.equals("latte"))
          .findFirst().orElse(null);
      String ratio = latte == null || Double.isNaN(latte.cpuPerOp()) || Double.isNaN(x.cpuPerOp()) ? ""
          : String.format(Locale.ROOT, ", %.2f× latte", x.cpuPerOp() / latte.cpuPerOp());
      String jit = "";
      if (!Double.isNaN(x.cpuPerOp()) && !(x.jitN.seconds() == 0 && x.jit3N.seconds() == 0)) {
        String withoutRatio = latte == null || Double.isNaN(latte.withoutJitPerOp())
            || Double.isNaN(x.withoutJitPerOp()) ? ""
            : String.format(Locale.ROOT, ", %.2f× latte's", x.withoutJitPerOp() / latte.withoutJitPerOp());
        String why = x.jitN.unavailable() != null ? x.jitN.unavailable() + ", run of N"
            : x.jit3N.unavailable() != null ? x.jit3N.unavailable() + ", run of 3N" : null;
        jit = why != null ? "; without the JIT: unavailable (" + why + ")"
            : String.format(Locale.ROOT, "; compiler threads %.2f s and %.2f s; without the JIT %s%s", x.jitN.seconds(),
                x.jit3N.seconds(), Double.isNaN(x.withoutJitPerOp())
                    ? "unavailable: the run of 3N cost no more than the run of N outside the compiler threads"
                    : String.format(Locale.ROOT, "%.2f µs", x.withoutJitPerOp() * 1e6), withoutRatio);
      }
      sb.append(String.format(Locale.ROOT, "round %d %s %s: %s (CPU %.2f s for N, %s for 3N)%s%s%n", x.round,
          x.phase.label, x.client, Double.isNaN(x.cpuPerOp()) ? (Double.isNaN(x.cpu3N - x.cpuN)
              ? "unavailable: a run failed" : "unavailable: the run of 3N cost no more than the run of N")
          : SteadyWindowProbe.figure("%.2f", x.cpuPerOp() * 1e6) + " µs", x.cpuN,
          SteadyWindowProbe.figure("%.2f", x.cpu3N) + (Double.isNaN(x.cpu3N) ? "" : " s"), ratio, jit));
    }
    return sb.toString();
  }
}
