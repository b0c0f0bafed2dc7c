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

from ..classes import NONE_ID, READER_CLASSES
from .cards import ReadCard
from .classifier import IndexClassifier
from .corners import Corners, iou_matrix, one_box_per_index, tiny_jokers
from .detector import CornerDetector, Look, index_size
from .index_turn import same_way_up
from .index_ways import IndexWays
from .pair_readings import cards_read_together
from .photo import Photo, load_photo
from .settings import ReaderSettings

JOKER_ID = READER_CLASSES.index("JK")
DETECTOR = "detector.onnx"
CLASSIFIER = "classifier.onnx"


class ModelsMissing(FileNotFoundError):
    def __init__(self, folder: Path, missing: list[str]):
        super().__init__(f"no trained model {', '.join(missing)} in {folder} (see models/README.md)")


def models_dir() -> Path:
    env = os.environ.get("BURRACO_MODELS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "models"


@dataclass(frozen=True)
class SecondLook:
    """What a second look at a photo needs (``second_look.py``): the boxes the detector found
    that the reader did not keep, however weakly found, with their scores, and the means to
    read boxes of the photo and to tell which of its corners are printed the same way up."""
    boxes: np.ndarray                                               # N x 4, pixels of the upright photo
    scores: np.ndarray                                              # N: the detector's
    read: Callable[[np.ndarray], np.ndarray]                        # boxes -> probabilities (READER_CLASSES)
    same_way_up: Callable[[Corners], Optional[Callable[[int, int], bool]]]


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
    # boxes the detector found surely that no reading was sure enough to keep: a card may be missing
    unread: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), np.float32), repr=False, compare=False)
    # the boxes not kept, for a second look where a meld expects a card (None: no photo at hand)
    second_look: Optional[SecondLook] = field(default=None, repr=False, compare=False)

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


def index_readings(probs: np.ndarray, none_margin: float) -> tuple[np.ndarray, np.ndarray]:
    """Boxes' readings as cards (``probs`` with "not an index" set to 0, in place) and which of
    them read as an index at all: "not an index" beats their best card by no more than
    ``none_margin``."""
    none = probs[:, NONE_ID].copy()
    probs[:, NONE_ID] = 0.0
    return probs, none <= probs.max(axis=1) + none_margin


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
        return self.corners_and_unread(image)[0]

    def corners_and_unread(self, image: np.ndarray) -> tuple[Corners, np.ndarray]:
        """``corners``, and the boxes found with a detector score of at least ``unread_score``
        (taken for an index, not for "not an index") that were dropped for want of a sure reading,
        where no kept corner lies: each may be a card left out of the count."""
        return self._find(image)[:2]

    def _find(self, image: np.ndarray, first: Optional[Look] = None) -> tuple[Corners, np.ndarray, np.ndarray, np.ndarray]:
        """``corners_and_unread``, and the boxes (with their scores) of every other find where no
        kept corner lies, however weak: a second look may read them. ``first``: the detector's
        first look at ``image``, if taken."""
        s = self.settings
        found, found_scores = self.detector.detect(image, first)
        # a box is kept when score x reading probability reaches min_score: weaker finds never are
        sure = found_scores >= s.min_score
        boxes, scores = found[sure], found_scores[sure]
        if not len(boxes):
            return Corners.empty(s.top_k), np.zeros((0, 4), np.float32), found, found_scores
        probs, index = index_readings(self.classifier.probabilities(image, boxes), s.none_margin)
        best = probs.max(axis=1)
        keep = index & (scores * best >= s.min_score)
        keep[keep] = one_box_per_index(boxes[keep], scores[keep] * best[keep], probs[keep].argmax(axis=1),
                                       s.same_reading_iou)
        tiny = tiny_jokers(boxes, probs.argmax(axis=1), keep, JOKER_ID, s.tiny_joker, s.tiny_others)
        keep &= ~tiny
        index &= ~tiny                                   # no index, so no card left out either
        classes, top = top_readings(probs[keep], s.top_k)
        unread = index & (scores >= s.unread_score) & ~keep
        if unread.any() and keep.any():
            unread[unread] = iou_matrix(boxes[unread], boxes[keep]).max(axis=1) <= s.same_reading_iou
        rest = np.ones(len(found), bool)
        if keep.any():
            rest = iou_matrix(found, boxes[keep]).max(axis=1) <= s.same_reading_iou
        rest[np.flatnonzero(sure)[tiny]] = False         # no index: not for a second look either
        return Corners(boxes[keep], scores[keep], classes, top), boxes[unread], found[rest], found_scores[rest]

    def open(self, source: Union[str, Path, bytes], name: Optional[str] = None) -> Photo:
        """``load_photo``, a large JPEG decoded no larger than the detector's first look needs
        (``read`` decodes it whole when its indices turn out small)."""
        return load_photo(source, name, least_side=self.settings.first_side)

    def read(self, photo: Union[Photo, str, Path, bytes]) -> Reading:
        """The corners and cards of a photo, boxes in pixels of the photo (upright, its own size)."""
        if not isinstance(photo, Photo):
            photo = self.open(photo)
        s = self.settings
        first = self.detector.first_look(photo.image)
        if photo.shrunk:
            # indices small in the smaller decode, or small enough for the detector to look closer
            if index_size(first.boxes, first.scores) < s.shrunk_index \
                    or first.index_size(max(photo.image.shape[:2])) < s.small_index:
                first = first.scaled(*photo.scale)        # small indices: every pixel counts
                photo = photo.whole()
        image, (sx, sy) = photo.image, photo.scale
        corners, unread, rest, rest_scores = self._find(image, first)
        to_photo = np.array([sx, sy, sx, sy], np.float32)
        corners, unread, rest = corners.scaled(sx, sy), unread * to_photo, rest * to_photo

        def ways(c: Corners) -> IndexWays:
            return same_way_up(image, c.scaled(1 / sx, 1 / sy), s.same_way_margin, s.turned_margin, s.turned_px / sx)
        look = SecondLook(rest, rest_scores, lambda boxes: self.classifier.probabilities(image, boxes / to_photo), ways)
        alike = ways(corners)
        corners, cards = cards_read_together(corners, s, alike)
        return Reading(photo.width, photo.height, corners, cards, same_way_up=alike, unread=unread, second_look=look)
