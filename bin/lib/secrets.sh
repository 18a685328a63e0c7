# Sourced by bin/ycsb and bin/largekv: keeps passwords off process command lines.
#
# largekv_hide_secrets ARG...  sets LARGEKV_ARGS to the arguments with every literal secret
# (ycql.password=..., ycql.truststore_password=..., ycql.keystore_password=..., also inside
# --target-prop LABEL:ycql.password=...) replaced by env:LARGEKV_SECRET_<pid>_<n>, and exports
# that variable with the value, so `ps`, YCSB's "Command line:" echo and result files only
# ever show the reference. Values already given as env:NAME or file:PATH are left as they are.
largekv_hide_secrets() {
  LARGEKV_ARGS=()
  local a n=0 re='^(.*)(ycql\.(password|truststore_password|keystore_password))=(.*)$'
  for a in "$@"; do
    if [[ $a =~ $re && ${BASH_REMATCH[4]} != env:* && ${BASH_REMATCH[4]} != file:* ]]; then
      n=$((n + 1))
      export "LARGEKV_SECRET_$$_$n=${BASH_REMATCH[4]}"
      a="${BASH_REMATCH[1]}${BASH_REMATCH[2]}=env:LARGEKV_SECRET_$$_$n"
    fi
    LARGEKV_ARGS+=("$a")
  done
}
