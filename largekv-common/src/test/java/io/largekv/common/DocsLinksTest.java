package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/ holds: the file or folder it names exists, and an
 * anchor ({@code page.md#section}, {@code #section}) names a heading of that page, spelled as GitHub
 * spells a heading's anchor. Links to the web are not followed (the machine reaches no web site).
 */
class DocsLinksTest {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath().normalize();
  /** {@code [text](target)}; an image {@code ![alt](target)} too. */
  private static final Pattern LINK = Pattern.compile("\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

  @Test
  void everyRelativeLinkAndAnchorOfTheDocsHolds() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(REPO.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(REPO.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    assertThat(pages).hasSizeGreaterThan(5);
    List<String> broken = new ArrayList<>();
    Map<Path, Set<String>> anchors = new HashMap<>();
    int links = 0;
    for (Path page : pages) {
      List<String> lines = prose(page);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = LINK.matcher(INLINE_CODE.matcher(lines.get(i)).replaceAll(""));
        while (m.find()) {
          String target = m.group(1);
          if (target.matches("[a-z]+:.*")) {
            continue; // https:, mailto:: not followed here
          }
          links++;
          String where = REPO.relativize(page) + ":" + (i + 1) + ": " + target;
          int hash = target.indexOf('#');
          String file = hash < 0 ? target : target.substring(0, hash);
          Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
          if (!Files.exists(resolved)) {
            broken.add(where + " (no such file)");
            continue;
          }
          if (hash >= 0) {
            String anchor = target.substring(hash + 1);
            if (!Files.isRegularFile(resolved) || !resolved.toString().endsWith(".md")) {
              broken.add(where + " (an anchor into a file that is not a Markdown page)");
            } else if (!anchors.computeIfAbsent(resolved, DocsLinksTest::anchorsOf).contains(anchor)) {
              broken.add(where + " (no heading with that anchor in " + REPO.relativize(resolved) + ")");
            }
          }
        }
      }
    }
    assertThat(links).as("links found").isGreaterThan(50);
    assertThat(broken).as("broken links").isEmpty();
  }

  @Test
  void anchorsAreSpelledAsGitHubSpellsThem() {
    assertThat(slug("Plan: check before a 4-day run")).isEqualTo("plan-check-before-a-4-day-run");
    assertThat(slug("Who runs a virtual client thread (`largekv.virtual_scheduler`)"))
        .isEqualTo("who-runs-a-virtual-client-thread-largekvvirtual_scheduler");
    assertThat(slug("nb5 inside `bin/largekv run` and `compare`")).isEqualTo("nb5-inside-binlargekv-run-and-compare");
    assertThat(slug("Before a long run: `bin/largekv check` and the set-up checks"))
        .isEqualTo("before-a-long-run-binlargekv-check-and-the-set-up-checks");
  }

  /** The page's lines outside fenced code blocks. */
  private static List<String> prose(Path page) {
    List<String> out = new ArrayList<>();
    boolean fenced = false;
    try {
      for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
        if (line.strip().startsWith("```")) {
          fenced = !fenced;
          out.add("");
        } else {
          out.add(fenced ? "" : line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The anchors of a page's headings; a repeated heading's get -1, -2, ... as on GitHub. */
  private static Set<String> anchorsOf(Path page) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : prose(page)) {
      Matcher h = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$").matcher(line);
      if (h.matches()) {
        String slug = slug(h.group(1));
        int n = seen.merge(slug, 1, Integer::sum);
        anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
      }
    }
    return anchors;
  }

  /** GitHub's anchor of a heading: lower case, links reduced to their text, punctuation dropped, spaces as '-'. */
  static String slug(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
    return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }
}
