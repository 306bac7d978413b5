"""One game between two engines, refereed by pyffish."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .engines import EngineError, EngineTimeout, Limits
from .notation import SQUARE_RE, resolve_move


@dataclass
class Adjudication:
    """Score adjudication; scores are the engines' own reports (centipawns)."""

    resign_moves: int = 0  # 0 = off
    resign_score: int = 1000
    draw_moves: int = 0  # 0 = off
    draw_score: int = 10
    draw_after: int = 40  # full move number from which draw adjudication may apply
    max_plies: int = 0  # 0 = no cap; reaching it adjudicates a draw

    def describe(self):
        parts = []
        if self.resign_moves:
            parts.append(
                f"resign when both engines report at least {self.resign_score} cp for the same side"
                f" on {self.resign_moves} consecutive moves each"
            )
        else:
            parts.append("no resign adjudication")
        if self.draw_moves:
            parts.append(
                f"draw from move {self.draw_after} when both report |score| <= {self.draw_score} cp"
                f" on {self.draw_moves} consecutive moves each"
            )
        else:
            parts.append("no draw adjudication")
        if self.max_plies:
            parts.append(f"draw after {self.max_plies} plies beyond the opening")
        return "; ".join(parts)


@dataclass
class GameRecord:
    variant: str
    root_fen: str
    white: str
    black: str
    opening_plies: int
    moves: list = field(default_factory=list)
    comments: list = field(default_factory=list)  # one per move ('' for none)
    result: str = "*"
    reason: str = ""
    error: str = ""  # illegal move / crash / time-out details with the position
    round: int = 0
    opening_label: str = ""
    tc: str = "-"
    started: float = 0.0


def _score_text(cp):
    if cp is None:
        return None
    from .engines import MATE_CP

    if abs(cp) > MATE_CP - 1000:
        n = MATE_CP - abs(cp)
        return f"{'+' if cp > 0 else '-'}M{n}"
    return f"{cp / 100:+.2f}"


def play_game(referee, white, black, opening, limits: Limits, adj: Adjudication, geometry,
              round_no=0, tc_text="-", stop_flag=None) -> GameRecord:
    root = opening.fen
    startpos = root == referee.start_fen()
    rec = GameRecord(variant=referee.variant, root_fen=root, white=white.name, black=black.name,
                     opening_plies=len(opening.moves), round=round_no,
                     opening_label=opening.label, tc=tc_text, started=time.time())
    rec.moves = list(opening.moves)
    rec.comments = ["book"] * len(opening.moves)
    engines = {True: white, False: black}
    for eng in (white, black):
        try:
            eng.new_game(root, startpos, limits)
        except EngineError as e:
            eng.kill()
            side_white = eng is white
            return _finish(rec, engines, "0-1" if side_white else "1-0",
                           f"{eng.name} failed to start the game",
                           f"{e}; FEN {root}")
    clocks = [limits.base or 0.0, limits.base or 0.0]
    scores = []  # (white_to_move, white-POV score or None) per engine move
    # Plies whose move is a lion's pass.
    passes = {i for i, m in enumerate(rec.moves) if _is_lion_pass(referee, root, rec.moves[:i], m)}
    while True:
        legal = referee.legal_moves(root, rec.moves)
        end = referee.game_end(root, rec.moves, legal)
        if end:
            return _finish(rec, engines, end.result, end.reason)
        if adj.max_plies and len(rec.moves) - rec.opening_plies >= adj.max_plies:
            return _finish(rec, engines, "1/2-1/2", f"adjudication: {adj.max_plies} plies reached")
        if stop_flag is not None and stop_flag.is_set():
            return _finish(rec, engines, "*", "match stopped")
        wtm = referee.white_to_move(root, rec.moves)
        eng = engines[wtm]
        idx = 0 if wtm else 1
        fen_now = referee.fen(root, rec.moves)
        if limits.base is not None:
            allowed = clocks[idx] + limits.margin
        elif limits.movetime is not None:
            allowed = limits.movetime + max(limits.margin, 1.0)
        else:
            allowed = limits.move_timeout
        t0 = time.monotonic()
        try:
            sent = rec.moves
            if eng.protocol == "cecp" and passes:
                # CECP writes a lion's pass (out and back through an empty square) `@@@@`:
                # HaChu reads nothing else.
                sent = ["@@@@" if i in passes else m for i, m in enumerate(rec.moves)]
            reply = eng.think(root, startpos, sent, clocks, wtm, limits, t0 + allowed)
        except EngineTimeout:
            eng.kill()
            return _time_loss(rec, engines, referee, root, wtm, eng, fen_now,
                              time.monotonic() - t0, allowed)
        except EngineError as e:
            eng.kill()
            return _finish(rec, engines, "0-1" if wtm else "1-0", f"{eng.name} disconnects or errs",
                           f"{e}; FEN {fen_now}")
        spent = time.monotonic() - t0
        if limits.base is not None:
            clocks[idx] -= spent
            if clocks[idx] < -limits.margin:
                return _time_loss(rec, engines, referee, root, wtm, eng, fen_now, spent, allowed)
            clocks[idx] = max(clocks[idx], 0.0) + limits.inc
        if reply.claimed:
            return _finish(rec, engines, "0-1" if wtm else "1-0",
                           f"{eng.name} makes a false claim: {reply.claim}",
                           f"false claim {reply.claim!r} by {eng.name}; the referee sees FEN {fen_now}"
                           " as not finished")
        if reply.resigned:
            why = f"{eng.name} resigns" + (f" ({reply.claim})" if reply.claim else "")
            return _finish(rec, engines, "0-1" if wtm else "1-0", why)
        mv = resolve_move(reply.move, legal, geometry, eng.protocol,
                          san_of=lambda m: referee.san(root, rec.moves, m))
        if mv is None and hasattr(referee, "canonical_move"):
            mv = referee.canonical_move(root, rec.moves, reply.move, legal)
        if mv is None:
            return _finish(rec, engines, "0-1" if wtm else "1-0",
                           f"{eng.name} makes an illegal move: {reply.move}",
                           f"illegal move {reply.move!r} by {eng.name} in FEN {fen_now}")
        if _is_lion_pass(referee, root, rec.moves, mv):
            passes.add(len(rec.moves))
        rec.moves.append(mv)
        st = _score_text(reply.score)
        parts = []
        if st is not None:
            parts.append(f"{st}/{reply.depth}" if reply.depth is not None else st)
        parts.append(f"{spent:.2f}s")
        rec.comments.append(" ".join(parts))
        wpov = None if reply.score is None else (reply.score if wtm else -reply.score)
        scores.append(wpov)
        verdict = _adjudicate(scores, adj, len(rec.moves), rec.opening_plies, root, referee)
        if verdict:
            return _finish(rec, engines, *verdict)


