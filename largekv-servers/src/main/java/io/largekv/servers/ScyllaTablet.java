package io.largekv.servers;

/**
 * One row of ScyllaDB's {@code system.tablets} (replica/tablets.cc, {@code make_tablets_schema}): a
 * tablet of a table, named by the last token it owns, and its transition while it has one. A tablet
 * being migrated, rebuilt or repaired has {@code stage} and {@code transition} set (with
 * {@code new_replicas}); the topology coordinator deletes them together when the transition ends.
 *
 * @param lastToken the tablet's clustering key, {@code last_token}
 * @param stage e.g. {@code streaming}, {@code write_both_read_old}, {@code use_new} (locator/tablets.cc's
 *     stage names); null when the tablet is in no transition
 * @param transition e.g. {@code migration}, {@code intranode_migration}, {@code rebuild_v2}, {@code repair};
 *     null when the tablet is in no transition
 */
public record ScyllaTablet(long lastToken, String stage, String transition) {

  /** Whether the tablet is in a transition: data of it is being copied, cleaned up or repaired. */
  public boolean inTransition() {
    return stage != null || transition != null;
  }
}
