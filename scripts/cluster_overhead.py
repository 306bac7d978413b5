#!/usr/bin/env python3
"""The Dask scheduler's own cost per task on a local cluster of 2 worker processes: N tasks
that do nothing, timed from submission to the last result (docs/scale.md). Prints one
Markdown row per N given on the command line (default 1000 5000)."""

import logging
import sys
import time

from distributed import Client, LocalCluster


def nothing(i):
    return i


def main(counts):
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0",
                      silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
        for n in counts:
            start = time.monotonic()
            client.gather(client.map(nothing, range(n), pure=False))
            took = time.monotonic() - start
            print(f"| {n} empty tasks, 2 workers | {took:.2f} | {n / took:.0f} tasks/s,"
                  f" {1000 * took / n:.2f} ms a task |")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 5000])
