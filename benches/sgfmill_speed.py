#!/usr/bin/env python3
"""Times sgfmill's Sgf_game.from_bytes over a list of SGF files (MB/s), as benches/sgf.rs does.

Usage: python3 benches/sgfmill_speed.py LIST   (LIST: one file path per line)

The files are read into memory first; then every file is parsed once per round, for at least
ROUNDS rounds and two seconds, and the best round is reported, as bytes / seconds / 1e6.
Files sgfmill refuses still count their bytes (a refusal is parsing work too) and are counted.
"""
import sys
import time

from sgfmill import sgf

ROUNDS = 5


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        paths = [line.rstrip("\n") for line in f if line.strip()]
    blobs = []
    for p in paths:
        with open(p, "rb") as f:
            blobs.append(f.read())
    total = sum(len(b) for b in blobs)
    refused = 0
    for b in blobs:
        try:
            sgf.Sgf_game.from_bytes(b)
        except ValueError:
            refused += 1
    best = None
    rounds = 0
    start = time.perf_counter()
    while rounds < ROUNDS or time.perf_counter() - start < 2.0:
        t0 = time.perf_counter()
        for b in blobs:
            try:
                sgf.Sgf_game.from_bytes(b)
            except ValueError:
                pass
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
        rounds += 1
    print(
        f"{len(blobs)} files, {total} bytes, {refused} refused: "
        f"{total / best / 1e6:.2f} MB/s (best of {rounds} rounds, {best * 1000:.0f} ms)"
    )


if __name__ == "__main__":
    main()
