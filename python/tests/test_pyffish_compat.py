"""The `dabbaba` module against pyffish, function by function, on random-play positions of
every variant both know (as scripts/crosscheck.py does for the binary's move generation).

Run after building the module (python/README.md):
    python3 -m unittest discover -s python/tests
Without pyffish or the module the tests skip, except under CI=true, where they fail.
"""

import collections
import os
import random
import unittest

try:
    import pyffish as sf
except ImportError:
    sf = None
try:
    import dabbaba as dab
except ImportError:
    dab = None

NEEDED = "needs pyffish==0.0.90 and the dabbaba module (python/README.md)"
if (sf is None or dab is None) and os.environ.get("CI") == "true":
    raise RuntimeError(NEEDED)

# Where our answer differs from pyffish's on purpose: (function, variant) -> why.
BY_DESIGN = {
    # pyffish writes these FENs itself (get_fen) and then rejects them: its validator does not
    # know S-chess gating files in the castling field (`KQBCDFGkqbcdfg`).
    ("validate_fen", "seirawan"): "pyffish rejects the gating files of its own FENs",
    ("validate_fen", "shouse"): "pyffish rejects the gating files of its own FENs",
}

NOTATIONS = ["NOTATION_SAN", "NOTATION_LAN", "NOTATION_SHOGI_HOSKING", "NOTATION_SHOGI_HODGES",
             "NOTATION_SHOGI_HODGES_NUMBER", "NOTATION_JANGGI", "NOTATION_XIANGQI_WXF",
             "NOTATION_THAI_SAN", "NOTATION_THAI_LAN"]


def ended(answer):
    """pyffish leaves the value of a game that goes on unset (any number): compare it only
    when the game ended."""
    over, value = answer
    return (True, value) if over else (False, 0)


class Comparison:
    def __init__(self):
        self.counts = collections.Counter()
        self.differences = collections.defaultdict(list)

    def check(self, function, variant, ours, theirs, where):
        self.counts[function] += 1
        if ours != theirs:
            self.differences[(function, variant)].append((where, ours, theirs))

    def unexpected(self):
        return {k: v for k, v in self.differences.items() if k not in BY_DESIGN}

    def report(self):
        lines = [f"{fn}: {n} calls" for fn, n in sorted(self.counts.items())]
        for (fn, variant), cases in sorted(self.differences.items()):
            where, ours, theirs = cases[0]
            lines.append(f"{fn} {variant}: {len(cases)} differ, e.g. at {where}: "
                         f"dabbaba {ours!r}, pyffish {theirs!r}")
        return "\n".join(lines)


def compare_variant(c, variant, rng, plies, every):
    start = sf.start_fen(variant)
    c.check("start_fen", variant, dab.start_fen(variant), start, "")
    c.check("two_boards", variant, dab.two_boards(variant), sf.two_boards(variant), "")
    c.check("captures_to_hand", variant, dab.captures_to_hand(variant),
            sf.captures_to_hand(variant), "")
    moves = []
    for ply in range(plies):
        fen = sf.get_fen(variant, start, moves)
        c.check("get_fen", variant, dab.get_fen(variant, start, moves), fen, (start, moves))
        legal = sf.legal_moves(variant, fen, [])
        ours = dab.legal_moves(variant, fen, [])
        c.check("legal_moves", variant, sorted(ours), sorted(legal), fen)
        where = (start, list(moves))
        c.check("is_immediate_game_end", variant,
                ended(dab.is_immediate_game_end(variant, start, moves)),
                ended(sf.is_immediate_game_end(variant, start, moves)), where)
        c.check("is_optional_game_end", variant,
                ended(dab.is_optional_game_end(variant, start, moves)),
                ended(sf.is_optional_game_end(variant, start, moves)), where)
        if ply % every == 0:
            for m in legal:
                if m in ours:
                    c.check("get_san", variant, dab.get_san(variant, fen, m),
                            sf.get_san(variant, fen, m), (fen, m))
                    c.check("is_capture", variant, dab.is_capture(variant, fen, [], m),
                            sf.is_capture(variant, fen, [], m), (fen, m))
            c.check("gives_check", variant, dab.gives_check(variant, fen, []),
                    sf.gives_check(variant, fen, []), fen)
            c.check("has_insufficient_material", variant,
                    dab.has_insufficient_material(variant, fen, []),
                    sf.has_insufficient_material(variant, fen, []), fen)
            c.check("validate_fen", variant, dab.validate_fen(fen, variant),
                    sf.validate_fen(fen, variant), fen)
            c.check("get_fog_fen", variant, dab.get_fog_fen(fen, variant),
                    sf.get_fog_fen(fen, variant), fen)
            c.check("piece_to_partner", variant, dab.piece_to_partner(variant, start, moves),
                    sf.piece_to_partner(variant, start, moves), where)
        if not legal:
            c.check("game_result", variant, dab.game_result(variant, start, moves),
                    sf.game_result(variant, start, moves), where)
            break
        if sf.is_immediate_game_end(variant, start, moves)[0]:
            break
        moves.append(rng.choice(legal))
    if moves:
        c.check("get_san_moves", variant, dab.get_san_moves(variant, start, moves),
                sf.get_san_moves(variant, start, moves), (start, moves))


