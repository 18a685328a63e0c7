package io.largekv.servers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

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

  /**
   * The listed tablet servers matched to {@code --hosts}, by name or address.
   *
   * @param byHost each host of {@code --hosts} that matched, to its server
   * @param unmatched the hosts that matched none
   */
  record ForHosts(Map<String, Server> byHost, List<String> unmatched) {}

  /** A host's addresses, as text ({@code 10.0.0.5}); empty when it does not resolve. */
  static Set<String> addresses(String host) {
    try {
      Set<String> a = new TreeSet<>();
      for (InetAddress i : InetAddress.getAllByName(host)) {
        a.add(i.getHostAddress());
      }
      return a;
    } catch (UnknownHostException e) {
      return Set.of();
    }
  }

  /**
   * Matches each of {@code hosts} to the server the master lists under the same name (without case),
   * else to one whose name or address resolves to an address of the host's: the master keys its
   * list by the address each tablet server registered, which may be a name where {@code --hosts}
   * has an address, or the reverse.
   *
   * @param listed the master's servers by host ({@link #parse})
   * @param resolver a host's addresses ({@link #addresses} outside tests)
   */
  static ForHosts forHosts(Map<String, Server> listed, List<String> hosts, Function<String, Set<String>> resolver) {
    Map<String, Server> byHost = new LinkedHashMap<>();
    List<String> unmatched = new ArrayList<>();
    Map<String, Set<String>> listedAddresses = new LinkedHashMap<>();
    for (String host : hosts) {
      String h = NodeHost.of(host).toLowerCase(Locale.ROOT);
      Server s = listed.get(h);
      if (s == null) {
        Set<String> mine = resolver.apply(h);
        for (Map.Entry<String, Server> e : listed.entrySet()) {
          Set<String> theirs = listedAddresses.computeIfAbsent(e.getKey(), resolver);
          if (!mine.isEmpty() && theirs.stream().anyMatch(mine::contains)) {
            s = e.getValue();
            break;
          }
        }
      }
      if (s == null) {
        unmatched.add(host);
      } else {
        byHost.put(host, s);
      }
    }
    return new ForHosts(byHost, unmatched);
  }

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
