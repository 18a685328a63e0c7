package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link EachHost}: every host read, at once, each answer or reason kept in the hosts' order. */
class EachHostTest {

  @Test
  @Timeout(20)
  void everyHostIsReadAtTheSameTimeAndTheAnswersKeepTheHostsOrder() throws Exception {
    List<String> hosts = List.of("a", "b", "c", "d");
    // each read waits until every host's read has begun: a reader one host at a time never ends
    CountDownLatch all = new CountDownLatch(hosts.size());
    try (EachHost each = new EachHost("node", hosts)) {
      EachHost.Answers<String> answers = each.read(host -> {
        all.countDown();
        try {
          if (!all.await(10, TimeUnit.SECONDS)) {
            throw new IOException(host + ": the others were not read meanwhile");
          }
        } catch (InterruptedException e) {
          throw new IOException(host + ": interrupted");
        }
        if (host.equals("b")) {
          throw new IOException("b: connection refused");
        }
        return host.toUpperCase();
      });

      assertThat(answers.answered()).containsExactly(Map.entry("a", "A"), Map.entry("c", "C"), Map.entry("d", "D"));
      assertThat(answers.failed()).containsExactly(Map.entry("b", "b: connection refused"));
      assertThat(answers.each((host, value) -> host + "=" + value, (host, why) -> host + " failed: " + why))
          .containsExactly("a=A", "b failed: b: connection refused", "c=C", "d=D");
      assertThat(answers.requireOne()).isSameAs(answers);
      assertThatThrownBy(answers::requireEvery).isInstanceOf(IOException.class)
          .hasMessage("b: connection refused");
    }
  }

  @Test
  @Timeout(20)
  void noHostAnsweringFailsRequireOneNamingEachReason() throws IOException {
    try (EachHost each = new EachHost("ScyllaDB node", List.of("x", "y"))) {
      EachHost.Answers<String> answers = each.read(host -> {
        throw new IOException(host + " refused");
      });

      assertThat(answers.answered()).isEmpty();
      assertThatThrownBy(answers::requireOne).isInstanceOf(IOException.class)
          .hasMessage("no ScyllaDB node answered: x refused; y refused");
    }
  }

  @Test
  @Timeout(20)
  void aReadersBugIsThrownNotCountedAsAHostDown() {
    try (EachHost each = new EachHost("node", List.of("x", "y"))) {
      assertThatThrownBy(() -> each.read(host -> {
        if (host.equals("y")) {
          throw new IllegalStateException("a bug");
        }
        return host;
      })).isInstanceOf(IllegalStateException.class).hasMessage("a bug");
    }
  }

  @Test
  @Timeout(20)
  void aHostNamedTwiceIsReadOnceAndASingleHostIsReadOnTheCallersThread() throws IOException {
    AtomicInteger reads = new AtomicInteger();
    Set<String> threads = ConcurrentHashMap.newKeySet();
    try (EachHost each = new EachHost("node", List.of("a", "a"))) {
      assertThat(each.hosts()).containsExactly("a");
      EachHost.Answers<Integer> answers = each.read(host -> {
        threads.add(Thread.currentThread().getName());
        return reads.incrementAndGet();
      });
      assertThat(answers.answered()).containsExactly(Map.entry("a", 1));
    }
    assertThat(reads).hasValue(1);
    assertThat(threads).containsExactly(Thread.currentThread().getName());
    assertThatThrownBy(() -> new EachHost("node", List.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("node: no host");
  }
}
