"""Scheduling: game pairs (each opening twice, colours swapped), concurrency, live
output, PGN, statistics and the SPRT early stop."""

from __future__ import annotations

import queue
import sys
import threading
import time
from dataclasses import dataclass

from .engines import EngineError, make_engine
from .game import play_game
from .pgn import game_to_pgn
from .stats import Tally


@dataclass
class Job:
    index: int  # game number, 0-based
    pair: int
    opening: object
    a_white: bool


class Tournament:
    def __init__(self, referee, geometry, spec_a, spec_b, openings, limits, adj, tc_text,
                 pgn_path=None, concurrency=1, sprt=None, variants_ini=None, log_path=None,
                 event="Dabbaba match", out=sys.stdout):
        self.referee = referee
        self.geo = geometry
        self.specs = (spec_a, spec_b)
        self.openings = openings
        self.limits = limits
        self.adj = adj
        self.tc_text = tc_text
        self.pgn_path = pgn_path
        self.concurrency = max(1, concurrency)
        self.sprt = sprt
        self.variants_ini = variants_ini
        self.event = event
        self.out = out
        self.tally = Tally()
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.pair_scores = {}
        self.finished = 0
        self.total = 2 * len(openings)
        self.errors = []
        self.sprt_verdict = None
        self.notes_printed = set()
        self._log_fh = open(log_path, "a", encoding="utf-8") if log_path else None
        if pgn_path:
            open(pgn_path, "a").close()

    def _log(self, text):
        if self._log_fh:
            with self.lock:
                self._log_fh.write(f"{time.monotonic():.3f} {text}\n")
                self._log_fh.flush()

    def _print(self, line):
        print(line, file=self.out, flush=True)

    def run(self):
        jobs = queue.Queue()
        for pair, op in enumerate(self.openings):
            jobs.put(Job(2 * pair, pair, op, True))
            jobs.put(Job(2 * pair + 1, pair, op, False))
        workers = [threading.Thread(target=self._worker, args=(jobs,), daemon=True)
                   for _ in range(self.concurrency)]
        for w in workers:
            w.start()
        try:
            for w in workers:
                while w.is_alive():
                    w.join(0.2)
        except KeyboardInterrupt:
            self.stop.set()
            self._print("Interrupted: finishing the games in progress...")
            for w in workers:
                w.join()
        return self.tally

    def _worker(self, jobs):
        log = self._log if self._log_fh else None
        a = make_engine(self.specs[0], self.referee.variant, self.geo, self.variants_ini, log)
        b = make_engine(self.specs[1], self.referee.variant, self.geo, self.variants_ini, log)
        try:
            while not self.stop.is_set():
                try:
                    job = jobs.get_nowait()
                except queue.Empty:
                    return
                white, black = (a, b) if job.a_white else (b, a)
                rec = play_game(self.referee, white, black, job.opening, self.limits, self.adj,
                                self.geo, round_no=job.index + 1, tc_text=self.tc_text,
                                stop_flag=self.stop)
                self._print_notes(a, b)
                if rec.result == "*":
                    continue
                self._record(job, rec)
        finally:
            for e in (a, b):
                try:
                    e.stop()
                except EngineError:
                    e.kill()

    def _print_notes(self, *engines):
        with self.lock:
            for e in engines:
                for n in e.notes:
                    if n not in self.notes_printed:
                        self.notes_printed.add(n)
                        self._print(f"Note: {n}")

    def _record(self, job, rec):
        score_white = {"1-0": 1.0, "0-1": 0.0}.get(rec.result, 0.5)
        score_a = score_white if job.a_white else 1.0 - score_white
        with self.lock:
            self.finished += 1
            self.tally.add_game(score_a)
            self.tally.add_white_result(score_white)
            if self.pgn_path:
                with open(self.pgn_path, "a", encoding="utf-8") as fh:
                    fh.write(game_to_pgn(rec, self.referee, event=self.event))
            if rec.error:
                self.errors.append(f"game {job.index + 1}: {rec.error}")
            t = self.tally
            self._print(
                f"Finished game {job.index + 1} ({rec.white} vs {rec.black}): {rec.result}"
                f" {{{rec.reason}}}  [{len(rec.moves)} plies]"
                f"  Score {t.wins}-{t.losses}-{t.draws}"
            )
            if rec.error:
                self._print(f"  ! {rec.error}")
            self.pair_scores.setdefault(job.pair, []).append(score_a)
            if len(self.pair_scores[job.pair]) == 2:
                t.add_pair(*self.pair_scores.pop(job.pair))
                if self.sprt is not None:
                    llr = self.sprt.llr(t.wins, t.losses, t.draws, t.ptnml)
                    lo, hi = self.sprt.bounds
                    verdict = self.sprt.decision(llr)
                    self._print(f"  SPRT: LLR {llr:.3f} [{lo:.3f}, {hi:.3f}]"
                                f"{' ' + verdict + ' accepted, stopping' if verdict else ''}")
                    if verdict:
                        self.sprt_verdict = verdict
                        self.stop.set()

    def summary(self):
        a, b = self.specs[0].name, self.specs[1].name
        lines = self.tally.summary_lines(a, b, self.sprt)
        if self.errors:
            lines.append(f"Engine errors ({len(self.errors)}):")
            lines += [f"  {e}" for e in self.errors]
        return lines
