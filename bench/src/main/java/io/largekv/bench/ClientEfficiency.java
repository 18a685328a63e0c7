package io.largekv.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.largekv.binding.SchemaStatements;
import io.largekv.binding.YcqlConfig;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.ExitStatus;
import io.largekv.common.JavaRuntimes;
import io.largekv.common.Machine;
import io.largekv.common.UserError;
import io.largekv.servers.ServerSide;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code bench/run}: client efficiency of largekv's YCSB path against YCSB's CoreWorkload with the
 * same binding and against latte, on one Cassandra, the same rows (50-byte key, 256-byte value),
 * the same concurrency and the same operation count per client and phase. Prints, per phase and
 * client: throughput, p99, client CPU µs per operation (whole process, and steady
 * state), peak RSS, and each as a ratio to latte's figure in the same round.
 */
public final class ClientEfficiency {

  private final BenchOptions options;
  private final PrintStream console = System.out;
  /** The Java 21+ the virtual-thread client runs on, when it runs. */
  private Path virtualJava;
  /** The nb5 release bin/nb5 runs, when an nb5 client runs. */
  private String nb5Version;

  private ClientEfficiency(BenchOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    BenchOptions o;
    try {
      o = BenchOptions.parse(args);
    } catch (io.largekv.common.UserError e) {
      System.err.println("bench: " + e.getMessage());
      System.exit(2);
      return;
    }
    if (o.helpAsked) {
      System.out.print(BenchOptions.usage());
      return;
    }
    int status;
    try {
      status = new ClientEfficiency(o).run();
    } catch (ServerWarmUp.Failed e) {
      // the local server is stopped by then; nothing was measured
      System.err.println("bench: " + e.getMessage());
      status = 1;
    }
    System.exit(status);
  }

  /**
   * With {@code --server-samples}: the servers' side of the bench's server (its virtual tables, and
   * /proc for a local one), as bin/largekv samples it, to see what sampling costs the clients.
   */
  private ServerSide servers(LocalCassandra server, String contactPoint, List<BenchClient> clients) {
    if (options.serverSamples == 0) {
      return null;
    }
    java.util.Properties p = new java.util.Properties();
    p.setProperty("hosts", contactPoint);
    p.setProperty("ycql.target", "cassandra");
    p.setProperty("ycql.localdc", options.localDatacenter);
    p.setProperty("ycql.keyspace", BenchClient.KEYSPACE);
    p.setProperty("ycql.table", clients.get(0).table());
    return ServerSide.open(new ServerSide.Settings(options.serverSamples, null, null), server == null
        ? contactPoint : null, server, p, "bench", console);
  }

