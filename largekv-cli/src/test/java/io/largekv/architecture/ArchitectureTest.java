package io.largekv.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The package graph goes one way (docs/architecture.md): no two packages of largekv's main code
 * depend on each other, directly or through others, and neither do two of its top-level groups
 * ({@code io.largekv.report} with its sub-packages against {@code io.largekv.servers}, ...). Read from
 * the compiled classes of this module and of every largekv module it builds on (largekv-report's
 * and largekv-servers' among them; the drivers' shaded copies left out: not ours). The modules stack
 * one way too: the report reads the servers' files without the servers' side, and the servers' side
 * knows nothing of the command line.
 */
@Timeout(120)
class ArchitectureTest {

  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ArchitectureTest::notShaded)
        .withImportOption(ArchitectureTest::notATestJar)
        .importPackages("io.largekv");
  }

  private static boolean notShaded(Location l) {
    return !l.contains("/io/largekv/shaded/");
  }

  /**
   * A module's test-jar (largekv-report's for ResultsCheck, largekv-servers' for PrometheusProcess) holds test classes: read from the local
   * repository, not a {@code test-classes} directory, so DO_NOT_INCLUDE_TESTS does not know them.
   */
  private static boolean notATestJar(Location l) {
    return !l.contains("-tests.jar");
  }

  @Test
  void theClassesOfEveryModuleAreRead() {
    // the rules below hold vacuously on nothing: each module's main code is there
    for (String p : new String[] {"io.largekv.common", "io.largekv.results", "io.largekv.cassandra",
        "io.largekv.binding", "io.largekv.workload", "io.largekv.cli", "io.largekv.report", "io.largekv.report.files",
        "io.largekv.report.render", "io.largekv.servers", "io.largekv.harness.nb5"}) {
      assertThat(classes.containPackage(p)).as(p).isTrue();
    }
  }

  @Test
  void noPackageCycle() {
    slices().matching("io.largekv.(**)").namingSlices("$1").should().beFreeOfCycles().check(classes);
  }

  @Test
  void noCycleBetweenTopLevelGroups() {
    slices().matching("io.largekv.(*)..").namingSlices("$1").should().beFreeOfCycles().check(classes);
  }

  /** The command line's own packages (largekv-cli): no module below it may use them. */
  static final String[] CLI = {"io.largekv.cli..", "io.largekv.cluster..", "io.largekv.console..",
      "io.largekv.harness..", "io.largekv.phase.."};

  @Test
  void theReportDoesNotDependOnTheServersSideOrTheCommandLine() {
    noClasses().that().resideInAPackage("io.largekv.report..").should().dependOnClassesThat()
        .resideInAnyPackage(concat("io.largekv.servers..")).check(classes);
  }

  @Test
  void theServersSideDoesNotDependOnTheCommandLine() {
    noClasses().that().resideInAPackage("io.largekv.servers..").should().dependOnClassesThat()
        .resideInAnyPackage(CLI).check(classes);
  }

  private static String[] concat(String p) {
    String[] all = java.util.Arrays.copyOf(CLI, CLI.length + 1);
    all[CLI.length] = p;
    return all;
  }
}
