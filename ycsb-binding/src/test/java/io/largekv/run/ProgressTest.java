package io.largekv.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A load's progress on a clock the test moves: rate over the window, ETA, and when neither is known. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ProgressTest {

  private final AtomicLong done = new AtomicLong();
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final Progress progress = new Progress(done::get, now::get);

  private void advance(double seconds, long keys) {
    now.addAndGet((long) (seconds * 1e9));
    done.addAndGet(keys);
  }

  @Test
  void rateIsOverTheLastMinuteAndTheEtaIsTheRemainingKeysAtIt() {
    progress.load(100_000, 10_000);
    Progress.Reading before = progress.read();
    assertThat(before.rate()).isNaN();
    assertThat(before.line()).contains("rate unavailable (no operation yet)").contains("ETA unavailable");
    progress.started();
    Progress.Reading first = progress.read();
    assertThat(first.done()).isEqualTo(10_000);
    assertThat(first.rate()).isNaN();
    assertThat(first.eta()).isEmpty();
    assertThat(first.line()).contains("10000 of 100000 keys (10.0%)").contains("ETA unavailable");
    for (int s = 0; s < 120; s++) {
      advance(1, s < 60 ? 100 : 500); // 100 keys/s for a minute, then 500 keys/s
      progress.read();
    }
    Progress.Reading r = progress.read();
    assertThat(r.done()).isEqualTo(10_000 + 60 * 100 + 60 * 500);
    assertThat(r.rate()).isEqualTo(500.0); // the last 60 s only
    assertThat(r.rateSeconds()).isEqualTo(60.0);
    assertThat(r.eta().getAsDouble()).isEqualTo((100_000 - r.done()) / 500.0);
    assertThat(r.line()).contains("500 keys/s over the last 60 s").contains("ETA 1 min 48 s");
  }

  @Test
  void aStalledLoadHasNoEtaRatherThanAnInfiniteOrZeroOne() {
    progress.load(1000, 0);
    progress.started();
    advance(10, 0);
    Progress.Reading r = progress.read();
    assertThat(r.rate()).isZero();
    assertThat(r.eta()).isEmpty();
    assertThat(r.line()).contains("ETA unavailable (no key done in the last 10 s)");
  }

  @Test
  void aFinishedLoadHasNoTimeLeft() {
    progress.load(1000, 0);
    progress.started();
    advance(0.5, 1000);
    assertThat(progress.read().eta().getAsDouble()).isZero();
  }
}
