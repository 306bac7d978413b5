"""End-to-end: scripts/match.py plays real games and writes PGN.

Skipped (reported as skipped) when pyffish or an engine binary is missing; under CI=true
that is a failure instead (see ci.py).

Engines: by default Dabbaba itself, the binary named by DABBABA_BIN, which
`tests/scripts_match.rs` sets to the one `cargo test` built, so every test runs on every
machine. Another engine can stand in: MATCH_SMOKE_ENGINE (one binary that plays both
crazyhouse and xiangqi, e.g. a Fairy-Stockfish build) or MATCH_SMOKE_ENGINE_8X8 /
MATCH_SMOKE_ENGINE_LB, and the protocol of the second engine in the xiangqi game with
MATCH_SMOKE_PROTO2 (default cecp, so both protocols and the 0-based CECP ranks of 10-rank
boards are exercised).

Every game's moves are replayed through pyffish here, independently of the runner, to check
that they are legal and that the recorded result agrees with the rules or an adjudication.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from ci import requires

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
MATCH = os.path.join(SCRIPTS, "match.py")

try:
    import pyffish
except ImportError:
    pyffish = None
try:
    import dabbaba as dabbaba_module
except ImportError:
    dabbaba_module = None


def _engine(env_name, default):
    path = os.environ.get(env_name) or os.environ.get("MATCH_SMOKE_ENGINE") or default
    return path if path and (os.path.isfile(path) or shutil.which(path)) else None


# Our own engine: `cargo test` (tests/scripts_match.rs) passes the binary it just built.
DABBABA = os.environ.get("DABBABA_BIN")
DABBABA = DABBABA if DABBABA and os.path.isfile(DABBABA) else None
ENGINE_8X8 = _engine("MATCH_SMOKE_ENGINE_8X8", DABBABA)
ENGINE_LB = _engine("MATCH_SMOKE_ENGINE_LB", DABBABA)
PROTO2 = os.environ.get("MATCH_SMOKE_PROTO2", "cecp")


def run_match(args, timeout=120):
    proc = subprocess.run([sys.executable, MATCH] + args, capture_output=True, text=True,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def parse_pgn(text):
    games = []
    for block in re.split(r"\n\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        games.append(tags)
    return games


def check_game(test, tags):
    variant, fen = tags["Variant"], tags["FEN"]
    moves = tags.get("UCIMoves", "").split()
    test.assertEqual(int(tags["PlyCount"]), len(moves))
    for i, mv in enumerate(moves):
        legal = pyffish.legal_moves(variant, fen, moves[:i])
        test.assertIn(mv, legal, f"illegal move {mv} at ply {i + 1} in {tags}")
    result, term = tags["Result"], tags["Termination"]
    test.assertIn(result, ("1-0", "0-1", "1/2-1/2"))
    if not term.startswith("adjudication"):
        legal = pyffish.legal_moves(variant, fen, moves)
        if not legal:
            value = pyffish.game_result(variant, fen, moves)
            stm_white = pyffish.get_fen(variant, fen, moves).split()[1] == "w"
            want = "1/2-1/2" if value == 0 else ("1-0" if (value > 0) == stm_white else "0-1")
            test.assertEqual(result, want, term)
        else:
            over = (pyffish.is_immediate_game_end(variant, fen, moves)[0]
                    or pyffish.is_optional_game_end(variant, fen, moves)[0]
                    or all(pyffish.has_insufficient_material(variant, fen, moves)))
            test.assertTrue(over or "resign" in term or "time" in term, term)


@requires(pyffish, "pyffish not installed")
class SmokeTests(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="match-smoke-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def play(self, variant, engines, extra, max_plies=24):
        pgn = os.path.join(self.tmp, f"{variant}.pgn")
        args = ["--variant", variant, "--games", "2", "--max-plies", str(max_plies), "--pgn", pgn]
        for e in engines:
            args += ["--engine"] + e
        code, out, err = run_match(args + extra)
        self.assertEqual(code, 0, f"stdout:\n{out}\nstderr:\n{err}")
        with open(pgn, encoding="utf-8") as fh:
            games = parse_pgn(fh.read())
        self.assertEqual(len(games), 2, out)
        for tags in games:
            self.assertEqual(tags["Variant"], variant)
            check_game(self, tags)
        self.assertRegex(out, r"Score of .*: \d+ - \d+ - \d+")
        self.assertIn("Elo difference", out)
        self.assertIn("Pentanomial", out)
        return games, out

    @requires(ENGINE_8X8, "no engine binary for crazyhouse (MATCH_SMOKE_ENGINE_8X8)")
    def test_crazyhouse_drops(self):
        games, _ = self.play(
            "crazyhouse",
            [[f"cmd={ENGINE_8X8}", "proto=uci", "name=A"], [f"cmd={ENGINE_8X8}", "proto=uci", "name=B"]],
            ["--depth", "3", "--random-plies", "2", "--seed", "7"],
        )
        self.assertEqual({g["White"] for g in games}, {"A", "B"})  # colours swapped
        self.assertEqual(games[0]["UCIMoves"].split()[:2], games[1]["UCIMoves"].split()[:2])

    @requires(ENGINE_LB, "no engine binary for xiangqi (MATCH_SMOKE_ENGINE_LB)")
    def test_xiangqi_ten_ranks_uci_and_cecp(self):
        self.play(
            "xiangqi",
            [[f"cmd={ENGINE_LB}", "proto=uci", "name=U"], [f"cmd={ENGINE_LB}", f"proto={PROTO2}", "name=C"]],
            # A short clock rather than a fixed depth: Fairy-Stockfish 221126's CECP `go`
            # races with searches that end within microseconds (see CecpEngine.think).
            ["--tc", "2+0.02", "--random-plies", "2"],
        )

    @requires(ENGINE_LB, "no engine binary for 10-rank boards (MATCH_SMOKE_ENGINE_LB)")
    def test_variants_ini(self):
        ini = os.path.join(HERE, "data", "tallchess.ini")
        with open(ini, encoding="utf-8") as fh:
            pyffish.load_variant_config(fh.read())  # for check_game
        _, out = self.play(
            "tallchess",
            [[f"cmd={ENGINE_LB}", "proto=uci", "name=U"], [f"cmd={ENGINE_LB}", f"proto={PROTO2}", "name=C"]],
            ["--variants-ini", ini, "--tc", "2+0.02", "--random-plies", "2"],
        )
        self.assertIn("(8x10)", out)

    @requires(DABBABA, "DABBABA_BIN not set (cargo test sets it)")
    def test_dabbaba_pair_crazyhouse_drops(self):
        games, _ = self.play(
            "crazyhouse",
            [[f"cmd={DABBABA}", "proto=uci", "name=D1"], [f"cmd={DABBABA}", "proto=uci", "name=D2"]],
            ["--depth", "3", "--random-plies", "6", "--seed", "11"],
            # Long enough that some drop comes whatever the search prefers (24 plies were not
            # once the search changed: the games are the engine's own).
            max_plies=80,
        )
        self.assertEqual({g["White"] for g in games}, {"D1", "D2"})
        self.assertTrue(any("@" in g["UCIMoves"] for g in games), "no drop was played")

    @requires(DABBABA and dabbaba_module, "DABBABA_BIN and the dabbaba module are needed")
    def test_the_dabbaba_module_referees_the_same_match_as_pyffish(self):
        # The same seeded games at fixed depth, refereed once by pyffish and once by
        # Dabbaba's Python module: every move, result and reason the same.
        pgns = {}
        for lib in ("pyffish", "dabbaba"):
            pgn = os.path.join(self.tmp, f"{lib}.pgn")
            code, out, err = run_match(
                ["--variant", "crazyhouse", "--games", "4", "--max-plies", "120",
                 "--depth", "3", "--random-plies", "6", "--seed", "21", "--library", lib,
                 "--pgn", pgn,
                 "--engine", f"cmd={DABBABA}", "proto=uci", "name=D1",
                 "--engine", f"cmd={DABBABA}", "proto=uci", "name=D2"], timeout=300)
            self.assertEqual(code, 0, f"stdout:\n{out}\nstderr:\n{err}")
            with open(pgn, encoding="utf-8") as fh:
                pgns[lib] = [(g["UCIMoves"], g["Result"], g["Termination"])
                             for g in parse_pgn(fh.read())]
        self.assertEqual(len(pgns["pyffish"]), 4)
        self.assertEqual(pgns["dabbaba"], pgns["pyffish"])

    @requires(DABBABA, "DABBABA_BIN not set (cargo test sets it)")
    def test_dabbaba_pair_xiangqi_ten_ranks_uci_and_cecp(self):
        # One side over UCI, the other over CECP, whose ranks on a 10-rank board are 0-9.
        self.play(
            "xiangqi",
            [[f"cmd={DABBABA}", "proto=uci", "name=U"], [f"cmd={DABBABA}", "proto=cecp", "name=C"]],
            ["--depth", "3", "--random-plies", "4", "--seed", "12"],
        )

    @requires(DABBABA, "DABBABA_BIN not set (cargo test sets it)")
    def test_dabbaba_referee_plays_chu_shogi_over_uci_and_cecp(self):
        # pyffish has no Chu Shogi: Dabbaba's own rules referee (12 ranks, 1-based in both
        # protocols; lion moves as two legs).
        pgn = os.path.join(self.tmp, "chu.pgn")
        code, out, err = run_match(
            ["--variant", "chushogi", "--referee", DABBABA, "--games", "2", "--max-plies", "30",
             "--depth", "2", "--random-plies", "6", "--seed", "13", "--pgn", pgn,
             "--engine", f"cmd={DABBABA}", "proto=uci", "name=U",
             "--engine", f"cmd={DABBABA}", "proto=cecp", "name=C"])
        self.assertEqual(code, 0, f"stdout:\n{out}\nstderr:\n{err}")
        self.assertNotIn("Engine errors", out)
        with open(pgn, encoding="utf-8") as fh:
            games = parse_pgn(fh.read())
        self.assertEqual(len(games), 2, out)
        for tags in games:
            moves = tags["UCIMoves"].split()
            self.assertEqual(int(tags["PlyCount"]), len(moves))
            self.assertGreater(len(moves), 6, tags)
            # Every move replays through Dabbaba's own move parser.
            st = subprocess.run([DABBABA, "status", "--variant", "chushogi", "--json", "--moves",
                                 *moves], capture_output=True, text=True)
            self.assertEqual(st.returncode, 0, st.stderr)

    @requires(ENGINE_8X8, "no engine binary (MATCH_SMOKE_ENGINE_8X8)")
    def test_illegal_move_and_crash_lose(self):
        fake = os.path.join(HERE, "fake_uci.py")
        for mode, needle in (("illegal", "illegal move"), ("crash", "disconnects")):
            pgn = os.path.join(self.tmp, f"{mode}.pgn")
            code, out, err = run_match(
                ["--variant", "chess", "--games", "2", "--depth", "2", "--pgn", pgn,
                 "--engine", f"cmd={ENGINE_8X8}", "name=good",
                 "--engine", f"cmd={sys.executable}", f"arg={fake} {mode}", "name=bad"])
            self.assertEqual(code, 3, out + err)  # games played, engine errors reported
            self.assertIn("Score of good vs bad: 2 - 0 - 0", out)
            self.assertIn(needle, out)
            self.assertIn("FEN", out)
            with open(pgn, encoding="utf-8") as fh:
                self.assertIn(needle, fh.read())

    @requires(ENGINE_LB, "no engine binary for xiangqi (MATCH_SMOKE_ENGINE_LB)")
    def test_cecp_fake_engine_ranks_and_false_claim(self):
        fake = os.path.join(HERE, "fake_cecp.py")
        # `first` plays legal moves in 0-based CECP ranks: the games must run to the cap.
        games, _ = self.play(
            "xiangqi",
            [[f"cmd={ENGINE_LB}", "proto=uci", "name=fsf"],
             [f"cmd={sys.executable}", f"arg={fake} first", "proto=cecp", "name=fake"]],
            ["--depth", "2"],
        )
        self.assertTrue(all(int(g["PlyCount"]) >= 1 for g in games))
        code, out, _ = run_match(
            ["--variant", "chess", "--games", "2", "--depth", "2",
             "--engine", f"cmd={ENGINE_8X8 or ENGINE_LB}", "name=good",
             "--engine", f"cmd={sys.executable}", f"arg={fake} claim", "proto=cecp", "name=claimer"])
        self.assertEqual(code, 3, out)
        self.assertIn("claimer makes a false claim: 1/2-1/2 {Draw by fifty move rule}", out)
        self.assertIn("Score of good vs claimer: 2 - 0 - 0", out)

    @requires(ENGINE_8X8, "no engine binary (MATCH_SMOKE_ENGINE_8X8)")
    def test_timeout_loses(self):
        fake = os.path.join(HERE, "fake_uci.py")
        code, out, _ = run_match(
            ["--variant", "chess", "--games", "2", "--tc", "0.5+0", "--timemargin", "0.05",
             "--engine", f"cmd={ENGINE_8X8}", "name=good",
             "--engine", f"cmd={sys.executable}", f"arg={fake} hang", "name=slow"])
        self.assertEqual(code, 3, out)
        self.assertIn("slow loses on time", out)
        # The error line says where the time went: the hanging engine never reported a search.
        self.assertRegex(out, r"time-out of slow in FEN .* \(waited \d+\.\d\d s of 0\.55 s; "
                              r"no search time reported\)")
        self.assertIn("Score of good vs slow: 2 - 0 - 0", out)

    @requires(ENGINE_8X8, "no engine binary (MATCH_SMOKE_ENGINE_8X8)")
    def test_sprt_stops_early(self):
        fake = os.path.join(HERE, "fake_uci.py")
        code, out, _ = run_match(
            ["--variant", "chess", "--games", "40", "--depth", "4", "--max-plies", "60",
             "--random-plies", "2", "--sprt", "0", "200", "0.2", "0.2",
             "--engine", f"cmd={ENGINE_8X8}", "name=good",
             "--engine", f"cmd={sys.executable}", f"arg={fake} first", "name=weak"])
        self.assertEqual(code, 0, out)
        self.assertIn("H1 accepted", out)
        played = int(re.search(r"\] (\d+) games", out).group(1))
        self.assertLess(played, 40)


@requires(pyffish, "pyffish not installed")
class OpeningsFileTests(unittest.TestCase):
    """scripts/openings.py writes the positions match.py would play (for cutechess.sh)."""

    def run_openings(self, *args):
        proc = subprocess.run([sys.executable, os.path.join(SCRIPTS, "openings.py"), *args],
                              capture_output=True, text=True, timeout=60)
        return proc.returncode, proc.stdout, proc.stderr

    def test_one_position_a_pair_after_the_random_plies(self):
        args = ["--variant", "makruk", "--games", "6", "--random-plies", "8", "--seed", "1"]
        code, out, err = self.run_openings(*args)
        self.assertEqual(code, 0, err)
        fens = out.splitlines()
        self.assertEqual(len(fens), 3)
        self.assertEqual(len(set(fens)), 3)
        for fen in fens:
            self.assertEqual(pyffish.validate_fen(fen, "makruk"), pyffish.FEN_OK, fen)
            self.assertNotEqual(fen, pyffish.start_fen("makruk"))
            # eight plies from the start: White to move at move 5
            self.assertEqual(fen.split()[1], "w", fen)
            self.assertEqual(fen.split()[-1], "5", fen)
        self.assertEqual(self.run_openings(*args)[1], out)  # the seed fixes them
        self.assertNotEqual(self.run_openings(*args[:-1], "2")[1], out)

    def test_pgn_games_replay_to_the_same_positions(self):
        args = ["--variant", "capablanca", "--games", "6", "--random-plies", "8", "--seed", "3"]
        code, epd, err = self.run_openings(*args)
        self.assertEqual(code, 0, err)
        code, pgn, err = self.run_openings(*args, "--pgn")
        self.assertEqual(code, 0, err)
        games = [g for g in pgn.split("\n\n[") if g.strip()]
        self.assertEqual(len(games), 3)
        start = pyffish.start_fen("capablanca")
        for game, expected in zip(games, epd.splitlines()):
            self.assertIn('[Variant "capablanca"]', game)
            self.assertNotIn("[FEN", game)  # the start position needs no FEN tag
            movetext = game.strip().splitlines()[-1].split()
            self.assertEqual(movetext[-1], "*")
            sans = [t for t in movetext[:-1] if not t[0].isdigit()]
            self.assertEqual(len(sans), 8)
            # Replay the SAN by finding, at each ply, the one legal move written that way.
            moves = []
            for san in sans:
                legal = pyffish.legal_moves("capablanca", start, moves)
                matches = [m for m in legal
                           if pyffish.get_san("capablanca", pyffish.get_fen("capablanca", start, moves), m) == san]
                self.assertEqual(len(matches), 1, san)
                moves.append(matches[0])
            self.assertEqual(pyffish.get_fen("capablanca", start, moves), expected)

    def test_unknown_variant_is_an_error(self):
        code, out, err = self.run_openings("--variant", "no-such-variant")
        self.assertEqual(code, 1)
        self.assertEqual(out, "")
        self.assertIn("does not know variant 'no-such-variant'", err)


if __name__ == "__main__":
    unittest.main()
