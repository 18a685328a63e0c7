package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.testing.TestJit;
import io.largekv.testing.TestSessions;
import io.largekv.testing.Ycsb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Authentication and client TLS for real: a second local Cassandra with PasswordAuthenticator and
 * TLS-only native transport, a self-signed certificate made with keytool.
 */
class SecureCassandraIT {

  private static final String SECRET = "cassandra";
  private static Path dir;
  private static LocalCassandra secure;
  private static Path truststore;

  @BeforeAll
  static void start() throws Exception {
    dir = Files.createTempDirectory("largekv-tls-");
    Path keystore = dir.resolve("server.p12");
    truststore = dir.resolve("client-trust.p12");
    Path cert = dir.resolve("server.crt");
    String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    run(keytool, "-genkeypair", "-alias", "node", "-keyalg", "RSA", "-keysize", "2048", "-storetype", "PKCS12",
        "-keystore", keystore.toString(), "-storepass", "serverpass", "-keypass", "serverpass",
        "-dname", "CN=127.0.0.1", "-validity", "2");
    run(keytool, "-exportcert", "-alias", "node", "-keystore", keystore.toString(), "-storepass", "serverpass",
        "-rfc", "-file", cert.toString());
    run(keytool, "-importcert", "-noprompt", "-alias", "node", "-file", cert.toString(), "-storetype", "PKCS12",
        "-keystore", truststore.toString(), "-storepass", "trustpass");
    secure = TestJit.cassandra()
        .heap("512m")
        .clusterName("largekv-secure")
        .jvmOption("-Dcassandra.superuser_setup_delay_ms=0")
        .yaml("authenticator", "PasswordAuthenticator")
        .yaml("authorizer", "CassandraAuthorizer")
        .yaml("client_encryption_options", "\n  enabled: true\n  optional: false\n  keystore: " + keystore
            + "\n  keystore_password: serverpass\n  store_type: PKCS12")
        .start();
  }

  @AfterAll
  static void stop() {
    if (secure != null) {
      secure.close();
    }
    if (dir != null) {
      Directories.deleteRecursively(dir);
    }
  }

  private static void run(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
  }

