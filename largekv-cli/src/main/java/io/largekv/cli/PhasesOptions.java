package io.largekv.cli;

import io.largekv.common.UserError;
import io.largekv.phase.Phase;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --phases}, a mixin of the commands that run several phases one after the other
 * ({@code run}, {@code compare}, {@code check}, {@code k8s local}); {@code k8s render} writes one
 * phase's Job and has {@code --phase} instead.
 */
final class PhasesOptions {

  List<Phase> list = Phase.ALL;
  /** Whether {@code --phases} was given (a command may default otherwise). */
  boolean given;

  @Option(names = "--phases", paramLabel = "LIST", description = "comma-separated subset of: load, uniform-read,"
      + " latest-read (default: all)", order = UsageOrder.WHAT + 1)
  void phases(String v) throws UserError {
    list = new ArrayList<>(Phase.list(v));
    given = true;
  }
}
