"""Grouping measured photo by photo on the development sets (never ``eval500``, never the real photos).

    python tools/dev_melds.py make                    # print the ``burraco synth`` commands of the sets
    python tools/dev_melds.py run OUT.json [--perturb | --reader [--models DIR]] [--workers 2] [--sets a,b]
    python tools/dev_melds.py compare BASE.json NEW.json
    python tools/dev_melds.py sets RUN.json              # a run's totals set by set
    python tools/dev_melds.py corners SET PHOTO [--near CARD]   # a photo's corners, for a test
    python tools/dev_melds.py show SET PHOTO... [--draw DIR]   # the oracle's reading against the truth
    python tools/dev_melds.py failures RUN.json           # a run's photos showing every card, scored wrong
    BURRACO_CODE=/path/to/other/checkout python tools/dev_melds.py run BASE.json

``run`` reads every photo of the sets with oracle corners (``--perturb``: dropped, extra and
misread ones; ``--reader``: the models' own, the committed ones or those in ``--models``, on the
reader's four sets unless ``--sets`` names others) and writes one
record per photo; ``compare`` prints the totals per group and the
photos and melds that changed between two runs. The groups: ``tuned`` (the photos the reader's
settings were shaped on), ``checked`` (seen only to check a change), ``new`` (added late, to
check for overfitting), ``reader`` (``heldout``, read only with the models' corners), ``fresh``
(``fresh60``, made in the sixtieth session, where the grouping reads photos no rule was drawn
from far worse than the seven sets above: failures to learn from; ``fresh63`` and ``fresh68`` two more),
``confirm`` (``confirm60``, ``confirm60b``, ``confirm60c``, ``confirm61``, ``confirm62``,
``confirm63``, ``confirm64``, ``confirm66``, ``confirm67``: counted only, never looked into, to
confirm a change). The sets of these two groups are read only when ``--sets`` names them.
``train4``'s first 700 photos are tuned, the next 800 checked.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the reader measured: this checkout's, or another's (a worktree of the code before a change)
sys.path.insert(0, os.environ.get("BURRACO_CODE", str(ROOT)))

# name: (photos, seed, synth options, group)
SETS = {
    "train4": (1500, 700, "--designs train", None),
    "valart": (200, 11, "--procedural 0", "tuned"),
    "valart2": (400, 13, "--procedural 0", "checked"),
    "val150": (150, 7, "--designs train", "checked"),
    "unseen": (240, 4242, "--designs unseen", "checked"),
    "heldout2": (400, 4444, "--designs heldout", "new"),
    "valart3": (400, 17, "--procedural 0", "new"),
    "heldout": (200, 4343, "--designs heldout", "reader"),     # read by the models only
    "heldout3": (400, 4545, "--designs heldout", "reader"),    # thirty-fifth session: choosing classifiers
    "heldout4": (400, 4646, "--designs heldout", "reader"),
    # thirty-seventh session: the held-out decks at the real photos' index sizes (37-67 px)
    "heldout-real-size": (150, 4747, "--designs heldout --index-px 37,67", "reader"),
    # sixtieth session: the seven sets above read far better than photos no rule was drawn from
    # (fresh60: photos 90.8% against 96.3%); fresh60 shows what fails, the confirm sets only count
    "fresh60": (1000, 9191, "--designs train", "fresh"),
    "confirm60": (1000, 9292, "--designs train", "confirm"),
    "confirm60b": (1000, 9393, "--designs train", "confirm"),
    "confirm60c": (1000, 9494, "--designs train", "confirm"),
    # sixty-first session: a change gaining melds but no photo on the confirm sets is read once here
    "confirm61": (1000, 9595, "--designs train", "confirm"),
    # sixty-second session: the same, for changes retried or reshaped after the four above were read with them
    "confirm62": (1000, 9696, "--designs train", "confirm"),
    # sixty-third session: for a change gaining one fresh60 photo and changing nothing on the sets above
    "confirm63": (1000, 9797, "--designs train", "confirm"),
    # a second set to learn from, as fresh60: what fails on both is worth a rule
    "fresh63": (1000, 9898, "--designs train", "fresh"),
    # sixty-fourth session: for a change gaining one fresh photo (a hand's row kept as a meld)
    "confirm64": (1000, 9999, "--designs train", "confirm"),
    # sixty-sixth session: for a change whose rule was reshaped after confirm sets above were looked into
    "confirm66": (1000, 10101, "--designs train", "confirm"),
    # sixty-seventh session: for a choice of look reshaped on the confirm sets above (ties: more cards in melds)
    "confirm67": (1000, 10202, "--designs train", "confirm"),
    # sixty-eighth session: a third set to learn from; what fails on the three fresh sets is worth a rule
    "fresh68": (1000, 10303, "--designs train", "fresh"),
}
READER_SETS = ["valart", "heldout", "val150", "unseen"]


def group_of(name: str, index: int) -> str | None:
    if name != "train4":
        return SETS[name][3]
    return "tuned" if index < 700 else "checked" if index < 1500 else None


_reader = None


def _read(truth: dict, image: Path) -> dict:
    """The committed models' reading of a photo, as ``burraco eval`` reads it."""
    global _reader
    from vision.reader.meld_eval import kind_of
    from vision.reader.reader import CardReader
    from vision.reader.table import read_table
    if _reader is None:
        _reader = CardReader(os.environ.get("BURRACO_MODELS") or None)
    return read_table(_reader.read(_reader.open(image)), kind_of(truth)).to_dict()


