#!/usr/bin/env bash
# Batch validation at scale: throughput, peak RSS, kill -9 mid-run and resume, then a check that
# the output has exactly one line per input row, in order, without duplicates.
#
#   scripts/batch-at-scale.sh                       # 1,000,000 rows on /tmp/full.idx
#   ROWS=20000 KILL_AFTER=5 scripts/batch-at-scale.sh
#
# Environment (defaults): INDEX=/tmp/full.idx  QUERIES=/tmp/q10k.tsv  ROWS=1000000
#   DIR=/tmp/load (all files written here)  KILL_AFTER=20 (seconds before the SIGKILL)
#   BIN=target/release/seoladh  CHECK=target/release/examples/batch_check
# Builds the release binary and the checker first (cargo build --release).
# Prints the figures as `key: value` lines at the end (for the README).
set -euo pipefail
cd "$(dirname "$0")/.."

INDEX=${INDEX:-/tmp/full.idx}
QUERIES=${QUERIES:-/tmp/q10k.tsv}
ROWS=${ROWS:-1000000}
DIR=${DIR:-/tmp/load}
KILL_AFTER=${KILL_AFTER:-20}
BIN=${BIN:-target/release/seoladh}
CHECK=${CHECK:-target/release/examples/batch_check}

cargo build --release --quiet --bin seoladh --example batch_check
mkdir -p "$DIR"
IN="$DIR/batch-$ROWS.csv"
OUT="$DIR/batch-$ROWS.jsonl"
TIMES="$DIR/batch-$ROWS.time"

# Input: id,address with the query texts cycled to ROWS rows (CSV-quoted).
if [[ ! -s "$IN" ]]; then
  awk -F'\t' -v rows="$ROWS" '
    NR == 1 && tolower($1) == "qid" { next }
    NF >= 2 { t[n++] = $NF }
    END {
      print "id,address"
      for (i = 0; i < rows; i++) {
        s = t[i % n]; gsub(/"/, "\"\"", s)
        printf "r%07d,\"%s\"\n", i + 1, s
      }
    }' "$QUERIES" > "$IN.tmp"
  mv "$IN.tmp" "$IN"
fi
echo "input: $IN ($(($(wc -l < "$IN") - 1)) rows)"
rm -f "$OUT"

# Run 1: killed with SIGKILL after KILL_AFTER seconds (or finishing first on a small input).
"$BIN" batch --index "$INDEX" --input "$IN" --output "$OUT" 2> "$DIR/batch-run1.log" &
pid=$!
killed=no
for _ in $(seq 1 "$((KILL_AFTER * 10))"); do
  sleep 0.1
  kill -0 "$pid" 2>/dev/null || break
done
if kill -9 "$pid" 2>/dev/null; then killed=yes; fi
wait "$pid" 2>/dev/null || true
done_lines=$(wc -l < "$OUT")
echo "run 1: killed=$killed after ${KILL_AFTER}s with $done_lines complete lines"

# Run 2: the same command resumes; timed for throughput and peak RSS.
/usr/bin/time -v -o "$TIMES" "$BIN" batch --index "$INDEX" --input "$IN" --output "$OUT" 2> "$DIR/batch-run2.log"
tail -n 3 "$DIR/batch-run2.log"

"$CHECK" "$IN" "$OUT"

elapsed=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$TIMES")
secs=$(awk -v t="$elapsed" 'BEGIN { n = split(t, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }')
rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$TIMES")
resumed=$((ROWS - done_lines))
echo "rows: $ROWS"
echo "killed_at_lines: $done_lines"
echo "resumed_rows: $resumed"
echo "resumed_wall_s: $secs"
awk -v r="$resumed" -v s="$secs" 'BEGIN { printf "rows_per_s: %.0f\n", (s > 0 ? r / s : 0) }'
awk -v k="$rss_kb" 'BEGIN { printf "peak_rss_mb: %.1f\n", k / 1024 }'
echo "output_lines: $(wc -l < "$OUT")"
