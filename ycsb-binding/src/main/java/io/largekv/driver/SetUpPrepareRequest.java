package io.largekv.driver;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.PrepareRequest;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * PREPARE with the set-up timeout, while the statements bound from it keep the operations'
 * timeout ({@code ycql.request_timeout_ms}): a short operation timeout must not fail the
 * preparation on a busy server. The driver's public {@link PrepareRequest} interface, which
 * {@code CqlSession.prepare(PrepareRequest)} takes for exactly this; every other setting is the
 * statement's.
 */
final class SetUpPrepareRequest implements PrepareRequest {
  private final SimpleStatement statement;
  private final Duration timeout;

  SetUpPrepareRequest(SimpleStatement statement, Duration timeout) {
    this.statement = statement;
    this.timeout = timeout;
  }

  @Override
  public String getQuery() {
    return statement.getQuery();
  }

  @Override
  public Duration getTimeout() {
    return timeout;
  }

  @Override
  public String getExecutionProfileName() {
    return statement.getExecutionProfileName();
  }

  @Override
  public DriverExecutionProfile getExecutionProfile() {
    return statement.getExecutionProfile();
  }

  @Override
  public CqlIdentifier getKeyspace() {
    return statement.getKeyspace();
  }

  @Override
  public CqlIdentifier getRoutingKeyspace() {
    return null;
  }

  @Override
  public ByteBuffer getRoutingKey() {
    return null;
  }

  @Override
  public Token getRoutingToken() {
    return null;
  }

  @Override
  public Map<String, ByteBuffer> getCustomPayload() {
    return statement.getCustomPayload();
  }

  @Override
  public Node getNode() {
    return null;
  }

  @Override
  public String getExecutionProfileNameForBoundStatements() {
    return statement.getExecutionProfileName();
  }

  @Override
  public DriverExecutionProfile getExecutionProfileForBoundStatements() {
    return statement.getExecutionProfile();
  }

  @Override
  public CqlIdentifier getRoutingKeyspaceForBoundStatements() {
    return statement.getKeyspace() != null ? statement.getKeyspace() : statement.getRoutingKeyspace();
  }

  @Override
  public ByteBuffer getRoutingKeyForBoundStatements() {
    return statement.getRoutingKey();
  }

  @Override
  public Token getRoutingTokenForBoundStatements() {
    return statement.getRoutingToken();
  }

  @Override
  public Map<String, ByteBuffer> getCustomPayloadForBoundStatements() {
    return statement.getCustomPayload();
  }

  @Override
  public Boolean areBoundStatementsIdempotent() {
    return statement.isIdempotent();
  }

  @Override
  public Duration getTimeoutForBoundStatements() {
    return statement.getTimeout();
  }

  @Override
  public ByteBuffer getPagingStateForBoundStatements() {
    return statement.getPagingState();
  }

  @Override
  public int getPageSizeForBoundStatements() {
    return statement.getPageSize();
  }

  @Override
  public ConsistencyLevel getConsistencyLevelForBoundStatements() {
    return statement.getConsistencyLevel();
  }

  @Override
  public ConsistencyLevel getSerialConsistencyLevelForBoundStatements() {
    return statement.getSerialConsistencyLevel();
  }

  @Override
  public boolean areBoundStatementsTracing() {
    return statement.isTracing();
  }

  /** The session caches preparations by request: equal statements and timeouts are one. */
  @Override
  public boolean equals(Object o) {
    return o instanceof SetUpPrepareRequest && ((SetUpPrepareRequest) o).statement.equals(statement)
        && ((SetUpPrepareRequest) o).timeout.equals(timeout);
  }

  @Override
  public int hashCode() {
    return Objects.hash(statement, timeout);
  }
}
