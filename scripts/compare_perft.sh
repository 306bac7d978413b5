#!/usr/bin/env bash
# Times `perft` of Dabbaba and of a Fairy-Stockfish binary side by side, in the same run.
#
# Usage: FSF=/path/to/fairy-stockfish [FSF_LB=/path/to/largeboard-build] [RUNS=3] \
#        scripts/compare_perft.sh [VARIANT:DEPTH ...]
# Default cases: chess:6 capablanca:5 shako:4 grand:4.
# Fairy-Stockfish is not part of this repository: build it yourself (make build ARCH=x86-64-bmi2,
# plus largeboards=yes for boards over 64 squares) and pass its path.
# Prints, per case, the median wall time of each engine over RUNS runs and the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${FSF:?set FSF to a Fairy-Stockfish binary}"
FSF_LB=${FSF_LB:-$FSF}
RUNS=${RUNS:-3}
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(chess:6 capablanca:5 shako:4 grand:4)
cargo build --release --quiet
dab=target/release/dabbaba

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }

printf '%-12s %5s %14s %10s %10s %7s\n' variant depth nodes dabbaba_s fsf_s ratio
for case in "${cases[@]}"; do
  variant=${case%%:*}; depth=${case##*:}
  fsf=$FSF
  [ "$variant" = chess ] || fsf=$FSF_LB
  d_times=(); f_times=()
  for _ in $(seq "$RUNS"); do
    t0=$(now); d_nodes=$($dab perft "$depth" --variant "$variant" 2>/dev/null | tail -1 | awk '{print $3}'); t1=$(now)
    d_times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')")
    t0=$(now)
    f_nodes=$(printf 'uci\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$variant" "$depth" \
      | "$fsf" 2>/dev/null | grep 'Nodes searched' | awk '{print $3}')
    t1=$(now)
    f_times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')")
  done
  dm=$(printf '%s\n' "${d_times[@]}" | median); fm=$(printf '%s\n' "${f_times[@]}" | median)
  [ "$d_nodes" = "$f_nodes" ] || echo "MISMATCH: $variant depth $depth: dabbaba $d_nodes, fairy-stockfish $f_nodes"
  printf '%-12s %5s %14s %10.3f %10.3f %7.2f\n' "$variant" "$depth" "$d_nodes" "$dm" "$fm" "$(awk -v a="$dm" -v b="$fm" 'BEGIN {print a / b}')"
done
