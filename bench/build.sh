# Sourced by bench/run and bench/jmh: builds what the benchmarks need when it is missing or older
# than a source file (the same check as bin/largekv).
build_if_needed() {
  local marker=benchmarks/target/bench-classpath.txt
  local stale=""
  if [[ ! -f "$marker" || ! -f local-cassandra/target/cassandra-classpath.txt ]] \
      || ! ls ycsb-binding/target/ycsb-binding-*-shaded.jar >/dev/null 2>&1; then
    stale=yes
  elif [[ -n "$(find pom.xml */pom.xml */src/main -newer "$marker" -type f 2>/dev/null | head -1)" ]]; then
    stale=yes
  fi
  [[ -z "$stale" ]] && return 0
  echo "bench: building (mvn -B -DskipTests install -pl benchmarks -am)..." >&2
  if ! "${MVN:-mvn}" -B -q -ntp -DskipTests install -pl benchmarks -am < /dev/null >&2; then
    echo "bench: the build failed" >&2
    exit 1
  fi
  touch "$marker"
}
