package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.report.files.ServerFigure;
import io.largekv.results.Reason;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A reading's reasons are facts (a code) with the source's words; the words are what the samples file holds. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class NodeReadingTest {

  @Test
  void aNodeTheSourceCouldNotReadIsSaidDownItsWordsKept() {
    NodeReading r = NodeReading.failed("10.0.0.5", List.of(ServerFigure.TABLE_BYTES, ServerFigure.DISK_READS),
        "connection refused");
    assertThat(r.values()).isEmpty();
    assertThat(r.unavailable().values()).extracting(Reason::code).containsOnly(Reason.Code.SOURCE_DOWN);
    assertThat(r.unavailableInWords()).containsOnlyKeys(ServerFigure.TABLE_BYTES, ServerFigure.DISK_READS)
        .containsValue("connection refused");
  }

  @Test
  void aValueWinsOverAReasonAndANonFiniteValueIsUnmeasuredNeverAFigure() {
    NodeReading down = NodeReading.failed("a", List.of(ServerFigure.TABLE_BYTES), "down");
    NodeReading r = NodeReading.of("a").value(ServerFigure.CPUS, Double.NaN).value(ServerFigure.TABLE_BYTES, 5)
        .merge(down).build();
    assertThat(r.values()).containsOnlyKeys(ServerFigure.TABLE_BYTES);
    assertThat(r.unavailable().get(ServerFigure.CPUS)).isEqualTo(Reason.unmeasured("the source gave NaN"));
  }
}
