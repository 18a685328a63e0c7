package io.largekv.nosqlbench;

import io.largekv.format.KeyValueFormat;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Evaluates an nb5 binding recipe such as {@code HashInterval(0L,30000000000L); Format('key:%046d')}
 * the way nb5 5.17 to 5.25 does, for the functions yb_kv_large uses and no others (BindingChainTest
 * pins each to outputs of nb5's own code). Written from the algorithm
 * descriptions of nb5's public source (notes in docs/nosqlbench.md), not from its code; Hash() is
 * delegated to {@link KeyValueFormat#hash}, so the key/value format has one implementation.
 *
 * <p>Literals follow nb5's grammar: {@code 12L} Long, {@code 12} Integer, {@code 1.5d} Double,
 * {@code 1.5} Float, {@code 'text'} String. The first function must take a long (nb5 composes from
 * the cycle); Format's input is Object, so it cannot start a chain.
 */
final class BindingChain {

  /** One {@code Name(arg, ...)} of the recipe. */
  record Call(String name, List<Object> args) {
    @Override
    public String toString() {
      return name + args;
    }
  }

  private interface Step {
    Object apply(Object in, Map<String, Object> state);
  }

  private final String recipe;
  private final List<Call> calls;
  private final List<Step> steps = new ArrayList<>();

  private BindingChain(String recipe, List<Call> calls) {
    this.recipe = recipe;
    this.calls = calls;
    for (int i = 0; i < calls.size(); i++) {
      steps.add(step(calls.get(i), i == 0));
    }
  }

  static BindingChain parse(String recipe) {
    List<Call> calls = new ArrayList<>();
    for (String part : split(recipe.trim(), ';')) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      int open = p.indexOf('(');
      if (open < 1 || !p.endsWith(")")) {
        throw new IllegalArgumentException("not a function call: '" + p + "' in " + recipe);
      }
      String name = p.substring(0, open).trim();
      String inner = p.substring(open + 1, p.length() - 1).trim();
      List<Object> args = new ArrayList<>();
      if (!inner.isEmpty()) {
        for (String a : split(inner, ',')) {
          args.add(literal(a.trim(), recipe));
        }
      }
      calls.add(new Call(name, args));
    }
    if (calls.isEmpty()) {
      throw new IllegalArgumentException("empty recipe");
    }
    return new BindingChain(recipe, calls);
  }

  List<Call> calls() {
    return calls;
  }

  String recipe() {
    return recipe;
  }

  /** The binding's value for this cycle; {@code state} is the thread's map of Save('name'). */
  Object apply(long cycle, Map<String, Object> state) {
    Object v = cycle;
    for (Step s : steps) {
      v = s.apply(v, state);
    }
    return v;
  }

  // ------------------------------------------------------------------ parsing

  private static List<String> split(String s, char sep) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    int from = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      } else if (!quoted && c == '(') {
        depth++;
      } else if (!quoted && c == ')') {
        depth--;
      } else if (!quoted && depth == 0 && c == sep) {
        parts.add(s.substring(from, i));
        from = i + 1;
      }
    }
    parts.add(s.substring(from));
    return parts;
  }

  private static Object literal(String a, String recipe) {
    if (a.length() >= 2 && a.startsWith("'") && a.endsWith("'")) {
      return a.substring(1, a.length() - 1);
    }
    if (a.matches("-?\\d+L")) {
      return Long.parseLong(a.substring(0, a.length() - 1));
    }
    if (a.matches("-?\\d+")) {
      return Integer.parseInt(a); // fails for 30000000000 as nb5's parser does: a long needs L
    }
    if (a.matches("-?\\d+(\\.\\d+)?[dD]")) {
      return Double.parseDouble(a.substring(0, a.length() - 1));
    }
    if (a.matches("-?\\d+\\.\\d+")) {
      return Float.parseFloat(a);
    }
    throw new IllegalArgumentException("not an nb5 literal: '" + a + "' in " + recipe);
  }

  // ------------------------------------------------------------------ functions

  private Step step(Call c, boolean first) {
    List<Object> a = c.args();
    switch (c.name()) {
      case "Identity":
        arity(c, 0);
        return (in, s) -> asLong(c, in);
      case "Hash":
        arity(c, 0);
        return (in, s) -> KeyValueFormat.hash(asLong(c, in));
      case "HashInterval": {
        long[] mm = minMax(c);
        long width = mm[1] - mm[0]; // (min,max): max exclusive; (width): [0, width)
        return (in, s) -> mm[0] + KeyValueFormat.hash(asLong(c, in)) % width;
      }
      case "Add": {
        long x = longArg(c, 0, 1);
        return (in, s) -> asLong(c, in) + x;
      }
      case "Mul": {
        long x = longArg(c, 0, 1);
        return (in, s) -> asLong(c, in) * x;
      }
      case "Max": {
        long x = longArg(c, 0, 1);
        return (in, s) -> Math.max(asLong(c, in), x);
      }
      case "Save": {
        String name = stringArg(c);
        return (in, s) -> {
          long v = asLong(c, in);
          s.put(name, v);
          return v;
        };
      }
      case "Expr": {
        ExprArithmetic expr = ExprArithmetic.parse(stringArg(c));
        return (in, s) -> expr.evaluate(asLong(c, in), s);
      }
      case "Geometric": {
        if (a.size() != 1 || !(a.get(0) instanceof Number)) {
          throw new IllegalArgumentException(c + ": Geometric takes one probability");
        }
        // a Float literal reaches nb5 as (double) of the float: 0.1 → 0.10000000149011612
        GeometricCurve g = new GeometricCurve(((Number) a.get(0)).doubleValue());
        return (in, s) -> g.applyAsLong(asLong(c, in));
      }
      case "ByteBufferSizedHashed": {
        if (a.size() != 1 || !(a.get(0) instanceof Integer)) {
          throw new IllegalArgumentException(c + ": takes one int length");
        }
        int length = (Integer) a.get(0);
        return (in, s) -> sizedHashed(asLong(c, in), length);
      }
      case "Format": {
        if (first) {
          throw new IllegalArgumentException("Format(...) cannot start a binding in nb5: its input is "
              + "Object and nb5 composes from a long (write Identity(); Format(...)): " + recipe);
        }
        String pattern = stringArg(c);
        return (in, s) -> String.format(Locale.US, pattern, in);
      }
      default:
        throw new IllegalArgumentException("function " + c.name() + " is not modelled by this evaluator: "
            + recipe);
    }
  }

  /**
   * nb5's ByteBufferSizedHashed(L): the big-endian longs Hash(v), Hash(v+1), … (L/8 + 1 of them)
   * in a heap buffer whose limit is then set to L.
   */
  static ByteBuffer sizedHashed(long v, int length) {
    int longs = length / 8 + 1;
    ByteBuffer b = ByteBuffer.allocate(longs * 8);
    for (int i = 0; i < longs; i++) {
      b.putLong(KeyValueFormat.hash(v + i));
    }
    b.flip();
    b.limit(length);
    return b;
  }

  private static void arity(Call c, int n) {
    if (c.args().size() != n) {
      throw new IllegalArgumentException(c + " takes " + n + " arguments");
    }
  }

  private static long asLong(Call c, Object in) {
    if (!(in instanceof Long)) {
      throw new IllegalArgumentException(c.name() + " needs a long input, got "
          + (in == null ? "null" : in.getClass().getSimpleName()));
    }
    return (Long) in;
  }

  private static long longArg(Call c, int i, int arity) {
    arity(c, arity);
    Object o = c.args().get(i);
    if (!(o instanceof Long)) {
      throw new IllegalArgumentException(c + ": argument " + i + " must be a long literal (nL): "
          + "yb_kv_large spells key arithmetic long, not leaving it to nb5's overload choice");
    }
    return (Long) o;
  }

  private static long[] minMax(Call c) {
    if (c.args().size() == 1) {
      return new long[] {0L, longArg(c, 0, 1)};
    }
    arity(c, 2);
    return new long[] {longArg(c, 0, 2), longArg(c, 1, 2)};
  }

  private static String stringArg(Call c) {
    arity(c, 1);
    if (!(c.args().get(0) instanceof String)) {
      throw new IllegalArgumentException(c + " takes one quoted string");
    }
    return (String) c.args().get(0);
  }
}