def _is_lion_pass(referee, root, moves, mv) -> bool:
    """Whether the multi-leg move `mv` (`a1b2,b2a1`) leaves the board as it was."""
    squares = SQUARE_RE.findall(mv)
    out_and_back = "," in mv and len(squares) == 4 and squares[0] == squares[3]
    if not out_and_back or not hasattr(referee, "fen"):
        return False
    board = lambda fen: fen.split()[0]  # noqa: E731
    return board(referee.fen(root, list(moves))) == board(referee.fen(root, list(moves) + [mv]))


def _adjudicate(scores, adj: Adjudication, ply_count, book, root, referee):
    if adj.resign_moves:
        k = 2 * adj.resign_moves
        last = scores[-k:]
        if len(last) == k and all(s is not None for s in last):
            if all(s >= adj.resign_score for s in last):
                return "1-0", f"adjudication: score >= {adj.resign_score} cp for White over {adj.resign_moves} moves"
            if all(s <= -adj.resign_score for s in last):
                return "0-1", f"adjudication: score >= {adj.resign_score} cp for Black over {adj.resign_moves} moves"
    if adj.draw_moves:
        k = 2 * adj.draw_moves
        last = scores[-k:]
        move_no = ply_count // 2 + 1
        if move_no >= adj.draw_after and len(last) == k and all(
            s is not None and abs(s) <= adj.draw_score for s in last
        ):
            return "1/2-1/2", f"adjudication: |score| <= {adj.draw_score} cp over {adj.draw_moves} moves"
    return None


def _time_loss(rec, engines, referee, root, wtm, eng, fen_now, waited, allowed):
    w_ins, b_ins = referee.insufficient(root, rec.moves)
    opponent_cannot_win = b_ins if wtm else w_ins
    # Where the time went: the engine's own last report of its search time against the
    # referee's wait (a search that overran its clock, or a stall before or after it).
    seen = "no search time reported" if eng.reported_ms is None else \
        f"last reported search time {eng.reported_ms} ms"
    error = (f"time-out of {eng.name} in FEN {fen_now} (waited {waited:.2f} s of "
             f"{max(allowed, 0.0):.2f} s; {seen})")
    if opponent_cannot_win:
        return _finish(rec, engines, "1/2-1/2",
                       f"{eng.name} loses on time, but the opponent cannot win", error)
    return _finish(rec, engines, "0-1" if wtm else "1-0", f"{eng.name} loses on time", error)


def _finish(rec, engines, result, reason, error=""):
    rec.result = result
    rec.reason = reason
    rec.error = error
    for eng in engines.values():
        try:
            eng.end_game(result, reason)
        except EngineError:
            eng.kill()
    return rec
