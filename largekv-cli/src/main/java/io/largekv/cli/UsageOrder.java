package io.largekv.cli;

/**
 * Where an option stands in its command's usage: each {@code @Option}'s {@code order}, as its group
 * plus its place in the group, the commands' {@code sortOptions = false}. The groups come in the order
 * a user needs them: what to run, where, how much and how long, what happens during the phases, the
 * clients' properties, the servers' side, the output, a Kubernetes cluster's own, and the help last.
 * An option shared by several commands (a mixin's) has one place in all of them.
 */
final class UsageOrder {

  /** {@code --phases}, {@code --phase}, {@code -P}, {@code --full-scale}, {@code --harness}, {@code --plan}. */
  static final int WHAT = 100;
  /** {@code --hosts}, {@code --target}, {@code --target-prop}, {@code --localdc}, {@code --nodes}. */
  static final int WHERE = 200;
  /** {@code --records}, {@code --duration}, {@code --threads}, {@code --warmup}, {@code --clients}, {@code --rate}, {@code --repeat}. */
  static final int SIZE = 300;
  /** {@code --event}, {@code --uncached}, {@code --page-cache}. */
  static final int DURING = 400;
  /** {@code -p}. */
  static final int PROPERTIES = 500;
  /** The servers' side ({@link ServerSideOptions}). */
  static final int SERVERS = 600;
  /** {@code --out}, {@code --dir}, {@code --run}, {@code --metrics-port}, {@code --verbose}. */
  static final int OUTPUT = 700;
  /** {@code k8s render}'s and {@code k8s local}'s own: the namespace, the image, the Secret, the claim, the pods. */
  static final int CLUSTER = 800;
  /** {@code -h}, {@code --help}. */
  static final int HELP = 900;

  private UsageOrder() {}
}
