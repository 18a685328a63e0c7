/**
 * The client JVM's own diagnostics, measured while YCSB's client threads run: the stalls of the
 * driver's I/O threads ({@link io.largekv.jvm.EventLoopStalls}, fed by
 * {@code io.largekv.client.IoThreadScheduler}), the JVM's pauses (its safepoints) that explain
 * some of them ({@link io.largekv.jvm.ClientPauses}), how the kernel scheduled an I/O thread
 * ({@link io.largekv.jvm.ThreadSchedule}), the JIT compiler's CPU after the warm-up
 * ({@link io.largekv.jvm.ClientJit}) and the one full collection after the start-up
 * ({@link io.largekv.jvm.StartUpCollection}). It knows nothing of the run's outcome:
 * {@code io.largekv.run} wires these pieces and judges the result with them, never the reverse.
 */
package io.largekv.jvm;
