"""Where cards lie on the table plane: melds as overlapping columns or rows, hands as fans or
loose spreads, and the stock, discard pile and stray backs as distractors.

Every function returns ``PlacedCard`` objects in z-order (first = bottom); positions are in
scene pixels with the table's top-left at (0, 0) before the scene is framed.
"""
from __future__ import annotations

import math

import numpy as np

from engine.card import Card

from .design import Design
from .scene import PlacedCard, card_matrix


def _top_band(boxes: np.ndarray, face_h: int) -> float:
    """Bottom edge of the indices in the top half of a face: how much of a card must show."""
    top = boxes[boxes[:, 1] < face_h / 2]
    return float(top[:, 3].max()) if len(top) else 0.22 * face_h


def _left_band(boxes: np.ndarray, face_w: int) -> float:
    left = boxes[boxes[:, 0] < face_w / 2]
    return float(left[:, 2].max()) if len(left) else 0.22 * face_w


def lay_meld(rng: np.random.Generator, designs: list[Design], cards: list[Card], origin: tuple[float, float],
             scale: float, angle: float, column: bool, meld_no: int) -> list[PlacedCard]:
    """A meld as a column (each card shows its top band) or a row (each shows its left band)."""
    placed: list[PlacedCard] = []
    ux = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
    uy = np.array([-ux[1], ux[0]])
    along = uy if column else ux
    pos = np.array(origin, np.float64)
    for i, card in enumerate(cards):
        design = designs[int(rng.integers(len(designs)))]
        face = design.face(card)
        fh, fw = face.image.shape[:2]
        jitter = rng.normal(0, 0.012 * fh * scale, 2)
        centre = pos + ux * fw * scale / 2 + uy * fh * scale / 2 + jitter
        m = card_matrix(fw, fh, scale, angle + rng.normal(0, 1.8), *centre)
        placed.append(PlacedCard.of_face(face, m, card, role="meld", meld=meld_no, position=i, design=design.name))
        band = _top_band(face.indices, fh) if column else _left_band(face.indices, fw)
        pos = pos + along * (band + rng.uniform(0.01, 0.07) * fh) * scale
    return placed


def meld_extent(designs: list[Design], cards: list[Card], scale: float, column: bool) -> tuple[float, float]:
    """Approximate (width, height) in scene pixels of a meld laid straight."""
    face = designs[0].face(cards[0])
    fh, fw = face.image.shape[:2]
    band = (_top_band(face.indices, fh) if column else _left_band(face.indices, fw)) + 0.04 * fh
    if column:
        return fw * scale, (fh + band * (len(cards) - 1)) * scale
    return (fw + band * (len(cards) - 1)) * scale, fh * scale


def lay_table(rng: np.random.Generator, designs: list[Design], melds: list[list[Card]],
              scale: float) -> list[PlacedCard]:
    """A team's melds side by side (columns) or stacked (rows), in table order."""
    column = rng.random() < 0.75
    angle = rng.normal(0, 2.0)
    placed: list[PlacedCard] = []
    fh, fw = designs[0].face(melds[0][0]).image.shape[:2]
    gap = rng.uniform(0.08, 0.5) * fw * scale
    per_line = max(1, int(rng.integers(4, 9))) if column else max(1, int(rng.integers(1, 4)))
    x = y = 0.0
    line_extent = 0.0
    for m, cards in enumerate(melds):
        if m and m % per_line == 0:
            if column:
                x, y = 0.0, y + line_extent + gap
            else:
                x, y = x + line_extent + gap, 0.0
            line_extent = 0.0
        w, h = meld_extent(designs, cards, scale, column)
        placed += lay_meld(rng, designs, cards, (x, y), scale, angle + rng.normal(0, 1.5), column, m)
        if column:
            x += w + gap
            line_extent = max(line_extent, h)
        else:
            y += h + gap
            line_extent = max(line_extent, w)
    return placed


