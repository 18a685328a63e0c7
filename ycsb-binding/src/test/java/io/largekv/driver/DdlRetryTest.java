package io.largekv.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.servererrors.AlreadyExistsException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which DDL failures are run again (the server's own errors), and how a driver error reads in one line. */
class DdlRetryTest {

  @Test
  void onlyTheServersOwnErrorsAreRunAgain() {
    assertThat(DriverErrors.serverFailed(new ServerError(null, "java.lang.RuntimeException: boom")))
        .isTrue();
    assertThat(DriverErrors.serverFailed(new InvalidQueryException(null, "line 1:7 no viable alternative"))).isFalse();
    assertThat(DriverErrors.serverFailed(new AlreadyExistsException(null, "ks", "kv"))).isFalse();
    // no node tried: nothing says the server failed
    assertThat(DriverErrors.serverFailed(AllNodesFailedException.fromErrors(List.of()))).isFalse();
    assertThat(SchemaDdl.DDL_ATTEMPTS).isBetween(2, 10);
  }

  @Test
  void aDriverErrorIsOneLine() {
    assertThat(DriverErrors.describe(new ServerError(null, "java.lang.RuntimeException:\nboom")))
        .isEqualTo("ServerError: java.lang.RuntimeException: boom");
  }
}