def _one(args: tuple[str, int, str, str]) -> dict | None:
    from vision.reader.meld_eval import MELD_KINDS, doubts_of, kind_of, oracle_reading, photo_measures
    from vision.reader.settings import PerturbSettings
    name, index, path, how = args
    truth = json.loads(Path(path).read_text())
    group = group_of(name, index)
    if group is None or truth.get("kind") not in MELD_KINDS:
        return None
    if how == "reader":
        reading = _read(truth, Path(path).parents[1] / truth["image"])
    else:
        reading = oracle_reading(truth, PerturbSettings() if how == "perturb" else None).to_dict()
    m = photo_measures(reading, truth)
    return {"set": name, "photo": Path(path).stem, "group": group, "kind": kind_of(truth),
            "whole": len(m["whole"]), "exact": len(m["whole"]) - len(m["missed"]),
            "missed": [" ".join(x) for x in m["missed"]], "complete": m["complete"], "right": m["right"],
            "flagged": m["flagged"], "silent": not m["right"] and not m["flagged"],
            "flags": len(doubts_of(reading))}


def run(out: Path, how: str, workers: int, only: list[str]) -> None:
    jobs = []
    default = READER_SETS if how == "reader" else [n for n, v in SETS.items()
                                                   if v[3] not in ("reader", "fresh", "confirm")]
    for name in only or default:
        folder = ROOT / "data" / name / "truth"
        paths = sorted(folder.glob("*.json"))
        if not paths:
            print(f"missing: {folder}", file=sys.stderr)
            continue
        jobs += [(name, i, str(p), how) for i, p in enumerate(paths)]
    with ProcessPoolExecutor(workers) as pool:
        records = [r for r in pool.map(_one, jobs, chunksize=8) if r is not None]
    out.write_text(json.dumps(records))
    print_totals(records)


def totals(records: list[dict], by: str = "group") -> dict[str, dict[str, int]]:
    """The records' counts per group (or per set, ``by="set"``) and for all."""
    t: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in records:
        for g in (r[by], "all"):
            t[g]["melds"] += r["exact"]
            t[g]["whole"] += r["whole"]
            t[g]["photos"] += bool(r["complete"] and r["right"])
            t[g]["complete"] += bool(r["complete"])
            t[g]["silent"] += bool(r["silent"])
            t[g]["flagged"] += bool(r["flagged"])
            t[g]["n"] += 1
    return t


def print_totals(records: list[dict], other: list[dict] | None = None) -> None:
    now, before = totals(records), totals(other) if other is not None else None
    for g in ("tuned", "checked", "new", "reader", "all"):
        if g not in now:
            continue
        line = []
        for key, of in (("melds", "whole"), ("photos", "complete"), ("silent", "n"), ("flagged", "n")):
            was = f"{before[g][key]} -> " if before is not None and before[g][key] != now[g][key] else ""
            line.append(f"{key} {was}{now[g][key]}/{now[g][of]}")
        print(f"{g:8s} " + ", ".join(line))