def lay_fan(rng: np.random.Generator, designs: list[Design], cards: list[Card], scale: float) -> list[PlacedCard]:
    """A hand held or dropped as a fan: cards turn about a point below them, left to right."""
    face = designs[0].face(cards[0])
    fh, fw = face.image.shape[:2]
    radius = fh * scale * rng.uniform(0.9, 1.6)
    band = _left_band(face.indices, fw) * scale + rng.uniform(0.02, 0.08) * fw * scale
    step = math.degrees(band / radius)
    start = -step * (len(cards) - 1) / 2 + rng.normal(0, 10)
    pivot = np.array([0.0, 0.0])
    placed = []
    for i, card in enumerate(cards):
        design = designs[int(rng.integers(len(designs)))]
        f = design.face(card)
        a = start + step * i + rng.normal(0, 0.6)
        r = math.radians(a)
        centre = pivot + np.array([math.sin(r), -math.cos(r)]) * (radius - fh * scale / 2)
        m = card_matrix(f.image.shape[1], f.image.shape[0], scale, a, *centre)
        placed.append(PlacedCard.of_face(f, m, card, role="hand", position=i, design=design.name))
    return placed


def lay_spread(rng: np.random.Generator, designs: list[Design], cards: list[Card], scale: float) -> list[PlacedCard]:
    """A hand spread face up on the table to be counted, as players do: rows of cards left to
    right, each covering the one before but its left band (the index shows), the next row
    overlapping the last one's lower part; a little turn and drift, some cards upside down."""
    fh, fw = designs[0].face(cards[0]).image.shape[:2]
    per_row = int(rng.integers(4, 11))
    step_x = rng.uniform(0.04, 0.45)          # beyond the index band, a share of the card's width
    step_y = rng.uniform(0.55, 1.15)          # a share of the card's height
    tilt = math.radians(rng.normal(0, 8))
    placed, left = [], 0.0
    for i, card in enumerate(cards):
        design = designs[int(rng.integers(len(designs)))]
        f = design.face(card)
        h, w = f.image.shape[:2]
        row, col = divmod(i, per_row)
        if col == 0:
            left = rng.normal(0, 0.03) * fw
        upside_down = rng.random() < 0.15
        x = left + w / 2
        y = row * step_y * fh + h / 2 + rng.normal(0, 0.03) * fh
        cx = (x * math.cos(tilt) - y * math.sin(tilt)) * scale
        cy = (x * math.sin(tilt) + y * math.cos(tilt)) * scale
        turn = math.degrees(tilt) + rng.normal(0, 3) + (180.0 if upside_down else 0.0)
        m = card_matrix(w, h, scale, turn, cx, cy)
        placed.append(PlacedCard.of_face(f, m, card, role="hand", position=i, design=design.name))
        # the next card leaves this one's index band showing (its far corner's, upside down)
        right = f.indices[f.indices[:, 0] >= w / 2] if len(f.indices) else f.indices
        band = w - float(right[:, 0].min()) if upside_down and len(right) else _left_band(f.indices, w)
        left += band + (step_x + abs(rng.normal(0, 0.03))) * fw
    return placed


def lay_pile(rng: np.random.Generator, back: np.ndarray, n: int, centre: tuple[float, float], scale: float,
             role: str = "stock") -> list[PlacedCard]:
    """A stack of backs, slightly misaligned (the stock, or a pozzetto)."""
    fh, fw = back.shape[:2]
    base = rng.uniform(-180, 180)
    return [PlacedCard(back, card_matrix(fw, fh, scale, base + rng.normal(0, 3), centre[0] + rng.normal(0, 2),
                                         centre[1] + rng.normal(0, 2)), None, role=role) for _ in range(n)]


def lay_discard(rng: np.random.Generator, designs: list[Design], cards: list[Card], centre: tuple[float, float],
                scale: float) -> list[PlacedCard]:
    """The discard pile: face-up cards thrown roughly on one spot."""
    placed = []
    for i, card in enumerate(cards):
        design = designs[int(rng.integers(len(designs)))]
        f = design.face(card)
        fh, fw = f.image.shape[:2]
        off = rng.normal(0, 0.18, 2) * np.array([fw, fh]) * scale
        m = card_matrix(fw, fh, scale, rng.normal(0, 25), centre[0] + off[0], centre[1] + off[1])
        placed.append(PlacedCard.of_face(f, m, card, role="discard", position=i, design=design.name))
    return placed


def shift(cards: list[PlacedCard], dx: float, dy: float) -> None:
    for pc in cards:
        pc.matrix = pc.matrix.copy()
        pc.matrix[:, 2] += (dx, dy)


def extent(cards: list[PlacedCard]) -> tuple[float, float, float, float]:
    pts = np.vstack([pc.corners() for pc in cards])
    return float(pts[:, 0].min()), float(pts[:, 1].min()), float(pts[:, 0].max()), float(pts[:, 1].max())
