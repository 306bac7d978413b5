"""The referee: pyffish (Fairy-Stockfish's rules, independent of Dabbaba's code), or any
library with pyffish's interface, such as Dabbaba's own Python module (`--library dabbaba`,
python/README.md), which answers the same and faster.

Positions are always given as (root FEN, list of moves) so pyffish sees the whole history
and can apply repetition rules (including xiangqi's perpetual check/chase rules). pyffish
replays the moves from the root on every call, so a game costs time quadratic in its length:
the FEN of the latest position is cached, and what does not depend on the history (legal
moves, the side to move, insufficient material) is asked of that FEN alone.
"""

from __future__ import annotations

import json
import re
import subprocess
import threading
from dataclasses import dataclass

from .notation import SQUARE_RE, board_squares

try:
    import pyffish as sf
except ImportError:  # the statistics work without it; playing does not
    sf = None


class RefereeError(Exception):
    pass


def require_pyffish():
    if sf is None:
        raise RefereeError("pyffish is not installed (pip install pyffish); it referees every game")


LIBRARIES = ("pyffish", "dabbaba")


def library(name: str = "pyffish"):
    """The Python module with pyffish's interface that referees: `pyffish`, or `dabbaba`
    (Dabbaba's module, built from python/)."""
    if name == "pyffish":
        require_pyffish()
        return sf
    if name == "dabbaba":
        try:
            import dabbaba
        except ImportError as e:
            raise RefereeError("the dabbaba module is not installed (python/README.md)") from e
        return dabbaba
    raise RefereeError(f"unknown referee library {name!r} (one of {', '.join(LIBRARIES)})")


def load_variants_ini(path: str, lib: str = "pyffish"):
    with open(path, encoding="utf-8") as fh:
        library(lib).load_variant_config(fh.read())


def known_variants(lib: str = "pyffish"):
    return list(library(lib).variants())


@dataclass
class GameEnd:
    result: str  # "1-0", "0-1" or "1/2-1/2"
    reason: str


def _result_for(stm_white: bool, value: int) -> str:
    """pyffish values are from the side to move's point of view."""
    if value == 0:
        return "1/2-1/2"
    stm_wins = value > 0
    return "1-0" if stm_wins == stm_white else "0-1"


class Referee:
    def __init__(self, variant: str, chess960: bool = False, lib: str = "pyffish"):
        self.sf = library(lib)
        if variant not in self.sf.variants():
            raise RefereeError(
                f"{lib} does not know variant {variant!r} (load it with --variants-ini)"
            )
        self.variant = variant
        self.chess960 = chess960
        # (root, moves) -> FEN, for the few latest positions (each game thread asks about its
        # current position several times per move).
        self._fens: dict = {}

    def start_fen(self) -> str:
        return self.sf.start_fen(self.variant)

    def validate_fen(self, fen: str) -> bool:
        return self.sf.validate_fen(fen, self.variant, self.chess960) == self.sf.FEN_OK

    def fen(self, root: str, moves) -> str:
        key = (root, tuple(moves))
        fen = self._fens.get(key)
        if fen is None:
            fen = self.sf.get_fen(self.variant, root, list(moves), self.chess960)
            if len(self._fens) >= 64:
                self._fens.clear()
            self._fens[key] = fen
        return fen

    def legal_moves(self, root: str, moves) -> list:
        return self.sf.legal_moves(self.variant, self.fen(root, moves), [], self.chess960)

    def white_to_move(self, root: str, moves) -> bool:
        return self.fen(root, moves).split()[1] == "w"

    def san(self, root: str, moves, move: str) -> str:
        return self.sf.get_san(self.variant, self.fen(root, moves), move, self.chess960)

    def san_moves(self, root: str, moves) -> list:
        return self.sf.get_san_moves(self.variant, root, list(moves), self.chess960)

    def insufficient(self, root: str, moves):
        """(white cannot win, black cannot win)."""
        fen = self.fen(root, moves)
        w, b = self.sf.has_insufficient_material(self.variant, fen, [], self.chess960)
        return bool(w), bool(b)

    def game_end(self, root: str, moves, legal=None):
        """A GameEnd if the game is over by rule (claimable draws included), else None."""
        moves = list(moves)
        stm_white = self.white_to_move(root, moves)
        over, value = self.sf.is_immediate_game_end(self.variant, root, moves, self.chess960)
        if over:
            return GameEnd(_result_for(stm_white, value), "variant rule (immediate end)")
        if legal is None:
            legal = self.legal_moves(root, moves)
        if not legal:
            value = self.sf.game_result(self.variant, root, moves, self.chess960)
            in_check = moves and self.sf.gives_check(self.variant, root, moves, self.chess960)
            if value == 0:
                kind = "stalemate"
            elif in_check:
                kind = "checkmate"
            else:
                kind = "no legal moves"
            side = "White" if stm_white else "Black"
            return GameEnd(_result_for(stm_white, value), f"{kind} ({side} to move)")
        over, value = self.sf.is_optional_game_end(self.variant, root, moves, self.chess960)
        if over:
            return GameEnd(_result_for(stm_white, value), self._optional_reason(root, moves, value))
        w_ins, b_ins = self.insufficient(root, moves)
        if w_ins and b_ins:
            return GameEnd("1/2-1/2", "insufficient material")
        return None

    def _optional_reason(self, root, moves, value):
        key = lambda fen: " ".join(fen.split()[:4])  # noqa: E731
        now = key(self.fen(root, moves))
        seen = sum(1 for i in range(len(moves) + 1) if key(self.fen(root, moves[:i])) == now)
        if seen >= 2:
            return "repetition" if value == 0 else "repetition (perpetual check or chase rule)"
        return "move-count rule (e.g. 50 moves)" if value == 0 else "move-count rule"


