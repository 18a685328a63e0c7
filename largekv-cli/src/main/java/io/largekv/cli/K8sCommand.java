package io.largekv.cli;

import picocli.CommandLine.Command;

/** {@code bin/largekv k8s}: the Kubernetes clients' commands, {@code render} and {@code local}. */
@Command(name = "k8s", mixinStandardHelpOptions = false, synopsisSubcommandLabel = "render|local",
    description = {"The clients as Kubernetes pods: k8s render writes one phase's manifests, k8s local runs the same"
        + " pods' command on this machine.", "Each one's options: bin/largekv k8s render --help, bin/largekv k8s"
        + " local --help."},
    footer = "Docs: docs/kubernetes.md")
final class K8sCommand {
}
