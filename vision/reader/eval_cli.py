"""``burraco eval DIR`` (a synthetic set made with ``--designs eval``) and ``burraco eval-real DIR``
(real photos labelled as in ``../shared/eval/real-bidly/``): one measure per line,
``NAME: X/Y (P%)``."""
from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

from tqdm import tqdm

from .cli import hand_points
from .evaluate import evaluate, real_set, synthetic_set
from .photo import PhotoError
from .meld_eval import kind_of, oracle_reader
from .reader import CardReader, ModelsMissing
from .settings import PerturbSettings
from .table import read_table


def _run(prog: str, argv: list[str], items_of, count_of, synthetic: bool = False) -> int:
    p = argparse.ArgumentParser(prog=prog, description=__doc__)
    p.add_argument("folder", type=Path)
    p.add_argument("--limit", type=int, default=0, help="only the first N photos")
    p.add_argument("--mistakes", type=int, default=10, help="print the N most common misreadings")
    p.add_argument("--models", type=Path, help="folder with detector.onnx and classifier.onnx")
    if synthetic:
        p.add_argument("--oracle", action="store_true",
                       help="feed the truth's corners instead of the detector's (measures grouping alone)")
        p.add_argument("--perturb", action="store_true",
                       help="with --oracle: drop, add and misread corners as a detector does (fixed seed)")
    args = p.parse_args(argv)
    if not args.folder.is_dir():
        print(f"{prog}: {args.folder} is not a folder", file=sys.stderr)
        return 2
    read_item = None
    if synthetic and (args.oracle or args.perturb):
        reader, read_item = None, _oracle(args.perturb)
    else:
        try:
            reader = CardReader(args.models)
        except ModelsMissing as err:
            print(f"{prog}: {err}", file=sys.stderr)
            return 2
        if synthetic:
            read_item = _real(reader)
    items = items_of(args.folder)
    total = count_of(args.folder)
    if args.limit:
        items, total = itertools.islice(items, args.limit), min(total, args.limit)
    if not total:
        print(f"{prog}: no labelled photos in {args.folder}", file=sys.stderr)
        return 2
    bar = tqdm(total=total, desc=prog.split()[-1], unit="photo", file=sys.stderr, disable=total < 20)
    try:
        rep = evaluate(items, lambda path: reader.read(reader.open(path)).to_dict(), hand_points,
                       progress=lambda k: bar.update(1), read_item=read_item)
    except PhotoError as err:
        print(f"{prog}: {err}", file=sys.stderr)
        return 2
    bar.close()
    print(f"photos: {total}")
    print(rep.text())
    if args.mistakes and rep.mistakes:
        print("most common misreadings (true->read): "
              + ", ".join(f"{k} x{v}" for k, v in rep.mistakes.most_common(args.mistakes)))
    return 0


def _oracle(noisy: bool):
    oracle = oracle_reader(PerturbSettings() if noisy else None)
    return lambda item: oracle(item.truth)


def _real(reader: CardReader):
    """The card reader's corners, grouped as the photo's kind says (the player tells the app)."""
    return lambda item: read_table(reader.read(reader.open(item.image)), kind_of(item.truth)).to_dict()


def eval_command(argv: list[str]) -> int:
    return _run("burraco eval", argv, synthetic_set, lambda d: len(list((d / "truth").glob("*.json"))),
                synthetic=True)


def eval_real_command(argv: list[str]) -> int:
    return _run("burraco eval-real", argv, real_set, lambda d: sum(1 for _ in d.glob("*labels.json")))