SQUARE_RE_TEXT = re.compile(r"[a-z]\d+")


class _StatusServer:
    """`dabbaba status --serve` processes, one per game thread, and their answers (the status
    JSON plus the legal moves) for the latest positions."""

    def __init__(self, binary: str, variant: str, chess960: bool):
        self.binary = binary
        self.variant = variant
        self.chess960 = chess960
        self._local = threading.local()
        self._procs: list = []
        self._lock = threading.Lock()
        self._answers: dict = {}

    def _process(self):
        proc = getattr(self._local, "proc", None)
        if proc is None or proc.poll() is not None:
            cmd = [self.binary, "status", "--serve", "--variant", self.variant, "--quiet"]
            if self.chess960:
                cmd.append("--chess960")
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, bufsize=1)
            self._local.proc = proc
            with self._lock:
                self._procs.append(proc)
        return proc

    def status(self, root, moves) -> dict:
        """The answer for `moves` played from `root` (`None`: the start position)."""
        key = (root, tuple(moves))
        st = self._answers.get(key)
        if st is None:
            proc = self._process()
            line = "startpos" if root is None else f"fen {root}"
            if moves:
                line += " moves " + " ".join(moves)
            try:
                proc.stdin.write(line + "\n")
                proc.stdin.flush()
                answer = proc.stdout.readline()
            except OSError as e:
                raise RefereeError(f"{self.binary} status --serve: {e}") from e
            if not answer:
                raise RefereeError(f"{self.binary} status --serve stopped answering")
            st = json.loads(answer)
            if st.get("type") == "error":
                raise RefereeError(st["error"])
            if len(self._answers) >= 256:
                self._answers.clear()
            self._answers[key] = st
        return st

    def close(self):
        with self._lock:
            procs, self._procs = self._procs, []
        for proc in procs:
            proc.stdin.close()
            proc.wait()
            proc.stdout.close()


class DabbabaReferee:
    """The referee for variants pyffish does not play (Chu Shogi): a Dabbaba binary's own
    rules, through `dabbaba status --serve` (one process per game thread). Moves are in
    Dabbaba's UCI text (ranks 1-based, `+` promotions, multi-leg moves `a1b2,b2c3`, a lion's
    pass `g7f6,f6g7`). It has no SAN: the PGN gets the coordinate moves. It is a referee of
    the engine's own rules, so a match against Dabbaba only tests the other engine's rules
    against ours; use pyffish wherever it plays the variant.
    """

    def __init__(self, variant: str, binary: str, chess960: bool = False):
        self.variant = variant
        self.binary = binary
        self.chess960 = chess960
        self._server = _StatusServer(binary, variant, chess960)
        try:
            self._start = self._status(None, [])["fen"]
        except (OSError, RefereeError) as e:
            raise RefereeError(f"{binary} cannot referee {variant!r}: {e}") from e

    def _status(self, root, moves) -> dict:
        return self._server.status(root, list(moves))

    def close(self):
        self._server.close()

    def start_fen(self) -> str:
        return self._start

    def validate_fen(self, fen: str) -> bool:
        try:
            self._status(fen, [])
            return True
        except RefereeError:
            return False

    def fen(self, root: str, moves) -> str:
        return self._status(root, list(moves))["fen"]

    def legal_moves(self, root: str, moves) -> list:
        return list(self._status(root, moves)["moves"])

    def white_to_move(self, root: str, moves) -> bool:
        return self._status(root, list(moves))["side_to_move"] == "white"

    def san(self, root: str, moves, move: str) -> str:
        """`O-O` / `O-O-O` for a castling move (engines such as Sjaak II write castling
        so), the move text for any other: this referee has no SAN."""
        fen = self.fen(root, list(moves)).split()
        squares = SQUARE_RE.findall(move)
        if len(fen) < 3 or fen[2] == "-" or len(squares) != 2 or not move[:1].isalpha():
            return move
        (ff, fr), (tf, tr) = squares
        piece = board_squares(fen[0]).get(ff + fr, "")
        white = fen[1] == "w"
        if piece == ("K" if white else "k") and fr == tr and abs(ord(tf) - ord(ff)) >= 2:
            return "O-O" if tf > ff else "O-O-O"
        return move

    def san_moves(self, root: str, moves) -> list:
        return list(moves)

    def insufficient(self, root: str, moves):
        return False, False

    def canonical_move(self, root: str, moves, text: str, legal: list):
        """The legal move that `text` plays in another spelling (a lion's pass `@@@@` or
        through another square, two legs through an empty square), or None: the one whose
        position after it is the same."""
        moves = list(moves)
        board = lambda fen: " ".join(fen.split()[:2])  # noqa: E731
        if text.strip() == "@@@@":
            # A pass leaves the board as it is, with the other side to move.
            now = self.fen(root, moves).split()
            wanted = " ".join([now[0], "b" if now[1] == "w" else "w"])
            candidates = [m for m in legal if "," in m]
        else:
            try:
                wanted = board(self.fen(root, moves + [text.strip()]))
            except RefereeError:
                return None
            origin = SQUARE_RE_TEXT.match(text.strip())
            candidates = [m for m in legal if origin and m.startswith(origin.group(0))]
        for mv in candidates:
            if board(self.fen(root, moves + [mv])) == wanted:
                return mv
        return None

    def game_end(self, root: str, moves, legal=None):
        st = self._status(root, list(moves))
        if not st["over"]:
            return None
        return GameEnd(st["result"], st["reason"] or "game over")


