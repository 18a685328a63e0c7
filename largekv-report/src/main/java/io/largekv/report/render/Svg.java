package io.largekv.report.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Small line charts as standalone SVG: no scripts, no fonts to fetch, opens anywhere. */
final class Svg {
  static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#17becf"};
  private static final int W = 640;
  private static final int H = 300;
  private static final int LEFT = 70;
  private static final int RIGHT = 150;
  private static final int TOP = 30;
  private static final int BOTTOM = 45;
  /** The percentiles the percentile chart's axis marks, as "nines" (x = −log10(1 − p/100)). */
  private static final double[] NINES = {0, 1, 2, 3, 4, 5, 6};

  /** One named series of (x, y) points; NaN y values are gaps. */
  record Series(String name, double[] x, double[] y) {}

  /**
   * An event: a labelled vertical line at {@code x} in the colour of series {@code color}, and a
   * faint band to {@code endX} when it lasted a second or more (a node bootstrapping).
   */
  record Marker(double x, double endX, String label, int color) {}

  /**
   * A chart: {@code logX} draws x as "nines" (the percentile curve, HdrHistogram's convention:
   * x = −log10(1 − p/100), ticks at 90, 99, 99.9, 99.99 %); {@code shadeUntil} is the x up to
   * which a grey band marks the excluded warm-up (NaN for none).
   */
  record Chart(String title, String xLabel, String yLabel, List<Series> series, boolean logX, double shadeUntil,
      List<Marker> markers) {}

  private Svg() {}

