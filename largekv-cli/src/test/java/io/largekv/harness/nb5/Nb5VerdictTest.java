package io.largekv.harness.nb5;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.harness.ClientResult;
import io.largekv.phase.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load client's verdict from nb5's own words: its share counts as inserted only when nb5 says
 * so, also when its last report is printed with inserts still running (nb5 5.25).
 */
class Nb5VerdictTest {

  /** nb5 5.25's output of a load of 3,000 rows whose last report had 2 inserts in flight. */
  private static final String WOUND_DOWN = "load (pending,current,complete)=(2270,4,726) 24.23%\n"
      + "load (pending,current,complete)=(0,2,2998) 100.00% (last report)\n";

  private static ClientResult load(Path dir, String output, int exit, boolean endedAtPhaseEnd) throws Exception {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("nb5.txt"), output);
    return Nb5Verdict.write("5.25.7", Phase.LOAD, dir, "bin/nb5 run", exit, endedAtPhaseEnd, null, 3000,
        new Nb5Verdict.Times());
  }

  @Test
  void anNb5ThatExitedZeroByItselfInsertedWhatItsLastReportHadInFlight(@TempDir Path dir) throws Exception {
    ClientResult r = load(dir, WOUND_DOWN, 0, false);
    assertThat(r.exitCode).as(r.reason()).isZero();
    assertThat(r.summary.nb5().completedOperations()).isEqualTo(3000);
    assertThat(Files.readString(dir.resolve("exit.txt")).trim()).isEqualTo("0");
  }

  @Test
  void aLoadShortOfItsShareFailsWhateverTheExitStatus(@TempDir Path tmp) throws Exception {
    // an ordinary progress line: what completed, never what was running
    ClientResult plain = load(tmp.resolve("plain"), "load (pending,current,complete)=(0,2,2998) 100.00%\n", 0, false);
    assertThat(plain.exitCode).isEqualTo(1);
    assertThat(plain.reason()).isEqualTo("nb5 completed 2998 of the 3000 inserts of its share");
    // operations still pending at the last report
    ClientResult pending = load(tmp.resolve("pending"),
        "load (pending,current,complete)=(10,2,2988) 99.60% (last report)\n", 0, false);
    assertThat(pending.exitCode).isEqualTo(1);
    assertThat(pending.reason()).isEqualTo("nb5 completed 2988 of the 3000 inserts of its share");
    // ended from outside: the inserts in flight may never have been acknowledged
    ClientResult ended = load(tmp.resolve("ended"), WOUND_DOWN, 143, true);
    assertThat(ended.exitCode).isEqualTo(1);
    assertThat(ended.reason()).isEqualTo("nb5 completed 2998 of the 3000 inserts of its share");
    // an nb5 that exited non-zero is its own failure
    ClientResult failed = load(tmp.resolve("failed"), WOUND_DOWN, 2, false);
    assertThat(failed.exitCode).isEqualTo(1);
    assertThat(failed.reason()).startsWith("nb5 exited 2");
  }
}
