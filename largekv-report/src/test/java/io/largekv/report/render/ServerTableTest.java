package io.largekv.report.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.report.files.ResultsJson;
import io.largekv.results.Reason;
import io.largekv.results.Results;
import io.largekv.results.Results.Figure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The servers' table and line decide by what a figure is (measured, unavailable, not of this phase,
 * the cluster's only), never by its words; results.json holds the words only.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ServerTableTest {

  private static final Figure NO_DISK = Figure.unavailable("no disk statistics", 4);
  private static final Figure CLUSTER_ONLY = Figure.clusterOnly("the cluster's only");

  private static Results.ServerNode node(String name, Figure perRow, Figure sum) {
    return Results.ServerNode.builder(name, "NORMAL").allFigures(Figure.of(1024, 4, 4)).tableBytesStart(sum)
        .diskReadsPerSecond(NO_DISK).bytesPerStoredRow(perRow).diskReadsPerClientRead(perRow).build();
  }

  /** Two nodes, one without its table's size at the start; the cluster's sum names it. */
  private static Results results(Figure clusterPerRow) {
    Results.ServerNode a = node("10.0.0.1", CLUSTER_ONLY, Figure.unavailable("no table size", 4));
    Results.ServerNode b = node("10.0.0.2", CLUSTER_ONLY, Figure.of(2048, 3, 4));
    Results.ServerNode cluster = node("cluster", clusterPerRow,
        Figure.unavailable(Reason.unmeasured("no table size").on("10.0.0.1"), 4));
    Results.Servers s = Results.Servers.builder("yugabyte", 1).sources(List.of("t")).intervalSeconds(10).samples(4)
        .nodes(List.of(a, b)).cluster(cluster).build();
    return new Results(Results.FORMAT_VERSION, "test", List.of(), List.of("yugabyte"), List.of(new Results.Phase(
        "uniform-read", null, List.of(), List.of(), List.of(), List.of(s))), null);
  }

  @Test
  void theFootnotedTableIsTheTableWithEachReasonSaidOnceUnderIt() {
    Results r = results(Figure.notOfThisPhase("a load's figure: this phase did not store the table's rows", 0));
    List<List<String>> words = ServerTable.rows(r, "uniform-read");
    List<String> notes = new ArrayList<>();
    List<List<String>> footnoted = ServerTable.rows(r, "uniform-read", notes);

    assertThat(footnoted).hasSameSizeAs(words);
    for (int row = 0; row < words.size(); row++) {
      assertThat(footnoted.get(row)).hasSameSizeAs(ServerTable.COLUMNS).hasSameSizeAs(words.get(row));
      for (int col = 0; col < words.get(row).size(); col++) {
        String said = words.get(row).get(col);
        String cell = footnoted.get(row).get(col);
        if (said.startsWith("unavailable: ")) {
          // the note is the reason, or the reason without the node a cluster sum names when a node's row said it
          String why = said.substring("unavailable: ".length());
          assertThat(cell).matches("unavailable \\[\\d+]");
          String note = notes.get(Integer.parseInt(cell.replaceAll("\\D", "")) - 1);
          assertThat(List.of(why, why.replaceFirst("^10\\.0\\.0\\.1: ", ""))).contains(note);
        } else {
          assertThat(cell).isEqualTo(said);
        }
      }
    }
    // the cluster's sum names the node whose reason its row gave: said once
    assertThat(notes).hasSize(3).doesNotHaveDuplicates();
    assertThat(notes.get(0)).startsWith("no table size → ");
    assertThat(notes.subList(1, 3)).containsExactly("no disk statistics",
        "a load's figure: this phase did not store the table's rows");
    // a node's figure of the cluster only: no figure, no reason
    assertThat(words.get(0).get(ServerTable.COLUMNS.indexOf("bytes per stored row"))).isEqualTo("-");
    assertThat(words.get(2).get(ServerTable.COLUMNS.indexOf("bytes per stored row")))
        .isEqualTo("unavailable: a load's figure: this phase did not store the table's rows");
  }

  @Test
  void theLineLeavesOutAFigureThatIsNotOfThePhaseAndNotesOneThatWasNotMeasured() {
    List<String> notes = new ArrayList<>();
    String line = ServerTable.line(results(Figure.notOfThisPhase("a load's figure", 0)).phases().get(0).servers()
        .get(0), notes);
    assertThat(line).doesNotContain("per stored row").doesNotContain("disk reads per client read")
        .contains("disk reads/s: unavailable [2]").contains("table at the start: unavailable [1]");
    assertThat(notes).containsExactly("no table size", "no disk statistics");

    List<String> again = new ArrayList<>();
    String unmeasured = ServerTable.line(results(Figure.unavailable("a load's figure", 0)).phases().get(0).servers()
        .get(0), again);
    assertThat(unmeasured).contains("per stored row, disk reads per client read: unavailable [2]")
        .contains("disk reads/s: unavailable [3]");
    assertThat(again).containsExactly("no table size", "a load's figure", "no disk statistics");
  }

  @Test
  void theLineGroupsByTheReasonWithoutTheNodeItIsAboutAndNeverShortensTheSourcesWords() {
    List<String> notes = new ArrayList<>();
    Results.Servers s = results(CLUSTER_ONLY).phase("uniform-read").servers().get(0);
    ServerTable.line(s, notes);
    assertThat(notes).contains("no table size").noneMatch(n -> n.startsWith("10.0.0.1"));

    Figure refused = Figure.unavailable("java.net.ConnectException: Connection refused", 4);
    Results.Servers down = Results.Servers.builder("yugabyte", 1).samples(4)
        .nodes(List.of(node("10.0.0.1", CLUSTER_ONLY, refused))).cluster(node("cluster", CLUSTER_ONLY, refused))
        .build();
    List<String> downNotes = new ArrayList<>();
    ServerTable.line(down, downNotes);
    assertThat(downNotes).contains("java.net.ConnectException: Connection refused");
  }

  @Test
  void resultsJsonHoldsAFigureInWordsAndReadsItBackUnmeasured(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("results.json");
    ResultsJson.write(results(Figure.notOfThisPhase("a load's figure", 0)), file);
    assertThat(Files.readString(file)).doesNotContain("missing").contains("\"unavailable\" : \"a load's figure\"");
    Results.ServerNode cluster = ResultsJson.read(file).phases().get(0).servers().get(0).cluster();
    assertThat(cluster.bytesPerStoredRow().missing()).isEqualTo(Reason.unmeasured("a load's figure"));
    assertThat(cluster.bytesPerStoredRow().unavailable()).isEqualTo("a load's figure");
    assertThat(cluster.cpuPercent().missing()).isNull();
    // the node a cluster's reason is about is said in its words, first
    assertThat(cluster.tableBytesStart().unavailable()).isEqualTo("10.0.0.1: no table size");
  }
}
