"""Shared by the referee scripts (`*_oracle.py`): our `perft --divide` counts below every root
move, and their comparison with the referee's."""

import json
import subprocess


def dabbaba_divide(engine, depth, variant, fen=None, moves=()):
    """`dabbaba perft --divide` as {move text: leaves}."""
    args = [engine, "perft", str(depth), "--variant", variant, "--divide", "--json"]
    if fen:
        args += ["--fen", fen]
    if moves:
        args += ["--moves", *moves]
    run = subprocess.run(args, capture_output=True, text=True, check=True)
    return {m["move"]: m["nodes"] for m in json.loads(run.stdout)["moves"]}


def differences(label, got, expected):
    """Prints, under `label`, the root moves whose counts differ; whether any did."""
    if got == expected:
        return False
    print(f"{label}:")
    for m in sorted(set(got) | set(expected)):
        if got.get(m) != expected.get(m):
            print(f"  {m}: ours {got.get(m)}, referee {expected.get(m)}")
    return True
