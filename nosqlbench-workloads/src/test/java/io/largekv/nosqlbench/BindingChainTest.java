package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The test evaluator reproduces nb5's binding functions: vectors computed by nb5's own code
 * (the io.nosqlbench virtdata 4.17.31 jars, whose algorithms are identical to 5.17.9–5.25.x,
 * and nb5 5.17.9 built from its public source), not by this evaluator. Hash() is
 * KeyValueFormat.hash, pinned to nb5 by ycsb-binding's KeyValueFormatTest.
 *
 * <p>The evaluator is for what a real nb5 run in the tests never reaches (KeyValueMappingTest's
 * key numbers and cycles in the billions) and for WorkloadOnServerIT; these vectors, at those
 * magnitudes too, keep it from drifting from nb5.
 */
class BindingChainTest {

  private static Object eval(String recipe, long cycle) {
    return BindingChain.parse(recipe).apply(cycle, new HashMap<>());
  }

  private static String sha256(ByteBuffer b) throws Exception {
    ByteBuffer d = b.duplicate();
    byte[] bytes = new byte[d.remaining()];
    d.get(bytes);
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  @Test
  void hashIntervalExcludesItsMax() {
    // nb5's HashRange(0L,999999L) gives the same: HashInterval's max is exclusive
    long[] below1000000 = {62539, 912474, 364593, 527683};
    for (int v = 0; v < 4; v++) {
      assertThat(eval("HashInterval(0L,1000000L)", v)).isEqualTo(below1000000[v]);
    }
  }

  @Test
  void formatNeedsALongBeforeIt() {
    assertThat(eval("Identity(); Format('key:%046d')", 42))
        .isEqualTo("key:0000000000000000000000000000000000000000000042");
    assertThat(eval("Hash(); Format('key:%046d')", 0))
        .isEqualTo("key:0000000000000000000000000002945182322382062539");
    assertThatThrownBy(() -> BindingChain.parse("Format('key:%046d')"))
        .hasMessageContaining("cannot start a binding");
  }

  @Test
  void hashedBuffersMatchNb5() throws Exception {
    ByteBuffer b0 = (ByteBuffer) eval("ByteBufferSizedHashed(256)", 0);
    assertThat(b0.position()).isZero();
    assertThat(b0.limit()).isEqualTo(256);
    assertThat(b0.capacity()).isEqualTo(264); // 33 longs: nb5 always computes one extra
    assertThat(sha256(b0)).isEqualTo("4df155d817bcd8dd73756825bbd8279e6068697eca8477398359030e3e1c2d3e");
    assertThat(sha256((ByteBuffer) eval("ByteBufferSizedHashed(256)", 1)))
        .isEqualTo("12db0508dae77885ada1eb10d03bf0a95ad268e847c1ee47b14d786574e7e572");
    assertThat(sha256((ByteBuffer) eval("ByteBufferSizedHashed(256)", 12345)))
        .isEqualTo("c7b750d0e1182d6f6ee6a52db0cbca521b344ed5650b5a77414047a7c962f1e5");
    assertThat(sha256((ByteBuffer) eval("ByteBufferSizedHashed(256)", 1000000)))
        .isEqualTo("c6afb6857864fb2dee6bc910303327848bf4f30847732bb0247a98602855d0c6");
  }

  @Test
  void geometricMatchesNb5() {
    long[] half = {0, 1, 3, 2, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 4, 2, 4};
    long[] tenth = {3, 10, 20, 19, 2, 6, 10, 7, 5, 3, 2, 3, 10, 7, 4, 4, 11, 26, 16, 29};
    for (int v = 0; v < 20; v++) {
      assertThat(eval("Geometric(0.5d)", v)).as("Geometric(0.5d) at %d", v).isEqualTo(half[v]);
      // a bare 0.1 is a Float in nb5's grammar: p = 0.10000000149011612, same outputs here
      assertThat(eval("Geometric(0.1)", v)).as("Geometric(0.1) at %d", v).isEqualTo(tenth[v]);
    }
  }

  @Test
  void exprSeesTheInputAsCycleAndSavedNames() {
    assertThat(eval("Save('k'); Add(5L); Expr('k + cycle')", 9)).isEqualTo(23L);
    assertThat(eval("Add(-2L); Expr('cycle*2')", 9)).isEqualTo(14L);
    // nb5 5.17.9 (built from tag 5.17.9-release), cycles 0..29: integer division, as Java
    long[] observed = {-1, -2, -4, -3, -1, -1, -2, -1, 0, 0, 0, 0, -1, -1, 1, 1, 0, -3, -1, -3,
        0, 2, 1, 2, 0, 1, 2, 2, 3, -2};
    BindingChain chain = BindingChain.parse("Save('c'); Geometric(0.5d); Expr('c / 7 - 1 - cycle')");
    Map<String, Object> state = new HashMap<>();
    for (int c = 0; c < observed.length; c++) {
      assertThat(chain.apply(c, state)).as("cycle %d", c).isEqualTo(observed[c]);
    }
    assertThatThrownBy(() -> BindingChain.parse("Expr('cycle.toString()')"))
        .hasMessageContaining("unexpected");
  }

  /** yb_kv_large's own recipes at their defaults, run through nb5 5.17.9 built from source. */
  @Test
  void workloadRecipesMatchARealNb5() throws Exception {
    String keyUniform = "HashInterval(0L,30000000000L); Format('key:%046d')";
    assertThat(eval(keyUniform, 2147483648L)).isEqualTo("key:" + "0".repeat(35) + "29116802257");
    assertThat(eval(keyUniform, 29999999999L)).isEqualTo("key:" + "0".repeat(35) + "24424781164");
    assertThat(sha256((ByteBuffer) eval("HashInterval(0L,30000000000L); Hash(); ByteBufferSizedHashed(256)",
        123456789L))).startsWith("139ed28e55f1d44a");
    assertThat(sha256((ByteBuffer) eval("Hash(); ByteBufferSizedHashed(256)", 29999999999L)))
        .startsWith("ab3fb03947800640");

    String latest = "Save('yb_kv_large_cycle'); Geometric(0.000001d); "
        + "Expr('yb_kv_large_cycle / (59 + 1) - 1 - cycle'); Add(30000000000L); Max(0L); Format('key:%046d')";
    long[] cycles = {0, 60, 1000, 123456789L, 2147483648L, 29999999999L};
    long[] latestKeys = {29999615810L, 29999841174L, 29997795408L, 30001661558L, 30034467999L, 30499195864L};
    long[] fixedKeys = {29999615810L, 29999841173L, 29997795392L, 29999603945L, 29998676605L, 29999195865L};
    String fixed = "Geometric(0.000001d); Add(1L); Mul(-1L); Add(30000000000L); Max(0L); Format('key:%046d')";
    Map<String, Object> state = new HashMap<>();
    for (int i = 0; i < cycles.length; i++) {
      assertThat(BindingChain.parse(latest).apply(cycles[i], state))
          .isEqualTo(String.format("key:%046d", latestKeys[i]));
      assertThat(eval(fixed, cycles[i])).isEqualTo(String.format("key:%046d", fixedKeys[i]));
    }
    assertThat(eval("Expr('cycle / (59 + 1)'); Add(30000000000L); Format('key:%046d')", 2147483648L))
        .isEqualTo(String.format("key:%046d", 30035791394L));
    assertThat(eval("Expr('cycle / (16 + 1)'); Add(20000000000L); Format('key:%046d')", 29999999999L))
        .isEqualTo(String.format("key:%046d", 21764705882L));
  }

  @Test
  void literalsFollowNb5Grammar() {
    assertThat(BindingChain.parse("Add(30000000000L)").calls().get(0).args()).containsExactly(30000000000L);
    assertThat(BindingChain.parse("Geometric(0.01d)").calls().get(0).args()).containsExactly(0.01d);
    assertThat(BindingChain.parse("Geometric(0.01)").calls().get(0).args()).containsExactly(0.01f);
    // nb5 cannot parse an int literal beyond 2^31 - 1: a long needs its L
    assertThatThrownBy(() -> BindingChain.parse("Add(30000000000)")).isInstanceOf(IllegalArgumentException.class);
    // the key path is spelled long explicitly (nb5 5.17.9 happens to widen Add(1) to long too)
    assertThatThrownBy(() -> BindingChain.parse("Add(1)")).hasMessageContaining("long literal");
  }
}
