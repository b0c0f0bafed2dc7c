"""``burraco read-team IMAGE...``: a team's photos read together (melds counted once where the
photos overlap, hands added up) and scored; prints what ``burraco score`` prints for the team,
with the team's melds as read, the flags of every photo, and the photos each meld was seen in."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.errors import BurracoError

from .cli import _reader
from .photo import PhotoError
from .table import read_table
from .team import TeamReading, combine

POZZETTO = {"yes": True, "no": False, "late": "late"}


def read_team(reader, tables: list[Path], hands: list[Path], kind: str = "table", profile: str = "fibur") -> TeamReading:
    """Read a team's table photos (as ``kind``: table or both) and hand photos, and combine them."""
    readings = [read_table(reader.read(reader.open(p)), kind, profile=profile) for p in tables]
    readings += [read_table(reader.read(reader.open(p)), "hand", profile=profile) for p in hands]
    return combine(readings)


def read_team_command(argv: list[str], reader=None) -> int:
    p = argparse.ArgumentParser(prog="burraco read-team", description=__doc__)
    p.add_argument("images", type=Path, nargs="+", help="photos of the team's melds (they may overlap)")
    p.add_argument("--as", dest="kind", choices=("table", "both"), default="table",
                   help="table: the photos show melds only; both: melds and the hand beside them")
    p.add_argument("--hand", type=Path, nargs="*", default=[], help="photos of the cards left in hand")
    p.add_argument("--pozzetto", choices=tuple(POZZETTO), required=True,
                   help="whether the team took its pozzetto (a photo cannot show it)")
    p.add_argument("--closed", action="store_true", help="the team closed the hand")
    p.add_argument("--name", default="team")
    p.add_argument("--profile", default="fibur")
    p.add_argument("--indent", type=int, default=2, help="JSON indentation (0 for one line)")
    args = p.parse_args(argv)
    reader = reader or _reader("burraco read-team")
    if reader is None:
        return 2
    try:
        team = read_team(reader, args.images, args.hand, args.kind, args.profile)
        result = team.score(name=args.name, pozzetto=POZZETTO[args.pozzetto], closed=args.closed,
                            profile=args.profile)
    except (PhotoError, BurracoError) as err:
        print(f"burraco read-team: {err}", file=sys.stderr)
        return 2
    result["reading"] = team.to_dict()
    print(json.dumps(result, indent=args.indent or None, ensure_ascii=False))
    return 0
