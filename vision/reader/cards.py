"""From corners to cards: the two (or four) corner indices of one physical card become one card,
while the second deck's copy of the same card stays a card of its own.

Decks differ (an ornamental deck's corners lie 1.9 index sizes apart, a jumbo-index deck's
8), so the spacing is learnt from the photo itself: two corners with the same reading are
one card when they lie a card's diagonal (or side) apart, measured in their own index size;
when several such pairs are seen, their common spacing becomes the photo's card size and
pairs far from it stay apart. A corner lying between the two (another card's index on top)
means they are two cards.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .corners import Corners
from .settings import ReaderSettings


@dataclass(frozen=True)
class ReadCard:
    card: str
    confidence: float
    corners: tuple[int, ...]          # indices into the photo's corners, in reading order

    def to_dict(self) -> dict:
        return {"card": self.card, "confidence": round(self.confidence, 4), "corners": list(self.corners)}


def _blocked(i: int, j: int, centres: np.ndarray, sizes: np.ndarray, same: np.ndarray) -> bool:
    """Another card's index near the segment between corners i and j: they belong to two cards."""
    a, b = centres[i], centres[j]
    ab = b - a
    length2 = float(ab @ ab)
    if length2 <= 0:
        return False
    t = np.clip(((centres - a) @ ab) / length2, 0, 1)
    dist = np.linalg.norm(centres - (a + t[:, None] * ab), axis=1)
    near = (dist < 0.5 * (sizes[i] + sizes[j]) / 2) & (t > 0.15) & (t < 0.85)
    near[[i, j]] = False
    return bool((near & ~same).any())


def _photo_spacing(pairs: list[tuple[float, int, int]]) -> float | None:
    """The spacing shared by most candidate pairs (in index sizes), when there are enough."""
    if len(pairs) < 3:
        return None
    d = np.array([p[0] for p in pairs])
    best, support = None, 0
    for x in d:
        n = int((np.abs(d - x) <= 0.12 * x).sum())
        if n > support:
            best, support = float(np.median(d[np.abs(d - x) <= 0.12 * x])), n
    return best if support >= max(3, len(d) // 2) else None


def merge_corners(corners: Corners, settings: ReaderSettings = ReaderSettings()) -> list[ReadCard]:
    n = len(corners)
    names = corners.names
    centres = corners.centres.astype(np.float64)
    sizes = corners.sizes.astype(np.float64)
    pairs: list[tuple[float, int, int]] = []
    for i in range(n):
        for j in range(i + 1, n):
            if names[i] != names[j]:
                continue
            scale = (sizes[i] + sizes[j]) / 2
            if abs(sizes[i] - sizes[j]) > 0.35 * scale:      # one card's corners show at one size
                continue
            d = float(np.linalg.norm(centres[i] - centres[j]) / max(scale, 1e-6))
            if settings.same_card_min <= d <= settings.same_card_max:
                same = np.array([nm == names[i] for nm in names])
                if not _blocked(i, j, centres, sizes, same):
                    pairs.append((d, i, j))
    spacing = _photo_spacing(pairs)
    if spacing is not None:
        # a four-index deck also pairs corners a card's width or height apart: keep those
        pairs = [p for p in pairs if p[0] <= spacing * 1.15]
    # closest first: a card's own corners before a far copy's
    group = list(range(n))
    members: dict[int, list[int]] = {i: [i] for i in range(n)}

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for d, i, j in sorted(pairs):
        ri, rj = root(i), root(j)
        if ri == rj or len(members[ri]) + len(members[rj]) > 4:
            continue
        joined = members[ri] + members[rj]
        far = max(np.linalg.norm(centres[a] - centres[b]) / sizes[[a, b]].mean() for a in joined for b in joined)
        if far > settings.same_card_max:
            continue
        group[rj] = ri
        members[ri] = joined
        del members[rj]
    cards = []
    for r, idx in members.items():
        idx = sorted(idx, key=lambda k: (centres[k][1], centres[k][0]))
        conf = float(np.max(corners.confidence[idx]))
        cards.append(ReadCard(names[r], conf, tuple(int(k) for k in idx)))
    cards.sort(key=lambda c: c.corners[0])
    return cards
