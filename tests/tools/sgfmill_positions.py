#!/usr/bin/env python3
"""The sgfmill side of tests/positions_sgfmill.rs.

Reads SGF file paths from standard input (one per line) and prints one JSON line per file:
the board size, the number of main-line moves (passes included) and, for a few move counts k,
the stones on the board after the first k moves, played with sgfmill.boards.Board (captures
done, root setup applied). Points are (row, col) from the bottom left. Games sgfmill refuses
(bad properties, setup after the root, moves on occupied points) say ok: false and why.
"""
import json
import sys

from sgfmill import sgf, sgf_moves


def stones(board):
    black, white = [], []
    for colour, (row, col) in board.list_occupied_points():
        (black if colour == "b" else white).append([row, col])
    return sorted(black), sorted(white)


def dump(path):
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    board, moves = sgf_moves.get_setup_and_moves(game)
    n = len(moves)
    wanted = sorted({k for k in (1, 10, 37, 100, n // 2, n) if 1 <= k <= n})
    boards = []
    for i, (colour, move) in enumerate(moves, start=1):
        if move is not None:
            row, col = move
            try:
                board.play(row, col, colour)
            except ValueError:
                return {"file": path, "ok": False, "error": "move %d is on an occupied point" % i}
        if i in wanted:
            black, white = stones(board)
            boards.append({"k": i, "black": black, "white": white})
    return {"file": path, "ok": True, "size": game.get_size(), "moves": n, "boards": boards}


for line in sys.stdin:
    path = line.rstrip("\n")
    try:
        out = dump(path)
    except Exception as e:  # sgfmill refuses what it finds malformed: that file is skipped
        out = {"file": path, "ok": False, "error": str(e)}
    print(json.dumps(out))
