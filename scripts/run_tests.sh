#!/bin/sh
# Tests of the match runner (scripts/match.py, scripts/matchlib/).
#
# The statistics and notation tests need only Python 3. The smoke tests play real games
# with Dabbaba (DABBABA_BIN, default target/release/dabbaba) and are reported as skipped
# when pyffish or the binary is missing, or fail under CI=true (see scripts/tests/ci.py and
# scripts/tests/test_smoke.py for MATCH_SMOKE_ENGINE and friends).
set -eu
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 not found: match-runner tests skipped" >&2
    [ "${CI:-}" = "true" ] && exit 1
    exit 0
fi
if [ -z "${DABBABA_BIN:-}" ] && [ -x target/release/dabbaba ]; then
    DABBABA_BIN="$PWD/target/release/dabbaba"
    export DABBABA_BIN
fi
exec python3 -m unittest discover -s scripts/tests "$@"
