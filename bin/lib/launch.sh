# Sourced by bin/largekv, bin/ycsb, bench/run and bench/jmh: the one build check, the one choice of
# Java and the one `java` launch line of every launcher. Set LARGEKV_HOME (the repository) first.
#
# largekv_build_if_needed MODULE...  builds the project (mvn -DskipTests install, every module but
#                          the release archive)
#                          when a jar a launcher needs is missing, or a pom or main source is newer
#                          than the oldest of those jars (Maven writes every jar anew on each build:
#                          forceCreation), so a build that changed nothing is not run again; one
#                          launcher builds at a time (flock on target-build.lock), the others wait
# largekv_pick_java        sets LARGEKV_JAVA: $JAVA if set, else a Java 21 or later
#                          (LARGEKV_JAVA21_HOME, then the usual JVM directories: JavaRuntimes),
#                          else `java`; says which once (LARGEKV_JAVA_SAID) and exports JAVA, so the
#                          launchers a launcher starts use the same one without looking again
# largekv_class_archive NAME CP LIST  adds to LARGEKV_JVM_OPTS the class-data archive (CDS) of NAME's
#                          JVM on $LARGEKV_JAVA with classpath CP: the classes LIST names, so the JVM
#                          starts with less work (docs/ycsb-binding.md#class-data-sharing); see below
# largekv_exec CP MAIN ARG...  runs MAIN on $LARGEKV_JAVA with LARGEKV_JVM_OPTS (an array); on Java 24+
#                          also with --sun-misc-unsafe-memory-access=allow (no Unsafe warnings)
# largekv_release          true in a release (the archive `mvn package` writes, docs/release.md: a
#                          RELEASE file at its root), where the launchers only exec: no build, no
#                          Maven, no ~/.m2; its jars are in lib/ (largekv_classpath)
# largekv_classpath PART   the classpath of cli (bin/largekv), ycsb (bin/ycsb's client) or common
#                          (largekv-common alone), from lib/ in a release, else from the build's target/

largekv_release() {
  [[ -f "$LARGEKV_HOME/RELEASE" ]]
}

largekv_classpath() {
  if largekv_release; then
    case "$1" in
      cli|common) echo "$LARGEKV_HOME/lib/cli/*" ;;
      ycsb) echo "$LARGEKV_HOME/lib/ycsb/launcher-lib/*:$LARGEKV_HOME/lib/ycsb/ycsb-0.17-lib/*:$(ls "$LARGEKV_HOME"/lib/ycsb/yugabyte-binding-*.jar | head -1)" ;;
    esac
    return
  fi
  case "$1" in
    cli) echo "$(cat "$LARGEKV_HOME/largekv-cli/target/cli-classpath.txt"):$LARGEKV_HOME/largekv-cli/target/classes" ;;
    common) echo "$LARGEKV_HOME/largekv-common/target/classes" ;;
    ycsb)
      local target="$LARGEKV_HOME/yugabyte-binding/target"
      echo "$target/launcher-lib/*:$target/ycsb-0.17-lib/*:$(largekv_jars yugabyte-binding)" ;;
  esac
}

# the file naming the local Cassandra's classpath (io.largekv.cassandra.CassandraConfig)
largekv_cassandra_classpath_file() {
  if largekv_release; then
    echo "$LARGEKV_HOME/lib/cassandra/classpath.txt"
  else
    echo "$LARGEKV_HOME/local-cassandra/target/cassandra-classpath.txt"
  fi
}

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
  ! largekv_release || return 0
  largekv_needs_build "$@" || return 0
  local mvn="${MVN:-mvn}" log="$LARGEKV_HOME/target-build.log" start lock=""
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
  # progress: one line per module as Maven reaches it ("[8/14] NAME", without the version); the full log stays in
  # target-build.log
  # every module but the release archive (distribution), which no launcher runs from a source tree
  if ! (cd "$LARGEKV_HOME" && "$mvn" -B -ntp -DskipTests install -pl '!distribution' < /dev/null 2>&1) | tee "$log" \
      | grep --line-buffered -E '^\[INFO\] (Building .*[0-9]+/[0-9]+\]|BUILD )' \
      | sed -u -E 's/^\[INFO\] Building (.*) [^ ]+ +(\[[0-9]+\/[0-9]+\])$/largekv: build: \2 \1/; s/^\[INFO\] /largekv: build: /' >&2 \
      || ! grep -q "BUILD SUCCESS" "$log"; then
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
    LARGEKV_JAVA="$(java -cp "$(largekv_classpath common)" io.largekv.common.JavaRuntimes 21 2>/dev/null)" \
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

