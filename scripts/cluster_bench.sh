#!/usr/bin/env bash
# Throughput of scripts/cluster.py on this machine (docs/scale.md): analyse and datagen with
# 1 and 2 local worker processes beside the single-process commands they split up, and the
# overhead per task (many tasks that do almost nothing).
#
# Usage: scripts/cluster_bench.sh [BINARY]   (default target/release/dabbaba)
# Each row: wall seconds of the whole command, and the rate the command reports for its run
# (the cluster's leaves out starting the cluster and joining the parts). Run it on a quiet
# machine; everything it writes goes to a temporary folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dabbaba=$(realpath "${1:-$root/target/release/dabbaba}")
py=${PYTHON:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 300 chess positions of seeded self-play (every third quiet position of 40 games).
"$dabbaba" -q datagen --variant chess --games 40 --nodes 500 --seed 11 --out "$tmp/pos.txt" \
  >/dev/null 2>&1
awk -F' \\| ' 'NR%3==0 && n<300 {print $1; n++}' "$tmp/pos.txt" >"$tmp/300.epd"
# 1000 positions for the overhead rows (the same 300, repeated).
awk '{a[NR]=$0} END {for (i = 0; i < 1000; i++) print a[i % NR + 1]}' "$tmp/300.epd" \
  >"$tmp/1000.epd"

row() {
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>"$tmp/err"
  end=$(date +%s.%N)
  local rate
  rate=$(grep -Eo '\(([0-9.]+) [a-z]+/s this run' "$tmp/err" | tr -d '(' || true)
  printf '| %s | %.2f | %s |\n' "$name" "$(echo "$end - $start" | bc)" "${rate:--}"
}

echo "| command | wall s | rate of the run |"
echo "|---|---|---|"
row "dabbaba analyse, 300 positions at 20000 nodes" \
  "$dabbaba" -q analyse --epd "$tmp/300.epd" --nodes 20000 --json --threads 1
for w in 1 2; do
  row "cluster.py analyse, same, chunks of 10, $w worker(s)" \
    "$py" "$root/scripts/cluster.py" analyse "$tmp/300.epd" --nodes 20000 --chunk 10 \
    --workers "$w" --binary "$dabbaba" --out "$tmp/a$w.ndjson"
done
row "dabbaba datagen, 100 chess games at 1000 nodes, --jobs 1" \
  "$dabbaba" -q datagen --variant chess --games 100 --nodes 1000 --seed 3 --jobs 1 \
  --format binary --out "$tmp/d.bin"
row "dabbaba datagen, same, --jobs 2" \
  "$dabbaba" -q datagen --variant chess --games 100 --nodes 1000 --seed 3 --jobs 2 \
  --format binary --out "$tmp/d2.bin"
for w in 1 2; do
  row "cluster.py datagen, same, shards of 10 games, $w worker(s)" \
    "$py" "$root/scripts/cluster.py" datagen --variant chess --games 100 --nodes 1000 \
    --seed 3 --shard 10 --workers "$w" --binary "$dabbaba" --out "$tmp/c$w.bin"
done
cmp "$tmp/d.bin" "$tmp/c2.bin" && echo "(the 2-worker datagen file is the --jobs 1 file, byte for byte)"
# Overhead: 1000 positions at 1 node, one task each (a process start and a task round trip)
# and in chunks of 100, against the single process.
row "dabbaba analyse, 1000 positions at 1 node" \
  "$dabbaba" -q analyse --epd "$tmp/1000.epd" --nodes 1 --json --threads 1
for c in 1 100; do
  row "cluster.py analyse, same, chunks of $c, 2 workers" \
    "$py" "$root/scripts/cluster.py" analyse "$tmp/1000.epd" --nodes 1 --chunk "$c" \
    --workers 2 --binary "$dabbaba" --out "$tmp/o$c.ndjson"
done
# The scheduler's own cost: 5000 tasks that do nothing, on the same 2-process local cluster
# (what 100 machines with small tasks would ask of it; docs/scale.md).
"$py" "$root/scripts/cluster_overhead.py" 1000 5000
