package io.largekv.report.files;

import io.largekv.common.YcsbOutput;
import io.largekv.results.ClientSummary;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where a client directory keeps its {@link ClientSummary}: an nb5 client's
 * {@value ResultsLayout#CLIENT_SUMMARY}, else YCSB's output ({@value ResultsLayout#YCSB_OUTPUT}),
 * else, in directories made before the first, an nb5 client's summary in YCSB's form
 * ({@value ResultsLayout#NB5_SUMMARY_BEFORE}).
 */
public final class ClientSummaryFile {

  private ClientSummaryFile() {}

  /** The client's summary; {@link ClientSummary#NONE} when it wrote none. */
  public static ClientSummary read(Path clientDir) throws IOException {
    Path json = clientDir.resolve(ResultsLayout.CLIENT_SUMMARY);
    if (Files.exists(json)) {
      return ResultsJson.MAPPER.readValue(json.toFile(), ClientSummary.class);
    }
    for (String name : new String[] {ResultsLayout.YCSB_OUTPUT, ResultsLayout.NB5_SUMMARY_BEFORE}) {
      Path f = clientDir.resolve(name);
      if (Files.exists(f)) {
        return ClientSummary.of(YcsbOutput.parse(Files.readString(f, StandardCharsets.UTF_8)));
      }
    }
    return ClientSummary.NONE;
  }

  /** Writes an nb5 client's summary, whole or not at all (a client killed mid-write leaves none). */
  public static void write(Path clientDir, ClientSummary summary) throws IOException {
    Path tmp = clientDir.resolve(ResultsLayout.CLIENT_SUMMARY + ".tmp");
    ResultsJson.MAPPER.writeValue(tmp.toFile(), summary);
    Files.move(tmp, clientDir.resolve(ResultsLayout.CLIENT_SUMMARY), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
  }

  /** Whether the client is an nb5 client's (its summary is nb5's). */
  public static boolean isNb5(Path clientDir) {
    return Files.exists(clientDir.resolve(ResultsLayout.CLIENT_SUMMARY))
        || (!Files.exists(clientDir.resolve(ResultsLayout.YCSB_OUTPUT))
            && Files.exists(clientDir.resolve(ResultsLayout.NB5_SUMMARY_BEFORE)));
  }
}
