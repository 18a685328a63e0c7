package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.largekv.common.UserError;
import io.largekv.properties.PropertyValues;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A run's operation proportions as cumulative thresholds of one random number, and its distribution. */
class OperationMixTest {

  private static OperationMix mix(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return new OperationMix(new PropertyValues(p));
  }

  @Test
  void proportionsBecomeThresholdsOfTheirSum() {
    OperationMix m = mix("readproportion", "0.4", "updateproportion", "0.3", "insertproportion", "0.2",
        "scanproportion", "0.1");
    assertThat(m.readUpTo).isCloseTo(0.4, within(1e-12));
    assertThat(m.updateUpTo).isCloseTo(0.7, within(1e-12));
    assertThat(m.insertUpTo).isCloseTo(0.9, within(1e-12));
    // proportions that do not add up to 1 are taken relative to their sum, as YCSB's generator does
    OperationMix half = mix("readproportion", "0.25", "updateproportion", "0.25", "insertproportion", "0",
        "scanproportion", "0");
    assertThat(half.readUpTo).isCloseTo(0.5, within(1e-12));
    assertThat(half.updateUpTo).isCloseTo(1.0, within(1e-12));
    assertThat(half.insertUpTo).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void theDefaultIsYcsbsReadHeavyMixUniformlyWithScansOfAtMost100() {
    OperationMix m = mix();
    assertThat(m.readUpTo).isCloseTo(0.95, within(1e-12));
    assertThat(m.updateUpTo).isCloseTo(1.0, within(1e-12));
    assertThat(m.maxScanLength).isEqualTo(100);
    assertThat(m.distribution).isEqualTo("uniform");
    assertThat(m.proportions).containsEntry("read", 0.95).containsEntry("update", 0.05);
  }

  @Test
  void theDistributionsAreNamedWithTheirParameters() {
    assertThat(mix("requestdistribution", "latest").distribution)
        .isEqualTo("latest (zipfian 0.99 over age: the newest key the most read)");
    assertThat(mix("requestdistribution", "recent", "recentcount", "5000").distribution)
        .isEqualTo("recent (uniform over the newest 5,000 keys)");
  }

  @Test
  void noOperationAtAllIsRefusedNamingTheProportions() {
    assertThatThrownBy(() -> mix("readproportion", "0", "updateproportion", "0")).isInstanceOf(UserError.class)
        .hasMessageContaining("readproportion+updateproportion+insertproportion+scanproportion is 0");
  }
}
