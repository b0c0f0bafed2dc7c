"""One card's two corners read differently: read together.

A card showing both its corners (the last card of a meld, a card of a spread hand, a discard)
is read twice, and a small or blurred index is sometimes misread on one corner only (6 as 5,
spades as clubs). Then the two corners are two cards to ``merge_corners``, which pairs only
corners of one reading: one of them wrong, and an extra card. Two such corners are one card's
when the photo says so by geometry alone: they lie a card's diagonal apart, alike in size, no
index between, and either are printed surely turned round against each other (the crops match
turned round: ``index_ways``) or step as the photo's own pairs of one card do. Then both are
read as the surer corner reads, when it is surer by a clear margin, the other gives that
reading among its top ones, and it stays first when their probabilities are multiplied (their
product, normalised, is then both corners' readings). Two corners alike in doubt (one deck's
6 read as 5 on one corner) stay as they are: the grouping and the flags see both readings.
"""
from __future__ import annotations

from itertools import combinations
from typing import Callable, Optional

import numpy as np

from ..classes import NONE_ID
from .cards import ReadCard, covered_between, merge_corners, steps_alike
from .corners import Corners
from .index_ways import turned_round
from .settings import ReaderSettings


def _fused(corners: Corners, a: int, b: int, floor: float) -> tuple[np.ndarray, np.ndarray]:
    """The two corners' readings multiplied, over the readings either of them gives (a reading
    one of them does not give counts as ``floor``), normalised; most likely first."""
    pa = dict(zip(corners.classes[a].tolist(), corners.probs[a].tolist()))
    pb = dict(zip(corners.classes[b].tolist(), corners.probs[b].tolist()))
    ids = sorted(set(pa) | set(pb))
    joint = np.array([pa.get(k, floor) * pb.get(k, floor) for k in ids], np.float64)
    joint /= max(joint.sum(), 1e-12)
    order = np.argsort(-joint, kind="stable")
    return np.array(ids, np.int64)[order], joint[order].astype(np.float32)


def pairs_read_apart(corners: Corners, settings: ReaderSettings = ReaderSettings(),
                     same_way_up: Optional[Callable[[int, int], bool]] = None,
                     cards: Optional[list[ReadCard]] = None) -> list[tuple[int, int, np.ndarray, np.ndarray]]:
    """The pairs of corners that are one card's though read differently (see the module's
    docstring), each corner in one pair at most, the surest agreement first: (a, b, readings,
    probabilities), the readings the two give together, most likely first. ``cards``: the
    corners as ``merge_corners`` merges them, when already merged."""
    s = settings
    if len(corners) < 2 or not s.pair_readings:
        return []
    if cards is None:
        cards = merge_corners(corners, s, same_way_up)
    single = sorted(c.corners[0] for c in cards if len(c.corners) == 1)
    names = corners.names
    centres = corners.centres.astype(np.float64)
    sizes = corners.sizes.astype(np.float64)
    # the photo's own pairs of one card: the steps between the corners of its merged cards
    steps = []
    for c in cards:
        for i, j in combinations(c.corners, 2):
            steps.append((centres[j] - centres[i]) / max((sizes[i] + sizes[j]) / 2, 1e-6))
    steps = np.array(steps).reshape(-1, 2)
    turned = turned_round(same_way_up)
    k = corners.classes.shape[1]
    tops, conf = corners.classes[:, 0].tolist(), corners.confidence.tolist()
    found = []
    for a, b in combinations(single, 2):
        if names[a] == names[b]:
            continue
        common = set(corners.classes[a].tolist()) & set(corners.classes[b].tolist())
        if not common:
            continue
        scale = (sizes[a] + sizes[b]) / 2
        if abs(sizes[a] - sizes[b]) > s.pair_size * scale:
            continue
        v = (centres[b] - centres[a]) / max(scale, 1e-6)
        d = float(np.linalg.norm(v))
        if not s.same_card_min <= d <= s.same_card_max or covered_between(a, b, centres, sizes):
            continue
        stepped = int(steps_alike(v[None], steps, s.pair_tolerance, s.pair_slack)[0]) >= s.pair_support
        if not (stepped or (turned is not None and turned(a, b))):
            continue
        ids, probs = _fused(corners, a, b, s.pair_floor)
        # the surer corner's reading, by a clear margin, among the other's readings and first
        # when multiplied: two readings alike in doubt (a 6 and a 5 of one deck's hard glyph)
        # are no better read together, and two cards' sure readings stay theirs
        sure, doubt = (a, b) if conf[a] >= conf[b] else (b, a)
        if int(ids[0]) != tops[sure] or tops[sure] not in common or conf[sure] - conf[doubt] < s.pair_margin:
            continue
        found.append((-float(probs[0]), a, b, ids[:k], probs[:k]))
    pairs, used = [], set()
    for _, a, b, ids, p in sorted(found, key=lambda f: f[:3]):
        if a not in used and b not in used:
            used |= {a, b}
            pairs.append((a, b, ids, p))
    return pairs


def read_pairs_together(corners: Corners, settings: ReaderSettings = ReaderSettings(),
                        same_way_up: Optional[Callable[[int, int], bool]] = None) -> Corners:
    """``corners`` with the two corners of each card read differently (``pairs_read_apart``)
    read as one reading; the others as they were."""
    return _read_together(corners, pairs_read_apart(corners, settings, same_way_up))


def cards_read_together(corners: Corners, settings: ReaderSettings = ReaderSettings(),
                        same_way_up: Optional[Callable[[int, int], bool]] = None
                        ) -> tuple[Corners, list[ReadCard]]:
    """``read_pairs_together``'s corners and the cards ``merge_corners`` makes of them, merged
    once more only when a pair's readings changed."""
    cards = merge_corners(corners, settings, same_way_up)
    pairs = pairs_read_apart(corners, settings, same_way_up, cards)
    if not pairs:
        return corners, cards
    together = _read_together(corners, pairs)
    return together, merge_corners(together, settings, same_way_up)


def _read_together(corners: Corners, pairs: list[tuple[int, int, np.ndarray, np.ndarray]]) -> Corners:
    if not pairs:
        return corners
    classes, probs = corners.classes.copy(), corners.probs.copy()
    for a, b, ids, p in pairs:
        for i in (a, b):
            classes[i], probs[i] = NONE_ID, 0.0
            classes[i, :len(ids)], probs[i, :len(ids)] = ids, p
    return Corners(corners.boxes, corners.scores, classes, probs)
