#!/usr/bin/env bash
# Server load at scale: `seoladh serve` on a copy of the full index, `seoladh load` against it
# with a hot reload (the index file replaced by copy + rename) in the middle of the run.
#
#   scripts/load-at-scale.sh
#   DURATION=10 CONCURRENCY=16 RELOAD_AT=4 scripts/load-at-scale.sh
#
# Environment (defaults): INDEX=/tmp/full.idx (read only; copied to DIR/served.idx, which the
#   server serves and the reload replaces)  QUERIES=/tmp/q10k.tsv  DIR=/tmp/load  PORT=18080
#   DURATION=20 (seconds)  RELOAD_AT=8  CONCURRENCY=16  AUTOCOMPLETE=0 (percent)
#   CLIENT_THREADS=1  BIN=target/release/seoladh  SERVE_ARGS= (more `seoladh serve` flags, e.g.
#   "--compute-threads 0")
# The server logs at warn level (one info line per request would be part of what is measured).
# SKIP_BUILD=1 uses BIN as it is (e.g. to compare two builds).
# Prints the load report, then `key: value` lines for the README. Exit status 1 when any request
# failed or the reload did not take effect.
set -euo pipefail
cd "$(dirname "$0")/.."

INDEX=${INDEX:-/tmp/full.idx}
QUERIES=${QUERIES:-/tmp/q10k.tsv}
DIR=${DIR:-/tmp/load}
PORT=${PORT:-18080}
DURATION=${DURATION:-20}
RELOAD_AT=${RELOAD_AT:-8}
CONCURRENCY=${CONCURRENCY:-16}
AUTOCOMPLETE=${AUTOCOMPLETE:-0}
CLIENT_THREADS=${CLIENT_THREADS:-1}
BIN=${BIN:-target/release/seoladh}
SERVE_ARGS=${SERVE_ARGS:-}
URL="http://127.0.0.1:$PORT"

[[ -n ${SKIP_BUILD:-} ]] || cargo build --release --quiet --bin seoladh
mkdir -p "$DIR"
cp "$INDEX" "$DIR/served.idx"

# shellcheck disable=SC2086 # SERVE_ARGS is a list of flags
RUST_LOG=warn "$BIN" serve --index "$DIR/served.idx" --listen "127.0.0.1:$PORT" $SERVE_ARGS 2> "$DIR/serve.log" &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT

# Wait for the server: a tiny load run of one request answers once it listens.
for _ in $(seq 1 300); do
  if "$BIN" load --url "$URL" --queries "$QUERIES" --requests 1 > /dev/null 2>&1; then break; fi
  kill -0 "$server" 2>/dev/null || { cat "$DIR/serve.log"; exit 1; }
  sleep 0.1
done

echo "== warm-up (2,000 requests, not reported)"
"$BIN" load --url "$URL" --queries "$QUERIES" --requests 2000 --concurrency "$CONCURRENCY" \
  --threads "$CLIENT_THREADS" > /dev/null

echo "== load: ${DURATION}s, $CONCURRENCY connections, ${AUTOCOMPLETE}% autocomplete, reload at ${RELOAD_AT}s"
status=0
"$BIN" load --url "$URL" --queries "$QUERIES" --duration "$DURATION" --concurrency "$CONCURRENCY" \
  --autocomplete-percent "$AUTOCOMPLETE" --threads "$CLIENT_THREADS" \
  --reload "$INDEX" --reload-at "$RELOAD_AT" --served-index "$DIR/served.idx" \
  --json "$DIR/load.json" || status=$?

python3 - "$DIR/load.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
t = r["total"]
med, p90, p99, mx = t["latency_us"]
print(f"requests_per_s: {r['requests_per_sec']:.0f}")
print(f"responses: {t['responses']}")
print(f"latency_ms_median_p90_p99_max: {med/1000:.2f} {p90/1000:.2f} {p99/1000:.2f} {mx/1000:.2f}")
print(f"errors: {t['errors']} (connect {t['connect_errors']}, i/o {t['io_errors']}, timeout {t['timeouts']}, non-200 {t['non_200']}, bad body {t['bad_bodies']})")
a = r.get("after_reload") or {}
print(f"errors_before_reload: {r['before_reload']['errors']}")
print(f"errors_after_reload: {a.get('errors', 'n/a')} of {a.get('sent', 0)} requests")
rl = r.get("reload") or {}
sec = lambda d: f"{d['secs'] + d['nanos']/1e9:.2f}s" if d else "never"
print(f"reload_swapped_at: {sec(rl.get('swapped_at'))}")
print(f"reload_effective_at: {sec(rl.get('effective_at'))}")
print(f"generation: {r['generation'][0]} -> {r['generation'][1]}")
PY
exit "$status"
