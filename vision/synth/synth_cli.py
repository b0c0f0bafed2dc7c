"""``burraco synth``: make a synthetic data set (photos, labels, truth, tiles, crops)."""
from __future__ import annotations

import argparse
import csv
import fnmatch
import json
import math
import multiprocessing as mp
import os
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

from tqdm import tqdm

from .design import SPLITS
from .export import prepare, write_sample
from .procedural_deck import FONT_SETS
from .synth_settings import SynthSettings

_STATE: dict = {}


def index_sizes(text: str) -> tuple[float, float]:
    """``--index-px``'s "LO,HI": the range of index sizes drawn, in pixels, 4 <= LO <= HI."""
    try:
        lo, hi = (float(v) for v in text.split(","))
    except ValueError:
        lo = hi = -1.0
    if not 4 <= lo <= hi:
        raise ValueError(f"--index-px must be two sizes LO,HI in pixels, 4 <= LO <= HI, not {text!r}")
    return lo, hi


def chosen_designs(split: str, settings: SynthSettings, only: str = "") -> tuple:
    """The split's designs, or those of them whose names match one of ``only``'s comma-separated
    patterns (``fnmatch``, e.g. ``"kde/*,gnome/paris"``). Raises ValueError when none match."""
    from .designs import designs_for
    found = designs_for(split, settings.procedural_designs, settings.procedural_seed, settings.procedural_fonts)
    patterns = [p.strip() for p in only.split(",") if p.strip()]
    if not patterns:
        return found
    picked = tuple(d for d in found if any(fnmatch.fnmatchcase(d.name, p) for p in patterns))
    if not picked:
        raise ValueError(f"no {split} design matches --only {only!r}")
    return picked


def _init(split: str, settings: SynthSettings, out: str, tiles: bool, crops: bool, only: str = "") -> None:
    _STATE.update(designs=chosen_designs(split, settings, only), settings=settings, out=Path(out), tiles=tiles,
                  crops=crops)


def _one(job: tuple[int, int]) -> tuple[int, dict]:
    from .synth import generate
    seed, index = job
    st = _STATE
    sample = generate(seed, index, st["designs"], st["settings"])
    counts = write_sample(sample, st["out"], f"{index:06d}", st["settings"], st["tiles"], st["crops"])
    counts["designs"] = sample.truth["designs"]
    return index, counts


class _Feeder:
    """Hands out jobs while time is left, at most ``ahead`` of their results, so that photos stop
    being started at ``deadline`` (a pool would otherwise queue them all at once)."""

    def __init__(self, jobs: list, deadline: float, ahead: int):
        self.jobs, self.deadline = jobs, deadline
        self.slots = threading.Semaphore(ahead)

    def __iter__(self):
        for job in self.jobs:
            self.slots.acquire()
            if time.perf_counter() > self.deadline:
                return
            yield job

    def done(self) -> None:
        self.slots.release()

    def stop(self) -> None:
        """No more jobs (wakes a pool's feeding thread waiting for a slot)."""
        self.deadline = -math.inf
        self.slots.release()


def synth_command(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="burraco synth", description="Generate synthetic Burraco table photos.")
    p.add_argument("--out", required=True, type=Path, help="output folder")
    p.add_argument("--n", type=int, required=True, help="number of photos")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--designs", choices=SPLITS, default="train",
                   help="train: designs that may train a model; eval: the reserved ones; unseen: procedural "
                        "decks no model trains on; heldout: real decks held out of training (both development "
                        "sets)")
    p.add_argument("--start", type=int, default=0, help="first photo number (to extend a set)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--no-tiles", action="store_true")
    p.add_argument("--no-crops", action="store_true")
    p.add_argument("--procedural", type=int, default=SynthSettings.procedural_designs,
                   help="procedural decks among the training designs (0: real artwork only)")
    p.add_argument("--fonts", choices=sorted(FONT_SETS), default=SynthSettings.procedural_fonts,
                   help="the procedural decks' font set: base (as every committed model saw) or wide (more "
                        "Debian font packages; the decks are named proc/<seed>-wide-<i>)")
    p.add_argument("--only", default="", metavar="PATTERNS",
                   help="only the designs of the split whose names match these comma-separated patterns")
    p.add_argument("--index-px", default="", metavar="LO,HI",
                   help="the range of index sizes drawn, pixels (default %g,%g); larger indices make larger photos"
                        % SynthSettings.index_px)
    p.add_argument("--budget-min", type=float, default=0.0,
                   help="start no photo after this many minutes; the set holds those finished (0: no limit)")
    args = p.parse_args(argv)
    if args.n < 1:
        print("burraco synth: --n must be at least 1", file=sys.stderr)
        return 2
    if args.procedural < 0:
        print("burraco synth: --procedural must be 0 or more", file=sys.stderr)
        return 2
    settings = replace(SynthSettings(), procedural_designs=args.procedural, procedural_fonts=args.fonts)
    if args.index_px:
        try:
            settings = replace(settings, index_px=index_sizes(args.index_px))
        except ValueError as err:
            print(f"burraco synth: {err}", file=sys.stderr)
            return 2
    try:
        chosen_designs(args.designs, settings, args.only)
    except ValueError as err:
        print(f"burraco synth: {err}", file=sys.stderr)
        return 2
    try:
        prepare(args.out)
    except OSError as err:
        print(f"burraco synth: cannot write to {args.out}: {err.strerror or err}", file=sys.stderr)
        return 2
    init = (args.designs, settings, str(args.out), not args.no_tiles, not args.no_crops, args.only)
    jobs = [(args.seed, i) for i in range(args.start, args.start + args.n)]
    results: dict[int, dict] = {}
    t0 = time.perf_counter()
    feeder = _Feeder(jobs, t0 + args.budget_min * 60 if args.budget_min > 0 else math.inf, 2 * max(1, args.workers))
    try:
        if args.workers <= 1:
            _init(*init)
            for i, counts in tqdm(map(_one, feeder), total=len(jobs), desc="synth", unit="img"):
                results[i] = counts
                feeder.done()
        else:
            with mp.get_context("fork").Pool(args.workers, initializer=_init, initargs=init) as pool:
                try:
                    it = pool.imap_unordered(_one, feeder)
                    for i, counts in tqdm(it, total=len(jobs), desc="synth", unit="img"):
                        results[i] = counts
                        feeder.done()
                finally:
                    feeder.stop()
    except (RuntimeError, OSError) as err:
        print(f"burraco synth: {err}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - t0
    rows = [r for i in sorted(results) for r in results[i]["crops"]]
    mode = "a" if args.start and (args.out / "crops.csv").exists() else "w"
    with open(args.out / "crops.csv", mode, newline="") as fh:
        writer = csv.writer(fh)
        if mode == "w":
            writer.writerow(["file", "label"])
        writer.writerows(rows)
    used = sorted({d for r in results.values() for d in r["designs"]})
    summary = {"seed": args.seed, "start": args.start, "n": args.n, "split": args.designs, "only": args.only,
               "budget_min": args.budget_min,
               "designs_used": used, "settings": settings.to_dict(), "seconds": round(seconds, 1),
               "photos": len(results), "boxes": sum(r["boxes"] for r in results.values()),
               "tiles": sum(r["tiles"] for r in results.values()), "crops": len(rows)}
    (args.out / f"manifest-{args.start:06d}.json").write_text(json.dumps(summary, indent=1))
    print(f"{summary['photos']} photos, {summary['boxes']} boxes, {summary['tiles']} tiles, "
          f"{summary['crops']} crops in {seconds:.0f} s ({summary['tiles'] / max(seconds, 1e-9):.1f} tiles/s)")
    return 0
