#!/bin/sh
# Plays short engine-vs-engine matches under GNU XBoard (4.9.1) without a window and fails on
# any illegal move, protocol error or forfeit of Dabbaba in XBoard's debug file.
#
#   scripts/xboard-check.sh [ENGINE] [OPPONENT]
#
# ENGINE defaults to target/release/dabbaba, OPPONENT to fairymax (for variants it knows;
# Dabbaba plays itself in the others). Needs xboard and xvfb-run (apt-get install xboard xvfb).
# Results go to ${OUT:-/tmp/xboard-check}. VARIANTS picks a subset (space-separated names
# from the list below). `custom` is an engine-defined variant from an INI file written here
# (a 10x8 board with a nightrider and a cannon), played with `--variants FILE`. `minishogi`
# and `gorogoro` are engine-defined too (XBoard 4.9.1 does not know them): drop variants
# whose `piece` lines carry the promoted forms (`piece +R& RF`).
set -u
ENGINE=${1:-target/release/dabbaba}
OPP=${2:-fairymax}
OUT=${OUT:-/tmp/xboard-check}
GAMES=${GAMES:-2}
TC=${TC:-0:30}
INC=${INC:-0.5}
mkdir -p "$OUT"
ENGINE=$(readlink -f "$ENGINE")
command -v xboard >/dev/null || PATH=$PATH:/usr/games
command -v xboard >/dev/null || { echo "xboard not found" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "xvfb-run not found" >&2; exit 2; }
OPPCMD=$(command -v "$OPP" || echo "$OPP")

INI=$OUT/custom.ini
cat >"$INI" <<'INI'
[custom:chess]
maxFile = j
customPiece1 = h:NN
customPiece2 = o:mRcpR
startFen = rnbhqkobnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBHQKOBNR w KQkq - 0 1
castlingKingsideFile = h
castlingQueensideFile = d
INI

ALL="normal:opp capablanca:opp shako:self grand:self crazyhouse:self xiangqi:self shogi:self minishogi:self gorogoro:self custom:self"
fail=0
# variant:opponent ("self" = Dabbaba against itself)
for spec in $ALL; do
    v=${spec%%:*}
    who=${spec#*:}
    if [ -n "${VARIANTS:-}" ]; then
        case " $VARIANTS " in *" $v "*) ;; *) continue ;; esac
    fi
    first=$ENGINE
    [ "$v" = custom ] && first="$ENGINE --variants $INI"
    second=$first
    [ "$who" = opp ] && second=$OPPCMD
    dbg=$OUT/$v.debug
    rm -f "$dbg" "$OUT/$v.pgn"
    timeout 1200 xvfb-run -a xboard -noGUI -fcp "$first" -scp "$second" -variant "$v" \
        -mg "$GAMES" -tc "$TC" -inc "$INC" -debug -debugfile "$dbg" \
        -saveGameFile "$OUT/$v.pgn" >"$OUT/$v.out" 2>&1 &
    pid=$!
    # XBoard 4.9.1 stays up after a -noGUI match: stop it once the score is out.
    while kill -0 $pid 2>/dev/null; do
        grep -q 'final score' "$OUT/$v.out" 2>/dev/null && { sleep 1; kill $pid 2>/dev/null; break; }
        sleep 2
    done
    wait $pid 2>/dev/null
    score=$(grep -o 'final score.*' "$OUT/$v.out")
    bad=$(grep -E '<first : (Illegal move|Error)|Forfeit|did not send setup|Engine did not|[Ff]alse [a-z ]*claim' "$dbg" | head -3)
    [ "$who" = self ] && bad=$(grep -E '<(first|second): (Illegal move|Error)|Forfeit|did not send setup|[Ff]alse [a-z ]*claim' "$dbg" | head -3)
    # Engine-defined variants: the engine must have defined them (setup, and for minishogi
    # the promoted forms as `piece +X&`).
    case $v in
    shako | custom | minishogi | gorogoro)
        grep -q '<first : setup (' "$dbg" || bad="$bad no setup from the engine"
        ;;
    esac
    case $v in
    minishogi | gorogoro)
        grep -q '<first : piece +[A-Z]& ' "$dbg" || bad="$bad no piece +X& line"
        ;;
    esac
    if [ -z "$score" ] || [ -n "$bad" ]; then
        echo "FAIL $v: ${score:-no result} $bad"
        fail=1
    else
        echo "ok   $v: $score; $(grep -oE '\{[A-Za-z][^}]*\}' "$OUT/$v.pgn" | tr '\n' ' ')"
    fi
done
exit $fail