def by_set(path: Path) -> None:
    """One line per set of a run: melds exact, photo score exact, silent errors."""
    t = totals(json.loads(path.read_text()), by="set")
    for key, v in sorted(t.items(), key=lambda kv: kv[0] == "all"):
        print(f"{key:9s} melds exact {v['melds']}/{v['whole']}, photo score exact {v['photos']}/{v['complete']}, "
              f"silent errors {v['silent']}/{v['n']}")


def failures(path: Path) -> None:
    """A run's photos that show every card and are scored wrong: set, photo, kind, melds exact,
    the truth's melds missed, and whether no doubt flag shows it (silent)."""
    for r in json.loads(path.read_text()):
        if r["complete"] and not r["right"]:
            print(f"{r['set']} {r['photo']} {r['kind']}: melds {r['exact']}/{r['whole']}, missed {r['missed']}"
                  + (" SILENT" if r["silent"] else ""))


def compare(base: Path, new: Path) -> None:
    a = {(r["set"], r["photo"]): r for r in json.loads(base.read_text())}
    b = {(r["set"], r["photo"]): r for r in json.loads(new.read_text())}
    print_totals(list(b.values()), list(a.values()))
    for key in sorted(set(a) & set(b)):
        ra, rb = a[key], b[key]
        notes = []
        if ra["exact"] != rb["exact"]:
            notes.append(f"melds {ra['exact']} -> {rb['exact']}/{rb['whole']}")
        if ra["complete"] and ra["right"] != rb["right"]:
            notes.append("photo " + ("gained" if rb["right"] else "LOST"))
        if ra["silent"] != rb["silent"]:
            notes.append("silent " + ("NEW" if rb["silent"] else "gone"))
        if ra["flagged"] != rb["flagged"]:
            notes.append("flag " + ("added" if rb["flagged"] else "removed"))
        if notes:
            print(f"{key[0]} {key[1]}: " + "; ".join(notes))


def corners(name: str, photo: str, near: str) -> None:
    """One photo's oracle corners as a test writes them (``(reading, box)``), the truth's melds,
    and the melds ``find_melds`` reads from those corners alone (no word on which way indices
    are printed). ``near``: only the corners within 400 px of that card's."""
    import numpy as np
    from vision.reader.meld_eval import truth_melds
    from vision.reader.melds import find_melds
    from vision.reader.oracle import truth_corners
    truth = json.loads((ROOT / "data" / name / "truth" / f"{photo}.json").read_text())
    c, _ = truth_corners(truth)
    keep = list(range(len(c.names)))
    if near:
        at = [c.centres[i] for i in keep if c.names[i] == near]
        keep = [i for i in keep if any(((c.centres[i] - a) ** 2).sum() < 400 ** 2 for a in at)]
    print("found = [" + ", ".join(f"({c.names[i]!r}, {tuple(int(round(float(v))) for v in c.boxes[i])})"
                                  for i in keep) + "]")
    print("truth:", [" ".join(x["card"] for x in m) for m in truth_melds(truth)])
    g = find_melds(c[np.array(keep)] if near else c)
    print("read: ", [" ".join(g.cards[k].card for k in m.cards) for m in g.melds])


ROLE_COLOURS = {"meld": (0, 200, 0), "hand": (255, 0, 0), "discard": (0, 0, 255)}     # BGR; others yellow


