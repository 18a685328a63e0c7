package io.largekv.common;

/** A time left or taken as a person reads it on a progress line: {@code 59 s}, {@code 1 min 0 s}, {@code 2 h 3 min}, {@code 4 d 10 h}. */
public final class Durations {

  private Durations() {}

  /** {@code seconds}, rounded to the second, in the largest two units. */
  public static String words(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return s / 60 + " min " + s % 60 + " s";
    }
    if (s < 86_400) {
      return s / 3600 + " h " + s % 3600 / 60 + " min";
    }
    return s / 86_400 + " d " + s % 86_400 / 3600 + " h";
  }
}
