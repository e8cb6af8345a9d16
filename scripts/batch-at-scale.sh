#!/usr/bin/env bash
# Batch validation at scale: throughput, peak RSS, kill -9 mid-run and resume, then a check that
# the output has exactly one line per input row, in order, without duplicates.
#
#   scripts/batch-at-scale.sh                       # 1,000,000 rows on /tmp/full.idx
#   ROWS=20000 scripts/batch-at-scale.sh
#   INDEX=~/.cache/seoladh/fixture-….idx scripts/batch-at-scale.sh   # 1M rows, small index
#
# Environment (defaults): INDEX=/tmp/full.idx  QUERIES=/tmp/q10k.tsv  ROWS=1000000
#   DIR=/tmp/load (all files written here)  KILL_AT_LINES=ROWS/2 (run 1 gets SIGKILL once its
#   output holds this many lines; a partial last line is likely and must be cut on resume)
#   BIN=target/release/seoladh  CHECK=target/release/examples/batch_check
# Builds the release binary and the checker first (cargo build --release) unless SKIP_BUILD=1.
# Prints the figures as `key: value` lines at the end (for the README).
set -euo pipefail
cd "$(dirname "$0")/.."

INDEX=${INDEX:-/tmp/full.idx}
QUERIES=${QUERIES:-/tmp/q10k.tsv}
ROWS=${ROWS:-1000000}
DIR=${DIR:-/tmp/load}
KILL_AT_LINES=${KILL_AT_LINES:-$((ROWS / 2))}
BIN=${BIN:-target/release/seoladh}
CHECK=${CHECK:-target/release/examples/batch_check}

[[ -n ${SKIP_BUILD:-} ]] || cargo build --release --quiet --bin seoladh --example batch_check
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

# Run 1: SIGKILL once the output holds KILL_AT_LINES lines (unless it finishes first).
"$BIN" batch --index "$INDEX" --input "$IN" --output "$OUT" 2> "$DIR/batch-run1.log" &
pid=$!
killed=no
started=$(date +%s.%N)
while kill -0 "$pid" 2>/dev/null; do
  if [[ -f "$OUT" ]] && (( $(wc -l < "$OUT") >= KILL_AT_LINES )); then
    kill -9 "$pid" 2>/dev/null && killed=yes
    break
  fi
  sleep 1
done
run1_status=0
wait "$pid" 2>/dev/null || run1_status=$?
if [[ $killed == no && $run1_status != 0 ]]; then
  echo "FAILED: run 1 exited with $run1_status:"; tail -n 5 "$DIR/batch-run1.log"; exit 1
fi
touch "$OUT"
run1_s=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
done_lines=$(wc -l < "$OUT")
partial=$(tail -c 1 "$OUT" | od -An -c | tr -d ' ')
echo "run 1: killed=$killed after ${run1_s}s with $done_lines complete lines (last byte: $partial)"

# Run 2: the same command resumes; timed for throughput and peak RSS.
/usr/bin/time -v -o "$TIMES" "$BIN" batch --index "$INDEX" --input "$IN" --output "$OUT" 2> "$DIR/batch-run2.log"
tail -n 3 "$DIR/batch-run2.log"
skipped=$(awk '/skipped \(done before\)/ { print $NF }' "$DIR/batch-run2.log")
if [[ "${skipped:-0}" != "$done_lines" ]]; then
  echo "FAILED: run 2 skipped ${skipped:-0} rows, run 1 had left $done_lines"; exit 1
fi

"$CHECK" "$IN" "$OUT"

elapsed=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$TIMES")
secs=$(awk -v t="$elapsed" 'BEGIN { n = split(t, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }')
rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$TIMES")
resumed=$((ROWS - done_lines))
echo "rows: $ROWS"
echo "killed: $killed at $done_lines lines after ${run1_s}s"
echo "resumed_rows: $resumed"
echo "resumed_wall_s: $secs"
awk -v r="$resumed" -v s="$secs" 'BEGIN { printf "rows_per_s: %.0f\n", (s > 0 ? r / s : 0) }'
cpu_s=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$TIMES")
echo "resumed_cpu_s: $cpu_s (user + system; the machine may be shared)"
awk -v r="$resumed" -v s="$cpu_s" 'BEGIN { printf "rows_per_cpu_s: %.0f\n", (s > 0 ? r / s : 0) }'
awk -v k="$rss_kb" 'BEGIN { printf "peak_rss_mb: %.1f\n", k / 1024 }'
echo "output_lines: $(wc -l < "$OUT")"
