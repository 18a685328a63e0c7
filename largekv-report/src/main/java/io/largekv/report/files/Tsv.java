package io.largekv.report.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * largekv's own tab-separated raw files, as results directories made before their JSON Lines hold
 * them (events.tsv, nodes.tsv, servers.tsv, servers-balance.tsv, servers-sources.tsv): a header
 * line, then rows. Read only, by each file's codec.
 */
public final class Tsv {

  private Tsv() {}

  /** The header line, or null when the file is absent or empty. */
  public static String header(Path file) throws IOException {
    if (!Files.exists(file)) {
      return null;
    }
    try (java.io.BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return r.readLine();
    }
  }

  /** The rows after the header, each split on tabs (empty fields kept); none when the file is absent. */
  public static List<String[]> rows(Path file) throws IOException {
    List<String[]> out = new ArrayList<>();
    if (!Files.exists(file)) {
      return out;
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      out.add(line.split("\t", -1));
    }
    return out;
  }
}
