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
    from .designs import designs_for
    return list(designs_for("train")) + list(designs_for("eval"))


def montage_command(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="burraco montage",
        description="Write a contact sheet (all 53 faces + found index boxes) for each deck design.")
    parser.add_argument("--out", default="montages", type=Path, help="output directory")
    parser.add_argument("--designs", default="*",
                        help="glob on design names, e.g. 'gnome/*' or 'kde/oxygen*' (comma-separated)")
    parser.add_argument("--photos", type=Path, metavar="SYNTH_DIR",
                        help="instead: one contact sheet of the photos of a 'burraco synth' folder, with their boxes")
    parser.add_argument("--count", type=int, default=12, help="photos on the sheet (with --photos)")
    args = parser.parse_args(argv)
    if args.photos:
        from .montage import photo_sheet
        out = args.out if args.out.suffix else args.out / "photos.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(out), photo_sheet(args.photos, args.count))
        print(f"wrote {out}")
        return 0
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
