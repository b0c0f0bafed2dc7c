"""Hard negatives for the index classifier: the detector's own false alarms on training photos.

The factory's negatives are random squares of card faces, backs and table; what the reader
must really throw out is what its detector mistakes for an index (a pip, a court card's
detail, half an index under another card). ``mine_negatives`` runs the detector over a
``burraco synth`` folder's photos, keeps the boxes that overlap no labelled index (IoU below
``max_iou``) and writes each as a "none" crop in the factory's own format (``crops/`` and
``crops.csv``, named after the photo so the held-out split by photo still holds), ready for
``burraco train classifier --data``.
"""
from __future__ import annotations

import csv
import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from ..classes import NONE_CLASS
from ..reader.corners import iou_matrix
from ..reader.detector import CornerDetector
from ..reader.evaluate import synthetic_set
from ..reader.settings import ReaderSettings
from ..synth.export import crop_square
from ..synth.synth_settings import SynthSettings


@dataclass
class MineSpec:
    data: Path                  # a burraco synth folder (images/ and truth/)
    out: Path                   # where crops/ and crops.csv go
    detector: Path              # detector.onnx
    limit: int = 0              # photos looked at (0: all)
    max_iou: float = 0.15       # a box overlapping a labelled index more than this is no negative
    per_photo: int = 40         # at most this many negatives from one photo (the surest first)
    seed: int = 0


def negatives_of(boxes: np.ndarray, scores: np.ndarray, truth: np.ndarray, spec: MineSpec) -> np.ndarray:
    """The found boxes that are no labelled index, surest first, at most ``per_photo``."""
    if not len(boxes):
        return boxes
    far = iou_matrix(boxes, truth).max(axis=1) < spec.max_iou if len(truth) else np.ones(len(boxes), bool)
    order = np.argsort(-scores[far])[:spec.per_photo]
    return boxes[far][order]


def mine_negatives(spec: MineSpec, log: Callable[[str], None] = print) -> dict:
    factory = SynthSettings()
    detector = CornerDetector(spec.detector, ReaderSettings())
    out = Path(spec.out)
    (out / "crops").mkdir(parents=True, exist_ok=True)
    items = list(itertools.islice(synthetic_set(Path(spec.data)), spec.limit or None))
    rows, photos = [], 0
    for k, item in enumerate(items):
        image = cv2.imread(str(item.image), cv2.IMREAD_COLOR)
        if image is None:
            continue
        photos += 1
        rng = np.random.default_rng([spec.seed, k])
        boxes, scores = detector.detect(image)
        for j, (x0, y0, x1, y1) in enumerate(negatives_of(boxes, scores, item.boxes, spec)):
            side = max(x1 - x0, y1 - y0, 2.0) * (1 + factory.crop_pad) * rng.uniform(*factory.crop_scale)
            crop = crop_square(image, (x0 + x1) / 2, (y0 + y1) / 2, side, rng.uniform(0, 360), factory.crop)
            name = f"crops/{item.image.stem}_h{j:03d}.png"
            cv2.imwrite(str(out / name), crop)
            rows.append((name, NONE_CLASS))
        if (k + 1) % 100 == 0:
            log(f"{k + 1}/{len(items)} photos, {len(rows)} negatives")
    with open(out / "crops.csv", "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["file", "label"])
        writer.writerows(rows)
    summary = {"photos": photos, "negatives": len(rows)}
    (out / "negatives.json").write_text(json.dumps(summary))
    return summary
