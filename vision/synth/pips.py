"""The four French suit symbols as filled, anti-aliased shapes drawn with OpenCV.

Every symbol is a list of polygons in *unit* coordinates: the symbol's bounding box is centred
on the origin and is exactly 1 high (its width follows the shape, see :func:`suit_aspect`),
with y pointing down as in images. :func:`draw_pip` scales, rotates (by 180 degrees) and
places such a symbol on a BGR or BGRA canvas; :func:`pip_mask` returns it as a tight coverage
mask. A few variants per suit (``SUIT_VARIANTS``) give fatter or thinner hearts, clubs with
bigger or smaller leaves, straight or concave diamonds, and so on.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import cv2
import numpy as np

#: How many shape variants each suit has; variant ``v`` is taken modulo this.
SUIT_VARIANTS = {"S": 4, "H": 4, "D": 3, "C": 4}

_SHIFT = 4                      # fixed-point bits for sub-pixel accurate cv2 drawing
_ONE = 1 << _SHIFT


def _circle(cx: float, cy: float, r: float, n: int = 64) -> np.ndarray:
    t = np.linspace(0.0, 2.0 * np.pi, n, endpoint=False)
    return np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)


def _hull(points: np.ndarray) -> np.ndarray:
    return cv2.convexHull(points.astype(np.float32)).reshape(-1, 2).astype(np.float64)


def _bezier(p0, p1, p2, n: int = 24) -> np.ndarray:
    t = np.linspace(0.0, 1.0, n)[:, None]
    p0, p1, p2 = (np.asarray(p, dtype=np.float64) for p in (p0, p1, p2))
    return (1 - t) ** 2 * p0 + 2 * (1 - t) * t * p1 + t ** 2 * p2


def _parametric_heart(xscale: float, n: int = 160) -> list[np.ndarray]:
    t = np.linspace(0.0, 2.0 * np.pi, n, endpoint=False)
    x = 16 * np.sin(t) ** 3 * xscale
    y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
    return [np.stack([x, y], axis=1)]


def _circle_heart(r: float, depth: float, point_up: bool = False) -> list[np.ndarray]:
    """Two round lobes side by side and the tangents from each to a point below them."""
    tip = np.array([[0.0, depth if not point_up else -depth]])
    polys = []
    for sx in (-1.0, 1.0):
        lobe = _circle(sx * r * 0.92, 0.0, r)
        polys.append(_hull(np.vstack([lobe, tip])))
    return polys


def _stem(y0: float, y1: float, top_w: float, bottom_w: float, flare: float) -> np.ndarray:
    """A stem from y0 down to y1 whose sides curve outwards at the foot."""
    right = _bezier((top_w, y0), (top_w + (bottom_w - top_w) * flare, y1 - 0.05), (bottom_w, y1), 16)
    left = right[::-1] * np.array([-1.0, 1.0])
    return np.vstack([right, left])


def _normalise(polys: list[np.ndarray]) -> list[np.ndarray]:
    allp = np.vstack(polys)
    lo, hi = allp.min(axis=0), allp.max(axis=0)
    centre = (lo + hi) / 2.0
    scale = 1.0 / (hi[1] - lo[1])
    return [((p - centre) * scale) for p in polys]


@lru_cache(maxsize=None)
def _unit_shape(suit: str, variant: int) -> tuple[np.ndarray, ...]:
    v = variant % SUIT_VARIANTS[suit]
    if suit == "H":
        if v == 0:
            polys = _parametric_heart(1.0)
        elif v == 1:
            polys = _parametric_heart(1.18)            # fat
        elif v == 2:
            polys = _parametric_heart(0.86)            # thin
        else:
            polys = _circle_heart(1.0, 2.3)
    elif suit == "S":
        if v in (0, 1, 2):
            xs = (1.0, 1.15, 0.88)[v]
            body = [p * np.array([1.0, -1.0]) for p in _parametric_heart(xs)]   # point up
            # the heart spans y in about [-12, 17.5] after flipping; put the stem under it
            stem_w = (0.8, 1.0, 0.7)[v]
            stem = _stem(4.0, 14.0 + (2.0, 1.0, 3.0)[v], stem_w, 5.0 + v, 0.25)
            polys = body + [stem]
        else:
            body = _circle_heart(1.0, 2.3, point_up=True)
            stem = _stem(0.3, 2.2, 0.08, 0.55, 0.3)
            polys = body + [stem]
    elif suit == "D":
        w = (0.36, 0.30, 0.33)[v]
        if v == 2:                                     # concave sides, French style
            pts = [(0, -0.5), (w, 0), (0, 0.5), (-w, 0)]
            bulge = 0.12
            sides = []
            for a, b in zip(pts, pts[1:] + pts[:1]):
                mid = ((a[0] + b[0]) / 2 * (1 - bulge), (a[1] + b[1]) / 2 * (1 - bulge))
                sides.append(_bezier(a, mid, b, 16)[:-1])
            polys = [np.vstack(sides)]
        else:
            polys = [np.array([(0, -0.5), (w, 0), (0, 0.5), (-w, 0)], dtype=np.float64)]
    elif suit == "C":
        r = (0.24, 0.27, 0.22, 0.25)[v]
        spread = (0.27, 0.29, 0.26, 0.30)[v]
        top = _circle(0.0, -0.30, r)
        left = _circle(-spread, 0.05, r)
        right = _circle(spread, 0.05, r)
        filler = _hull(np.array([(0, -0.3), (-spread, 0.05), (spread, 0.05), (0, 0.15)]))
        foot = 0.62 if v != 3 else 0.58
        stem = _stem(0.0, foot, 0.035, 0.17 if v != 2 else 0.13, 0.25 if v != 3 else 0.05)
        polys = [top, left, right, filler, stem]
    else:
        raise ValueError(f"unknown suit {suit!r}")
    return tuple(_normalise(polys))


@lru_cache(maxsize=None)
def suit_aspect(suit: str, variant: int = 0) -> float:
    """Width / height of the symbol's bounding box."""
    allp = np.vstack(_unit_shape(suit, variant))
    return float(allp[:, 0].max() - allp[:, 0].min())


