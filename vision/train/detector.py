"""Training the one-class corner detector (ultralytics YOLO) on the factory's tiles, offline.

The model is built from its yaml (never downloaded), every class of the tiles' labels counts
as "corner index" (``single_cls``), tiles of every 50th photo are held out for validation, and
ultralytics' own checkpoints (``weights/last.pt``) let an interrupted run resume.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np


@dataclass
class DetectorSpec:
    data: list[Path]
    out: Path
    model: str = "yolo11n.yaml"
    imgsz: int = 320
    epochs: int = 30
    batch: int = 32
    tiles: int = 0                    # tiles per run, drawn at random (0: all)
    budget_s: float = 2.5 * 3600
    lr: float = 0.002
    workers: int = 2
    seed: int = 0
    device: str = "cpu"
    cache: str | bool = "ram"
    init: Path | None = None           # start from these weights (an earlier run's), not from scratch
    callbacks: dict = field(default_factory=dict)   # ultralytics event name -> function(trainer)


def offline_environment(home: Path) -> None:
    """Settings that keep ultralytics from reaching the network (weights, fonts, updates)."""
    cfg = Path(home) / "ultralytics-config"
    (cfg / "Ultralytics").mkdir(parents=True, exist_ok=True)
    for name in ("Arial.ttf", "Arial.Unicode.ttf"):
        target = cfg / "Ultralytics" / name
        if not target.exists():
            font = _any_font()
            if font:
                shutil.copy(font, target)
    os.environ.update(YOLO_OFFLINE="1", YOLO_AUTOINSTALL="0", YOLO_CONFIG_DIR=str(cfg),
                      MPLCONFIGDIR=str(Path(home) / "mpl"), ORT_DISABLE_TELEMETRY="1")


def _any_font() -> Path | None:
    for pattern in ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/**/*.ttf"):
        found = sorted(Path("/").glob(pattern.lstrip("/")))
        if found:
            return found[0]
    try:
        import matplotlib
        found = sorted((Path(matplotlib.__file__).parent / "mpl-data/fonts/ttf").glob("DejaVuSans.ttf"))
        return found[0] if found else None
    except ImportError:
        return None


def tile_lists(spec: DetectorSpec) -> tuple[Path, Path]:
    """``train.txt`` and ``val.txt``: tile paths, held-out photos (number % 50 == 7) in val."""
    train, val = [], []
    for folder in spec.data:
        for img in sorted((Path(folder) / "tiles" / "images").glob("*.jpg")):
            (val if int(img.name.split("_")[0]) % 50 == 7 else train).append(str(img.resolve()))
    if not train:
        raise FileNotFoundError(f"no tiles under {[str(d) for d in spec.data]} (make them with burraco synth)")
    rng = np.random.default_rng(spec.seed)
    if spec.tiles and len(train) > spec.tiles:
        train = sorted(rng.choice(train, spec.tiles, replace=False).tolist())
    val = sorted(rng.choice(val, min(len(val), 300), replace=False).tolist()) if val else train[:100]
    spec.out.mkdir(parents=True, exist_ok=True)
    paths = spec.out / "train.txt", spec.out / "val.txt"
    paths[0].write_text("\n".join(train) + "\n")
    paths[1].write_text("\n".join(val) + "\n")
    return paths


def dataset_yaml(spec: DetectorSpec) -> Path:
    train, val = tile_lists(spec)
    path = spec.out / "corners.yaml"
    path.write_text(f"path: {spec.out.resolve()}\ntrain: {train.resolve()}\nval: {val.resolve()}\n"
                    f"names:\n  0: index\n")
    return path


def train_detector(spec: DetectorSpec, log: Callable[[str], None] = print) -> Path:
    """Train (or resume) and return the best weights' path."""
    spec.out = Path(spec.out)
    offline_environment(spec.out.parent / ".ultralytics-home")
    from ultralytics import YOLO

    run = spec.out / "run"
    last = run / "weights" / "last.pt"
    if last.exists():
        log(f"resuming from {last}")
        model = _with_callbacks(YOLO(str(last)), spec)
        model.train(resume=True)
    else:
        data = dataset_yaml(spec)
        log(f"training {spec.init or spec.model} on {sum(1 for _ in open(spec.out / 'train.txt'))} tiles")
        model = _with_callbacks(YOLO(str(spec.init) if spec.init else spec.model), spec)
        model.train(data=str(data), single_cls=True, imgsz=spec.imgsz, epochs=spec.epochs, batch=spec.batch,
                    time=spec.budget_s / 3600, optimizer="AdamW", lr0=spec.lr, cos_lr=True,
                    warmup_epochs=0 if spec.init else 1,
                    fliplr=0.0, degrees=0.0, mosaic=1.0, close_mosaic=2, scale=0.5, workers=spec.workers,
                    device=spec.device, project=str(spec.out.resolve()), name="run", exist_ok=True, pretrained=str(spec.init) if spec.init else False,
                    amp=spec.device != "cpu", plots=False, seed=spec.seed, deterministic=False, cache=spec.cache,
                    patience=1000, verbose=True)
    best = run / "weights" / "best.pt"
    return best if best.exists() else last


def _with_callbacks(model, spec: DetectorSpec):
    for event, fn in spec.callbacks.items():
        model.add_callback(event, fn)
    return model


def export_detector(weights: Path, onnx_path: Path) -> Path:
    """ONNX with a dynamic input size, for onnxruntime at run time, cut before its box decoding
    (``onnx_head.py``: the reader decodes only the anchors it keeps)."""
    offline_environment(Path(weights).resolve().parent / ".ultralytics-home")
    from ultralytics import YOLO

    from .onnx_head import cut_box_decoding

    made = Path(YOLO(str(weights)).export(format="onnx", dynamic=True, simplify=False, imgsz=640, opset=17))
    onnx_path.parent.mkdir(parents=True, exist_ok=True)
    return cut_box_decoding(made, onnx_path)
