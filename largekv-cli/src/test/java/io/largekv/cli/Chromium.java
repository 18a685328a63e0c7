package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.testing.MissingTool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Headless Chromium for the report's rendering checks (Debian's chromium; CI installs it). */
final class Chromium {

  /** The page's DOM after load and what the browser logged (console messages among them). */
  record Page(String dom, String log) {}

  private final Path binary;
  private final Path work;

  private Chromium(Path binary, Path work) {
    this.binary = binary;
    this.work = work;
  }

  /** Chromium, or the test is skipped where it is not installed (never in CI: there it fails). */
  static Chromium require(Path work) {
    Path chromium = Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser").map(Path::of)
        .filter(Files::isExecutable).findFirst().orElse(null);
    if (chromium == null) {
      throw MissingTool.skipOrFail("headless Chromium is not installed (Debian package chromium; .ci/run installs "
          + "it): the report's rendering check needs it");
    }
    return new Chromium(chromium, work);
  }

  private List<String> base() {
    return new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + work.resolve("chromium-profile"), "--window-size=1400,4000",
        "--enable-logging=stderr", "--v=0"));
  }

  /** Loads the file and returns its DOM once its scripts ran. */
  Page load(Path html) throws Exception {
    List<String> dump = base();
    dump.addAll(List.of("--virtual-time-budget=5000", "--dump-dom", html.toUri().toString()));
    Path err = work.resolve("chromium-dom.err");
    Process p = new ProcessBuilder(dump).redirectError(err.toFile()).start();
    String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Page(dom, Files.readString(err));
  }

  /** A screenshot of the file (1400 px wide). */
  Path screenshot(Path html) throws Exception {
    Path png = work.resolve("report.png");
    List<String> shot = base();
    shot.addAll(List.of("--screenshot=" + png, html.toUri().toString()));
    Process s = new ProcessBuilder(shot).redirectErrorStream(true)
        .redirectOutput(work.resolve("chromium-shot.log").toFile()).start();
    assertThat(s.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return png;
  }

  /** Asserts that the browser logged no console error. */
  static void assertNoConsoleErrors(Page page) {
    assertThat(page.log()).as("console errors").doesNotContainPattern("CONSOLE.*(Uncaught|Error|error)");
  }
}
