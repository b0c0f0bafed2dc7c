"""Which way up two corner indices are printed: a card's far corner is printed turned by 180
degrees against its near one, while a second copy of the card lying the same way is not. So two
corners read alike whose grey crops match better as they lie than with one turned round are two
cards (two decks), not one card's two corners.
"""
from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from .corners import Corners

SIDE = 32                               # the crops compared, px


def _crop(grey: np.ndarray, box: np.ndarray, pad: float = 0.15) -> np.ndarray:
    """The box's square (its longer side, ``pad`` of context) at ``SIDE`` px, zero mean, unit norm."""
    x1, y1, x2, y2 = (float(v) for v in box)
    side = max(x2 - x1, y2 - y1, 2.0) * (1 + pad)
    f = SIDE / side
    m = np.array([[f, 0, SIDE / 2 - f * (x1 + x2) / 2], [0, f, SIDE / 2 - f * (y1 + y2) / 2]], np.float32)
    crop = cv2.warpAffine(grey, m, (SIDE, SIDE), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    crop = crop.astype(np.float32) - crop.mean()
    norm = float(np.linalg.norm(crop))
    return crop / norm if norm > 0 else crop


def same_way_up(image: np.ndarray, corners: Corners, margin: float) -> Callable[[int, int], bool]:
    """``check(i, j)``: corners i and j of ``image`` (BGR) look more alike as they lie than with
    one turned by 180 degrees, by more than ``margin`` (normalised correlation)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    crops: dict[int, np.ndarray] = {}

    def crop(k: int) -> np.ndarray:
        if k not in crops:
            crops[k] = _crop(grey, corners.boxes[k])
        return crops[k]

    def check(i: int, j: int) -> bool:
        a, b = crop(i), crop(j)
        return float((a * b).sum()) - float((a * b[::-1, ::-1]).sum()) > margin

    return check
