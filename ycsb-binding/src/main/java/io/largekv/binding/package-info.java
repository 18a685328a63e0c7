/**
 * The binding's driver-free side: every {@code ycql.*} property ({@link io.largekv.binding.YcqlConfig}),
 * the driver options by layer ({@link io.largekv.binding.DriverSettings}), the DDL per dialect
 * ({@link io.largekv.binding.SchemaStatements}), what a cluster says of itself
 * ({@link io.largekv.binding.ServerFacts}) and the rules a run's settings meet before any DDL
 * ({@link io.largekv.binding.ServerChecks}), and the level of the relocated Netty's leak detector,
 * set before a driver loads ({@link io.largekv.binding.NettyLeakDetection}) in the driver's namespace
 * of the shaded jar ({@link io.largekv.binding.ShadedNamespace}). {@code io.largekv.driver}
 * reads it on the driver API; YCSB's entry point, {@code io.largekv.ycsb.YugabyteYcqlDB}, reads its property names.
 */
package io.largekv.binding;
