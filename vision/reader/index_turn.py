"""Which way up two corner indices are printed: a card's far corner is printed turned by 180
degrees against its near one, while a second copy of the card lying the same way is not. So two
corners read alike whose grey crops match better as they lie than with one turned round are two
cards (two decks), not one card's two corners; crops that match better turned round are
printed turned round (see ``index_ways``).
"""
from __future__ import annotations

import cv2
import numpy as np

from .classifier import crop
from .corners import Corners
from .index_ways import IndexWays

SIDE = 32                               # the crops compared, px
PAD = 0.15                              # context around a box


def _crop(image: np.ndarray, box: np.ndarray) -> np.ndarray:
    """The box's square in grey (the classifier's crop), zero mean, unit norm."""
    grey = cv2.cvtColor(crop(image, box, PAD, SIDE), cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey -= grey.mean()
    norm = float(np.linalg.norm(grey))
    return grey / norm if norm > 0 else grey


def same_way_up(image: np.ndarray, corners: Corners, margin: float, turned_margin: float,
                turned_px: float = 0.0) -> IndexWays:
    """Corners i and j of ``image`` (BGR) look more alike as they lie than with one turned by 180
    degrees, by more than ``margin`` (normalised correlation): the same way up; less alike by
    more than ``turned_margin``, both boxes at least ``turned_px`` long: turned round."""
    crops: dict[int, np.ndarray] = {}

    def crop_of(k: int) -> np.ndarray:
        if k not in crops:
            crops[k] = _crop(image, corners.boxes[k])
        return crops[k]

    def lean(i: int, j: int) -> float:
        a, b = crop_of(i), crop_of(j)
        return float((a * b).sum()) - float((a * b[::-1, ::-1]).sum())

    sizes = corners.sizes
    return IndexWays(lambda i, j: lean(i, j) > margin,
                     lambda i, j: min(sizes[i], sizes[j]) >= turned_px and lean(i, j) < -turned_margin)
