"""Dabbaba's match runner: engines over UCI/CECP, a pyffish referee, PGN and statistics.

Modules:
  stats      Elo, error bars, pentanomial counts, SPRT (pure Python, no pyffish)
  notation   board geometry from a FEN and move-text conversion engine <-> referee
  referee    pyffish wrapper: legal moves, game end, SAN
  engines    engine processes speaking UCI or CECP
  openings   EPD/FEN opening files and seeded random plies
  game       one game: clocks, adjudication, illegal moves, crashes, timeouts
  pgn        PGN output
  tournament scheduling, concurrency, live output, SPRT early stop
"""
