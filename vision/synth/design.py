"""A card design (one deck's artwork) and the faces it renders.

Every source of artwork (GNOME and KDE decks, npm decks, the procedural renderer) produces
``Design`` objects; the scene generator only ever sees this type.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from engine.card import Card

#: Height in pixels of every face a design renders; the width follows the deck's own aspect ratio.
FACE_HEIGHT = 360

SPLITS = ("train", "eval", "unseen", "heldout")


@dataclass(frozen=True)
class CardFace:
    """One card seen straight on.

    image:   H x W x 4 uint8, BGRA (OpenCV channel order); alpha is 0 outside the card's
             rounded outline and 255 on the card.
    indices: K x 4 float32 boxes ``x0, y0, x1, y1`` in face pixels, one per corner index
             (rank + suit pip together) printed on the face; usually 2 or 4.
    """

    image: np.ndarray
    indices: np.ndarray

    def __post_init__(self) -> None:
        img, idx = self.image, self.indices
        if img.ndim != 3 or img.shape[2] != 4 or img.dtype != np.uint8:
            raise ValueError(f"face image must be HxWx4 uint8, got {img.shape} {img.dtype}")
        if idx.ndim != 2 or idx.shape[1] != 4:
            raise ValueError(f"indices must be Kx4, got {idx.shape}")
        h, w = img.shape[:2]
        if len(idx) and ((idx[:, 0] < 0).any() or (idx[:, 1] < 0).any()
                         or (idx[:, 2] > w).any() or (idx[:, 3] > h).any()
                         or (idx[:, 2] <= idx[:, 0]).any() or (idx[:, 3] <= idx[:, 1]).any()):
            raise ValueError(f"index boxes {idx.tolist()} do not lie inside the {w}x{h} face")


@dataclass
class Design:
    """A deck design: a name, where it came from, and which split may use it.

    ``render(card)`` returns the face of ``card`` (``Card.joker()`` for the joker); ``render_back()``
    the back, or None when the deck has none. Faces are cached after the first call.
    ``name`` is unique across all sources, e.g. ``"gnome/bonded"``, ``"kde/oxygen"``,
    ``"npm/younestouati"``, ``"proc/0007"``.
    """

    name: str
    source: str
    split: str
    render: Callable[[Card], CardFace]
    render_back: Callable[[], Optional[np.ndarray]] = lambda: None
    _faces: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.split not in SPLITS:
            raise ValueError(f"design {self.name!r}: split must be one of {SPLITS}, got {self.split!r}")

    def face(self, card: Card) -> CardFace:
        if card not in self._faces:
            self._faces[card] = self.render(card)
        return self._faces[card]

    def back(self) -> Optional[np.ndarray]:
        if "back" not in self._faces:
            self._faces["back"] = self.render_back()
        return self._faces["back"]
