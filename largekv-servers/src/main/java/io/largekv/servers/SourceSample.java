package io.largekv.servers;

import java.util.List;

/**
 * One sample of one {@link ServerSource}: its nodes' readings, or why the whole source failed this
 * time, and whether its data is settled, or why it could not tell, both of the same moment.
 *
 * @param readings one reading per node the source knows of; null when {@code failed}
 * @param failed why no node could be read; null when {@code readings}
 * @param balance whether its data is settled: {@link Balance#unknown} with the reason when the source
 *     cannot tell or failed to
 */
public record SourceSample(List<NodeReading> readings, String failed, Balance balance) {

  public SourceSample {
    if ((readings == null) == (failed == null)) {
      throw new IllegalArgumentException("a source's sample has readings or a failure, not both nor neither");
    }
    readings = readings == null ? null : List.copyOf(readings);
  }
}
