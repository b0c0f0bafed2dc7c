"""What lies on a synthetic table: melds built and checked with the rules engine, and hands.

Everything respects two decks with four jokers (at most two of each card), so the truth of a
scene is a hand that ``burraco score`` could be given.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from engine.card import JOKER, RANKS, SUITS, Card
from engine.meld import read_meld

COPIES = 2
JOKERS = 4


@dataclass
class Shoe:
    """The 108 cards of two decks; draws fail (return None) once a card is used up."""

    used: Counter = field(default_factory=Counter)

    def available(self, card: Card) -> bool:
        return self.used[card] < (JOKERS if card.is_joker else COPIES)

    def take(self, cards: list[Card]) -> bool:
        need = Counter(cards)
        if any(self.used[c] + n > (JOKERS if c.is_joker else COPIES) for c, n in need.items()):
            return False
        self.used.update(need)
        return True

    def random_cards(self, rng: np.random.Generator, n: int, joker_p: float = 0.04) -> list[Card]:
        out: list[Card] = []
        for _ in range(n * 20):
            if len(out) == n:
                break
            card = JOKER if rng.random() < joker_p else Card(RANKS[rng.integers(13)], SUITS[rng.integers(4)])
            if self.take([card]):
                out.append(card)
        return out


def _wild(rng: np.random.Generator, suit: str) -> Card:
    if rng.random() < 0.5:
        return JOKER
    other = [s for s in SUITS if s != suit]
    return Card("2", other[rng.integers(len(other))])


def random_sequence(rng: np.random.Generator, length: int, wild_p: float) -> list[Card]:
    suit = SUITS[rng.integers(4)]
    length = min(length, 13)
    start = int(rng.integers(1, 14 - length + 2))
    cards = [Card("A" if p in (1, 14) else RANKS[p - 1], suit) for p in range(start, start + length)]
    if rng.random() < wild_p:
        i = int(rng.integers(len(cards)))
        if cards[i].rank != "2":
            cards[i] = _wild(rng, suit)
    if rng.random() < 0.5:
        cards.reverse()
    return cards


def random_group(rng: np.random.Generator, length: int, wild_p: float) -> list[Card]:
    rank = RANKS[[i for i in range(13) if RANKS[i] != "2"][rng.integers(12)]]
    n = min(length, 9)
    cards = [Card(rank, SUITS[rng.integers(4)]) for _ in range(n)]
    if rng.random() < wild_p or n == 9:
        cards[int(rng.integers(n))] = _wild(rng, "")
    return cards


def random_invalid(rng: np.random.Generator) -> list[Card]:
    """A meld a player might wrongly lay: a gap, mixed suits, or two wilds."""
    suit = SUITS[rng.integers(4)]
    start = int(rng.integers(3, 9))
    kind = rng.integers(3)
    if kind == 0:
        return [Card(RANKS[start - 1], suit), Card(RANKS[start], suit), Card(RANKS[start + 3], suit)]
    if kind == 1:
        other = SUITS[(SUITS.index(suit) + 1) % 4]
        return [Card(RANKS[start - 1], suit), Card(RANKS[start], other), Card(RANKS[start + 1], suit)]
    return [Card(RANKS[start - 1], suit), JOKER, _wild(rng, suit), Card(RANKS[start + 2], suit)]


def random_melds(rng: np.random.Generator, shoe: Shoe, n_melds: int, burraco_p: float = 0.3,
                 wild_p: float = 0.35, invalid_p: float = 0.05) -> list[tuple[list[Card], bool]]:
    """``n_melds`` melds, each with whether it is valid: the engine reads every one as intended
    (a few are invalid on purpose, as players sometimes lay them)."""
    melds: list[tuple[list[Card], bool]] = []
    group_ranks: set[str] = set()
    for _ in range(n_melds * 10):
        if len(melds) == n_melds:
            break
        if rng.random() < invalid_p:
            cards, want_valid = random_invalid(rng), False
        else:
            length = int(rng.integers(7, 14)) if rng.random() < burraco_p else int(rng.integers(3, 7))
            if rng.random() < 0.6:
                cards = random_sequence(rng, length, wild_p)
            else:
                cards = random_group(rng, min(length, 9), wild_p)
            want_valid = True
        reading = read_meld(cards)
        if reading.valid != want_valid:
            continue
        if reading.kind == "group":
            rank = next(c.rank for c in cards if not c.can_be_wild)
            if rank in group_ranks:
                continue
        if not shoe.take(cards):
            continue
        if reading.kind == "group":
            group_ranks.add(rank)
        melds.append((cards, want_valid))
    return melds
