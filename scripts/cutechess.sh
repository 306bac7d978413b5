#!/usr/bin/env bash
# Run the same match as scripts/match.py through cutechess-cli, to compare the results.
#
# cutechess-cli is NOT installed or shipped by Dabbaba: install it yourself (it is a
# separate GPL program) and put it on PATH or in $CUTECHESS. It referees only the variants
# it implements (standard chess, crazyhouse, capablanca, shatranj, shogi, ...; not xiangqi,
# janggi or variants from a variants.ini); for those use scripts/match.py, whose referee is
# pyffish.
#
# Usage (the same spelling as match.py for the options both share):
#   scripts/cutechess.sh --variant crazyhouse --games 100 --tc 10+0.1 \
#       --engine cmd=target/release/dabbaba proto=uci name=dabbaba option.Threads=1 \
#       --engine cmd=path/to/fairy-stockfish proto=uci name=fsf option.Threads=1 \
#       [--concurrency 1] [--openings FILE.epd] [--random-plies N] [--seed S] [--shuffle]
#       [--book-moves]
#       [--resign movecount=3 score=800] [--draw movenumber=40 movecount=8 score=10]
#       [--pgn OUT.pgn] [--sprt ELO0 ELO1 ALPHA BETA] [--nodes N | --depth N]
#       [-- any further cutechess-cli arguments]
# With --random-plies the openings are those match.py plays with the same --games,
# --openings, --random-plies, --seed and --shuffle (written by scripts/openings.py, which
# needs pyffish), so the two runners can play the same positions. cutechess-cli sends each
# opening as a position (`setboard`, or `edit` to engines without it); with --book-moves it
# sends the random plies as moves instead (a PGN opening file), for engines whose `edit`
# does not know the variant's pieces (Fairy-Max in capablanca).
# Engine settings: cmd= name= dir= arg= option.NAME=VALUE pass through; proto=cecp becomes
# cutechess's proto=xboard; variant.*= (match.py only) is dropped with a warning.
# Games are played in pairs with colours swapped (-repeat), like match.py.
set -euo pipefail

CUTECHESS=${CUTECHESS:-$(command -v cutechess-cli || true)}
if [ -z "$CUTECHESS" ] || [ ! -x "$CUTECHESS" ]; then
    echo "cutechess.sh: cutechess-cli not found (not installed by Dabbaba; set \$CUTECHESS or PATH)." >&2
    echo "cutechess.sh: use scripts/match.py instead (it referees every variant pyffish knows)." >&2
    exit 2
fi

variant=chess games=2 tc="" concurrency=1 openings="" pgn="" nodes="" depth=""
random_plies=0 seed=1 shuffle=() book_moves=0
sprt=() adjudication=()
engines=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --variant) variant=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        --tc) tc=$2; shift 2 ;;
        --nodes) nodes=$2; shift 2 ;;
        --depth) depth=$2; shift 2 ;;
        --concurrency) concurrency=$2; shift 2 ;;
        --openings) openings=$2; shift 2 ;;
        --random-plies) random_plies=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --shuffle) shuffle=(--shuffle); shift ;;
        --book-moves) book_moves=1; shift ;;
        --resign|--draw)
            adjudication+=("-${1#--}"); shift
            while [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; do adjudication+=("$1"); shift; done ;;
        --pgn) pgn=$2; shift 2 ;;
        --sprt) sprt=(-sprt "elo0=$2" "elo1=$3" "alpha=$4" "beta=$5"); shift 5 ;;
        --engine)
            shift
            engines+=(-engine)
            while [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; do
                case "$1" in
                    proto=cecp|proto=xboard|protocol=cecp) engines+=(proto=xboard) ;;
                    variant.*) echo "cutechess.sh: ignoring $1 (match.py only)" >&2 ;;
                    *) engines+=("$1") ;;
                esac
                shift
            done ;;
        --) shift; extra=("$@"); break ;;
        *) echo "cutechess.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

case "$variant" in
    chess) cvariant=standard ;;
    xiangqi|janggi*|minixiangqi|manchu|supply)
        echo "cutechess.sh: cutechess-cli does not play $variant; use scripts/match.py" >&2; exit 2 ;;
    *) cvariant=$variant ;;
esac

case "$random_plies$seed" in
    *[!0-9]*) echo "cutechess.sh: --random-plies and --seed take whole numbers" >&2; exit 2 ;;
esac
if [ "$book_moves" = 1 ] && [ "$random_plies" = 0 ]; then
    echo "cutechess.sh: --book-moves needs --random-plies" >&2; exit 2
fi
format=epd
if [ "$random_plies" -gt 0 ]; then
    [ "$book_moves" = 1 ] && format=pgn
    book=$(mktemp "${TMPDIR:-/tmp}/cutechess-openings.XXXXXX.$format")
    trap 'rm -f "$book"' EXIT
    from=() as_pgn=()
    [ -n "$openings" ] && from=(--openings "$openings")
    [ "$format" = pgn ] && as_pgn=(--pgn)
    python3 "$(dirname "$0")/openings.py" --variant "$variant" --games "$games" \
        --random-plies "$random_plies" --seed "$seed" "${shuffle[@]}" "${from[@]}" \
        "${as_pgn[@]}" > "$book"
    openings=$book
fi

each=()
[ -n "$tc" ] && each+=("tc=$tc")
[ -z "$tc" ] && each+=("tc=inf")
[ -n "$nodes" ] && each+=("nodes=$nodes")
[ -n "$depth" ] && each+=("depth=$depth")

args=(-variant "$cvariant" -rounds $(( (games + 1) / 2 )) -games 2 -repeat -recover
      -concurrency "$concurrency" "${engines[@]}" -each "${each[@]}")
[ -n "$openings" ] && args+=(-openings "file=$openings" "format=$format" order=sequential)
[ -n "$pgn" ] && args+=(-pgnout "$pgn")
args+=("${adjudication[@]}" "${sprt[@]}" "${extra[@]}")

echo "+ $CUTECHESS ${args[*]}" >&2
"$CUTECHESS" "${args[@]}"
