package io.largekv.nosqlbench;

import java.util.Map;

/**
 * The integer-arithmetic subset of nb5's {@code Expr('...')} (MVEL) that yb_kv_large uses:
 * {@code + - * / %}, parentheses, unary minus, integer literals (optional {@code L}), the input
 * {@code cycle} and names stored by {@code Save('name')}. Arithmetic is Java {@code long}
 * arithmetic: {@code /} truncates, as MVEL does for integral operands (checked against nb5 5.17.9:
 * {@code Save('c'); Geometric(0.5d); Expr('c / 7 - 1 - cycle')} gives -2 at cycle 1). Anything
 * else is rejected, so the YAML cannot drift into MVEL this model does not cover.
 */
final class ExprArithmetic {

  private final String source;
  private String s;
  private int pos;
  private long cycle;
  private Map<String, Object> vars;

  private ExprArithmetic(String source) {
    this.source = source;
  }

  static ExprArithmetic parse(String source) {
    ExprArithmetic e = new ExprArithmetic(source);
    e.evaluate(1L, new java.util.HashMap<>(), true); // syntax check
    return e;
  }

  long evaluate(long cycle, Map<String, Object> vars) {
    return evaluate(cycle, vars, false);
  }

  private synchronized long evaluate(long cycle, Map<String, Object> vars, boolean syntaxOnly) {
    this.s = source;
    this.pos = 0;
    this.cycle = cycle;
    this.vars = syntaxOnly ? null : vars;
    long v = sum();
    skipSpaces();
    if (pos != s.length()) {
      throw error("unexpected '" + s.substring(pos) + "'");
    }
    return v;
  }

  private long sum() {
    long v = product();
    while (true) {
      skipSpaces();
      if (eat('+')) {
        v += product();
      } else if (eat('-')) {
        v -= product();
      } else {
        return v;
      }
    }
  }

  private long product() {
    long v = unary();
    while (true) {
      skipSpaces();
      if (eat('*')) {
        v *= unary();
      } else if (eat('/')) {
        long d = unary();
        v = vars == null ? v : v / d;
      } else if (eat('%')) {
        long d = unary();
        v = vars == null ? v : v % d;
      } else {
        return v;
      }
    }
  }

  private long unary() {
    skipSpaces();
    if (eat('-')) {
      return -unary();
    }
    if (eat('(')) {
      long v = sum();
      skipSpaces();
      if (!eat(')')) {
        throw error("missing ')'");
      }
      return v;
    }
    int start = pos;
    if (pos < s.length() && Character.isDigit(s.charAt(pos))) {
      while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
        pos++;
      }
      long v = Long.parseLong(s.substring(start, pos));
      if (pos < s.length() && (s.charAt(pos) == 'L' || s.charAt(pos) == 'l')) {
        pos++;
      }
      return v;
    }
    if (pos < s.length() && Character.isJavaIdentifierStart(s.charAt(pos))) {
      while (pos < s.length() && Character.isJavaIdentifierPart(s.charAt(pos))) {
        pos++;
      }
      String name = s.substring(start, pos);
      if (name.equals("cycle")) {
        return cycle;
      }
      if (vars == null) {
        return 1L;
      }
      Object v = vars.get(name);
      if (!(v instanceof Long)) {
        throw error("'" + name + "' is not a long saved by Save('" + name + "') (got " + v + ")");
      }
      return (Long) v;
    }
    throw error("expected a number, a name or '('");
  }

  private boolean eat(char c) {
    if (pos < s.length() && s.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private void skipSpaces() {
    while (pos < s.length() && s.charAt(pos) == ' ') {
      pos++;
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("Expr('" + source + "') at " + pos + ": " + what);
  }
}