  static String lineChart(Chart c) {
    double xMin = Double.MAX_VALUE;
    double xMax = -Double.MAX_VALUE;
    double yMax = 0;
    for (Series s : c.series()) {
      for (int i = 0; i < s.x().length; i++) {
        if (Double.isNaN(s.y()[i])) {
          continue;
        }
        xMin = Math.min(xMin, s.x()[i]);
        xMax = Math.max(xMax, s.x()[i]);
        yMax = Math.max(yMax, s.y()[i]);
      }
    }
    if (xMin == Double.MAX_VALUE) {
      xMin = 0;
      xMax = 1;
    }
    if (!c.logX()) {
      xMin = Math.min(xMin, 0); // time axes start at the phase's first second
      for (Marker m : c.markers()) {
        xMax = Math.max(xMax, m.x());
      }
    }
    if (xMax == xMin) {
      xMax = xMin + 1;
    }
    List<Double> xTicks = c.logX() ? ninesTicks(xMin, xMax) : roundTicks(xMin, xMax);
    if (c.logX()) {
      xMin = Math.min(xMin, xTicks.get(0));
      xMax = Math.max(xMax, xTicks.get(xTicks.size() - 1));
    } else {
      xMax = Math.max(xMax, xTicks.get(xTicks.size() - 1));
    }
    yMax = niceCeiling(yMax <= 0 ? 1 : yMax * 1.05);
    final double x0 = xMin;
    final double x1 = xMax;
    final double y1 = yMax;
    int pw = W - LEFT - RIGHT;
    int ph = H - TOP - BOTTOM;
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%d\" "
        + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">%n", W, H, W, H));
    sb.append(String.format(Locale.ROOT, "<title>%s</title><rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n",
        esc(c.title()), W, H));
    sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" font-size=\"13\" font-weight=\"bold\">%s</text>%n",
        LEFT, esc(c.title())));
    if (!Double.isNaN(c.shadeUntil()) && c.shadeUntil() > x0) {
      double sx = LEFT + pw * (Math.min(c.shadeUntil(), x1) - x0) / (x1 - x0);
      sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#eeeeee\"/>"
          + "<text x=\"%d\" y=\"%d\" fill=\"#888\">warm-up</text>%n", LEFT, TOP, sx - LEFT, ph, LEFT + 3, TOP + 12));
    }
    // axes and grid
    for (int g = 0; g <= 4; g++) {
      double v = y1 * g / 4;
      double py = TOP + ph - ph * g / 4.0;
      sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
          + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, LEFT + pw, py, py, LEFT - 5, py + 4,
          fmt(v)));
    }
    for (double v : xTicks) {
      double px = LEFT + pw * (v - x0) / (x1 - x0);
      String label = c.logX() ? nines(v) : fmt(v);
      sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
          + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", px, px, TOP, TOP + ph, px, TOP + ph + 15,
          label));
    }
    sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#333\"/>"
        + "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#333\"/>%n", LEFT, LEFT + pw, TOP + ph, TOP + ph,
        LEFT, LEFT, TOP, TOP + ph));
    sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
        LEFT + pw / 2, H - 8, esc(c.xLabel())));
    sb.append(String.format(Locale.ROOT, "<text transform=\"translate(14,%d) rotate(-90)\" text-anchor=\"middle\">%s"
        + "</text>%n", TOP + ph / 2, esc(c.yLabel())));
    for (int s = 0; s < c.series().size(); s++) {
      Series ser = c.series().get(s);
      String color = COLORS[s % COLORS.length];
      StringBuilder d = new StringBuilder();
      boolean pen = false;
      for (int i = 0; i < ser.x().length; i++) {
        if (Double.isNaN(ser.y()[i])) {
          pen = false;
          continue;
        }
        double px = LEFT + pw * (ser.x()[i] - x0) / (x1 - x0);
        double py = TOP + ph - ph * ser.y()[i] / y1;
        d.append(pen ? " L" : " M").append(String.format(Locale.ROOT, "%.1f %.1f", px, py));
        pen = true;
      }
      sb.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\"/>%n",
          d.toString().trim(), color));
      int ly = TOP + 10 + s * 16;
      sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" "
          + "stroke-width=\"3\"/><text x=\"%d\" y=\"%d\">%s</text>%n", W - RIGHT + 10, W - RIGHT + 28, ly, ly, color,
          W - RIGHT + 33, ly + 4, esc(ser.name())));
    }
    // events: a dashed vertical line per target's run, one label per distinct event and position
    List<String> labelled = new ArrayList<>();
    int row = 0;
    for (Marker m : c.markers()) {
      double px = LEFT + pw * (m.x() - x0) / (x1 - x0);
      String color = COLORS[m.color() % COLORS.length];
      if (m.endX() - m.x() >= 1) {
        double ex = LEFT + pw * (Math.min(m.endX(), x1) - x0) / (x1 - x0);
        sb.append(String.format(Locale.ROOT, "<rect class=\"event-span\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
            + "height=\"%d\" fill=\"%s\" fill-opacity=\"0.07\"/>%n", px, TOP, Math.max(0, ex - px), ph, color));
      }
      sb.append(String.format(Locale.ROOT, "<line class=\"event\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
          + "stroke=\"%s\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\"><title>%s</title></line>%n", px, px, TOP,
          TOP + ph, color, esc(m.label() + " at " + fmt(m.x()) + " s")));
      String key = m.label() + "@" + Math.round(m.x());
      if (!labelled.contains(key)) {
        labelled.add(key);
        sb.append(String.format(Locale.ROOT, "<text class=\"event-label\" x=\"%.1f\" y=\"%d\" fill=\"#444\" "
            + "font-size=\"10\">%s</text>%n", px + 3, TOP + 24 + 12 * (row++ % 4), esc(m.label())));
      }
    }
    sb.append("</svg>\n");
    return sb.toString();
  }

  /** Ticks at round values (1, 2, 5 × 10^k apart) from {@code min} up to past {@code max}, at most 8. */
  static List<Double> roundTicks(double min, double max) {
    double span = max - min;
    double step = niceCeiling(span / 6);
    List<Double> ticks = new ArrayList<>();
    double first = Math.floor(min / step) * step;
    for (double v = first; v < max + step * 0.999; v += step) {
      ticks.add(Math.abs(v) < step * 1e-9 ? 0 : v);
    }
    return ticks;
  }

  /** Whole "nines" (0 %, 90 %, 99 %, 99.9 %, ...) covering {@code [min, max]}. */
  static List<Double> ninesTicks(double min, double max) {
    List<Double> ticks = new ArrayList<>();
    for (double n : NINES) {
      if (n >= Math.floor(min) && n <= Math.ceil(max)) {
        ticks.add(n);
      }
    }
    return ticks;
  }

  static double niceCeiling(double v) {
    double mag = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * mag >= v) {
        return m * mag;
      }
    }
    return 10 * mag;
  }

  static String fmt(double v) {
    if (v >= 10000) {
      return String.format(Locale.ROOT, "%.0fk", v / 1000);
    }
    if (v >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v).replaceAll("\\.?0+$", "");
  }

  static String nines(double x) {
    double p = 100 * (1 - Math.pow(10, -x));
    return String.format(Locale.ROOT, "%s%%", x >= 2 ? String.format(Locale.ROOT, "%." + ((int) Math.round(x) - 2)
        + "f", p) : fmt(p));
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
