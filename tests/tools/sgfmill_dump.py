#!/usr/bin/env python3
"""The sgfmill side of tests/sgf_sgfmill.rs.

Reads SGF file paths from standard input (one per line) and prints one JSON line per file:
the board size, the raw property values of each main-line node, and the main-line moves as
sgfmill reads them (points are (row, col) from the bottom left; None is a pass).
"""
import json
import sys

from sgfmill import sgf


def dump(path):
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    # Raw values stay in the file's charset: decode them with the charset sgfmill settled on.
    charset = game.get_charset()
    nodes, moves = [], []
    for node in game.get_main_sequence():
        nodes.append({
            ident: [v.decode(charset, "replace") for v in node.get_raw_list(ident)]
            for ident in node.properties()
        })
        colour, move = node.get_move()
        if colour is not None:
            moves.append([colour, list(move) if move is not None else None])
    return {"file": path, "ok": True, "size": game.get_size(), "nodes": nodes, "moves": moves}


for line in sys.stdin:
    path = line.rstrip("\n")
    try:
        out = dump(path)
    except Exception as e:  # sgfmill refuses what it finds malformed: that file is skipped
        out = {"file": path, "ok": False, "error": str(e)}
    print(json.dumps(out))
