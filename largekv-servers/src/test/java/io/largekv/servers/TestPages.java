package io.largekv.servers;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pages served over real HTTP by the JDK's server, as a database's node would serve them: a body (or
 * a status) per path, replaceable while it runs. Nodes of one cluster are loopback addresses
 * 127.0.0.1, 127.0.0.2… sharing one port, as the sources take one port for every host.
 */
final class TestPages implements AutoCloseable {

  private record Page(int status, String body) {}

  private final HttpServer server;
  private final Map<String, Page> pages = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
  private boolean closed;

  private TestPages(String address, int port) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), port), 0);
    server.createContext("/", exchange -> {
      requests.computeIfAbsent(exchange.getRequestURI().getPath(), p -> new AtomicInteger()).incrementAndGet();
      Page page = pages.get(exchange.getRequestURI().getPath());
      if (page == null) {
        page = new Page(404, "no page " + exchange.getRequestURI().getPath());
      }
      byte[] body = page.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
      exchange.sendResponseHeaders(page.status(), body.length == 0 ? -1 : body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
  }

  /** A server on 127.0.0.1 at a free port. */
  static TestPages any() throws IOException {
    return new TestPages("127.0.0.1", 0);
  }

  /** {@code n} servers on 127.0.0.1 … 127.0.0.n, one port for all. */
  static List<TestPages> nodes(int n) throws IOException {
    for (int attempt = 0; ; attempt++) {
      List<TestPages> nodes = new ArrayList<>();
      try {
        nodes.add(new TestPages("127.0.0.1", 0));
        for (int i = 2; i <= n; i++) {
          nodes.add(new TestPages("127.0.0." + i, nodes.get(0).port()));
        }
        return nodes;
      } catch (BindException e) {
        nodes.forEach(TestPages::close);
        if (attempt == 5) {
          throw e;
        }
      }
    }
  }

  TestPages serve(String path, String body) {
    pages.put(path, new Page(200, body));
    return this;
  }

  TestPages serve(String path, int status, String body) {
    pages.put(path, new Page(status, body));
    return this;
  }

  /** How many requests {@code path} has had. */
  int requests(String path) {
    AtomicInteger n = requests.get(path);
    return n == null ? 0 : n.get();
  }

  int port() {
    return server.getAddress().getPort();
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      server.stop(0);
    }
  }

  /** A sample page of the test resources, io/largekv/servers/{@code name}. */
  static String resource(String name) {
    try (InputStream in = TestPages.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource io/largekv/servers/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
