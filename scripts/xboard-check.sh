#!/bin/sh
# Plays short engine-vs-engine matches under GNU XBoard (4.9.1) without a window and fails on
# any illegal move, protocol error or forfeit of Dabbaba in XBoard's debug file; then, with a
# window on a virtual screen, presses one of our pieces and saves a screenshot of the squares
# our `highlight` answer marks (needs Xvfb, xdotool and ImageMagick; GUI=0 skips it).
#
#   scripts/xboard-check.sh [ENGINE] [OPPONENT]
#
# ENGINE defaults to target/release/dabbaba, OPPONENT to fairymax (for variants it knows;
# Dabbaba plays itself in the others). Needs xboard and xvfb-run (apt-get install xboard xvfb
# xdotool imagemagick).
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

# (2) With a window: XBoard on a virtual screen loads an engine-defined variant, xdotool
# presses the mouse on one of our pieces, and the screenshot shows the squares our `highlight`
# answer marked. GUI=0 skips this; GUI_VARIANT and GUI_SQUARE (CECP square names, ranks 0-9
# on 10-rank boards, holdings as XBoard names them) choose the piece, GUI_MOVES (2-square
# moves) are clicked first; GUI_SHOT is the picture.
if [ "${GUI:-1}" = 1 ]; then
    gv=${GUI_VARIANT:-shako}
    gsq=${GUI_SQUARE:-c1}
    shot=${GUI_SHOT:-$OUT/gui-$gv.png}
    for t in Xvfb xdotool import convert; do
        command -v $t >/dev/null || { echo "FAIL gui: $t not found"; exit 1; }
    done
    dpy=:$((90 + $$ % 9))
    Xvfb "$dpy" -screen 0 1280x1024x24 >"$OUT/xvfb.log" 2>&1 &
    xvfb=$!
    sleep 2
    gdbg=$OUT/gui.debug
    rm -f "$gdbg"
    DISPLAY=$dpy xboard -fcp "$ENGINE" -variant "$gv" -boardSize middling -debug \
        -debugfile "$gdbg" >"$OUT/gui.out" 2>&1 &
    xb=$!
    # Wait for the engine's answer to `variant` (and its pong) before touching the board.
    i=0
    while [ $i -lt 60 ] && ! grep -q '<first : pong' "$gdbg" 2>/dev/null; do
        sleep 1
        i=$((i + 1))
    done
    sleep 2
    wid=$(DISPLAY=$dpy xdotool search --name '^xboard: ' | head -1)
    DISPLAY=$dpy import -window "${wid:-root}" "$OUT/gui-before.png"
    # The board's grid from the picture: grid lines are rows (and columns) of black pixels
    # across most of the window, one more than the ranks (files), at equal spacing. With
    # holdings, the board starts two squares in (holdings, then a black gap column).
    setup=$(grep -o '<first : setup ([^)]*) [0-9]*x[0-9]*+[0-9]*' "$gdbg" | head -1)
    size=${setup##* }
    files=${size%%x*}
    rest=${size#*x}
    ranks=${rest%%+*}
    pocket=${rest#*+}
    [ -n "$setup" ] || { files=8 ranks=8 pocket=0; }
    txt=$OUT/gui-before.txt
    convert "$OUT/gui-before.png" -depth 8 txt:- | grep '#000000' >"$txt"
    width=$(identify -format %w "$OUT/gui-before.png")
    set -- $(awk -F'[,: ]+' -v w="$width" '{ c[$2]++ } END { for (y in c) if (c[y] > 0.85 * w) print y }' "$txt" |
        sort -n | awk -v n="$ranks" '{ ys[NR] = $1 } END {
            for (i = 1; i + n <= NR; i++) { d = ys[i + 1] - ys[i]; ok = d > 10
                for (j = 1; j <= n && ok; j++) ok = (ys[i + j] - ys[i + j - 1] == d)
                if (ok) { print ys[i], d; exit } } }')
    top=${1:-} sq=${2:-}
    left=
    if [ -n "$sq" ]; then
        left=$(awk -F'[,: ]+' -v t="$top" -v h="$((ranks * sq))" '$2 > t && $2 < t + h { c[$1]++ }
            END { m = -1; for (x in c) if (c[x] > 0.9 * h && (m < 0 || x + 0 < m)) m = x + 0; print m }' "$txt")
        [ "$pocket" -gt 0 ] && left=$((left + 2 * sq))
    fi
    if [ -z "$left" ] || [ "$left" -lt 0 ]; then
        echo "FAIL gui: board grid not found in $OUT/gui-before.png"
        fail=1
    else
        # Pixel centre of a CECP square name; holdings slots too (XBoard's names: White's
        # hand two files right of the board, `g1` on 5 files; Black's two files left, `_5`).
        at() {
            f=$(printf '%d' "'${1%"${1#?}"}")
            f=$((f - 97))
            r=${1#?}
            [ "$ranks" -ne 10 ] && r=$((r - 1))
            echo $((left + f * sq + sq / 2)) $((top + (ranks - 1 - r) * sq + sq / 2))
        }
        # GUI_MOVES: our moves to play first by clicking (from, then to), each followed by
        # the engine's answer, e.g. a capture that puts a piece in hand.
        for m in ${GUI_MOVES:-}; do
            n=$(grep -c '<first : move ' "$gdbg")
            for s in "${m%??}" "${m#??}"; do
                DISPLAY=$dpy xdotool mousemove --window "$wid" $(at "$s") click 1
                sleep 1
            done
            i=0
            while [ $i -lt 30 ] && [ "$(grep -c '<first : move ' "$gdbg")" -le "$n" ]; do
                sleep 1
                i=$((i + 1))
            done
        done
        sleep 1
        DISPLAY=$dpy xdotool mousemove --window "$wid" $(at "$gsq") mousedown 1
        sleep 2
        DISPLAY=$dpy import -window "${wid:-root}" "$shot"
        DISPLAY=$dpy xdotool mouseup 1
        sleep 1
        hl=$(grep -A1 ">first : lift $gsq\$" "$gdbg" | grep -o 'highlight .*' | head -1)
        if [ -z "$hl" ]; then
            echo "FAIL gui: no highlight answer to lift $gsq in $gdbg"
            fail=1
        elif grep -qE '<first : (Illegal move|Error)' "$gdbg"; then
            echo "FAIL gui: $(grep -E '<first : (Illegal move|Error)' "$gdbg" | head -1)"
            fail=1
        else
            echo "ok   gui $gv: lift $gsq -> $hl; screenshot $shot"
        fi
    fi
    kill $xb 2>/dev/null
    wait $xb 2>/dev/null
    kill $xvfb 2>/dev/null
    wait $xvfb 2>/dev/null
fi
exit $fail
