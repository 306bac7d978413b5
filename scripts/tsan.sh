#!/usr/bin/env bash
# ThreadSanitizer over the lazy-SMP search (docs/reliability.md, "Threads and data races").
#
#   scripts/tsan.sh [TARGET_DIR]
#
# Builds Dabbaba with `-Zsanitizer=thread` on the nightly toolchain (the standard library is
# rebuilt with it, `-Zbuild-std`, so that its synchronisation is instrumented too; the
# release profile is kept but with unwinding, no LTO and limited debug information), then
# runs searches on several threads: `bench` with 4 threads in chess, crazyhouse and xiangqi,
# and a UCI session that changes Threads and Hash between searches, stops infinite searches
# at once and after a while, and starts a new game during play. Exits 1 if ThreadSanitizer
# reports anything. Takes about 10 minutes of building and 5 of running here.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${1:-target/tsan}
host=$(rustc -vV | sed -n 's/^host: //p')
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
rustup component list --toolchain nightly --installed | grep -q '^rust-src' ||
    rustup component add rust-src --toolchain nightly
CARGO_PROFILE_RELEASE_PANIC=unwind CARGO_PROFILE_RELEASE_LTO=false \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=1 \
    RUSTFLAGS="-Zsanitizer=thread" \
    cargo +nightly build --release -Zbuild-std --target "$host" --target-dir "$target_dir"
bin="$target_dir/$host/release/dabbaba"
log=$(mktemp -d)
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1"

status=0
run() {
    local name=$1
    shift
    echo "== $name"
    "$@" >"$log/$name.out" 2>"$log/$name.err" || {
        echo "$name: exit status $?"
        status=1
    }
    if grep -q 'WARNING: ThreadSanitizer' "$log/$name.err"; then
        echo "$name: ThreadSanitizer reports (first lines):"
        grep -A20 -m1 'WARNING: ThreadSanitizer' "$log/$name.err"
        status=1
    fi
    tail -n 1 "$log/$name.out"
}

for v in chess crazyhouse xiangqi; do
    run "bench-$v" "$bin" bench --variant "$v" --threads 4 --depth 8
done

# A UCI session: threads and hash changed between searches, `stop` at once and after a
# while, a new game in between, a position with drops, and a search cut by `quit`.
session() {
    echo uci
    echo "setoption name Threads value 4"
    echo isready
    echo "position startpos moves e2e4 e7e5"
    echo "go infinite"
    echo stop
    echo "go infinite"
    sleep 3
    echo stop
    echo "setoption name Threads value 2"
    echo "setoption name Hash value 32"
    echo isready
    echo "go depth 9"
    sleep 8
    echo ucinewgame
    echo "setoption name UCI_Variant value crazyhouse"
    echo "setoption name Threads value 3"
    echo "position startpos moves e2e4 d7d5 e4d5 d8d5"
    echo "go movetime 3000"
    sleep 5
    echo "setoption name Threads value 1"
    echo "go nodes 20000"
    sleep 3
    echo "setoption name Threads value 4"
    echo "go infinite"
    sleep 2
    echo quit
}
run uci-session bash -c "$(declare -f session); session | '$bin'"

if [ $status -eq 0 ]; then
    echo "ThreadSanitizer: no reports"
fi
exit $status
