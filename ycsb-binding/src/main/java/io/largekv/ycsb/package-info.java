/**
 * YCSB's published entry point, and nothing else: {@link io.largekv.ycsb.YugabyteYcqlDB}, the class
 * a user names with {@code -db} (and in YCSB's {@code bin/bindings.properties} as
 * {@code yugabyte-ycql:io.largekv.ycsb.YugabyteYcqlDB}; {@code bin/ycsb} and
 * docs/install-into-ycsb.md name it too). Its fully-qualified name is public, so it stays in this
 * package while the binding's driver-free side lives in {@code io.largekv.binding} and the
 * binding on the driver API in {@code io.largekv.driver}: moving it would break every user's
 * command line and {@code bindings.properties}.
 */
package io.largekv.ycsb;
