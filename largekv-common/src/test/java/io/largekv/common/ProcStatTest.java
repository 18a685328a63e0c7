package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one parser of a task's /proc stat line. */
class ProcStatTest {

  @Test
  void aTasksCpuIsItsUtimePlusStimeCountedAfterItsNameWhichMayHoldSpacesAndParentheses() {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    String stat = "4242 (C2 CompilerThre) S 1 1 1 0 -1 4194368 10 0 0 0 1234 56 0 0 20 0 30 0";
    assertThat(ProcStat.cpuTicks(stat)).isEqualTo(1234 + 56);
    assertThat(ProcStat.cpuTicks("7 (a (b) c) R 1 1 1 0 -1 0 0 0 0 0 3 4 0 0")).isEqualTo(7);
  }
}
