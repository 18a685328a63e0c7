package io.largekv.servers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a YugabyteDB master's {@code /api/v1/tablet-servers} says of each tablet server: the JSON
 * object that {@code MasterPathHandlers::HandleGetTserverStatus} (src/yb/master/master-path-handlers.cc)
 * writes, an object per placement (cluster) uuid holding an object per tablet server keyed by its
 * HTTP {@code host:port} (the broadcast address when it has one), with {@code "status"} ({@code ALIVE}
 * or {@code DEAD} as the master sees its heartbeats) and {@code "total_sst_file_size_bytes"} (the SST
 * files of every table on the server, system tables included: a whole-server figure, not the
 * benchmark table's). A master that cannot answer writes {@code {"error": "..."}}.
 */
final class YugabyteTabletServers {

  /** One tablet server as the master lists it. */
  record Server(String status, Long sstFileBytes) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private YugabyteTabletServers() {}

  /**
   * The tablet servers of {@code body}, by host (lower case, no port).
   *
   * @throws IOException naming {@code from} when the body is not that JSON or says an error
   */
  static Map<String, Server> parse(String body, URI from) throws IOException {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IOException(from + ": not JSON (" + e.getOriginalMessage() + ")");
    }
    if (root == null || !root.isObject()) {
      throw new IOException(from + ": expected a JSON object of placements, got " + SourceHttp.excerpt(body, 120));
    }
    if (root.has("error")) {
      throw new IOException(from + ": the master says " + root.get("error").asText());
    }
    Map<String, Server> servers = new LinkedHashMap<>();
    for (Iterator<JsonNode> placements = root.elements(); placements.hasNext();) {
      JsonNode placement = placements.next();
      if (!placement.isObject()) {
        throw new IOException(from + ": expected an object of tablet servers per placement, got " + SourceHttp.excerpt(body, 120));
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = placement.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode ts = e.getValue();
        String status = ts.path("status").isTextual() ? ts.get("status").asText() : null;
        Long sst = ts.path("total_sst_file_size_bytes").isNumber() ? ts.get("total_sst_file_size_bytes").asLong() : null;
        servers.put(NodeHost.of(e.getKey()).toLowerCase(Locale.ROOT), new Server(status, sst));
      }
    }
    return servers;
  }

}
