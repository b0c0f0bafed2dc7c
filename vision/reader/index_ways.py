"""Which way up pairs of corner indices are printed, as far as the photo tells (``index_turn``
reads it from the crops; the oracle from the truth). Two indices printed turned round against
each other are never two neighbouring cards of one meld, whose cards lie the same way up: one
of them is a card's far corner, or lies in a pile thrown at random (the discard pile).
"""
from __future__ import annotations

from typing import Callable, Optional


class IndexWays:
    """Which way up pairs of corner indices are printed, as far as the photo tells: called as
    ``ways(i, j)``, whether i and j are surely printed the same way up; ``ways.turned(i, j)``,
    whether they are surely printed turned round (half a turn) against each other. Neither when
    the photo cannot tell (a blurred crop, a quarter turn). A plain ``check(i, j)`` function
    serves where only the first is known."""

    def __init__(self, alike: Callable[[int, int], bool], turned: Callable[[int, int], bool]):
        self._alike, self._turned = alike, turned

    def __call__(self, i: int, j: int) -> bool:
        return self._alike(i, j)

    def turned(self, i: int, j: int) -> bool:
        return self._turned(i, j)


def turned_round(check: Optional[Callable[[int, int], bool]]) -> Optional[Callable[[int, int], bool]]:
    """The "surely turned round" half of ``check`` when it tells it (an ``IndexWays``), else None."""
    return check.turned if isinstance(check, IndexWays) else None
