"""A table photo read whole: its corners grouped into cards and melds (``melds.py``), the hand
told apart when the photo shows one (``--as both``), and every doubt flagged (``flags.py``).

The same code path serves the detector's corners and the oracle's (``oracle.py``): a
``Reading`` in, the same ``Reading`` with ``cards``, ``melds``, ``hand`` and ``flags`` filled out.

Telling the hand from the melds (``--as both``): melds lie as straight lines of bands at an
even step; a hand lies as a fan (its line turns card after card) or loosely spread (no line).
The cards in no straight line that lie together form the hand: the largest such group of
cards, each within ``hand_gap`` index sizes of another; the other loose cards (the discard
pile, a stray card) are flagged, not counted.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from .flags import CHECK, Flag, TableFacts, low_confidence, table_flags, too_many_copies
from .melds import Meld, find_melds
from .reader import Reading
from .settings import ReaderSettings

KINDS = ("table", "hand", "both")


def _turn(meld: Meld, P: np.ndarray) -> float:
    """How far a meld's line turns from its first step to its last, in degrees."""
    steps = np.diff(P[list(meld.anchors)], axis=0)
    angles = np.unwrap(np.arctan2(steps[:, 1], steps[:, 0]))
    return float(np.degrees(abs(angles[-1] - angles[0]))) if len(angles) > 1 else 0.0


def split_hand(reading: Reading, melds: list[Meld], settings: ReaderSettings) -> tuple[list[Meld], list[int]]:
    """The melds that are melds, and the cards of the hand."""
    P = reading.corners.centres
    table = [m for m in melds if _turn(m, P) <= settings.fan_turn]
    placed = {c for m in table for c in m.cards}
    loose = [c for c in range(len(reading.cards)) if c not in placed]
    if not loose:
        return table, []
    unit = float(np.median(reading.corners.sizes))
    group = {c: c for c in loose}

    def root(c: int) -> int:
        while group[c] != c:
            c = group[c]
        return c

    for i, a in enumerate(loose):
        for b in loose[i + 1:]:
            d = min(float(np.linalg.norm(P[x] - P[y])) for x in reading.cards[a].corners for y in reading.cards[b].corners)
            if d <= settings.hand_gap * unit:
                group[root(a)] = root(b)
    sizes: dict[int, list[int]] = {}
    for c in loose:
        sizes.setdefault(root(c), []).append(c)
    hand = max(sizes.values(), key=len)
    return table, sorted(hand)


def read_table(reading: Reading, kind: str = "table", settings: ReaderSettings = ReaderSettings(),
               profile: str = "fibur") -> Reading:
    """``reading`` (its corners and cards as the card reader made them) with its cards, melds,
    hand and flags filled out for a photo of a team's melds (``table``), of the cards left in
    hand (``hand``) or of both."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if kind == "hand":
        hand = list(range(len(reading.cards)))
        facts = TableFacts(reading.corners, reading.cards, [], hand, reading.width, reading.height, profile, settings)
        flags = too_many_copies(facts) + low_confidence(facts)
        return replace(reading, melds=[], hand=hand, flags=[f.to_dict() for f in flags])
    grouping = find_melds(reading.corners, settings)
    melds, hand = grouping.melds, []
    if kind == "both":
        melds, hand = split_hand(replace(reading, cards=grouping.cards), melds, settings)
    facts = TableFacts(reading.corners, grouping.cards, melds, hand, reading.width, reading.height, profile,
                       settings)
    flags = table_flags(facts)
    return replace(reading, cards=grouping.cards, melds=[list(m.cards) for m in melds], hand=hand,
                   flags=[f.to_dict() for f in flags])


def doubts(reading: Reading) -> list[dict]:
    """The flags that cast doubt on the score."""
    return [f for f in reading.flags if f.get("level", CHECK) == CHECK]


__all__ = ["KINDS", "Flag", "doubts", "read_table", "split_hand"]
