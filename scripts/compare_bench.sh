#!/usr/bin/env bash
# Compares the `bench` node counts of two Dabbaba binaries in every built-in variant, to show
# that a change meant to be node-for-node the same (a speed-up, a refactor) is.
#
# Usage: scripts/compare_bench.sh OLD_BINARY NEW_BINARY [DEPTH]   (DEPTH defaults to 4)
# Prints `same VARIANT NODES` or `DIFF VARIANT OLD NEW` per variant and exits 1 on any
# difference. Skips the variants whose trees are huge at any depth (amazons, clobber10, duck,
# isolation, isolation7x7); a variant that takes over 120 s is reported as a difference.
set -uo pipefail
old=${1:?old binary}; new=${2:?new binary}; depth=${3:-4}
status=0
for v in $("$new" variants 2>/dev/null | awk '{print $1}'); do
  case $v in amazons|clobber10|duck|isolation|isolation7x7) continue ;; esac
  a=$(timeout 120 "$old" bench --variant "$v" --depth "$depth" 2>/dev/null | tail -1 | awk '{print $1}')
  b=$(timeout 120 "$new" bench --variant "$v" --depth "$depth" 2>/dev/null | tail -1 | awk '{print $1}')
  if [ -n "$a" ] && [ "$a" = "$b" ]; then
    echo "same $v $a"
  else
    echo "DIFF $v ${a:-none} ${b:-none}"
    status=1
  fi
done
exit $status
