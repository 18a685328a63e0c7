package io.largekv.format;

/**
 * Marker for a value held in a plain byte array, so the binding can hand the array to the driver
 * without copying it ({@code array()[0 .. length())}).
 */
public interface ValueBytes {
  byte[] array();

  int length();
}
