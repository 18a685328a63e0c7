package io.largekv.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A reason is a fact with the source's words; its words name the node it is about first. */
class ReasonTest {

  @Test
  void itsWordsAreTheDetailAfterTheNodeItIsAbout() {
    Reason r = Reason.unmeasured("java.net.ConnectException: Connection refused");
    assertThat(r.words()).isEqualTo("java.net.ConnectException: Connection refused");
    Reason on = r.on("10.0.0.5");
    assertThat(on.words()).isEqualTo("10.0.0.5: java.net.ConnectException: Connection refused");
    assertThat(on.detail()).isEqualTo(r.detail());
    assertThat(on.code()).isEqualTo(Reason.Code.UNMEASURED);
    assertThatThrownBy(() -> new Reason(null, null, "why")).isInstanceOf(NullPointerException.class);
  }

  @Test
  void aFigureWithAValueHasNoReasonAndOneWithoutHasOne() {
    assertThat(new Results.Figure(1.0, Reason.unmeasured("x"), 1, 1).missing()).isNull();
    assertThat(Results.Figure.of(1, 1, 1).unavailable()).isNull();
    assertThatThrownBy(() -> new Results.Figure(null, null, 0, 1)).isInstanceOf(NullPointerException.class);
    assertThat(Results.Figure.clusterOnly("c").missing().code()).isEqualTo(Reason.Code.CLUSTER_ONLY);
    assertThat(Results.Figure.notOfThisPhase("n", 0).unavailable()).isEqualTo("n");
    assertThat(Results.Figure.inWords(null, "10.0.0.5: gone", 0, 3).missing())
        .isEqualTo(Reason.unmeasured("10.0.0.5: gone"));
    assertThat(Results.Rebalance.after(3.0, 10).unavailable()).isNull();
    assertThat(Results.Rebalance.unavailable(10, "not sampled").unavailable()).isEqualTo("not sampled");
  }
}