# Class-data sharing. A client JVM spends 2-3 s of CPU starting, loading and linking the drivers',
# Netty's and YCSB's classes; from an archive of them (the JVM's own static CDS archive) it spends
# about 1.5 s less. The archive is written once per repository, Java and classpath, from a list of
# the classes a client loads (LIST: bin/lib/ycsb.classlist), by a JVM of its own that only does that
# (java -Xshare:dump, a few seconds, before the run starts; a line says so on a terminal): the run itself
# never records its classes (a JVM that does turns JFR off).
#   - In LARGEKV_CLASS_ARCHIVE_DIR (default ~/.cache/largekv/class-archives), named by a checksum of
#     the Java's, the list's and the classpath's files (path, size, mtime): a rebuilt jar or an
#     updated Java makes a new one, which replaces the old.
#   - Written as NAME-...jsa.part and renamed only when the writing JVM exited 0, so a JVM never
#     maps a file cut short (Java 17 crashes on one). One launcher writes at a time: it holds the
#     archive's lock (flock, exclusive); launchers that come meanwhile start without an archive.
#   - Used holding the lock shared, so it is never rewritten under a JVM that maps it. A JVM that
#     cannot use it starts without it, silently (the JVM's CDS log lines are off).
#   - Not for a classpath with a directory (the JVM archives only jars): the JVM starts as always.
#     When writing fails, NAME-...jsa.failed keeps later launchers from trying again.
# Off with LARGEKV_CLASS_ARCHIVE=off, and when the JVM options choose CDS or AOT options themselves.
# bin/lib/java-with-class-archive runs any java command line so.
largekv_class_archive() {
  local name=$1 cp=$2 list=$3 dir java_bin files entry f prefix a lock opt check=()
  local entries quiet=(-Xlog:cds=off -Xlog:cds+dynamic=off)
  [[ "${LARGEKV_CLASS_ARCHIVE:-on}" != off && -s "$list" ]] || return 0
  case " ${LARGEKV_JVM_OPTS[*]:-} " in
    *SharedArchiveFile*|*ArchiveClassesAtExit*|*-Xshare*|*AOTCache*|*AOTMode*|*SharedClassListFile*) return 0 ;;
  esac
  command -v flock >/dev/null 2>&1 || return 0
  dir="${LARGEKV_CLASS_ARCHIVE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/largekv/class-archives}"
  mkdir -p "$dir" 2>/dev/null && [[ -w "$dir" ]] || return 0
  java_bin="$(readlink -f "$(command -v "$LARGEKV_JAVA")")" || return 0
  files="$(stat -c '%n %s %Y' "${java_bin%/bin/java}/lib/modules" "$list" 2>/dev/null)" || return 0
  IFS=: read -r -a entries <<< "$cp"
  for entry in "${entries[@]}"; do
    if [[ "$entry" == */\* ]]; then
      for f in "${entry%/\*}"/*.jar; do files+=$'\n'"$(stat -c '%n %s %Y' "$f" 2>/dev/null)"; done
    elif [[ -d "$entry" ]]; then
      return 0
    else
      files+=$'\n'"$(stat -c '%n %s %Y' "$entry" 2>/dev/null)"
    fi
  done
  prefix="$name-$(printf '%s' "$LARGEKV_HOME $java_bin $cp" | cksum | cut -d' ' -f1)"
  a="$dir/$prefix-$(printf '%s' "$files" | cksum | cut -d' ' -f1).jsa"
  [[ ! -e "$a.failed" ]] || return 0
  { exec {lock}>"$a.lock"; } 2>/dev/null || return 0   # (the group: stderr stays the shell's)
  if [[ ! -s "$a" ]] && flock -n -x "$lock"; then
    if [[ ! -s "$a" ]]; then
      # written with the run's JVM options that decide whether an archive can be used (heap size:
      # compressed oops; modules), not those that write files of their own (logs, recordings, agents)
      for opt in ${LARGEKV_JVM_OPTS[@]+"${LARGEKV_JVM_OPTS[@]}"}; do
        case "$opt" in -Xlog*|-XX:StartFlightRecording*|-XX:FlightRecorder*|-javaagent*|-agent*|-D*) ;; *) check+=("$opt") ;; esac
      done
      # said on a terminal only: the launchers and tests that read a client's output see its own lines
      [[ ! -t 2 ]] || echo "largekv: writing the client JVM's class archive, once per build and Java (class-data sharing): $a" >&2
      if timeout 300 "$LARGEKV_JAVA" ${check[@]+"${check[@]}"} -Xshare:dump -XX:SharedClassListFile="$list" \
          -XX:SharedArchiveFile="$a.part" -XX:-CreateCoredumpOnCrash -XX:ErrorFile="$a.part.crash" \
          -cp "$cp" >/dev/null 2>&1 && [[ -s "$a.part" ]] && mv -f "$a.part" "$a"; then
        for f in "$dir/$prefix"-*; do   # the files of this repository's earlier jars
          [[ "$f" == "$a"* ]] || rm -f "$f"
        done
      else
        rm -f "$a.part" "$a.part.crash"
        [[ ! -t 2 ]] || echo "largekv: the class archive could not be written; the client starts without one" >&2
        touch "$a.failed"
      fi
    fi
  fi
  if [[ -s "$a" ]] && flock -n -s "$lock"; then
    LARGEKV_JVM_OPTS+=(-XX:SharedArchiveFile="$a" "${quiet[@]}")
  else
    exec {lock}>&-
  fi
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
    -Dlargekv.cassandra.classpath.file="$(largekv_cassandra_classpath_file)" \
    -cp "$cp" "$main" "$@"
}
