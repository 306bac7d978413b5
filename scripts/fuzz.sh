#!/usr/bin/env bash
# Runs the fuzz targets of fuzz/fuzz_targets/ (cargo-fuzz, libFuzzer) one after another.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Default: 1800 seconds for each of betza, variants_ini, fen, move_text and protocol. Needs a
# nightly toolchain and cargo-fuzz (installed here from the registries if missing). Corpora
# start from seeds written from the test data (scripts/fuzz_seeds.py) and from fuzz/kept/TARGET
# (committed: where the last runs ended), and grow in fuzz/corpus/ (not committed); after a
# run, the inputs that reach new code are merged into fuzz/kept/TARGET (libFuzzer's -merge),
# so that a run on another machine starts where this one ended once they are committed. A
# crash is saved in fuzz/artifacts/TARGET/ and stops that target with its input printed; it
# then belongs in a regression test. Each target's last libFuzzer lines (runs, seconds) are
# kept in fuzz/logs/TARGET.log.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-1800}
sanitizer=${FUZZ_SANITIZER:-none}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(betza variants_ini fen move_text protocol)
fi
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
cargo build --release
python3 scripts/fuzz_seeds.py target/release/dabbaba fuzz/corpus
mkdir -p fuzz/logs
status=0
for t in "${targets[@]}"; do
    echo "== $t: $seconds s"
    mkdir -p "fuzz/kept/$t"
    if (cd fuzz && cargo +nightly fuzz run -O -s "$sanitizer" "$t" "corpus/$t" "kept/$t" -- \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096) >"fuzz/logs/$t.log" 2>&1; then
        grep -E '^Done [0-9]+ runs' "fuzz/logs/$t.log" || true
        (cd fuzz && cargo +nightly fuzz run -O -s "$sanitizer" "$t" "kept/$t" "corpus/$t" -- \
            -merge=1 -timeout=20 -rss_limit_mb=4096) >"fuzz/logs/$t.merge.log" 2>&1 || true
        echo "fuzz/kept/$t: $(ls "fuzz/kept/$t" | wc -l) inputs"
    else
        status=1
        echo "$t FAILED: see fuzz/logs/$t.log and fuzz/artifacts/$t/"
        grep -A4 'panicked' "fuzz/logs/$t.log" || tail -20 "fuzz/logs/$t.log"
    fi
done
exit $status
