"""Dabbaba's jobs on a Dask cluster (`scripts/cluster.py`): analysis of many positions,
self-play data generation and SPRT matches, with the engine binary as the unit of work.

Modules:
  worker       what runs on the workers: the plugin that ships and checks the binary, and
               the tasks (a chunk of positions, a shard of games, a game pair)
  coordinator  the client: connecting, resumable parts on disk, progress, retries
  inputs       reading EPD and PGN inputs into numbered positions
"""