  private static List<String> args(String mode, String... more) {
    List<String> a = new ArrayList<>(List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=it_secure", "recordcount=200", "ycql.truststore=" + truststore,
        "ycql.truststore_password=trustpass", "ycql.connect_timeout_ms=20000"));
    a.addAll(Arrays.asList(more));
    return Ycsb.args(mode, secure.contactPoint(), a.toArray(new String[0]));
  }

  @Test
  void loadsAndReadsOverTlsWithAPassword() throws Exception {
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), args("-load", "ycql.username=cassandra",
        "ycql.password=" + SECRET));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.returnCount("INSERT", "OK")).isEqualTo(200);
    Ycsb.Result run = Ycsb.run(Ycsb.classpath(), args("-t", "ycql.username=cassandra",
        "ycql.password=" + SECRET, "operationcount=300", "readproportion=1", "updateproportion=0"));
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.returnCount("VERIFY", "OK")).isEqualTo(300);
  }

  @Test
  void wrongPasswordIsOneLineAndNeverPrinted() throws Exception {
    String wrong = "wrong-pass-4711";
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), args("-load", "ycql.username=cassandra",
        "ycql.password=" + wrong, "ycql.keyspace=it_secure_bad"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    List<String> ours = Arrays.stream(r.stderr.split("\n")).filter(l -> l.startsWith("largekv:")).toList();
    assertThat(ours).as(r.toString()).hasSize(1);
    assertThat(ours.get(0)).contains("cannot connect to hosts=").contains("AuthenticationException");
    // YCSB echoes its own command line; nothing of ours prints the password
    String withoutCommandLine = (r.stdout + r.stderr).replaceAll("(?m)^Command line:.*$", "");
    assertThat(withoutCommandLine).doesNotContain(wrong);
  }

  /**
   * Passwords given with -p to bin/ycsb reach no Java process's command line (checked in /proc
   * while the client runs), not YCSB's "Command line:" echo, not stdout or stderr; env:NAME and
   * file:PATH work as values.
   */
  @Test
  void secretsNeverReachACommandLineOrTheOutput() throws Exception {
    String password = "Pw-" + Long.toHexString(System.nanoTime()) + "-largekv";
    String trustPassword = "trustpass";
    javax.net.ssl.SSLContext ssl = sslContext();
    try (var admin = TestSessions.open(secure, "cassandra", SECRET, ssl)) {
      admin.execute("CREATE ROLE IF NOT EXISTS bench WITH PASSWORD = '" + password + "' AND LOGIN = true "
          + "AND SUPERUSER = true");
    }
    Path repo = Path.of(System.getProperty("largekv.repo.dir"));
    List<String> common = List.of("-p", "workload=io.largekv.workload.LargeKeyValueWorkload",
        "-p", "hosts=" + secure.contactPoint(), "-p", "ycql.target=cassandra", "-p", "ycql.replication_factor=1",
        "-p", "ycql.keyspace=it_secret", "-p", "recordcount=2000", "-p", "threadcount=4",
        "-p", "ycql.truststore=" + truststore, "-p", "ycql.connect_timeout_ms=20000", "-p", "largekv.checkpoint=none",
        "-p", "ycql.username=bench", "-s");
    List<String> cmd = new ArrayList<>(List.of(repo.resolve("bin/ycsb").toString(), "load", "yugabyte-ycql"));
    cmd.addAll(common);
    cmd.addAll(List.of("-p", "ycql.password=" + password, "-p", "ycql.truststore_password=" + trustPassword));
    Path out = dir.resolve("secret-out.txt");
    Path err = dir.resolve("secret-err.txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    List<String> leaks = new ArrayList<>();
    int looks = 0;
    while (p.isAlive()) {
      for (String line : TestSessions.javaCommandLines()) {
        if (line.contains(password) || line.contains("truststore_password=" + trustPassword)) {
          leaks.add(line);
        }
      }
      looks++;
      Thread.sleep(20);
    }
    String stdout = Files.readString(out);
    String stderr = Files.readString(err);
    assertThat(p.exitValue()).as(stdout + stderr).isZero();
    assertThat(stdout).contains("[INSERT], Return=OK, 2000");
    assertThat(looks).as("the client ran while its processes were looked at").isGreaterThan(5);
    assertThat(leaks).as("java command lines with a secret").isEmpty();
    assertThat(stdout + stderr).doesNotContain(password).doesNotContain("truststore_password=" + trustPassword);
    assertThat(stderr).containsPattern("Command line: .*ycql\\.password=env:LARGEKV_SECRET_[0-9]+_[0-9]+");

    // the same secrets as references: a file and an environment variable
    Path pwFile = dir.resolve("bench.pw");
    Files.writeString(pwFile, password + "\n");
    List<String> byReference = new ArrayList<>(List.of(repo.resolve("bin/ycsb").toString(), "run", "yugabyte-ycql"));
    byReference.addAll(common);
    byReference.addAll(List.of("-p", "ycql.password=file:" + pwFile, "-p", "ycql.truststore_password=env:IT_TRUST_PW",
        "-p", "operationcount=500", "-p", "readproportion=1", "-p", "updateproportion=0"));
    ProcessBuilder pb = new ProcessBuilder(byReference).redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().put("IT_TRUST_PW", trustPassword);
    Process q = pb.start();
    assertThat(q.waitFor(240, TimeUnit.SECONDS)).isTrue();
    assertThat(q.exitValue()).as(Files.readString(out) + Files.readString(err)).isZero();
    assertThat(Files.readString(out)).contains("[VERIFY], Return=OK, 500");
    assertThat(Files.readString(out) + Files.readString(err)).doesNotContain(password);
  }

  private static javax.net.ssl.SSLContext sslContext() throws Exception {
    java.security.KeyStore ts = java.security.KeyStore.getInstance("PKCS12");
    try (var in = Files.newInputStream(truststore)) {
      ts.load(in, "trustpass".toCharArray());
    }
    javax.net.ssl.TrustManagerFactory tmf = javax.net.ssl.TrustManagerFactory.getInstance(
        javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(ts);
    javax.net.ssl.SSLContext ctx = javax.net.ssl.SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    return ctx;
  }

  @Test
  void plainTextToATlsOnlyServerIsOneLine() throws Exception {
    List<String> a = new ArrayList<>(Ycsb.args("-load", secure.contactPoint(), "ycql.target=cassandra",
        "ycql.keyspace=it_secure_plain", "recordcount=10", "ycql.username=cassandra", "ycql.password=" + SECRET));
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), a);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr).contains("largekv: cannot connect to hosts=" + secure.contactPoint());
  }
}