def _colour_for(img: np.ndarray, color: Sequence[float]) -> tuple:
    c = tuple(float(x) for x in color)
    if img.ndim == 3 and img.shape[2] == 4 and len(c) == 3:
        c = c + (255.0,)
    if img.ndim == 2:
        c = c[:1]
    return c


def draw_pip(img: np.ndarray, suit: str, center: tuple[float, float], height: float,
             color: Sequence[float], rotate180: bool = False, variant: int = 0) -> None:
    """Draw ``suit`` filled and anti-aliased on ``img`` (in place), ``height`` pixels tall,
    with its bounding box centred at ``center`` (x, y); ``rotate180`` turns it upside down."""
    cx, cy = center
    sign = -1.0 if rotate180 else 1.0
    c = _colour_for(img, color)
    pts = []
    for poly in _unit_shape(suit, variant):
        p = poly * (sign * height)
        p[:, 0] += cx
        p[:, 1] += cy
        pts.append(np.round(p * _ONE).astype(np.int32))
    for p in pts:                       # one call per polygon: overlaps must not cancel out
        cv2.fillPoly(img, [p], c, lineType=cv2.LINE_AA, shift=_SHIFT)


def pip_mask(suit: str, height: float, variant: int = 0, rotate180: bool = False) -> np.ndarray:
    """The symbol as a tight uint8 coverage mask (255 = fully inked)."""
    w = height * suit_aspect(suit, variant)
    pad = 2
    W, H = int(np.ceil(w)) + 2 * pad, int(np.ceil(height)) + 2 * pad
    m = np.zeros((H, W), np.uint8)
    draw_pip(m, suit, (W / 2.0, H / 2.0), height, (255,), rotate180, variant)
    ys, xs = np.nonzero(m)
    return m[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def draw_star(img: np.ndarray, center: tuple[float, float], radius: float,
              color: Sequence[float], points: int = 5, inner: float = 0.45,
              rotation: float = 0.0) -> None:
    """A filled star (used on jokers)."""
    cx, cy = center
    n = 2 * points
    ang = rotation - np.pi / 2 + np.arange(n) * np.pi / points
    rad = np.where(np.arange(n) % 2 == 0, radius, radius * inner)
    p = np.stack([cx + rad * np.cos(ang), cy + rad * np.sin(ang)], axis=1)
    cv2.fillPoly(img, [np.round(p * _ONE).astype(np.int32)], _colour_for(img, color),
                 lineType=cv2.LINE_AA, shift=_SHIFT)
