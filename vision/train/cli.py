"""``burraco train detector|classifier``: train on ``burraco synth`` folders, resume after an
interruption, stop at a time budget, export to ONNX under ``models/``. ``burraco train unfold``
rebuilds a classifier's trainable weights from its ONNX file, for a run to continue (``--init``);
``burraco train average`` puts classifiers in one ONNX file that gives the mean of their readings.

Needs the ``train`` extra (torch, torchvision, ultralytics): ``pip install -e '.[train]'``.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .layouts import LAYOUTS


def _log(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)

    def log(msg: str) -> None:
        line = f"{time.strftime('%H:%M:%S')} {msg}"
        print(line, flush=True)
        with open(path, "a") as fh:
            fh.write(line + "\n")
    return log


def _given(spec, args) -> None:
    """The options given on the command line replace the spec's defaults."""
    for name in ("epochs", "batch", "lr", "seed"):
        if getattr(args, name):
            setattr(spec, name, getattr(args, name))


def _unfold(args) -> int:
    import torch
    from .classifier_unfold import UnfoldError, calibration_crops, unfold_classifier
    from .crop_data import sample_crops
    if not args.out or args.out.suffix != ".pt":
        print("burraco train unfold: needs --out FILE.pt", file=sys.stderr)
        return 2
    if len(args.onnx) > 1:
        print(f"burraco train unfold: needs one ONNX file, got {', '.join(map(str, args.onnx))}", file=sys.stderr)
        return 2
    onnx_path = args.onnx[0] if args.onnx else Path("models/classifier.onnx")
    if not onnx_path.is_file():
        print(f"burraco train unfold: no such file: {onnx_path}", file=sys.stderr)
        return 2
    images = sample_crops(args.data[0], 4096, seed=args.seed or 0)
    try:
        checkpoint = unfold_classifier(onnx_path, calibration_crops(images, seed=args.seed or 0))
    except UnfoldError as err:
        print(f"burraco train unfold: {err}", file=sys.stderr)
        return 2
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(checkpoint, args.out)
    print(f"{args.out}: width {checkpoint['width']}, batch norms from {len(images)} crops of {args.data[0]}")
    return 0


def _average(args) -> int:
    try:
        import onnx  # noqa: F401
    except ImportError:
        print("burraco train average: needs the train extra: pip install -e '.[train]'", file=sys.stderr)
        return 2
    from .classifier_average import AverageError, average_classifiers
    missing = [str(p) for p in args.onnx if not p.is_file()]
    if missing:
        print(f"burraco train average: no such ONNX file: {', '.join(missing)}", file=sys.stderr)
        return 2
    out = args.export / "classifier.onnx"
    if out.resolve() in [p.resolve() for p in args.onnx]:
        print(f"burraco train average: {out} is one of the classifiers averaged: --export another folder",
              file=sys.stderr)
        return 2
    try:
        average_classifiers(args.onnx, out)
    except AverageError as err:
        print(f"burraco train average: {err}", file=sys.stderr)
        return 2
    print(f"{out}: the mean of {len(args.onnx)} classifiers ({', '.join(map(str, args.onnx))})")
    return 0