def show(name: str, photos: list[str], draw: Path | None) -> None:
    """Each photo's oracle reading against its truth: the melds, the truth's cards by role (those
    showing an index), the hand read and the flags; with ``draw``, the photo with the truth's
    index boxes coloured by role (meld green, hand blue, discard pile red) as ``DIR/SET-PHOTO.png``."""
    from vision.reader.meld_eval import oracle_reading, photo_measures, read_names, truth_melds
    for photo in photos:
        truth = json.loads((ROOT / "data" / name / "truth" / f"{photo}.json").read_text())
        reading = oracle_reading(truth).to_dict()
        m = photo_measures(reading, truth)
        melds, hand = read_names(reading)
        names = [c["card"] for c in reading["cards"]]
        print(f"== {name} {photo} ({truth.get('kind')}): score {'right' if m['right'] else 'WRONG'}, "
              f"{'every card shown' if m['complete'] else 'cards hidden'}, {'flagged' if m['flagged'] else 'no doubt'}")
        print("  truth melds:", [" ".join(c["card"] for c in t) for t in truth_melds(truth)])
        print("  read melds: ", [" ".join(x) for x in melds])
        roles: dict[str, list[str]] = {}
        for card in truth.get("cards", []):
            if card.get("card") and any(ix.get("box") for ix in card.get("indices", [])):
                roles.setdefault(card.get("role", "?"), []).append(card["card"])
        for role, cards in roles.items():
            print(f"  truth {role}: {' '.join(cards)}")
        print("  read hand:  ", " ".join(hand))
        for f in reading.get("flags", []):
            print(f"  flag {f.get('kind')} ({f.get('level')}): {' '.join(names[i] for i in f.get('cards', []))}")
        if draw is not None:
            _draw_roles(name, photo, truth, draw)


def _draw_roles(name: str, photo: str, truth: dict, out: Path) -> None:
    import cv2
    image = cv2.imread(str(ROOT / "data" / name / truth["image"]))
    for card in truth.get("cards", []):
        colour = ROLE_COLOURS.get(card.get("role"), (0, 255, 255))
        for ix in card.get("indices", []):
            if ix.get("box") and card.get("card"):
                x1, y1, x2, y2 = (int(v) for v in ix["box"])
                cv2.rectangle(image, (x1, y1), (x2, y2), colour, 2)
                cv2.putText(image, card["card"], (x1, y1 - 2), cv2.FONT_HERSHEY_SIMPLEX, 0.4, colour, 1)
    scale = min(1.0, 1400 / max(image.shape[:2]))
    out.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out / f"{name}-{photo}.png"), cv2.resize(image, None, fx=scale, fy=scale))
    print(f"  drawn: {out / f'{name}-{photo}.png'}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("make")
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--perturb", action="store_true")
    r.add_argument("--reader", action="store_true", help="the models' corners (the committed ones unless --models), "
                   "on " + ", ".join(READER_SETS) + " unless --sets")
    r.add_argument("--models", type=Path, help="with --reader: a folder with detector.onnx and classifier.onnx")
    r.add_argument("--workers", type=int, default=2)
    r.add_argument("--sets", default="")
    w = sub.add_parser("corners")
    w.add_argument("set")
    w.add_argument("photo")
    w.add_argument("--near", default="")
    v = sub.add_parser("show")
    v.add_argument("set")
    v.add_argument("photos", nargs="+")
    v.add_argument("--draw", type=Path, help="a folder for the photos with the truth's boxes coloured by role")
    b = sub.add_parser("sets")
    b.add_argument("run", type=Path)
    f = sub.add_parser("failures")
    f.add_argument("run", type=Path)
    c = sub.add_parser("compare")
    c.add_argument("base", type=Path)
    c.add_argument("new", type=Path)
    args = p.parse_args()
    if args.cmd == "make":
        for name, (n, seed, options, _) in SETS.items():
            print(f"burraco synth --out data/{name} --n {n} --seed {seed} {options} --no-tiles --no-crops --workers 2")
    elif args.cmd == "run":
        how = "reader" if args.reader else "perturb" if args.perturb else "oracle"
        if args.models:
            os.environ["BURRACO_MODELS"] = str(args.models.resolve())      # the workers' readers
        run(args.out, how, args.workers, [s for s in args.sets.split(",") if s])
    elif args.cmd == "corners":
        corners(args.set, args.photo, args.near)
    elif args.cmd == "failures":
        failures(args.run)
    elif args.cmd == "show":
        show(args.set, args.photos, args.draw)
    elif args.cmd == "sets":
        by_set(args.run)
    else:
        compare(args.base, args.new)


if __name__ == "__main__":
    main()
