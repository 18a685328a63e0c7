package io.largekv.servers;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The HTTP GET of every source that reads over HTTP: bounded in time, one line on failure naming the URL. */
public final class SourceHttp {

  /** How long one request may take, connecting included. */
  public static final Duration TIMEOUT = Duration.ofSeconds(5);

  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(TIMEOUT)
      .followRedirects(HttpClient.Redirect.NORMAL).build();

  private SourceHttp() {}

  /** An answer with a status other than 200: its status and body, for a source that reads the server's error from it. */
  public static final class StatusException extends IOException {
    private final int status;
    private final String body;

    StatusException(String message, int status, String body) {
      super(message);
      this.status = status;
      this.body = body;
    }

    public int status() {
      return status;
    }

    /** The answer's body, whole ("" for none). */
    public String body() {
      return body;
    }
  }

  /**
   * The body of {@code uri}'s answer.
   *
   * @throws IOException when it cannot be reached, takes longer than {@link #TIMEOUT} or answers with
   *     a status other than 200 (then a {@link StatusException}); the message names the URL
   */
  public static String get(URI uri) throws IOException {
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build();
    HttpResponse<String> response;
    try {
      response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(shown(uri) + ": interrupted");
    } catch (IOException e) {
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new IOException(shown(uri) + ": " + why, e);
    }
    if (response.statusCode() != 200) {
      String body = response.body() == null ? "" : response.body().strip();
      throw new StatusException(shown(uri) + ": HTTP " + response.statusCode()
          + (body.isEmpty() ? "" : " (" + excerpt(body, 200) + ")"),
          response.statusCode(), body);
    }
    return response.body();
  }

  /** A URL as lines and files show it: without the user and password it may carry. */
  public static String shown(URI uri) {
    return uri.getRawUserInfo() == null ? uri.toString() : uri.toString().replace(uri.getRawUserInfo() + "@", "***@");
  }

  /** The start of an answer's body for a line: at most {@code n} characters, "…" when cut. */
  public static String excerpt(String body, int n) {
    String s = body == null ? "" : body.strip();
    return s.length() > n ? s.substring(0, n) + "…" : s;
  }
}