  private int run() throws Exception {
    Files.createDirectories(options.results);
    List<BenchClient> clients = new ArrayList<>();
    for (String c : options.clients) {
      switch (c) {
        case "largekv" -> clients.add(YcsbBenchClient.largekv(options.ycsbProperties));
        case "platform" -> clients.add(YcsbBenchClient.largekvPlatform(options.ycsbProperties));
        case "jdk" -> {
          Optional<Path> java21;
          try {
            java21 = options.java21Home != null
                ? JavaRuntimes.find(options.java21Home, "--java21", v -> v >= 21) : JavaRuntimes.java21OrLater();
          } catch (UserError e) {
            System.err.println("bench: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
          }
          if (java21.isEmpty()) {
            console.println("bench: no Java 21+ found (--java21 HOME or " + JavaRuntimes.JAVA21_HOME_ENV
                + "): running without 'largekv YCSB JDK scheduler'");
          } else {
            virtualJava = java21.get();
            clients.add(YcsbBenchClient.largekvJdkScheduler(options.ycsbProperties, java21.get()));
          }
        }
        case "core" -> clients.add(YcsbBenchClient.core(options.ycsbProperties));
        case "async" -> clients.add(YcsbBenchClient.asyncDriver(options.ycsbProperties));
        case "nb5", "nb5-unverified" -> {
          if (nb5Version == null) {
            try {
              nb5Version = Nb5BenchClient.version(options.repo);
            } catch (IOException e) {
              System.err.println("bench: --clients " + c + ": no nb5 (bin/nb5 --version: " + e.getMessage() + ")");
              return ExitStatus.BAD_INPUT;
            }
          }
          clients.add(c.equals("nb5") ? Nb5BenchClient.verified(options.repo, nb5Version)
              : Nb5BenchClient.unverified(options.repo, nb5Version, options.results));
        }
        default -> {
          if (options.latte == null && options.paired) {
            System.err.println("bench: --paired: latte not found (install: cargo install latte-cli, or --latte PATH)");
            return ExitStatus.BAD_INPUT;
          } else if (options.latte == null) {
            console.println("bench: latte not found (install: cargo install latte-cli, or --latte PATH): "
                + "running without the anchor, no ratios");
          } else {
            clients.add(new LatteClient(options.latte, options.repo.resolve("bench/latte/kv.rn"), options.requestTimeoutMs));
          }
        }
      }
    }
    console.println(BenchSetup.describe(options.latte, virtualJava, nb5Version));
    LocalCassandra server = null;
    String contactPoint = options.hosts;
    long serverPid = -1;
    if (contactPoint == null) {
      // the server's own pauses hold every client's requests alike: its GC log says when they were
      server = LocalCassandra.builder().heap(options.serverHeap)
          .jvmOption("-Xlog:gc:file=" + options.results.resolve(ServerPauses.GC_LOG) + ":time,uptime").start();
      contactPoint = server.contactPoint();
      serverPid = server.pid();
      options.localDatacenter = server.localDatacenter();
    }
    BenchRunner runner = new BenchRunner(options, console, serverPid);
    if (options.pin != null) {
      // every thread of the server now; threads it starts later inherit the affinity
      BenchRunner.run(List.of("taskset", "-a", "-p", "-c", runner.serverCpus(), Long.toString(serverPid)));
    }
    List<ClientRun> runs = new ArrayList<>();
    ServerSide servers = null;
    List<Double> samplerCpu = new ArrayList<>();
    List<String> profiles = new ArrayList<>();
    List<Subtracted> subtracted = new ArrayList<>();
    List<FixedRates.RateRun> rateRuns = new ArrayList<>();
    int status = 0;
    try {
      createTables(contactPoint, clients);
      BenchClient.Settings settings = BenchClient.Settings.builder().ops(options.ops).concurrency(options.concurrency)
          .contactPoint(contactPoint).localDatacenter(options.localDatacenter).repo(options.repo)
          .results(options.results).build();
      console.printf("bench: %,d operations per client and phase, concurrency %d, server %s%s%nbench: raw output in %s%n",
          options.ops, options.concurrency, contactPoint, server == null ? ""
          : " (local Cassandra, heap " + options.serverHeap + (options.pin == null
              ? ", on the same cores as the clients)" : ", on CPU " + runner.serverCpus() + ", clients on CPU " + runner.clientCpus() + ")"),
          options.results);
      ServerWarmUp.run(runner, settings);
      servers = servers(server, contactPoint, clients);
      Rounds.Result rounds = Rounds.run(runner, clients, settings, servers);
      runs.addAll(rounds.runs());
      samplerCpu.addAll(rounds.samplerCpu());
      profiles.addAll(rounds.profiles());
      status = rounds.status();
      if (options.subtract) {
        status = Math.max(status, Subtraction.run(runner, runs, clients, settings, subtracted));
      }
      if (options.rate) {
        status = Math.max(status, FixedRates.run(runner, runs, clients, settings, rateRuns));
      }
    } finally {
      if (servers != null) {
        servers.close();
      }
      if (server != null) {
        server.close();
      }
    }
    String table = Table.render(runs, options) + SteadyHeadline.render(runs, Machine.cpuModel());
    if (options.serverSamples > 0) {
      table += String.format(Locale.ROOT, "%nservers sampled every %d s during every measured run (its "
          + "virtual tables and /proc, from this process: the clients' CPU and the server's above include the "
          + "server's answers); the sampler's own CPU per run: %s s%n", options.serverSamples,
          samplerCpu.stream().map(c -> c.isNaN() ? "unavailable" : String.format(Locale.ROOT, "%.3f", c))
              .toList());
    }
    if (!subtracted.isEmpty()) {
      table += Subtracted.render(subtracted);
    }
    if (!rateRuns.isEmpty()) {
      table += "\n" + Table.renderRates(rateRuns, options) + SteadyHeadline.atRates(rateRuns);
    }
    if (!profiles.isEmpty()) {
      table += "\nSTEADY WINDOWS (perf stat of every thread" + (options.profiler == null ? "" : "; async-profiler's"
          + " CPU samples in the window's first half, wall-clock samples in its second: these runs carry the"
          + " profiler's own cost") + ")\n"
          + String.join("\n", profiles);
    }
    console.println();
    console.print(table);
    Files.writeString(options.results.resolve("summary.txt"), BenchSetup.describe(options.latte, virtualJava, nb5Version) + "\n" + table,
        StandardCharsets.UTF_8);
    return status;
  }

  /** The binding's own DDL for Cassandra ({@link SchemaStatements}), one table per client. */
  private void createTables(String contactPoint, List<BenchClient> clients) {
    int colon = contactPoint.lastIndexOf(':');
    try (CqlSession s = CqlSession.builder()
        .addContactPoint(new InetSocketAddress(contactPoint.substring(0, colon),
            Integer.parseInt(contactPoint.substring(colon + 1))))
        .withLocalDatacenter(options.localDatacenter)
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DefaultLoadBalancingPolicy")
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
            // the JVM's clock: the native one loads jffi, which Java 24+ warns of on the console
            .withBoolean(DefaultDriverOption.TIMESTAMP_GENERATOR_FORCE_JAVA_CLOCK, true)
            .build())
        .build()) {
      for (BenchClient c : clients) {
        // the binding's own DDL for Cassandra, the same for every client's table
        Properties p = new Properties();
        p.setProperty(YcqlConfig.TARGET, "cassandra");
        p.setProperty(YcqlConfig.KEYSPACE, BenchClient.KEYSPACE);
        p.setProperty(YcqlConfig.TABLE, c.table());
        p.setProperty(YcqlConfig.REPLICATION_FACTOR, "1");
        p.setProperty(YcqlConfig.LOCAL_DC, options.localDatacenter);
        YcqlConfig config = YcqlConfig.from(p);
        s.execute(SchemaStatements.createKeyspace(config, options.localDatacenter));
        s.execute(SchemaStatements.createTable(config));
      }
    }
  }

}
