package io.largekv.driver;

import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigRenderOptions;
import io.largekv.binding.DriverSettings;
import io.largekv.binding.YcqlConfig;
import io.largekv.common.Database;

/**
 * The driver's configuration, in the order docs/ycsb-binding.md documents: the {@code ycql.*}
 * properties the user set, then the user's {@code ycql.driver_config} file, then largekv's
 * defaults ({@link DriverSettings}), then the driver's own {@code reference.conf}. Built with the
 * driver's public {@link DriverConfigLoader#fromString}; Java system properties
 * ({@code -Ddatastax-java-driver.*}) still override everything, as the driver documents.
 */
public final class DriverConfig {
  private DriverConfig() {}

  /** The loader for {@code config} on the driver of {@code vendor}. */
  public static DriverConfigLoader loader(YcqlConfig config, Database vendor) {
    return DriverConfigLoader.fromString("datastax-java-driver " + render(config, vendor));
  }

  /** The merged settings above the driver's reference.conf, as HOCON. */
  static String render(YcqlConfig config, Database vendor) {
    DriverSettings.Layers layers = DriverSettings.of(config, vendor);
    Config file = ConfigFactory.empty();
    if (config.driverConfig != null) {
      file = ConfigFactory.parseFile(config.driverConfig.toFile());
      if (file.hasPath("datastax-java-driver")) {
        file = file.getConfig("datastax-java-driver");
      }
    }
    Config merged = ConfigFactory.parseMap(layers.explicit())
        .withFallback(file)
        .withFallback(ConfigFactory.parseMap(layers.defaults()))
        .resolve();
    return merged.root().render(ConfigRenderOptions.concise());
  }
}