def train_command(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="burraco train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=("detector", "classifier", "negatives", "unfold", "average"),
                   help="negatives: the detector's false alarms on training photos, as 'none' crops; "
                        "unfold: a classifier's weights from its ONNX (--onnx) into --out FILE.pt, its batch "
                        "norms' statistics taken on crops of --data; average: the classifiers given as --onnx "
                        "(two or more) averaged into --export/classifier.onnx")
    p.add_argument("--data", type=Path, action="append", default=[],
                   help="a burraco synth folder (repeatable; all but average need one)")
    p.add_argument("--out", type=Path, help="run folder (default runs/WHAT); an existing run resumes")
    p.add_argument("--epochs", type=int)
    p.add_argument("--budget-min", type=float, default=150.0, help="stop after this many minutes of training")
    p.add_argument("--batch", type=int)
    p.add_argument("--lr", type=float, help="peak learning rate")
    p.add_argument("--seed", type=int, help="draws the tiles (detector) and orders the data")
    p.add_argument("--tiles", type=int, default=0, help="detector: tiles drawn from the data (0: all)")
    p.add_argument("--model", default="yolo11n.yaml", help="detector: ultralytics model yaml")
    p.add_argument("--imgsz", type=int, default=320)
    p.add_argument("--device", default="cpu", help="cpu, or a GPU: 0 (or cuda, cuda:0 for the classifier)")
    p.add_argument("--threads", type=int, default=0, help="classifier: torch threads (0: default)")
    p.add_argument("--width", type=int, default=0, help="classifier: channels of the first full layer (default 32)")
    p.add_argument("--layout", choices=LAYOUTS, default="quarter",
                   help="classifier: quarter (first two layers stride 2) or fine (the first at full resolution)")
    p.add_argument("--time-schedule", action="store_true",
                   help="classifier: fit the learning rate's one cycle to the time budget too (ends annealed)")
    p.add_argument("--shapes", action="store_true",
                   help="classifier: augment the glyphs' shapes too (narrower, wider, slanted, bolder, lighter)")
    p.add_argument("--max-crops", type=int, default=0, help="classifier: at most this many crops (0: all)")
    p.add_argument("--init", type=Path, help="start from these weights (an earlier run's best), not from scratch; "
                                              "a narrower classifier's grow to --width")
    p.add_argument("--limit", type=int, default=0, help="negatives: photos looked at (0: all)")
    p.add_argument("--models", type=Path, default=Path("models"), help="negatives: the detector.onnx to mine with")
    p.add_argument("--onnx", type=Path, action="append", default=[],
                   help="unfold: the classifier's ONNX (default models/classifier.onnx); average: one of "
                        "the classifiers (repeat)")
    p.add_argument("--export", type=Path, default=Path("models"), help="where the ONNX model goes")
    p.add_argument("--no-export", action="store_true")
    args = p.parse_args(argv)
    if args.what == "average":
        return _average(args)
    if not args.data:
        print(f"burraco train {args.what}: needs a --data folder", file=sys.stderr)
        return 2
    missing = [str(d) for d in args.data if not d.is_dir()]
    if missing:
        print(f"burraco train: no such data folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.what == "negatives":
        if not args.out or len(args.data) != 1:
            print("burraco train negatives: needs one --data and an --out folder", file=sys.stderr)
            return 2
        if not (args.models / "detector.onnx").is_file():
            print(f"burraco train negatives: no detector.onnx in {args.models}", file=sys.stderr)
            return 2
        from .hard_negatives import MineSpec, mine_negatives
        log = _log(args.out / "negatives.log")
        summary = mine_negatives(MineSpec(args.data[0], args.out, args.models / "detector.onnx",
                                          limit=args.limit, seed=args.seed or 0), log)
        log(f"done: {summary['negatives']} negatives from {summary['photos']} photos in {args.out}")
        return 0
    try:
        import torch  # noqa: F401
    except ImportError:
        print("burraco train: needs the train extra: pip install -e '.[train]'", file=sys.stderr)
        return 2
    if args.what == "unfold":
        return _unfold(args)
    out = args.out or Path("runs") / args.what
    log = _log(out / "train.log")
    if args.what == "classifier":
        from .classifier import TrainSpec, export_classifier, train_classifier
        spec = TrainSpec(data=args.data, out=out, budget_s=args.budget_min * 60, threads=args.threads,
                         max_crops=args.max_crops, device=args.device, init=args.init, layout=args.layout,
                         time_schedule=args.time_schedule, shapes=args.shapes)
        _given(spec, args)
        if args.width:
            spec.width = args.width
        summary = train_classifier(spec, log)
        log(f"done: {summary['epochs_done']} epochs in {summary['minutes']} min, best held-out error "
            f"{summary['best_error']:.4f}")
        if not args.no_export:
            log(f"exported {export_classifier(out / 'best.pt', args.export / 'classifier.onnx')}")
        return 0
    from .detector import DetectorSpec, export_detector, train_detector
    spec = DetectorSpec(data=args.data, out=out, model=args.model, imgsz=args.imgsz, tiles=args.tiles,
                        budget_s=args.budget_min * 60, device=args.device, init=args.init)
    _given(spec, args)
    best = train_detector(spec, log)
    log(f"done: {best}")
    if not args.no_export:
        log(f"exported {export_detector(best, args.export / 'detector.onnx')}")
    return 0
