#!/usr/bin/env bash
# One NNUE training round for a variant: datagen -> train -> validate -> match, each step
# logged with its command and time to $WORK/train-net.log (nets/README.md, "Making a net").
#
# Usage: scripts/train-net.sh VARIANT
#
# The round builds on the variant's committed net, nets/VARIANT.nnue, when there is one, or
# on the net PARENT names (a candidate of nets/candidates/, say): the games are played with
# it (`datagen --nnue` or `--eval-file`), training continues from it (`train --from`) and the
# new net is matched against it. Without one, the games are played with the hand-crafted
# evaluation, a new net is trained and matched against that evaluation. The new net is left
# in $WORK; committing it (to nets/ or nets/candidates/) is the user's decision, on the match.
#
# Every setting is an environment variable (defaults sized for a 2-core machine):
#   DABBABA      the binary (default: target/release/dabbaba, built if missing)
#   PARENT       the net to build on (default: nets/VARIANT.nnue if it exists)
#   WORK         where data, nets and logs go (default: data/VARIANT; data/ is not committed)
#   GAMES        self-play games (default 20000)   NODES  nodes per move (default 5000)
#   JOBS         games at once (default 2)         SEED   datagen seed (default 1)
#   POSITIONS    stop the games once this run has written so many training positions
#   EXTRA_DATA   more data files to train on, space-separated (e.g. the last round's)
#   EPOCHS       (default 12)  BATCH (8192)  LAMBDA (0: the search score only)  HIDDEN (128,
#                for a new net)  THREADS (2, the trainer's)  BUCKETS (output buckets; default:
#                the parent's, 1 for a new net)  LR (Adam's step size, default 0.001; a round
#                that continues a net on new data only may keep more of it with 0.0003)
#   MATCH_GAMES  (default 200)  MATCH_NODES (10000)  MATCH_SEED (1)
#   CLUSTER      play the games on a Dask cluster (`scripts/cluster.py datagen`): a scheduler's
#                address (tcp://host:8786), or `local` for a local cluster of JOBS processes;
#                the same games as without it (docs/scale.md). Needs dask[distributed]; not
#                with POSITIONS (a cluster run is sized by GAMES)
#
# Datagen resumes: run the same command again after a stop and only the missing games are
# played. Stop with Ctrl-C at any step; the steps before it keep their output.
set -euo pipefail

variant=${1:?usage: scripts/train-net.sh VARIANT}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-$root/data/$variant}
games=${GAMES:-20000} nodes=${NODES:-5000} jobs=${JOBS:-2} seed=${SEED:-1}
epochs=${EPOCHS:-12} batch=${BATCH:-8192} lambda=${LAMBDA:-0} hidden=${HIDDEN:-128}
threads=${THREADS:-2} lr=${LR:-0.001}
buckets=()
if [ -n "${BUCKETS:-}" ]; then buckets=(--buckets "$BUCKETS"); fi
positions=()
if [ -n "${POSITIONS:-}" ]; then positions=(--positions "$POSITIONS"); fi
match_games=${MATCH_GAMES:-200} match_nodes=${MATCH_NODES:-10000} match_seed=${MATCH_SEED:-1}
mkdir -p "$work"
log=$work/train-net.log

say() { echo "[$(date -u '+%F %T')] $*" | tee -a "$log"; }
# Runs a step's command, logging it and its output.
step() {
  local name=$1; shift
  say "$name: $*"
  local start=$SECONDS
  "$@" 2>&1 | tee -a "$log"
  say "$name: done in $((SECONDS - start)) s"
}

dabbaba=${DABBABA:-$root/target/release/dabbaba}
if [ ! -x "$dabbaba" ]; then
  step build cargo build --release --manifest-path "$root/Cargo.toml"
fi
"$dabbaba" variants | awk '{print $1}' | grep -qx "$variant" \
  || { echo "unknown variant '$variant'" >&2; exit 1; }

parent=${PARENT:-$root/nets/$variant.nnue}
if [ -n "${PARENT:-}" ] && [ ! -f "$PARENT" ]; then
  echo "PARENT: no net file '$PARENT'" >&2
  exit 1
fi
data=$work/$variant-seed$seed-nodes$nodes.bin
new=$work/$variant-new.nnue
if [ -f "$parent" ]; then
  if [ -n "${PARENT:-}" ]; then play=(--eval-file "$parent"); else play=(--nnue); fi
  from=(--from "$parent") size=()
  say "parent net: $parent"
else
  play=() from=() size=(--hidden "$hidden")
  say "no net in nets/ for $variant: games with the hand-crafted evaluation, a new net"
fi

if [ -n "${CLUSTER:-}" ]; then
  if [ -n "${POSITIONS:-}" ]; then
    echo "CLUSTER and POSITIONS: a cluster run is sized by GAMES; give one of them" >&2
    exit 1
  fi
  where=(--workers "$jobs")
  if [ "$CLUSTER" != local ]; then where=(--scheduler "$CLUSTER"); fi
  # cluster.py resumes a stopped run, finds a finished one done, and refuses a file that
  # another command wrote.
  step datagen python3 "$root/scripts/cluster.py" datagen "${where[@]}" --binary "$dabbaba" \
    --variant "$variant" --games "$games" --nodes "$nodes" --seed "$seed" "${play[@]}" \
    --format binary --out "$data"
else
  step datagen "$dabbaba" datagen --variant "$variant" --games "$games" --nodes "$nodes" \
    --jobs "$jobs" --seed "$seed" "${positions[@]}" "${play[@]}" --format binary --out "$data"
fi

# shellcheck disable=SC2086  # EXTRA_DATA is a list of files
step train "$dabbaba" train --variant "$variant" --data "$data" ${EXTRA_DATA:-} --out "$new" \
  "${from[@]}" "${size[@]}" "${buckets[@]}" --epochs "$epochs" --batch "$batch" --lambda "$lambda" \
  --learning-rate "$lr" --threads "$threads" --seed "$seed"

# Validate: the held-out loss before training (the parent's, or a random net's) against the
# new net's, as `train` printed them.
first=$(grep -E '^epoch 0: ' "$log" | tail -1 | awk '{print $6}')
last=$(grep -E "^epoch $epochs: " "$log" | tail -1 | awk '{print $6}')
say "validate: held-out loss $first before, $last after"

if [ -f "$parent" ]; then
  old=(cmd="$dabbaba" proto=uci name=parent option.Hash=16 option.Threads=1
    option.EvalFile="$parent" "option.Use NNUE=true")
else
  old=(cmd="$dabbaba" proto=uci name=hce option.Hash=16 option.Threads=1 "option.Use NNUE=false")
fi
step match python3 "$root/scripts/match.py" --variant "$variant" --nodes "$match_nodes" \
  --concurrency "$jobs" --random-plies 6 --seed "$match_seed" --max-plies 400 \
  --resign movecount=3 score=800 --draw movenumber=40 movecount=8 score=10 \
  --games "$match_games" --serve-referee "$dabbaba" --pgn "$work/match.pgn" \
  --engine cmd="$dabbaba" proto=uci name=new option.Hash=16 option.Threads=1 \
  option.EvalFile="$new" "option.Use NNUE=true" \
  --engine "${old[@]}"
say "round done: new net $new; to keep it, copy it to nets/ or nets/candidates/ (nets/README.md)"
