"""``burraco read`` (a photo becomes cards) and ``burraco bench`` (how long reading takes)."""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from engine.card import Card
from engine.errors import BurracoError
from engine.profile import get_profile

from .photo import PhotoError
from .reader import CardReader, ModelsMissing
from .table import KINDS, read_table, summary


def _reader(prog: str):
    try:
        return CardReader()
    except ModelsMissing as err:
        print(f"{prog}: {err}", file=sys.stderr)
        return None


def hand_points(cards: list[str], profile: str = "fibur") -> int:
    """What the cards left in hand cost (negative), under ``profile``."""
    rules = get_profile(profile)
    return -sum(rules.card_value(Card.parse(c)) for c in cards)


def read_command(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="burraco read", description="Read the cards in a photo.")
    p.add_argument("image", type=Path)
    p.add_argument("--as", dest="kind", choices=KINDS, default="table",
                   help="table: a team's melds; hand: the cards left in the players' hands; both: melds and a hand")
    p.add_argument("--json", action="store_true", help="print the whole reading as JSON")
    p.add_argument("--profile", default="fibur", help="rule profile for the hand's points (with --as hand)")
    args = p.parse_args(argv)
    reader = _reader("burraco read")
    if reader is None:
        return 2
    try:
        result = read_table(reader.read(reader.open(args.image)), args.kind, profile=args.profile).to_dict()
        if args.kind != "table":
            result["hand_points"] = hand_points([result["cards"][i]["card"] for i in result["hand"]], args.profile)
    except (PhotoError, BurracoError) as err:
        print(f"burraco read: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    names = [c["card"] for c in result["cards"]]
    print(f"{args.image}: {len(result['corners'])} corner indices, {len(names)} cards")
    print("cards: " + (" ".join(names) if names else "(none)"))
    for line in summary(result):
        print(line)
    if args.kind != "table":
        print(f"hand points ({args.profile}): {result['hand_points']}")
    return 0


def bench_command(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="burraco bench", description="Median wall time of reading each photo.")
    p.add_argument("images", type=Path, nargs="+")
    p.add_argument("--repeat", type=int, default=5, help="reads per photo (the first, warming up, is not counted)")
    p.add_argument("--as", dest="kind", choices=KINDS, default=None,
                   help="time the grouping too, as `burraco read --as KIND` does (default: the cards only)")
    args = p.parse_args(argv)
    reader = _reader("burraco bench")
    if reader is None:
        return 2
    all_times = []
    for path in args.images:
        times = []
        try:
            for k in range(args.repeat + 1):
                t = time.perf_counter()
                reading = reader.read(reader.open(path))
                if args.kind is not None:
                    read_table(reading, args.kind)
                if k:
                    times.append(time.perf_counter() - t)
        except PhotoError as err:
            print(f"burraco bench: {err}", file=sys.stderr)
            return 2
        all_times += times
        print(f"{path}: {reading.width}x{reading.height} ({reading.width * reading.height / 1e6:.1f} MP), "
              f"{len(reading.cards)} cards, median {statistics.median(times):.3f} s")
    grouped = "" if args.kind is None else f" (grouped as {args.kind})"
    print(f"median read: {statistics.median(all_times):.3f} s over {len(args.images)} photos{grouped}")
    return 0
