"""Find the corner indices (rank glyph + small suit pip) printed on a card face, by image analysis.

No per-deck coordinates: in each corner of the face we threshold "ink" against the local paper
colour, drop what touches the card's outline or runs out of a corner window (frame lines, court
artwork), seed on the ink blob nearest the corner and grow it with the blobs stacked right under or
beside it (pip under the rank, the "0" of "10", the letters of a vertical "JOKER"). The top-left
result is the reference; the other three corners are searched the same way on the flipped face and
kept only when they hold a blob of about the same size at about the same distance from their
corner (the rotated twin at the bottom-right, and the two extra ones of 4-corner decks).
When no pair agrees, the
search is repeated with stricter ink levels (``INK_LEVELS``), which part an index from a central
pip or artwork it nearly touches through anti-aliasing.

``find_indices(face)`` returns K x 4 float32 boxes ``x0, y0, x1, y1``; an empty 0 x 4 array when
nothing index-like is found (better no box than a wrong one).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

#: Corner window as fractions of the face width / height, where the index must lie entirely.
WINDOW_W = 0.30
WINDOW_H = 0.45
#: Ink: a channel differs from the local paper colour by more than this.
INK_DIFF = 60
#: Stricter ink levels tried in turn when a level finds no index pair: anti-aliased edges
#: then stop joining an index to a central pip or artwork it nearly touches.
INK_LEVELS = (INK_DIFF, 100, 180)
MARGIN = 2
#: Widest index (a wide "10" with its pip), as a fraction of the face width.
MAX_W = 0.27
#: The "0" of a "10" may stand this far from its "1" (a share of the glyphs' height: the font's
#: spacing, which a large index widens beyond the fixed gap of a rank and the pip beside it).
DIGIT_GAP = 0.3
#: Bump on any change of the algorithm: cached decks then recompute their boxes (not their faces).
FINDER_VERSION = 5


@dataclass(frozen=True)
class _Blob:
    x0: int
    y0: int
    x1: int  # exclusive
    y1: int  # exclusive
    area: int

    @property
    def w(self) -> int:
        return self.x1 - self.x0

    @property
    def h(self) -> int:
        return self.y1 - self.y0


def _card_mask(face: np.ndarray) -> np.ndarray:
    return face[:, :, 3] >= 128


def _outline_dist(card: np.ndarray) -> np.ndarray:
    """Distance of each card pixel to the card's outline, the image border counting as outline
    (square-cornered faces are opaque to the edge: without it nothing would be near the outline)."""
    padded = np.pad(card.astype(np.uint8), 1)
    return cv2.distanceTransform(padded, cv2.DIST_L2, 3)[1:-1, 1:-1]


def ink_mask(face: np.ndarray, card: Optional[np.ndarray] = None) -> np.ndarray:
    """Ink pixels of a whole face (bool HxW): far from the paper colour.

    The paper colour is the median of the card's pixels; pixels close to the card's outline
    (outline strokes, anti-aliasing) never count as ink.
    """
    if card is None:
        card = _card_mask(face)
    bgr = face[:, :, :3].astype(np.int16)
    paper = np.median(bgr[card], axis=0) if card.any() else np.array([255, 255, 255])
    diff = np.abs(bgr - paper.reshape(1, 1, 3)).max(axis=2)
    ink = (diff > INK_DIFF) & card
    dist = _outline_dist(card)
    ink &= dist > max(2.0, 0.008 * face.shape[0])
    return ink


def _blobs(ink: np.ndarray, edge: Optional[np.ndarray] = None) -> list[_Blob]:
    """Connected ink blobs. With ``edge`` (bool mask of the zone along the card's outline), blobs
    that touch it along both their top row and their left column are left out: they fill the
    card's corner (square-corner artefacts, frame corners), no index glyph does."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    corner_fill = set()
    if edge is not None:
        ys, xs = np.nonzero(edge & ink)
        lab = labels[ys, xs]
        top = lab[ys <= stats[lab, cv2.CC_STAT_TOP] + 1]
        left = lab[xs <= stats[lab, cv2.CC_STAT_LEFT] + 1]
        corner_fill = set(np.intersect1d(top, left).tolist())
    out = []
    for i in range(1, n):
        if i in corner_fill:
            continue
        x, y, w, h, a = (int(v) for v in stats[i])
        out.append(_Blob(x, y, x + w, y + h, a))
    return out


def _gap(a: int, b: int, c: int, d: int) -> int:
    """Gap between the intervals [a, b) and [c, d); negative when they overlap."""
    return max(a, c) - min(b, d)


def _corner_cluster(face: np.ndarray, full_h: int, full_w: int,
                    ink_diff: int = INK_DIFF) -> Optional[tuple[int, int, int, int]]:
    """Index box (x0, y0, x1, y1 exclusive) of the top-left corner of ``face``, or None."""
    H, W = face.shape[:2]
    wh, ww = int(round(WINDOW_H * H)), int(round(WINDOW_W * W))
    win = face[:wh, :ww]
    # Paper colour from the window only (gradients and tinted paper elsewhere do not matter),
    # but the outline distance needs the whole card mask.
    card = _card_mask(face)
    dist_full = _outline_dist(card)
    far = dist_full[:wh, :ww] > max(2.0, 0.008 * full_h)
    bgr = win[:, :, :3].astype(np.int16)
    wcard = card[:wh, :ww]
    if wcard.sum() < 0.5 * wcard.size:
        return None
    # Paper colour: the card's margin, a thin band just inside its outline (the window alone
    # can be mostly artwork on court cards).
    band = (dist_full > 0.01 * full_h) & (dist_full < 0.03 * full_h)
    paper = np.median(face[:, :, :3][band].astype(np.int16), axis=0) if band.any() \
        else np.median(bgr[wcard], axis=0)
    diff = np.abs(bgr - paper.reshape(1, 1, 3)).max(axis=2)
    ink = (diff > ink_diff) & far
    # Ink right against the outline zone is the card's frame or corner fill, never the index.
    edge = cv2.dilate((wcard & ~far).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    blobs = _blobs(ink, edge)
    # A blob may not be cut by the window border (frames, artwork, central pips running on).
    inside = [b for b in blobs if b.x1 < ww - 1 and b.y1 < wh - 1]
    min_h = max(4, int(0.02 * full_h))
    seeds = [b for b in inside
             if min_h <= b.h <= 0.22 * full_h and b.w <= MAX_W * full_w and b.area >= 0.25 * min_h * min_h
             and b.x0 < 0.15 * full_w and b.y0 < 0.15 * full_h]
    if not seeds:
        return None
    seed = min(seeds, key=lambda b: b.x0 + b.y0)
    x0, y0, x1, y1 = seed.x0, seed.y0, seed.x1, seed.y1
    gy = max(3, int(round(0.045 * full_h)))  # vertical gap rank -> pip, letter -> letter
    gx = max(2, int(round(0.012 * full_h)))   # horizontal gap "1" -> "0", rank -> pip beside it
    small = max(2, int(0.006 * full_h))
    speck = 0.2 * min_h * min_h
    rest = [b for b in inside if b is not seed]
    grown = True
    while grown:
        grown = False
        for b in list(rest):
            if (b.h < small and b.w < small) or b.area < speck:
                continue  # specks (anti-aliasing, shading along the outline) never grow the cluster
            vgap, hgap = _gap(y0, y1, b.y0, b.y1), _gap(x0, x1, b.x0, b.x1)
            # stacked under/over: must overlap the cluster's columns substantially
            stacked = vgap <= gy and hgap < 0 and -hgap >= 0.4 * min(b.w, x1 - x0)
            beside = hgap <= gx and vgap < 0 and -vgap >= 0.4 * min(b.h, y1 - y0)
            if not (stacked or beside or _second_digit(seed, b, hgap)):
                continue
            # the index pip is never much bigger than the rank glyph; a central pip often is
            # (measured on the rank as grown so far: a "10" is wider than its "1", and a narrow
            # J may stand over a pip as wide as it is tall)
            if b.h > 1.3 * seed.h or b.w > 1.7 * max(x1 - x0, 0.6 * seed.h):
                continue
            nx0, ny0, nx1, ny1 = min(x0, b.x0), min(y0, b.y0), max(x1, b.x1), max(y1, b.y1)
            if nx1 - nx0 > MAX_W * full_w or ny1 - ny0 > WINDOW_H * full_h:
                continue
            x0, y0, x1, y1 = nx0, ny0, nx1, ny1
            rest.remove(b)
            grown = True
    # Pull in tiny parts (dots, serifs) that lie inside the cluster box.
    if (y1 - y0) < min_h or (x1 - x0) < 2:
        return None
    return x0, y0, x1, y1


def _second_digit(seed: _Blob, b: _Blob, hgap: int) -> bool:
    """Whether ``b`` is the "0" of a "10" whose "1" is ``seed``: beside it within ``DIGIT_GAP`` of
    its height, as tall and level with it, and narrow as a digit (a pip or artwork beside a
    rank is about as wide as it is tall; a "1" is narrower still)."""
    return (0 <= hgap <= DIGIT_GAP * seed.h and abs(b.y0 - seed.y0) <= 0.1 * seed.h
            and 0.85 * seed.h <= b.h <= 1.2 * seed.h and b.w <= 0.7 * b.h and seed.w <= 0.6 * seed.h)


def _flip_box(box, W: int, H: int, fx: bool, fy: bool) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    if fx:
        x0, x1 = W - x1, W - x0
    if fy:
        y0, y1 = H - y1, H - y0
    return float(x0), float(y0), float(x1), float(y1)


def _similar(a, b, W: int, H: int) -> bool:
    """Two corner boxes (in their own corner's frame) look like the same index."""
    aw, ah, bw, bh = a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]
    if not (0.6 <= bw / aw <= 1.6 and 0.6 <= bh / ah <= 1.6):
        return False
    return abs(a[0] - b[0]) <= 0.05 * W + 2 and abs(a[1] - b[1]) <= 0.05 * H + 2


def find_indices(face_bgra: np.ndarray) -> np.ndarray:
    """Corner index boxes of a BGRA face: K x 4 float32 ``x0, y0, x1, y1`` (K = 0, 2, 3 or 4).

    Boxes come in corner order top-left, bottom-right, top-right, bottom-left (those found);
    each has a ``MARGIN``-pixel margin, clipped to the face.
    """
    face = np.ascontiguousarray(face_bgra)
    if face.ndim != 3 or face.shape[2] != 4:
        raise ValueError(f"expected an HxWx4 BGRA face, got {face.shape}")
    for ink_diff in INK_LEVELS:
        out = _find(face, ink_diff)
        if len(out) >= 2:
            return out
    return np.zeros((0, 4), np.float32)


def _find(face: np.ndarray, ink_diff: int) -> np.ndarray:
    H, W = face.shape[:2]
    corners = {  # name: (flip x, flip y)
        "tl": (False, False), "br": (True, True), "tr": (True, False), "bl": (False, True)}
    found = {}
    for name, (fx, fy) in corners.items():
        view = face
        if fx:
            view = view[:, ::-1]
        if fy:
            view = view[::-1]
        box = _corner_cluster(np.ascontiguousarray(view), H, W, ink_diff)
        if box is not None:
            found[name] = box  # in the flipped frame, i.e. relative to its own corner
    ref = found.get("tl") or found.get("br")
    if ref is None:
        return np.zeros((0, 4), np.float32)
    keep = [n for n in ("tl", "br", "tr", "bl") if n in found and _similar(ref, found[n], W, H)]
    if len(keep) < 2:
        # A lone corner is as likely a stray blob as an index: report nothing.
        return np.zeros((0, 4), np.float32)
    out = []
    for n in keep:
        fx, fy = corners[n]
        x0, y0, x1, y1 = _flip_box(found[n], W, H, fx, fy)
        out.append((max(0.0, x0 - MARGIN), max(0.0, y0 - MARGIN),
                    min(float(W), x1 + MARGIN), min(float(H), y1 + MARGIN)))
    return np.asarray(out, np.float32).reshape(-1, 4)


def index_crop_ok(face_bgra: np.ndarray, box) -> bool:
    """Sanity check of one index box: inside the face, in a corner, reasonably sized, inked."""
    H, W = face_bgra.shape[:2]
    x0, y0, x1, y1 = (float(v) for v in box)
    if not (0 <= x0 < x1 <= W and 0 <= y0 < y1 <= H):
        return False
    bw, bh = x1 - x0, y1 - y0
    if not (0.02 * H <= bh <= WINDOW_H * H and 2 <= bw <= 0.25 * W):
        return False
    near_x = x0 < WINDOW_W * W or x1 > (1 - WINDOW_W) * W
    near_y = y0 < WINDOW_H * H or y1 > (1 - WINDOW_H) * H
    if not (near_x and near_y):
        return False
    ink = ink_mask(face_bgra)[int(y0):int(np.ceil(y1)), int(x0):int(np.ceil(x1))]
    return bool(ink.mean() > 0.03) if ink.size else False


def iou(a, b) -> float:
    """Intersection over union of two ``x0, y0, x1, y1`` boxes."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0
