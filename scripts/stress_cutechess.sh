#!/usr/bin/env bash
# The second referee of the long-run stress test (docs/reliability.md): Dabbaba against
# itself through cutechess-cli in every variant that both Dabbaba and cutechess-cli play, so
# that cutechess-cli's own move generator and game-end rules judge every move and result.
# Counts games, illegal moves (by cutechess-cli's rules), crashes, stalls and time losses;
# exits 1 if any engine failed.
#
# Usage: scripts/stress_cutechess.sh [--games N] [--out DIR] [--seed S]
#            [--nodes N | --tc TC] [--variants "a b ..."]
#   --games N     games per variant (default 4, in pairs with colours swapped)
#   --out DIR     logs and PGNs, one set per variant (default stress-cutechess-out); a
#                 variant whose log is complete is skipped, so a stopped run resumes
#   --seed S      seeds the openings (4 random plies, played out by pyffish) and the settings
#   --nodes N     nodes per move (default 5000); --tc TC plays on a clock instead (1+0.01)
#   --variants    only these (default: every variant Dabbaba offers as UCI_Variant, plus
#                 chess; those cutechess-cli does not know are listed and skipped)
# DABBABA names the binary (default target/release/dabbaba); CUTECHESS names cutechess-cli
# (not installed by Dabbaba: build it from cutechess/cutechess, see docs/strength.md).
#
# Each side draws Threads 1 to 4 and Hash 1, 16, 64 or 256 MB (seeded, per variant).
set -euo pipefail
cd "$(dirname "$0")/.."

games=4 out=stress-cutechess-out seed=1 only="" nodes=5000 tc=""
while [ $# -gt 0 ]; do
    case "$1" in
    --games | --out | --seed | --variants | --nodes | --tc)
        [ $# -ge 2 ] || { echo "stress_cutechess.sh: $1 needs a value" >&2; exit 2; } ;;
    esac
    case "$1" in
    --games) games=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --nodes) nodes=$2; tc=""; shift 2 ;;
    --tc) tc=$2; nodes=""; shift 2 ;;
    --variants) only=$2; shift 2 ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "stress_cutechess.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
for n in "$games" "$seed" ${nodes:+"$nodes"}; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "stress_cutechess.sh: '$n' is not a positive whole number" >&2; exit 2; }
done

CUTECHESS=${CUTECHESS:-$(command -v cutechess-cli || true)}
if [ -z "$CUTECHESS" ] || [ ! -x "$CUTECHESS" ]; then
    echo "stress_cutechess.sh: cutechess-cli not found (set \$CUTECHESS or PATH)" >&2
    exit 2
fi
export CUTECHESS
bin=${DABBABA:-target/release/dabbaba}
if [ ! -x "$bin" ]; then
    cargo build --release
fi
bin=$(realpath "$bin")
python3 -c 'import pyffish' || { echo "stress_cutechess.sh: pyffish is needed for the openings (pip install pyffish==0.0.90)" >&2; exit 2; }

mkdir -p "$out"
if [ -n "$only" ]; then
    read -r -a variants <<<"$only"
else
    # The UCI_Variant choices, as cutechess-cli sees them (chess is its `standard`).
    mapfile -t variants < <(printf 'uci\nquit\n' | "$bin" | sed -n 's/^option name UCI_Variant type combo //p' |
        tr ' ' '\n' | awk 'p { print } $0 == "var" { p = 1; next } { p = 0 }' | sort -u)
fi

hashes=(1 16 64 256)
limit=(--nodes "$nodes")
[ -n "$tc" ] && limit=(--tc "$tc")
i=0 unknown=()
for v in "${variants[@]}"; do
    i=$((i + 1))
    log=$out/$v.log
    if [ -f "$log" ] && grep -q '^STRESS-DONE' "$log"; then
        continue
    fi
    # cutechess-cli names an unknown variant before it asks for engines.
    cv=$v
    [ "$v" = chess ] && cv=standard
    probe=$("$CUTECHESS" -variant "$cv" 2>&1 || true)
    if [[ $probe == *'Invalid value for option "-variant"'* ]]; then
        unknown+=("$v")
        continue
    fi
    RANDOM=$((seed * 1000 + i))
    t1=$((RANDOM % 4 + 1)) t2=$((RANDOM % 4 + 1))
    h1=${hashes[$((RANDOM % 4))]} h2=${hashes[$((RANDOM % 4))]}
    status=0
    scripts/cutechess.sh --variant "$v" --games "$games" "${limit[@]}" --random-plies 4 \
        --seed "$((seed + i))" --pgn "$out/$v.pgn" \
        --engine cmd="$bin" proto=uci name=a option.Threads=$t1 option.Hash=$h1 \
        --engine cmd="$bin" proto=uci name=b option.Threads=$t2 option.Hash=$h2 \
        -- -maxmoves 200 >"$log.part" 2>&1 || status=$?
    echo "STRESS-DONE status $status threads $t1 $t2 hash $h1 $h2" >>"$log.part"
    mv "$log.part" "$log"
    echo "== $v (Threads $t1/$t2, Hash $h1/$h2): $(grep -c '^Finished game' "$log" || true) games, status $status"
done
[ ${#unknown[@]} -eq 0 ] || echo "not known to cutechess-cli: ${unknown[*]}"

# Totals over every variant log in $out. cutechess-cli ends a game early with a reason in
# braces: an illegal move, a crash (disconnect), a stall or a time loss.
played=0 illegal=0 crashes=0 timeouts=0 failed=0 runs=0
for log in "$out"/*.log; do
    [ -f "$log" ] || continue
    runs=$((runs + 1))
    played=$((played + $(grep -c '^Finished game' "$log" || true)))
    illegal=$((illegal + $(grep -c '^Finished game.*illegal move' "$log" || true)))
    crashes=$((crashes + $(grep -c '^Finished game.*\(disconnects\|stalls\|terminated\)' "$log" || true)))
    timeouts=$((timeouts + $(grep -c '^Finished game.*loses on time' "$log" || true)))
    if grep -q '^STRESS-DONE status [^0]' "$log"; then
        failed=$((failed + 1))
    fi
done
echo "variants $runs, games $played, illegal moves $illegal, crashes and stalls $crashes," \
    "time losses $timeouts, matches with a failure $failed"
[ "$illegal" -eq 0 ] && [ "$crashes" -eq 0 ] && [ "$timeouts" -eq 0 ] && [ "$failed" -eq 0 ]
