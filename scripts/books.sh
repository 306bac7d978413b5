#!/usr/bin/env bash
# Builds the opening books of books/ by self-play (`dabbaba book`), exports their EPD and PGN
# opening suites, and measures each suite's balance: a self-play match at fixed nodes from
# its positions, each played twice with colours swapped, whose "White's score" line says
# how much the openings favour the side to move first (docs/openings.md).
#
#   scripts/books.sh [--binary PATH] [--balance-games N] [VARIANT...]
#
# Default: every variant of the table below with target/release/dabbaba, 200 balance games.
# The books are a function of the settings and the seed, and a stopped run resumes: the
# book command adds to an existing book with the same settings, and a variant whose balance
# log ends with a result is not played again (delete books/VARIANT.balance.txt to redo it).
# The balance match needs Python with pyffish (chu, which pyffish does not play, is refereed
# by the binary's own rules).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=target/release/dabbaba
balance_games=200
variants=()
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        --balance-games) balance_games=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        -*) echo "books.sh: unknown option $1" >&2; exit 1 ;;
        *) variants+=("$1"); shift ;;
    esac
done

# variant, games from each first move, plies kept, nodes per move, max plies of a game, and
# the window of scores kept (`--centre C --max-eval E`: White's score within E of C).
# Games per first move are chosen so that each book has 160-200 games: the start positions
# have 20 (chess, crazyhouse) to 44 (xiangqi) first moves. Janggi's first player is worse off
# than the search's scores say (the second gets 1.5 points): with the window centred on 0
# White scored 42 % from the book, so its window is centred on +30 and it plays more games
# for as many lines (books/README.md).
table="
chess 8 8 5000 240 0 150
crazyhouse 8 8 5000 240 0 150
makruk 8 8 5000 240 0 150
shogi 6 8 5000 300 0 150
xiangqi 4 8 5000 240 0 150
janggi 10 8 5000 240 30 60
chushogi 5 6 3000 300 0 150
"
if [ ${#variants[@]} -eq 0 ]; then
    read -r -a variants <<<"$(awk 'NF { printf "%s ", $1 }' <<<"$table")"
fi
[ -x "$binary" ] || { echo "books.sh: no binary at $binary (cargo build --release)" >&2; exit 1; }
mkdir -p books
for v in "${variants[@]}"; do
    row=$(awk -v v="$v" '$1 == v' <<<"$table")
    [ -n "$row" ] || { echo "books.sh: $v has no row in the table" >&2; exit 1; }
    read -r _ games plies nodes max_plies centre max_eval <<<"$row"
    echo "== $v: book"
    "$binary" book --quiet --variant "$v" --games "$games" --plies "$plies" --nodes "$nodes" \
        --max-plies "$max_plies" --centre "$centre" --max-eval "$max_eval" --seed 1 \
        --out "books/$v.book" \
        --epd "books/$v.epd" --pgn "books/$v.pgn"
    log="books/$v.balance.txt"
    if [ -f "$log" ] && grep -q "^White's score" "$log"; then
        echo "== $v: balance already measured ($log)"
        continue
    fi
    referee=()
    [ "$v" = chushogi ] && referee=(--referee "$binary")
    echo "== $v: balance, $balance_games games at $nodes nodes"
    python3 scripts/match.py --variant "$v" ${referee[@]+"${referee[@]}"} --games "$balance_games" \
        --nodes "$nodes" --max-plies "$max_plies" --openings "books/$v.epd" --seed 1 \
        --engine cmd="$binary" proto=uci name=dabbaba-a \
        --engine cmd="$binary" proto=uci name=dabbaba-b >"$log.part"
    mv "$log.part" "$log"
    grep -E "^(Score of|White's score)" "$log"
done
