#!/usr/bin/env bash
# Long-run stress test (docs/reliability.md): Dabbaba against itself in every built-in
# variant, at fast clocks, with different Threads and Hash settings on each side, refereed
# by pyffish (Dabbaba's own rules, `--referee`, for the variants pyffish does not play).
# Counts games, illegal moves, crashes and time losses; exits 1 if any engine failed.
#
# Usage: scripts/stress.sh [--games N] [--out DIR] [--seed S] [--variants "a b ..."]
#   --games N     games per variant (default 18: about 2,300 over the 128 built-ins)
#   --out DIR     logs and PGNs, one set per variant (default stress-out); a variant whose
#                 log is complete is skipped, so an interrupted run resumes where it stopped
#   --seed S      seeds the openings and the settings (default 1)
#   --variants    only these variants (default: every variant `dabbaba variants` lists)
# DABBABA names the binary (default target/release/dabbaba, built if missing).
#
# Settings per variant, from the seed and the variant's place in the list: the clock
# alternates between 1+0.01 and 5+0.05; each side gets Threads 1 to 4 and Hash 1, 16, 64
# or 256 MB, drawn at random. The last line gives the totals and the peak resident memory of
# any engine (GNU time's maximum RSS over each match process and its children).
set -euo pipefail
cd "$(dirname "$0")/.."

games=18 out=stress-out seed=1 only=""
while [ $# -gt 0 ]; do
    case "$1" in
    --games | --out | --seed | --variants)
        [ $# -ge 2 ] || { echo "stress.sh: $1 needs a value" >&2; exit 2; } ;;
    esac
    case "$1" in
    --games) games=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --variants) only=$2; shift 2 ;;
    -h | --help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "stress.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done

for n in "$games" "$seed"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "stress.sh: '$n' is not a positive whole number" >&2; exit 2; }
done

bin=${DABBABA:-target/release/dabbaba}
if [ ! -x "$bin" ]; then
    cargo build --release
fi
bin=$(realpath "$bin")
python3 -c 'import pyffish' || { echo "stress.sh: pyffish is needed (pip install pyffish==0.0.90)" >&2; exit 2; }
if [ ! -x /usr/bin/time ]; then
    echo "stress.sh: GNU time is needed for the memory figure (apt-get install time)" >&2
    exit 2
fi

mkdir -p "$out"
if [ -n "$only" ]; then
    read -r -a variants <<<"$only"
else
    mapfile -t variants < <("$bin" variants | awk '{print $1}')
fi
mapfile -t fairy < <(python3 -c 'import pyffish; print("\n".join(pyffish.variants()))')

tcs=(1+0.01 5+0.05)
hashes=(1 16 64 256)
i=0
for v in "${variants[@]}"; do
    i=$((i + 1))
    log=$out/$v.log
    if [ -f "$log" ] && grep -q '^STRESS-DONE' "$log"; then
        continue
    fi
    # Bash's RANDOM, seeded by the seed and the variant's place, picks the settings.
    RANDOM=$((seed * 1000 + i))
    tc=${tcs[$((i % 2))]}
    t1=$((RANDOM % 4 + 1)) t2=$((RANDOM % 4 + 1))
    h1=${hashes[$((RANDOM % 4))]} h2=${hashes[$((RANDOM % 4))]}
    referee=()
    if ! printf '%s\n' "${fairy[@]}" | grep -qx "$v"; then
        referee=(--referee "$bin")
    fi
    echo "== $v: tc $tc, Threads $t1/$t2, Hash $h1/$h2 ${referee:+(Dabbaba referee)}"
    status=0
    /usr/bin/time -f 'STRESS-RSS %M' python3 scripts/match.py --variant "$v" --games "$games" \
        --tc "$tc" --concurrency 1 --random-plies 4 --seed "$((seed + i))" --max-plies 400 \
        "${referee[@]}" --pgn "$out/$v.pgn" \
        --engine cmd="$bin" proto=uci name=a option.Threads=$t1 option.Hash=$h1 \
        --engine cmd="$bin" proto=uci name=b option.Threads=$t2 option.Hash=$h2 \
        >"$log.part" 2>&1 || status=$?
    echo "STRESS-DONE status $status tc $tc threads $t1 $t2 hash $h1 $h2" >>"$log.part"
    mv "$log.part" "$log"
    tail -n 4 "$log" | grep -v '^STRESS' || true
done

# Totals over every variant log in $out.
played=0 failed=0 illegal=0 timeouts=0 crashes=0 rss=0 runs=0
for log in "$out"/*.log; do
    [ -f "$log" ] || continue
    runs=$((runs + 1))
    played=$((played + $(grep -c '^Finished game' "$log" || true)))
    ill=$(grep -c '^  ! illegal move' "$log" || true)
    tmo=$(grep -c '^  ! time-out' "$log" || true)
    all=$(grep -c '^  ! ' "$log" || true)
    illegal=$((illegal + ill)) timeouts=$((timeouts + tmo)) crashes=$((crashes + all - ill - tmo))
    r=$(sed -n 's/^STRESS-RSS //p' "$log" | tail -n 1)
    if [ -n "$r" ] && [ "$r" -gt "$rss" ]; then
        rss=$r
    fi
    if grep -q '^STRESS-DONE status [^0]' "$log"; then
        failed=$((failed + 1))
    fi
done
echo "variants $runs, games $played, illegal moves $illegal, crashes and errors $crashes," \
    "time losses $timeouts, matches with a failure $failed, peak RSS $((rss / 1024)) MB"
[ "$illegal" -eq 0 ] && [ "$crashes" -eq 0 ] && [ "$timeouts" -eq 0 ] && [ "$failed" -eq 0 ]
