package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Nb5OutputTest {

  @Test
  void readsTheCountsOfEveryPhaseAndTheVerdict() {
    Nb5Output ok = Nb5Output.parse("main (pending,current,complete)=(0,0,10) 100.00%\n"
        + "yb_kv_large verified reads: latest_read: 30 ok, 0 missing, 0 corrupt, 2 not yet written\n"
        + "yb_kv_large verified reads: uniform_read: 19795 ok, 0 missing, 0 corrupt, 0 not yet written\n"
        + "yb_kv_large verification: ok, every row read was present and correct\n");
    assertThat(ok.verified()).containsOnlyKeys("latest_read", "uniform_read");
    assertThat(ok.verified().get("latest_read")).isEqualTo(new Nb5Output.Verified(30, 0, 0, 2));
    assertThat(ok.total()).isEqualTo(new Nb5Output.Verified(19825, 0, 0, 2));
    assertThat(ok.verifiedOk()).isTrue();
    assertThat(ok.verdict()).isEqualTo("ok");
  }

  @Test
  void aFailedVerdictOrNoneIsNotOk() {
    Nb5Output failed = Nb5Output.parse(
        "yb_kv_large verified reads: uniform_read: 90 ok, 7 missing, 3 corrupt, 0 not yet written\n"
            + "yb_kv_large verification FAILED: 7 row(s) missing, 3 corrupt\n");
    assertThat(failed.verifiedOk()).isFalse();
    assertThat(failed.verdict()).isEqualTo("yb_kv_large verification FAILED: 7 row(s) missing, 3 corrupt");
    assertThat(failed.total()).isEqualTo(new Nb5Output.Verified(90, 7, 3, 0));
    // a process that died before printing: no counts, no verdict, never ok
    Nb5Output none = Nb5Output.parse("main (pending,current,complete)=(5,8,100) 0.00%\n");
    assertThat(none.verified()).isEmpty();
    assertThat(none.verifiedOk()).isFalse();
    assertThat(none.verdict()).isEmpty();
  }

  @Test
  void theCompletedCountIsTheLastProgressLines() {
    assertThat(Nb5Output.progressComplete("uniform_read (pending,current,complete)=(12,64,5000) 1.50%")).isEqualTo(5000);
    assertThat(Nb5Output.progressComplete("yb_kv_large verified reads: uniform_read: 3 ok")).isEqualTo(-1);
    assertThat(Nb5Output.completed("load (pending,current,complete)=(900,4,96) 9.60%\n"
        + "12:00:01 WARN something\nload (pending,current,complete)=(0,0,1000) 100.00%\n")).isEqualTo(1000);
    assertThat(Nb5Output.completed("nb5 ended before its first progress line\n")).isZero();
  }

  @Test
  void anNb5ThatExitedByItselfFinishedWhatItsLastReportHadInFlight() {
    // nb5 5.25's last report, printed as the activity winds down, with 2 inserts still running
    String wound = "load (pending,current,complete)=(2270,4,726) 24.23%\n"
        + "load (pending,current,complete)=(0,2,2998) 100.00% (last report)\n";
    assertThat(Nb5Output.completed(wound)).isEqualTo(2998);
    assertThat(Nb5Output.completedAtExit(wound)).isEqualTo(3000);
    // operations still pending, or an ordinary progress line, count what completed, never what ran
    assertThat(Nb5Output.completedAtExit("load (pending,current,complete)=(10,2,2988) 99.60% (last report)\n"))
        .isEqualTo(2988);
    assertThat(Nb5Output.completedAtExit("load (pending,current,complete)=(0,2,2998) 100.00%\n")).isEqualTo(2998);
    assertThat(Nb5Output.completedAtExit("nb5 ended before its first progress line\n")).isZero();
  }

  @Test
  void readsTheVersionOfBothReleaseLines() {
    assertThat(Nb5Output.version("Picked up JAVA_TOOL_OPTIONS: -Duser.language=en\n5.17.9-SNAPSHOT\n"))
        .contains("5.17.9");
    assertThat(Nb5Output.version("Version: 5.25.7-SNAPSHOT\nArtifact: io.nosqlbench:nbr\nGit Commit: 74899e9\n"))
        .contains("5.25.7");
    assertThat(Nb5Output.version("bin/nb5: nb5 is not installed")).isEmpty();
  }
}
