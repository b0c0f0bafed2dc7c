"""Compositing cards onto a table, top-down, while tracking which index pixels stay visible.

Cards are pasted in z-order. Two label maps travel with the image: ``card_map`` holds, per
pixel, 1 + the number of the card on top (0 = table), and ``index_map`` holds 1 + the number of
the corner index whose pixel it is, but only where that index is still on top. Visibility is
therefore measured on the final composite, after every occlusion.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import cv2
import numpy as np

from engine.card import Card

from .design import CardFace


@dataclass
class PlacedCard:
    """A card (or a back, ``card=None``) with its pose: a 2x3 affine map from face to scene pixels."""

    face: np.ndarray                 # BGRA
    matrix: np.ndarray               # 2x3 float
    card: Optional[Card] = None
    index_boxes: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), np.float32))
    role: str = "meld"               # meld, hand, discard, stock, back
    meld: int = -1
    position: int = -1
    design: str = ""

    @classmethod
    def of_face(cls, face: CardFace, matrix: np.ndarray, card: Card, **kw) -> "PlacedCard":
        return cls(face.image, matrix, card, face.indices, **kw)

    def corners(self) -> np.ndarray:
        """The card's four corners in scene pixels: top-left, top-right, bottom-right, bottom-left."""
        h, w = self.face.shape[:2]
        return transform(self.matrix, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))


@dataclass
class IndexRecord:
    card: int           # position of the card in the placed list
    corner: int         # which of the card's index boxes
    area: int           # pixels of the index on its own card, before anything covers it


@dataclass
class Composite:
    """The cards as a layer over the table: ``color`` is premultiplied by ``alpha``; ``shade``
    darkens what lies below the cards (their shadows on the table)."""

    color: np.ndarray           # H x W x 3 float32, premultiplied
    alpha: np.ndarray           # H x W float32 in [0, 1]
    shade: np.ndarray           # H x W float32 in [0, 1]
    card_map: np.ndarray        # H x W int16, 1 + card number, 0 = table
    index_map: np.ndarray       # H x W int16, 1 + index number where visible
    indices: list[IndexRecord]

    def over(self, table: np.ndarray) -> np.ndarray:
        """The layer laid over a BGR table image of the same size."""
        return flatten(self.color, self.alpha, self.shade, table)


def flatten(color: np.ndarray, alpha: np.ndarray, shade: np.ndarray, table: np.ndarray) -> np.ndarray:
    below = table.astype(np.float32) * (shade * (1.0 - alpha))[:, :, None]
    return np.clip(color + below, 0, 255).astype(np.uint8)


def transform(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    pts = np.asarray(points, np.float32).reshape(-1, 2)
    return pts @ matrix[:, :2].T.astype(np.float32) + matrix[:, 2].astype(np.float32)


def card_matrix(face_w: int, face_h: int, scale: float, angle_deg: float, cx: float, cy: float) -> np.ndarray:
    """Face -> scene: scale, rotate about the card's centre, and put that centre at (cx, cy)."""
    a = np.deg2rad(angle_deg)
    c, s = np.cos(a) * scale, np.sin(a) * scale
    rot = np.array([[c, -s], [s, c]])
    centre = rot @ np.array([face_w / 2, face_h / 2])
    return np.hstack([rot, np.array([[cx - centre[0]], [cy - centre[1]]])]).astype(np.float64)


def box_polygon(box: np.ndarray) -> np.ndarray:
    x0, y0, x1, y1 = box
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def compose(size: tuple[int, int], cards: list[PlacedCard], shadow: float = 0.35) -> Composite:
    """Paste ``cards`` in order onto an empty layer of ``size`` (width, height); later cards lie on top."""
    w, h = size
    color = np.zeros((h, w, 3), np.float32)
    alpha = np.zeros((h, w), np.float32)
    shade = np.ones((h, w), np.float32)
    card_map = np.zeros((h, w), np.int16)
    index_map = np.zeros((h, w), np.int16)
    records: list[IndexRecord] = []
    for k, pc in enumerate(cards):
        corners = pc.corners()
        x0, y0 = np.floor(corners.min(0)).astype(int) - 3
        x1, y1 = np.ceil(corners.max(0)).astype(int) + 4
        cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if cx1 <= cx0 or cy1 <= cy0:
            records += [IndexRecord(k, j, 0) for j in range(len(pc.index_boxes))]
            continue
        m = pc.matrix.copy()
        m[:, 2] -= (cx0, cy0)
        roi_size = (cx1 - cx0, cy1 - cy0)
        warped = cv2.warpAffine(pc.face, m, roi_size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                borderValue=(0, 0, 0, 0))
        a = warped[:, :, 3].astype(np.float32) / 255.0
        c = color[cy0:cy1, cx0:cx1]
        al = alpha[cy0:cy1, cx0:cx1]
        if shadow > 0:
            soft = cv2.GaussianBlur(a, (0, 0), max(1.0, 0.012 * roi_size[1]))
            dark = 1.0 - shadow * np.roll(soft, (2, 2), axis=(0, 1))
            c *= dark[:, :, None]
            shade[cy0:cy1, cx0:cx1] *= dark
        c[:] = c * (1.0 - a)[:, :, None] + warped[:, :, :3].astype(np.float32) * a[:, :, None]
        al[:] = a + al * (1.0 - a)
        on_card = warped[:, :, 3] > 127
        card_map[cy0:cy1, cx0:cx1][on_card] = k + 1
        imap = index_map[cy0:cy1, cx0:cx1]
        imap[on_card] = 0
        for j, box in enumerate(pc.index_boxes):
            poly = transform(m, box_polygon(box))
            mask = np.zeros(on_card.shape, np.uint8)
            cv2.fillPoly(mask, [np.round(poly).astype(np.int32)], 1)
            inside = (mask > 0) & on_card
            records.append(IndexRecord(k, j, int(inside.sum())))
            imap[inside] = len(records)
    return Composite(color, alpha, shade, card_map, index_map, records)


def visible_fraction(composite: Composite) -> np.ndarray:
    """Per index, the share of its own pixels that are still on top in the composite."""
    counts = np.bincount(composite.index_map.ravel(), minlength=len(composite.indices) + 1)[1:]
    areas = np.array([r.area for r in composite.indices], np.float64)
    return np.divide(counts, areas, out=np.zeros_like(areas), where=areas > 0)


def boxes_from_map(index_map: np.ndarray, ids: np.ndarray) -> dict[int, tuple[int, int, int, int]]:
    """Bounding box (x0, y0, x1, y1, exclusive ends) of the pixels of each id in ``ids``."""
    ys, xs = np.nonzero(index_map)
    vals = index_map[ys, xs]
    keep = np.isin(vals, ids)
    ys, xs, vals = ys[keep], xs[keep], vals[keep]
    out: dict[int, tuple[int, int, int, int]] = {}
    if len(vals) == 0:
        return out
    order = np.argsort(vals, kind="stable")
    ys, xs, vals = ys[order], xs[order], vals[order]
    starts = np.flatnonzero(np.r_[True, vals[1:] != vals[:-1]])
    x0 = np.minimum.reduceat(xs, starts)
    x1 = np.maximum.reduceat(xs, starts)
    y0 = np.minimum.reduceat(ys, starts)
    y1 = np.maximum.reduceat(ys, starts)
    for i, s in enumerate(starts):
        out[int(vals[s])] = (int(x0[i]), int(y0[i]), int(x1[i]) + 1, int(y1[i]) + 1)
    return out
