"""``burraco montage``: one PNG per deck showing every face with the index boxes found."""
from __future__ import annotations

import argparse
import fnmatch
import sys
from pathlib import Path
from typing import Optional

import cv2
from tqdm import tqdm


def _all_designs():
    from .gnome_decks import gnome_designs
    from .kde_decks import kde_designs
    return gnome_designs() + kde_designs()


def montage_command(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="burraco montage",
        description="Write a contact sheet (all 53 faces + found index boxes) for each deck design.")
    parser.add_argument("--out", default="montages", type=Path, help="output directory")
    parser.add_argument("--designs", default="*",
                        help="glob on design names, e.g. 'gnome/*' or 'kde/oxygen*' (comma-separated)")
    args = parser.parse_args(argv)
    patterns = [p.strip() for p in args.designs.split(",") if p.strip()]
    designs = [d for d in _all_designs() if any(fnmatch.fnmatchcase(d.name, p) for p in patterns)]
    if not designs:
        print(f"no design matches {args.designs!r}", file=sys.stderr)
        return 1
    from .montage import deck_montage
    args.out.mkdir(parents=True, exist_ok=True)
    for design in tqdm(designs, desc="montages", unit="deck"):
        img = deck_montage(design)
        path = args.out / (design.name.replace("/", "__") + ".png")
        if not cv2.imwrite(str(path), img):
            print(f"cannot write {path}", file=sys.stderr)
            return 1
    print(f"wrote {len(designs)} montages to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(montage_command(sys.argv[1:]))
