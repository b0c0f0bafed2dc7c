"""``burraco pack``: render the training designs into an artwork pack (see ``pack.py``)."""
from __future__ import annotations

import argparse
import fnmatch
import sys
import time
from pathlib import Path
from typing import Optional


def pack_command(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="burraco pack",
        description="Render every training design (faces, index boxes, back) into one file that "
                    "BURRACO_PACK points the factory at, where Debian's decks, fonts and rsvg-convert are missing.")
    p.add_argument("--out", required=True, type=Path, help="the pack file, e.g. packs/train.pack (keep it out of git)")
    p.add_argument("--designs", default="*",
                   help="glob on training design names, comma-separated (default: all), e.g. 'gnome/anglo,proc/*-0'")
    args = p.parse_args(argv)
    from .designs import rendered_designs
    from .pack import PackError, write_pack

    patterns = [g.strip() for g in args.designs.split(",") if g.strip()]
    designs = [d for d in rendered_designs("train") if any(fnmatch.fnmatchcase(d.name, g) for g in patterns)]
    if not designs:
        print(f"burraco pack: no training design matches {args.designs!r}", file=sys.stderr)
        return 1
    t0 = time.perf_counter()
    try:
        write_pack(designs, args.out, progress=lambda d: print(f"  {d.name}", flush=True))
    except (PackError, RuntimeError, OSError) as err:
        print(f"burraco pack: {err}", file=sys.stderr)
        return 1
    size = args.out.stat().st_size
    print(f"{len(designs)} designs in {args.out}: {size / 2**20:.1f} MiB in {time.perf_counter() - t0:.0f} s")
    return 0