@unittest.skipIf(sf is None or dab is None, NEEDED)
class SameAnswers(unittest.TestCase):
    def test_every_function_on_random_play_of_every_common_variant(self):
        common = [v for v in dab.variants() if v in set(sf.variants())]
        self.assertGreater(len(common), 100)
        c = Comparison()
        rng = random.Random(87)
        for variant in common:
            compare_variant(c, variant, rng, plies=40, every=5)
        print(f"\n{len(common)} variants compared with pyffish\n" + c.report())
        self.assertEqual(c.unexpected(), {}, c.report())
        # Every function was asked, and the positions included ends of each kind.
        for fn in ["legal_moves", "get_fen", "get_san", "get_san_moves", "gives_check",
                   "is_capture", "has_insufficient_material", "validate_fen",
                   "is_immediate_game_end", "is_optional_game_end", "game_result",
                   "piece_to_partner", "start_fen", "get_fog_fen"]:
            self.assertGreater(c.counts[fn], 0, fn)

    def test_every_notation_in_the_variants_that_use_them(self):
        c = Comparison()
        rng = random.Random(7)
        for variant in ["shogi", "minishogi", "kyotoshogi", "xiangqi", "janggi", "makruk",
                        "chess", "crazyhouse", "sittuyin", "cambodian", "duck"]:
            start = sf.start_fen(variant)
            moves = []
            for ply in range(50):
                fen = sf.get_fen(variant, start, moves)
                legal = sf.legal_moves(variant, fen, [])
                if not legal:
                    break
                if ply % 3 == 0:
                    for name in NOTATIONS:
                        if variant == "sittuyin" and "THAI" in name:
                            continue  # pyffish 0.0.90 crashes (SIGSEGV) on some of these
                        code = getattr(sf, name)
                        self.assertEqual(getattr(dab, name), code, name)
                        for m in legal[:25]:
                            c.check(name, variant, dab.get_san(variant, fen, m, False, code),
                                    sf.get_san(variant, fen, m, False, code), (fen, m))
                moves.append(rng.choice(legal))
        print("\n" + c.report())
        self.assertEqual(c.unexpected(), {}, c.report())

    def test_constants(self):
        for name in ["VALUE_MATE", "VALUE_DRAW", "FEN_OK", "FEN_INVALID_PROMOTED_PIECE",
                     "NOTATION_DEFAULT"] + NOTATIONS:
            self.assertEqual(getattr(dab, name), getattr(sf, name), name)

    def test_every_name_of_pyffish_is_offered(self):
        public = {n for n in dir(sf) if not n.startswith("_")}
        self.assertEqual(sorted(n for n in public if not hasattr(dab, n)), [])

    def test_a_variant_defined_in_ini_text(self):
        ini = "[tinyrooks]\nmaxRank = 5\nmaxFile = e\nking = k\nrook = r\n" \
              "startFen = rk3/5/5/5/3KR w - - 0 1\n"
        sf.load_variant_config(ini)
        dab.load_variant_config(ini)
        start = sf.start_fen("tinyrooks")
        self.assertEqual(dab.start_fen("tinyrooks"), start)
        rng = random.Random(3)
        moves = []
        for _ in range(30):
            legal = sf.legal_moves("tinyrooks", start, moves)
            self.assertEqual(sorted(dab.legal_moves("tinyrooks", start, moves)), sorted(legal))
            if not legal:
                break
            moves.append(rng.choice(legal))
