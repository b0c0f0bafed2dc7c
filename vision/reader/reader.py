"""The card reader: photo -> corner indices (found, then read) -> cards.

Needs numpy, OpenCV and onnxruntime only, and the two models under ``models/`` (or
``$BURRACO_MODELS``): ``detector.onnx`` finds corner indices, ``classifier.onnx`` names them.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Union

import numpy as np

from ..classes import NONE_CLASS, READER_CLASSES
from .cards import ReadCard, merge_corners
from .classifier import IndexClassifier
from .corners import Corners, one_box_per_index
from .detector import CornerDetector
from .index_turn import same_way_up
from .photo import Photo, load_photo
from .settings import ReaderSettings

NONE_ID = READER_CLASSES.index(NONE_CLASS)
DETECTOR = "detector.onnx"
CLASSIFIER = "classifier.onnx"


class ModelsMissing(FileNotFoundError):
    def __init__(self, folder: Path, missing: list[str]):
        super().__init__(f"no trained model {', '.join(missing)} in {folder} (see models/README.md)")


def models_dir() -> Path:
    env = os.environ.get("BURRACO_MODELS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "models"


@dataclass
class Reading:
    width: int
    height: int
    corners: Corners
    cards: list[ReadCard]
    melds: list[list[int]] = field(default_factory=list)     # indices into cards, in table order
    flags: list[dict] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)             # indices into cards: the hand (--as hand/both)
    # whether two corners are printed the same way up (then never one card's), when the photo told
    same_way_up: Optional[Callable[[int, int], bool]] = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        c = self.corners
        return {
            "image": {"width": self.width, "height": self.height},
            "corners": [{"card": c.names[i], "confidence": round(float(c.confidence[i]), 4),
                         "box": [round(float(v), 1) for v in c.boxes[i]],
                         "alternatives": [[n, round(p, 4)] for n, p in c.alternatives(i)]}
                        for i in range(len(c))],
            "cards": [card.to_dict() for card in self.cards],
            "melds": self.melds,
            "hand": self.hand,
            "flags": self.flags,
        }


def top_readings(probs: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    order = np.argsort(-probs, axis=1)[:, :k]
    return order.astype(np.int64), np.take_along_axis(probs, order, axis=1).astype(np.float32)


class CardReader:
    def __init__(self, folder: Optional[Path] = None, settings: ReaderSettings = ReaderSettings()):
        folder = Path(folder) if folder else models_dir()
        missing = [m for m in (DETECTOR, CLASSIFIER) if not (folder / m).is_file()]
        if missing:
            raise ModelsMissing(folder, missing)
        self.settings = settings
        self.detector = CornerDetector(folder / DETECTOR, settings)
        self.classifier = IndexClassifier(folder / CLASSIFIER, settings)

    def corners(self, image: np.ndarray) -> Corners:
        """Every corner index of a BGR photo, with its top readings; "not an index" thrown out."""
        boxes, scores = self.detector.detect(image)
        # a box is kept when score x reading probability reaches min_score: weaker finds never are
        sure = scores >= self.settings.min_score
        boxes, scores = boxes[sure], scores[sure]
        if not len(boxes):
            return Corners.empty(self.settings.top_k)
        probs = self.classifier.probabilities(image, boxes)
        none = probs[:, NONE_ID].copy()
        probs[:, NONE_ID] = 0.0
        best = probs.max(axis=1)
        keep = (none <= best + self.settings.none_margin) & (scores * best >= self.settings.min_score)
        keep[keep] = one_box_per_index(boxes[keep], scores[keep] * best[keep], probs[keep].argmax(axis=1),
                                       self.settings.same_reading_iou)
        classes, top = top_readings(probs[keep], self.settings.top_k)
        return Corners(boxes[keep], scores[keep], classes, top)

    def read(self, photo: Union[Photo, str, Path, bytes]) -> Reading:
        if not isinstance(photo, Photo):
            photo = load_photo(photo)
        corners = self.corners(photo.image)
        alike = same_way_up(photo.image, corners, self.settings.same_way_margin)
        return Reading(photo.width, photo.height, corners, merge_corners(corners, self.settings, alike),
                       same_way_up=alike)
