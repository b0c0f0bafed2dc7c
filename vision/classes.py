"""Detector classes: the 52 French-suited cards and the joker, one class each."""
from __future__ import annotations

from engine.card import Card, full_deck

CLASS_CARDS: tuple[Card, ...] = tuple(full_deck())
CLASS_NAMES: tuple[str, ...] = tuple(str(c) for c in CLASS_CARDS)
_INDEX = {c: i for i, c in enumerate(CLASS_CARDS)}


def class_id(card: Card) -> int:
    return _INDEX[card]


def card_of(class_index: int) -> Card:
    return CLASS_CARDS[class_index]

# The index classifier's classes: every card, then "not an index" (pips, court art, backs, table).
NONE_CLASS = "none"
READER_CLASSES: tuple[str, ...] = CLASS_NAMES + (NONE_CLASS,)
NONE_ID = READER_CLASSES.index(NONE_CLASS)
