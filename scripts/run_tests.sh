#!/bin/sh
# Tests of the match runner (scripts/match.py, scripts/matchlib/).
#
# The statistics and notation tests need only Python 3. The smoke tests play real games
# and are reported as skipped when pyffish or the engine binaries are missing (see
# scripts/tests/test_smoke.py for MATCH_SMOKE_ENGINE and friends).
set -eu
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 not found: match-runner tests skipped" >&2
    exit 0
fi
exec python3 -m unittest discover -s scripts/tests "$@"
