"""Best move and score of a position from Python, through `dabbaba analyse --json`."""
import json
import os
import subprocess

DABBABA = os.environ.get("DABBABA", "dabbaba")


def analyse(variant, fen=None, moves=(), depth=8):
    cmd = [DABBABA, "analyse", "--variant", variant, "--depth", str(depth), "--json"]
    if fen:
        cmd += ["--fen", fen]
    if moves:
        cmd += ["--moves", *moves]
    run = subprocess.run(cmd, capture_output=True, text=True)
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    if run.returncode != 0:  # exit 1: bad variant, FEN or move; the reason is in the JSON
        raise ValueError(lines[-1]["error"] if lines else run.stderr.strip())
    return lines[-1]  # the last line is the answer: "bestmove", or "result" if the game is over


best = analyse("chess", moves=["e2e4", "e7e5"])
print(best["bestmove"], best["bestmove_san"], best["score"], best["pv_san"])
print(analyse("xiangqi", depth=5)["bestmove"])
print(analyse("chess", fen="7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"))  # already over
try:
    analyse("chess", moves=["e2e5"])
except ValueError as e:
    print("error:", e)
