package io.largekv.nosqlbench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The expanded workload's structure as nb5 reads it: scenarios of steps, bindings, and blocks of
 * ops. Each op has exactly one statement field ({@code raw:} or {@code prepared:}); {@code cl} and
 * {@code ratio} come from the block's params (nb5 layers op params over block params).
 */
final class Workload {

  /**
   * One op of a block; {@code verifier} and {@code verifierInit} are its Groovy verification (nb5's
   * {@code verifier:} and {@code verifier-init:} fields), null when it has none.
   */
  record Op(String block, String name, String type, String statement, String consistency, int ratio,
      String verifier, String verifierInit) {
    List<String> bindPoints() {
      return WorkloadFile.bindPoints(statement);
    }

    /** The bind points of the verifier: the bindings nb5 evaluates for the same cycle to check the result. */
    List<String> verifierBindPoints() {
      return verifier == null ? List.of() : WorkloadFile.bindPoints(verifier);
    }

    boolean isWrite() {
      return statement.trim().toUpperCase().startsWith("INSERT");
    }

    /** A SELECT of the table (a prepared op); the raw SELECT of block verified_reads is not one. */
    boolean isRead() {
      return type.equals("prepared") && statement.trim().toUpperCase().startsWith("SELECT");
    }
  }

  /** One step of a named scenario: {@code run driver=cqld4 name=value name==value ...}. */
  record Step(String scenario, String name, String command, Map<String, String> params) {
    /** The block-name regex of {@code tags==block:REGEX}. */
    String blockPattern() {
      String tags = params.get("tags");
      if (tags == null || !tags.startsWith("block:")) {
        throw new IllegalStateException(scenario + "." + name + " has no tags==block:...: " + command);
      }
      return tags.substring("block:".length());
    }
  }

  /** The op fields besides the statement: nb5's result verification. */
  static final java.util.Set<String> VERIFICATION_FIELDS = java.util.Set.of("verifier", "verifier-init");

  private static final Pattern ASSIGNMENT = Pattern.compile("(\\w[-_\\w.]*)(={1,3})(.+)");

  private final Map<String, Object> doc;

  Workload(Map<String, Object> doc) {
    this.doc = doc;
  }

  Map<String, Object> document() {
    return doc;
  }

  String description() {
    return (String) doc.get("description");
  }

  @SuppressWarnings("unchecked")
  Map<String, String> bindings() {
    Map<String, String> out = new LinkedHashMap<>();
    ((Map<String, Object>) doc.get("bindings")).forEach((k, v) -> out.put(k, String.valueOf(v)));
    return out;
  }

  @SuppressWarnings("unchecked")
  List<String> blockNames() {
    return new ArrayList<>(((Map<String, Object>) doc.get("blocks")).keySet());
  }

  /** All ops in file order. */
  @SuppressWarnings("unchecked")
  List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    Map<String, Object> blocks = (Map<String, Object>) doc.get("blocks");
    for (Map.Entry<String, Object> b : blocks.entrySet()) {
      Map<String, Object> block = (Map<String, Object>) b.getValue();
      Map<String, Object> params = (Map<String, Object>) block.getOrDefault("params", Map.of());
      Map<String, Object> blockOps = (Map<String, Object>) block.get("ops");
      for (Map.Entry<String, Object> o : blockOps.entrySet()) {
        Map<String, Object> fields = (Map<String, Object>) o.getValue();
        String type = fields.containsKey("prepared") ? "prepared" : fields.containsKey("raw") ? "raw" : null;
        if (type == null || (fields.containsKey("prepared") && fields.containsKey("raw"))
            || !VERIFICATION_FIELDS.containsAll(fields.keySet().stream().filter(f -> !f.equals(type)).toList())) {
          throw new IllegalStateException("op " + b.getKey() + "." + o.getKey()
              + " must have one statement field, prepared: or raw:, and else only " + VERIFICATION_FIELDS + ", not "
              + fields.keySet());
        }
        Object ratio = params.getOrDefault("ratio", 1);
        ops.add(new Op(b.getKey(), o.getKey(), type, String.valueOf(fields.get(type)),
            params.containsKey("cl") ? String.valueOf(params.get("cl")) : null,
            Integer.parseInt(String.valueOf(ratio)), (String) fields.get("verifier"), (String) fields.get("verifier-init")));
      }
    }
    return ops;
  }

  /** The ops {@code tags==block:REGEX} selects, in file order (nb5 matches the whole name). */
  List<Op> opsOfBlocks(String blockRegex) {
    Pattern p = Pattern.compile(blockRegex);
    List<Op> selected = new ArrayList<>();
    for (Op op : ops()) {
      if (p.matcher(op.block()).matches()) {
        selected.add(op);
      }
    }
    return selected;
  }

  Op op(String block, String name) {
    for (Op op : ops()) {
      if (op.block().equals(block) && op.name().equals(name)) {
        return op;
      }
    }
    throw new IllegalArgumentException("no op " + block + "." + name);
  }

  @SuppressWarnings("unchecked")
  List<String> scenarioNames() {
    return new ArrayList<>(((Map<String, Object>) doc.get("scenarios")).keySet());
  }

  @SuppressWarnings("unchecked")
  List<Step> steps(String scenario) {
    Map<String, Object> steps = (Map<String, Object>) ((Map<String, Object>) doc.get("scenarios")).get(scenario);
    if (steps == null) {
      throw new IllegalArgumentException("no scenario " + scenario);
    }
    List<Step> out = new ArrayList<>();
    for (Map.Entry<String, Object> s : steps.entrySet()) {
      String command = String.valueOf(s.getValue());
      String[] words = command.trim().split(" +");
      if (!words[0].equals("run")) {
        throw new IllegalStateException(scenario + "." + s.getKey() + " does not start with run: " + command);
      }
      Map<String, String> params = new LinkedHashMap<>();
      for (int i = 1; i < words.length; i++) {
        Matcher m = ASSIGNMENT.matcher(words[i]);
        if (!m.matches()) {
          throw new IllegalStateException(scenario + "." + s.getKey() + ": '" + words[i]
              + "' is not name=value: " + command);
        }
        params.put(m.group(1), m.group(3));
      }
      out.add(new Step(scenario, s.getKey(), command, params));
    }
    return out;
  }
}
