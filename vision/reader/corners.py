"""Corners: the corner indices found in one photo, as one validated set of numpy arrays.

Each corner has a box (pixels of the upright photo), the detector's score, and its top-k
readings (indices into ``READER_CLASSES``, most likely first) with their probabilities.
Converters from a model's raw output live at the boundary (``from_ultralytics``); everything
after works on this type.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

import numpy as np

from ..classes import NONE_CLASS, NONE_ID, READER_CLASSES

TOP_K = 3


@dataclass(frozen=True)
class Corners:
    boxes: np.ndarray          # N x 4 float32: x1, y1, x2, y2
    scores: np.ndarray         # N float32: the detector's confidence that an index is there
    classes: np.ndarray        # N x K int64: readings, most likely first (READER_CLASSES)
    probs: np.ndarray          # N x K float32: their probabilities

    def __post_init__(self) -> None:
        n = len(self.boxes)
        if self.boxes.shape != (n, 4):
            raise ValueError(f"boxes must be N x 4, got {self.boxes.shape}")
        if self.scores.shape != (n,):
            raise ValueError(f"scores must have {n} entries, got {self.scores.shape}")
        if self.classes.ndim != 2 or self.classes.shape[0] != n or self.probs.shape != self.classes.shape:
            raise ValueError(f"classes and probs must both be {n} x K, got {self.classes.shape} and {self.probs.shape}")
        if n and ((self.boxes[:, 2] < self.boxes[:, 0]).any() or (self.boxes[:, 3] < self.boxes[:, 1]).any()):
            raise ValueError("a box ends before it starts (x2 < x1 or y2 < y1)")
        if n and ((self.classes < 0).any() or (self.classes >= len(READER_CLASSES)).any()):
            raise ValueError(f"class ids must lie in 0..{len(READER_CLASSES) - 1}")

    @classmethod
    def empty(cls, k: int = TOP_K) -> "Corners":
        return cls(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros((0, k), np.int64),
                   np.zeros((0, k), np.float32))

    @classmethod
    def from_arrays(cls, boxes, scores, classes=None, probs=None) -> "Corners":
        boxes = np.asarray(boxes, np.float32).reshape(-1, 4)
        n = len(boxes)
        if classes is None:                       # found but not yet read
            classes = np.full((n, 1), NONE_ID, np.int64)
            probs = np.zeros((n, 1), np.float32)
        classes = np.asarray(classes, np.int64)
        probs = np.asarray(probs, np.float32)
        if classes.ndim == 1:
            classes, probs = classes[:, None], probs[:, None]
        return cls(boxes, np.asarray(scores, np.float32).reshape(n), classes.reshape(n, -1), probs.reshape(n, -1))

    @classmethod
    def from_ultralytics(cls, result: Any) -> "Corners":
        """One ``ultralytics`` ``Results``: a single-class detector gives found-but-unread corners,
        a 53-class one gives its class as the only reading."""
        b = result.boxes
        boxes = b.xyxy.cpu().numpy()
        scores = b.conf.cpu().numpy()
        if len(getattr(result, "names", {})) <= 1:
            return cls.from_arrays(boxes, scores)
        return cls.from_arrays(boxes, scores, b.cls.cpu().numpy().astype(np.int64), scores)

    def __len__(self) -> int:
        return len(self.boxes)

    def __getitem__(self, keep: Union[np.ndarray, slice, list]) -> "Corners":
        keep = np.asarray(keep) if isinstance(keep, list) else keep
        return Corners(self.boxes[keep], self.scores[keep], self.classes[keep], self.probs[keep])

    @property
    def names(self) -> list[str]:
        """The top reading of each corner, as ``burraco score`` writes cards."""
        return [READER_CLASSES[int(c)] for c in self.classes[:, 0]]

    @property
    def confidence(self) -> np.ndarray:
        return self.probs[:, 0]

    @property
    def centres(self) -> np.ndarray:
        return np.stack([(self.boxes[:, 0] + self.boxes[:, 2]) / 2, (self.boxes[:, 1] + self.boxes[:, 3]) / 2], 1)

    def scaled(self, sx: float, sy: float) -> "Corners":
        """The same corners, their boxes in pixels ``sx`` times wider and ``sy`` times taller."""
        return Corners(self.boxes * np.array([sx, sy, sx, sy], np.float32), self.scores, self.classes, self.probs)

    @property
    def sizes(self) -> np.ndarray:
        """Each box's longer side (an index lies either way round)."""
        return index_sizes(self.boxes)

    def alternatives(self, i: int) -> list[tuple[str, float]]:
        """The readings of corner ``i`` after the first, "not an index" left out."""
        return [(READER_CLASSES[int(c)], float(p)) for c, p in zip(self.classes[i, 1:], self.probs[i, 1:])
                if READER_CLASSES[int(c)] != NONE_CLASS and p > 0]


def index_sizes(boxes: np.ndarray) -> np.ndarray:
    """Each box's longer side, pixels (an index lies either way round)."""
    return np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]) if len(boxes) else np.zeros(0)


def iou_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Intersection over union of every box of ``a`` (N x 4) with every box of ``b`` (M x 4)."""
    a = np.asarray(a, np.float64).reshape(-1, 4)
    b = np.asarray(b, np.float64).reshape(-1, 4)
    x1 = np.maximum(a[:, None, 0], b[None, :, 0])
    y1 = np.maximum(a[:, None, 1], b[None, :, 1])
    x2 = np.minimum(a[:, None, 2], b[None, :, 2])
    y2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)


def one_box_per_index(boxes: np.ndarray, sure: np.ndarray, readings: np.ndarray, max_iou: float) -> np.ndarray:
    """Which boxes to keep when two read as the same card overlap by more than ``max_iou``: the
    surer one. (The detector's own suppression knows no readings and lets two boxes on one index
    through when they overlap less than it asks; two copies of a card, from two decks, lie apart.)"""
    keep = np.ones(len(boxes), bool)
    if len(boxes) < 2:
        return keep
    iou = iou_matrix(boxes, boxes)
    readings = np.asarray(readings)
    for i in np.argsort(-np.asarray(sure), kind="stable"):
        if keep[i]:
            twin = (iou[i] > max_iou) & (readings == readings[i])
            twin[i] = False
            keep &= ~twin
    return keep


def tiny_jokers(boxes: np.ndarray, readings: np.ndarray, keep: np.ndarray, joker: int, share: float,
                others: int) -> np.ndarray:
    """Which of the kept boxes (``keep``) read as a joker (class ``joker``) are far shorter than
    the photo's usual index: under ``share`` of the median longer side of the other kept boxes,
    when there are ``others`` of them at least. A joker's index (a figure, or a word along the
    card's edge) is as long as its deck's other indices or longer; a letter of text printed
    beside the cards, or a small mark on the table, is the classifier's likeliest false joker."""
    out = np.zeros(len(boxes), bool)
    kept = np.flatnonzero(keep)
    if len(kept) <= others or not share:
        return out
    sizes = index_sizes(boxes)
    for i in kept[np.asarray(readings)[kept] == joker]:
        rest = kept[kept != i]
        out[i] = sizes[i] < share * float(np.median(sizes[rest]))
    return out
