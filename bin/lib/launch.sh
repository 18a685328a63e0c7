# Sourced by bin/largekv, bin/ycsb, bench/run and bench/jmh: the one build check, the one choice of
# Java and the one `java` launch line of every launcher. Set LARGEKV_HOME (the repository) first.
#
# largekv_build_if_needed MODULE...  builds the project (mvn -DskipTests install, every module)
#                          when a jar a launcher needs is missing, or a pom or main source is newer
#                          than the oldest of those jars (Maven writes every jar anew on each build:
#                          forceCreation), so a build that changed nothing is not run again; one
#                          launcher builds at a time (flock on target-build.lock), the others wait
# largekv_pick_java        sets LARGEKV_JAVA: $JAVA if set, else a Java 21 or later
#                          (LARGEKV_JAVA21_HOME, then the usual JVM directories: JavaRuntimes),
#                          else `java`; says which once (LARGEKV_JAVA_SAID) and exports JAVA, so the
#                          launchers a launcher starts use the same one without looking again
# largekv_exec CP MAIN ARG...  runs MAIN on $LARGEKV_JAVA with LARGEKV_JVM_OPTS (an array); on Java 24+
#                          also with --sun-misc-unsafe-memory-access=allow (no Unsafe warnings)

# the jars of MODULE... (the modules a launcher runs); exit 1 when one is missing
largekv_jars() {
  local m jar
  for m in "$@"; do
    jar=$(ls "$LARGEKV_HOME/$m/target/$m"-*.jar 2>/dev/null | grep -v -e '/original-' -e '-tests\.jar$' | head -1)
    [[ -n "$jar" ]] || return 1
    echo "$jar"
  done
}

largekv_needs_build() {
  local jars oldest
  jars=$(largekv_jars largekv-common local-cassandra "$@") || return 0
  [[ -f "$LARGEKV_HOME/local-cassandra/target/cassandra-classpath.txt" ]] || return 0
  # shellcheck disable=SC2086
  oldest=$(ls -tr $jars | head -1)
  [[ -n "$(cd "$LARGEKV_HOME" && find pom.xml ./*/pom.xml ./*/src/main -newer "$oldest" -type f 2>/dev/null | head -1)" ]]
}

largekv_build_if_needed() {
  largekv_needs_build "$@" || return 0
  local mvn="${MVN:-mvn}" log="$LARGEKV_HOME/target-build.log" start lock
  command -v "$mvn" >/dev/null 2>&1 || {
    echo "largekv: Maven ('mvn') is needed to build; install it (e.g. apt-get install maven) or set MVN" >&2; exit 2; }
  # one build at a time: launchers started together (several clients at once) would otherwise build
  # into the same target directories and break each other's jars. The others wait, then find the jars
  # built. The lock is closed before the client starts, so a running client never holds it
  if command -v flock >/dev/null 2>&1; then
    exec {lock}>"$LARGEKV_HOME/target-build.lock"
    if ! flock -n "$lock"; then
      echo "largekv: waiting for another launcher's build of $LARGEKV_HOME to end..." >&2
      flock "$lock"
    fi
    if ! largekv_needs_build "$@"; then
      exec {lock}>&-
      return 0
    fi
  fi
  echo "largekv: building (the first build downloads Cassandra, YCSB and the drivers from Maven Central, ~150 MB)..." >&2
  start=$(date +%s)
  # progress: one line per module as Maven reaches it; the full log stays in target-build.log
  if ! (cd "$LARGEKV_HOME" && "$mvn" -B -ntp -DskipTests install < /dev/null 2>&1) | tee "$log" \
      | grep --line-buffered -E '^\[INFO\] (Building .*[0-9]+/[0-9]+\]|BUILD )' \
      | sed -u 's/^\[INFO\] /largekv: build: /' >&2 || ! grep -q "BUILD SUCCESS" "$log"; then
    echo "largekv: the build failed; last lines of $log:" >&2
    tail -30 "$log" >&2
    exit 1
  fi
  echo "largekv: built in $(( $(date +%s) - start )) s" >&2
  rm -f "$log"
  if [[ -n "$lock" ]]; then
    exec {lock}>&-
  fi
}

largekv_pick_java() {
  if [[ -n "${JAVA:-}" ]]; then
    LARGEKV_JAVA="$JAVA"
  else
    LARGEKV_JAVA="$(java -cp "$LARGEKV_HOME/largekv-common/target/classes" io.largekv.common.JavaRuntimes 21 2>/dev/null)" \
      || LARGEKV_JAVA=java
    [[ -n "$LARGEKV_JAVA" ]] || LARGEKV_JAVA=java
  fi
  if [[ -z "${LARGEKV_JAVA_SAID:-}" || "${LARGEKV_JAVA_FEATURE_OF:-}" != "$LARGEKV_JAVA" ]]; then
    local props
    props="$("$LARGEKV_JAVA" -XshowSettings:properties -version 2>&1)"
    if [[ -z "${LARGEKV_JAVA_SAID:-}" ]]; then
      echo "largekv: client Java: $LARGEKV_JAVA ($(sed -n 's/.*java\.runtime\.version = //p' <<< "$props" | head -1))" >&2
      export LARGEKV_JAVA_SAID=1
    fi
    LARGEKV_JAVA_FEATURE="$(sed -n 's/.*java\.specification\.version = //p' <<< "$props" | head -1)"
    export LARGEKV_JAVA_FEATURE LARGEKV_JAVA_FEATURE_OF="$LARGEKV_JAVA"
  fi
  export JAVA="$LARGEKV_JAVA"
}

largekv_exec() {
  local cp=$1 main=$2 jdk=()
  shift 2
  # Java 24+ warns on stderr, before any line of ours, that the drivers' Guava calls sun.misc.Unsafe's
  # memory access; allowing it (JEP 498, the option exists from 24 on) keeps the output to largekv's lines
  if [[ "${LARGEKV_JAVA_FEATURE:-0}" =~ ^[0-9]+$ && "${LARGEKV_JAVA_FEATURE:-0}" -ge 24 ]]; then
    jdk+=(--sun-misc-unsafe-memory-access=allow)
  fi
  exec "$LARGEKV_JAVA" ${jdk[@]+"${jdk[@]}"} ${LARGEKV_JVM_OPTS[@]+"${LARGEKV_JVM_OPTS[@]}"} -Dlargekv.repo.dir="$LARGEKV_HOME" \
    -Dlargekv.cassandra.classpath.file="$LARGEKV_HOME/local-cassandra/target/cassandra-classpath.txt" \
    -cp "$cp" "$main" "$@"
}