class ServedReferee(Referee):
    """pyffish's rules with Dabbaba's speed: positions, legal moves and game ends come from a
    Dabbaba binary (`status --serve`, one process per game thread, answering in microseconds
    where pyffish spends milliseconds per call); pyffish still gives SAN, checks FENs, and
    decides insufficient material (asked once per material signature, since the answer
    depends only on the pieces and the colours of their squares). For variants whose rules
    Dabbaba is checked to share with pyffish (docs/compatibility.md); `scripts/tests` compares
    the two referees move by move.
    """

    REASONS = {
        "repetition": "repetition",
        "n-move rule": "move-count rule (e.g. 50 moves)",
    }

    def __init__(self, variant: str, binary: str, chess960: bool = False,
                 lib: str = "pyffish"):
        super().__init__(variant, chess960, lib)
        self._server = _StatusServer(binary, variant, chess960)
        self._insufficient: dict = {}
        try:
            self._status(self.start_fen(), [])
        except (OSError, RefereeError) as e:
            raise RefereeError(f"{binary} cannot serve {variant!r}: {e}") from e

    def _status(self, root: str, moves) -> dict:
        return self._server.status(root, list(moves))

    def close(self):
        """Ends the serving processes (they also end with this process)."""
        self._server.close()

    def fen(self, root: str, moves) -> str:
        return self._status(root, list(moves))["fen"]

    def legal_moves(self, root: str, moves) -> list:
        return list(self._status(root, list(moves))["moves"])

    def white_to_move(self, root: str, moves) -> bool:
        return self._status(root, list(moves))["side_to_move"] == "white"

    def in_check(self, root: str, moves) -> bool:
        return bool(self._status(root, list(moves))["in_check"])

    def insufficient(self, root: str, moves):
        signature = _material_signature(self.fen(root, moves).split(" ")[0])
        hit = self._insufficient.get(signature)
        if hit is None:
            w, b = self.sf.has_insufficient_material(self.variant, root, list(moves), self.chess960)
            hit = self._insufficient[signature] = (bool(w), bool(b))
        return hit

    def game_end(self, root: str, moves, legal=None):
        moves = list(moves)
        st = self._status(root, moves)
        if st["over"]:
            side = "White" if st["side_to_move"] == "white" else "Black"
            reason = st["reason"] or "game over"
            if reason in ("checkmate", "stalemate"):
                text = f"{reason} ({side} to move)"
            else:
                text = self.REASONS.get(reason, f"variant rule ({reason})")
            return GameEnd(st["result"], text)
        w_ins, b_ins = self.insufficient(root, moves)
        if w_ins and b_ins:
            return GameEnd("1/2-1/2", "insufficient material")
        return None


def _material_signature(board: str):
    """The pieces of a FEN board field, each with the colour of its square, and the hands (in
    brackets after the board): all that insufficient material can depend on."""
    main, _, hand = board.partition("[")
    pieces = []
    for rank, row in enumerate(main.split("/")):
        file = 0
        for token in re.findall(r"\d+|\+?[A-Za-z*]~?", row):
            if token.isdigit():
                file += int(token)
            else:
                pieces.append(f"{token}{(rank + file) % 2}")
                file += 1
    return tuple(sorted(pieces)), "".join(sorted(hand))
